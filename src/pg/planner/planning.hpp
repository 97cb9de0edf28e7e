// The planner's internal header: one planning's state, made by hooks.cpp for each planner()
// call at any depth and passed to each rewrite's entry point (none outside planner(), where
// no rewrite runs: docs/planner.md, "State"); those entry points; and what hooks.cpp and the
// rewrites call of each other's files, in sections.
#pragma once

#include "../postgres.hpp"
#include "time_catalog.hpp"

namespace uuidx::pg {

class Planning {
public:
    // uuidx's catalog, read at the first rewrite that asks (time_catalog()); null where uuidx
    // is not created in this database, and then no rewrite changes anything. Kept by value
    // to the planning's end: the backend's cache is looked up again after an invalidation of
    // pg_proc, which a planning meets where it takes a lock (another session's DDL) or runs
    // DDL itself (a function folded while it plans), and a planning nested in this one (a
    // query of that function) or the window operator's support would then overwrite it.
    const TimeCatalog* catalog() {
        if (!catalog_read_) {
            const TimeCatalog* found = time_catalog();
            if (found != nullptr) catalog_ = *found;
            catalog_found_ = found != nullptr;
            catalog_read_ = true;
        }
        return catalog_found_ ? &catalog_ : nullptr;
    }

    // Row 6: whether a rewrite marked a pruning range (partition_pruning.cpp).
    bool pruning_range_marked = false;

    // Rows 7, 7B: whether the orderings of query level `ordered_level` name a key's time.
    const PlannerInfo* ordered_level = nullptr;
    bool level_orders_by_time = false;

private:
    TimeCatalog catalog_;  // set where catalog_found_
    bool catalog_read_ = false;
    bool catalog_found_ = false;
};

// The rewrites' entry points, one a file, each called by hooks.cpp at its moment (the rows
// of docs/planner.md):
// Row 8, before planning (foreign_bounds.cpp): in a query that reads a foreign table, each
// time comparison's fixed but not constant side becomes a sub-select (an initplan), which
// postgres_fdw ships.
void make_time_bounds_shippable(Planning& planning, Query* parse);
// Rows 1-5, at the first table of a level (time_conditions.cpp): the level's time conditions,
// as PostgreSQL has flattened the query, before its quals are distributed to the tables.
// Allocates nothing where the level's quals call no time function.
void rewrite_time_conditions(Planning& planning, PlannerInfo* root);
// Rows 7, 7B, 7Z, once a table's own paths are built (time_order.cpp): the scans of its uuid
// keys' btrees, as ordered by a time (or a bucket of it) the query orders by, where true.
void add_time_ordered_paths(Planning& planning, PlannerInfo* root, RelOptInfo* rel, const RangeTblEntry* rte);
// Row 12, once a grouped or distinct relation is built (bucket_estimates.cpp): where it groups
// one table by one bucket of its key's time, its row estimate and its paths' brought down
// to the buckets the table's keys span.
void estimate_bucket_groups(Planning& planning, PlannerInfo* root, UpperRelationKind stage, RelOptInfo* input_rel,
                            RelOptInfo* output_rel);

// ---- The pruning range (partition_pruning.cpp): key conditions that a rewrite adds beside a time window on a
// partitioned table's key, for partition pruning alone, which reads comparisons of the key,
// not the window operator (docs/planner.md, rows 3, 4 and 6, and "Markers and hidden
// conditions"). Each partition copies the parent's quals as it is built, where the range
// would be a second condition checked and a second estimate multiplying the window's; so it
// is marked when made (time_conditions.cpp), hidden as `condition OR true` while a leaf
// partition copies the parent's quals, and shown again for a partitioned partition (it
// prunes its own partitions with it) and once the parent's paths are built, before run-time
// pruning reads it. A condition left hidden is true: the parent returns the same rows.

// Marks key conditions (OpExprs) as partition pruning's alone; returns them. The steps below
// act only in a planning in which a range was marked, so that a query without one pays a
// branch per partition.
List* mark_pruning_only(Planning& planning, List* conditions);

// A partition is being built (the relation hook): its parent's quals are copied to it right
// after. A leaf takes them without the pruning range; a partitioned partition with it.
void prepare_parent_quals_for(const Planning& planning, PlannerInfo* root, const RelOptInfo* partition);

// A partitioned table's paths are built (set_rel_pathlist_hook): run-time pruning reads its
// quals next, with the pruning range shown.
void show_pruning_range(const Planning& planning, RelOptInfo* rel, const RangeTblEntry* rte);

// ---- The zone-checked scan (zone_checked_order.cpp, row 7Z): a scan in bucket order that
// checks the session's time zone when it runs.

// One key of the order a zone-checked scan claims: the expression, and how it sorts.
struct ClaimedSortKey {
    Expr* expr;
    Oid sort_operator;
    Oid collation;
    bool nulls_first;
};

// `ordered` (a path of `rel` in the order of `pathkeys`, whose keys are `keys`, one per
// pathkey) wrapped in a scan that, when it runs, checks that the session's TimeZone keeps
// the order of each bucket of `zone_buckets` (nodeToString() texts: zone_keeps_bucket_order())
// and returns the rows as they come if it does, else sorted by `keys`: a plan cached under one
// TimeZone and run under another is slower there, never wrong.
Path* zone_checked_order_path(RelOptInfo* rel, Path* ordered, List* pathkeys, const ClaimedSortKey* keys,
                              List* zone_buckets);

// Registers the scan's methods (for plans copied between processes); called once, at load.
void register_zone_checked_order();

// ---- Buckets of a key's time that never decrease in key order (time_buckets.cpp):
// date_trunc(), date_bin() and ::date of the time, which rows 7B, 7Z and 12 read.

// What a bucket of a key's time is to key order.
struct TimeBucket {
    FuncExpr* time;  // the call of the time function inside it: uuid_v7_to_timestamptz(column)
    const Var* column;
    // Ordered only in time zones whose every transition it passes (zone_keeps_bucket_order()):
    // it depends on the session's TimeZone (date_trunc('hour', time), time::date), which a
    // cached plan may run under another than the one it was made under, so a scan that
    // claims its order checks the zone when it runs (zone_checked_order.cpp).
    bool needs_session_zone;
};

// Reads `expr` as the time of a column of `rel`, or a bucket of it that never decreases as
// the time grows: date_bin() with any stride and origin; date_trunc() and ::date of the
// timestamp time (UTC wall time); date_trunc() of the timestamptz time to a second or finer,
// whatever the zone (offsets are whole seconds); date_trunc() with a constant zone,
// `time AT TIME ZONE 'constant'` and date_trunc() or ::date of it, where that zone's every
// transition keeps the order (checked here); and date_trunc() to a minute or coarser,
// ::date and ::timestamp of the timestamptz time, in the session's zone (needs_session_zone).
// Arguments other than the time must be fixed for the statement. False for anything else.
bool read_time_bucket(const TimeCatalog& catalog, const RelOptInfo* rel, Expr* expr, TimeBucket* bucket);

// How long one bucket of `bucket` (read by read_time_bucket()) is, in seconds, on average
// (a month 30.44 days): its stride or unit; 0 where it is not known when the plan is made, or
// where the form is the time itself (AT TIME ZONE, ::timestamp).
double bucket_width_seconds(Expr* bucket);

// Whether `bucket` (an expression read by read_time_bucket(), as its text from
// nodeToString()) never decreases as its time grows in the time zone `zone`: true if, at
// every transition of the zone from 1970 to 2600 (past the end of the zone's table its rules
// repeat every 400 years), the bucket of the last microsecond before the transition is not
// after the bucket of the transition itself; between transitions a bucket is a monotone
// function of the time. Evaluated once per bucket and zone in a backend, then remembered.
bool zone_keeps_bucket_order(const char* bucket_text, pg_tz* zone);

// ---- A uuid key's btree (key_index.cpp), and its scans in the order of the key's time
// that rows 7 (time_order.cpp) and 7B/7Z (bucket_order.cpp) offer; time_order.cpp's entry
// point calls add_bucket_ordered_scans() for each such index.

// A btree of the table `rel` whose scan returns its rows in the order of the uuid key `key`.
struct KeyIndex {
    PlannerInfo* root;
    RelOptInfo* rel;
    const RangeTblEntry* rte;
    const TimeCatalog& catalog;
    IndexOptInfo* index;
    const Var* key;

