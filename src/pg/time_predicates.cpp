// SQL entry points of the time predicates: the operator `uuid <@ tstzrange` (and its
// commutator `tstzrange @> uuid`), the key bounds of a time or a range that the planner puts
// into index conditions, and the window the planner writes. The operator's planner support
// function and estimator are the planner's (planner/window_operator.cpp).
//
// A key's time is its first 48 bits read as Unix milliseconds, whatever the version, as
// uuid_v7_to_timestamptz() reads it. Keys sort by those bits first, so a time range is a
// key range (core/time_bounds.hpp), exactly: the index conditions derived from it stand for
// the operator (time_predicates.sql checks them against an oracle written from the key's
// text), so an index scan checks nothing again.
#include <new>

#include "../core/layout.hpp"
#include "../core/time_bounds.hpp"
#include "datums.hpp"
#include "time_bounds.hpp"

using uuidx::KeyRange;
using uuidx::TimeBound;
using uuidx::Uuid;
using uuidx::pg::uuid_datum;

namespace {

using uuidx::pg::key_range_of_range;
using uuidx::pg::time_bound_of;

// What a window operator's call (its fn_extra) keeps of the last range it read, so that a
// range fixed for a scan (a constant, or the initplan's value that the planner puts in place
// of a window relative to now(): docs/planner.md, row 1) is converted to its key range once,
// and each row costs two key comparisons, no more than the comparison of the time it
// replaced. The range is compared byte for byte, not by address: a range made per row may
// come back at the address of the last one. A tstzrange value is 25 bytes; a larger one is
// not kept.
constexpr Size kKeptRangeBytes = 32;
struct LastRange {
    Size size = 0;  // VARSIZE of the range kept, 0 before the first
    char bytes[kKeptRangeBytes];
    KeyRange keys;
};

// The key range of `range`, from the call's last one where it is the same range.
const KeyRange& key_range_for(FunctionCallInfo fcinfo, const RangeType* range, KeyRange* computed) {
    const Size size = VARSIZE(range);
    FmgrInfo* const flinfo = fcinfo->flinfo;
    if (flinfo == nullptr || size > kKeptRangeBytes) return *computed = key_range_of_range(range);
    auto* last = static_cast<LastRange*>(flinfo->fn_extra);
    if (last == nullptr) {
        last = new (MemoryContextAlloc(flinfo->fn_mcxt, sizeof(LastRange))) LastRange();
        flinfo->fn_extra = last;
    }
    if (last->size != size || memcmp(last->bytes, range, size) != 0) {
        last->keys = key_range_of_range(range);
        memcpy(last->bytes, range, size);
        last->size = size;
    }
    return last->keys;
}

// Whether the key's time lies in the range: its key lies in the range's key range, which
// holds exactly the keys whose time lies in the range (core/time_bounds.hpp, key_range_of).
bool time_in_range(FunctionCallInfo fcinfo, const pg_uuid_t* id, const RangeType* range) {
    KeyRange computed;
    const KeyRange& keys = key_range_for(fcinfo, range, &computed);
    return memcmp(id->data, keys.min.bytes.data(), UUID_LEN) >= 0 &&
           memcmp(id->data, keys.max.bytes.data(), UUID_LEN) <= 0;
}

}  // namespace

extern "C" {

PG_FUNCTION_INFO_V1(uuidx_time_in_range);
Datum uuidx_time_in_range(PG_FUNCTION_ARGS) {
    PG_RETURN_BOOL(time_in_range(fcinfo, PG_GETARG_UUID_P(0), PG_GETARG_RANGE_P(1)));
}

PG_FUNCTION_INFO_V1(uuidx_range_contains_time);
Datum uuidx_range_contains_time(PG_FUNCTION_ARGS) {
    PG_RETURN_BOOL(time_in_range(fcinfo, PG_GETARG_UUID_P(1), PG_GETARG_RANGE_P(0)));
}

PG_FUNCTION_INFO_V1(uuidx_range_min_key);
Datum uuidx_range_min_key(PG_FUNCTION_ARGS) { return uuid_datum(key_range_of_range(PG_GETARG_RANGE_P(0)).min); }

PG_FUNCTION_INFO_V1(uuidx_range_max_key);
Datum uuidx_range_max_key(PG_FUNCTION_ARGS) { return uuid_datum(key_range_of_range(PG_GETARG_RANGE_P(0)).max); }

// timestamp and timestamptz share one representation (microseconds since 2000-01-01, read
// as UTC), so the timestamp overloads share these.
PG_FUNCTION_INFO_V1(uuidx_time_min_key);
Datum uuidx_time_min_key(PG_FUNCTION_ARGS) {
    const TimeBound bound = time_bound_of(PG_GETARG_TIMESTAMPTZ(0), PG_GETARG_BOOL(1));
    return uuid_datum(uuidx::min_key_of_lower(bound));
}

PG_FUNCTION_INFO_V1(uuidx_time_max_key);
Datum uuidx_time_max_key(PG_FUNCTION_ARGS) {
    const TimeBound bound = time_bound_of(PG_GETARG_TIMESTAMPTZ(0), PG_GETARG_BOOL(1));
    return uuid_datum(uuidx::max_key_of_upper(bound));
}

// uuid_time_window(lower, upper, bounds): tstzrange(lower, upper, bounds), but NULL where
// the window is inverted (lower > upper) as well as where a bound is NULL (STRICT): then
// `id <@ uuid_time_window(a, b)` is NULL or false on every row exactly where the comparisons
// `time >= a AND time < b` are, while tstzrange() reads a NULL bound as unbounded and raises
// an error for an inverted window. The planner hook writes the time comparisons it replaces
// with it (planner/time_conditions.cpp).
PG_FUNCTION_INFO_V1(uuidx_time_window);
Datum uuidx_time_window(PG_FUNCTION_ARGS) {
    const TimestampTz lower = PG_GETARG_TIMESTAMPTZ(0);
    const TimestampTz upper = PG_GETARG_TIMESTAMPTZ(1);
    const char* bounds = text_to_cstring(PG_GETARG_TEXT_PP(2));
    const bool valid =
        strlen(bounds) == 2 && (bounds[0] == '[' || bounds[0] == '(') && (bounds[1] == ']' || bounds[1] == ')');
    if (!valid)
        ereport(ERROR, (errcode(ERRCODE_SYNTAX_ERROR), errmsg("invalid range bound flags"),
                        errhint("Valid values are \"[]\", \"[)\", \"(]\", and \"()\".")));
    if (lower > upper) PG_RETURN_NULL();
    TypeCacheEntry* type = lookup_type_cache(TSTZRANGEOID, TYPECACHE_RANGE_INFO);
    RangeBound low{TimestampTzGetDatum(lower), false, bounds[0] == '[', true};
    RangeBound high{TimestampTzGetDatum(upper), false, bounds[1] == ']', false};
    PG_RETURN_RANGE_P(UUIDX_MAKE_RANGE(type, &low, &high, false));
}

// Its argument, labelled STABLE rather than IMMUTABLE so that the planner never folds a
// call into a constant: the executor evaluates it once when the scan starts. The planner
// hook wraps the key bounds it derives from a parameter or a stable comparand in it where
// TimescaleDB may read them (planner/time_conditions.cpp).
PG_FUNCTION_INFO_V1(uuidx_time_key_at_start);
Datum uuidx_time_key_at_start(PG_FUNCTION_ARGS) { PG_RETURN_DATUM(PG_GETARG_DATUM(0)); }

}  // extern "C"
