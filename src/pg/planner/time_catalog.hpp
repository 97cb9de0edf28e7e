// What the planner needs to know of a key's time: the OIDs of uuidx's functions in the
// schema of this database's uuidx extension and of the standard uuid comparison operators,
// which calls read a key's time, and on which columns they sort as the key does. Looked up once per backend
// and again after any change to pg_proc (a syscache callback on PROCOID): CREATE, DROP and
// ALTER EXTENSION ... SET SCHEMA / UPDATE all change pg_proc.
#pragma once

#include "../postgres.hpp"

namespace uuidx::pg {

// The built-in uuid comparison operators (uuid_ops, btree) and their operator family (which
// says that an index column sorts as uuid keys do).
struct UuidComparison {
    Oid opfamily;
    Oid ge;
    Oid le;
    Oid gt;
    Oid lt;
};

struct TimeCatalog {
    Oid extension;
    Oid schema;
    // The key's time, as uuidx reads it.
    Oid v7_to_timestamptz;  // uuid_v7_to_timestamptz(uuid): the first 48 bits, any version
    Oid v7_to_timestamp;    // uuid_v7_to_timestamp(uuid): the same as a UTC timestamp
    Oid extract_timestamp;  // uuid_extract_timestamp(uuid): v7, but also v1 and v6
    Oid extract_version;    // uuid_extract_version(uuid)
    // Key bounds of a time or a range (../time_predicates.cpp).
    Oid time_min_key_tz;         // uuid_time_min_key(timestamptz, boolean)
    Oid time_max_key_tz;         // uuid_time_max_key(timestamptz, boolean)
    Oid time_min_key_ts;         // uuid_time_min_key(timestamp, boolean)
    Oid time_max_key_ts;         // uuid_time_max_key(timestamp, boolean)
    Oid range_min_key;           // uuid_range_min_key(tstzrange)
    Oid range_max_key;           // uuid_range_max_key(tstzrange)
    Oid key_at_start;            // uuid_time_key_at_start(uuid): a key left to the executor
    Oid time_in_range_operator;  // uuid <@ tstzrange
    Oid time_in_range;           // its function
    Oid range_contains_time;     // the function of tstzrange @> uuid
    Oid time_window;             // uuid_time_window(timestamptz, timestamptz, text)
    // uuid's default btree order: every rewrite rests on it (key bounds are its operators,
    // an index sorts keys by it, a key's statistics are in its order).
    UuidComparison uuid;
    // Whether this database has the timescaledb extension (whose planner refuses uuid
    // constants that are not v7 keys beside a hypertable's partitioning column).
    bool timescaledb;
};

// uuidx's catalog in this database, or null when uuidx is not created here (or its SQL is
// an older version without the time predicates' functions), or when uuid's default btree
// operator family lacks the standard comparison operators (only catalog surgery does that;
// said once, at DEBUG1). Null is the one precondition every rewrite checks before its first
// change: with it, the planner leaves the query to PostgreSQL as it is. After the first
// call, and until pg_proc changes, a load and a branch: no catalog access, no allocation.
// It points to the backend's cache, which a later call replaces once pg_proc has changed, so
// it is read at once: a planning keeps a copy (Planning::catalog(), planning.hpp).
const TimeCatalog* time_catalog();

// ---- which calls read a key's time, and where they sort as the key does -----------------

// What a function is to the time predicates and to time order:
//  - first_48_bits: uuidx's uuid_v7_to_timestamptz / uuid_v7_to_timestamp read the first 48
//    bits of any key, so they are monotone in the key (non-decreasing in key order);
//  - needs_v7_check: uuid_extract_timestamp (uuidx's, or on 18+ pg_catalog's) also reads v1
//    and v6 times, which do not sort by time: it is monotone only on a column whose table
//    promises v7 keys (v7_promise).
enum class TimeFunction : uint8 { none, first_48_bits, needs_v7_check };

// What `function` is, and the type of its result (timestamptz or timestamp).
TimeFunction time_function(const TimeCatalog& catalog, Oid function, Oid* type);

// The time of a key, as every rewrite reads it: a call of a time function on a uuid column of
// its own query level (a plain Var; views, subqueries and 18's virtual columns reach the
// planner as such a call once PostgreSQL has flattened the query). Each rewrite adds its
// own conditions: the column's table, its v7 promise, the type it compares with.
struct KeyTime {
    FuncExpr* call;
    const Var* key;
    TimeFunction kind;
    Oid type;  // of the time: timestamptz, or timestamp (read as UTC)
};
bool read_key_time(const TimeCatalog& catalog, Node* node, KeyTime* out);

// Whether `node` is or contains (as a bucket of it does) a call of a time function, or with
// `window_operators` also `key <@ range` or `range @> key`.
bool contains_time_call(const TimeCatalog& catalog, Node* node, bool window_operators);

// Whether an operator clause is `key <@ range` or `range @> key`, uuidx's time window operators.
bool is_window_operator(const TimeCatalog& catalog, const OpExpr* op);

// What the table `rte` reads promises of the versions of its uuid column `column`, from its
// own constraints, inherited by every child the query reads (not a foreign table's):
//  - v7_or_none: every key is a v7 or has no version (a variant other than RFC 9562's, such
//    as nil and max, whose uuid_extract_timestamp is NULL): a validated (on 18, enforced)
//    CHECK (uuid_extract_version(column) = 7), which a NULL version passes;
//  - v7: every key is a v7: that CHECK, and a promise that the version (or the time) is
//    never NULL, as a validated CHECK (uuid_extract_version(column) IS NOT NULL) (or of
//    uuid_extract_timestamp), or on 18+ a virtual generated column of either with a valid
//    NOT NULL constraint, as `created_at timestamptz GENERATED ALWAYS AS
//    (uuid_extract_timestamp(id)) VIRTUAL NOT NULL`.
enum class V7Promise : uint8 { none, v7_or_none, v7 };
V7Promise v7_promise(const TimeCatalog& catalog, const RangeTblEntry* rte, AttrNumber column);

// The function behind an operator clause (opfuncid is not always filled in yet).
inline Oid operator_function(const OpExpr* op) {
    return OidIsValid(op->opfuncid) ? op->opfuncid : get_opcode(op->opno);
}

}  // namespace uuidx::pg