    // Whether a scan in `direction` returns the keys in descending order.
    bool descending(ScanDirection direction) const {
        return index->reverse_sort[0] != (direction == BackwardScanDirection);
    }

    // Whether the time `call` (a time function of the key) never decreases in key order on
    // this table, NULL times where NULL keys are: uuid_v7_to_timestamptz() and
    // uuid_v7_to_timestamp() always (the key's first 48 bits, by which keys sort first);
    // uuid_extract_timestamp(), which reads v1 and v6 times too, under the table's v7 promise,
    // and where the promise lets keys of no version through (nil, max: a NULL time anywhere
    // in key order), only where the query's conditions on the table leave none of them.
    bool time_follows_key(Expr* call) const;

    // The index's scan in `direction`, claiming `pathkeys`, keeping the index conditions
    // PostgreSQL found for it, and index-only where the index returns every column the
    // table's part of the query reads (both found at the first scan, for every other).
    Path* ordered_scan(List* pathkeys, ScanDirection direction);

    bool scan_parts_found = false;
    List* scan_conditions = NIL;
    bool index_only = false;
};

// The key column of `index` if a scan of it returns the rows in uuid key order; null otherwise.
const Var* ordering_key(const TimeCatalog& catalog, const IndexOptInfo* index);

// The default btree order's `<` of `type`, or its `>` for a descending order.
Oid sort_operator_of(Oid type, bool descending);

// Rows 7B and 7Z (bucket_order.cpp): offers the index's scans in the order of the buckets of
// its key's time that the query asks for, where that order is true.
void add_bucket_ordered_scans(KeyIndex& index);

}  // namespace uuidx::pg
