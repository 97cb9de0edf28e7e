#include "time_bounds.hpp"

namespace uuidx::pg {

TimeBound time_bound_of(TimestampTz ts, bool inclusive) {
    if (TIMESTAMP_IS_NOBEGIN(ts)) return {BoundKind::minus_infinity, 0, inclusive};
    if (TIMESTAMP_IS_NOEND(ts)) return {BoundKind::plus_infinity, 0, inclusive};
    int64 unix_us = 0;
    if (__builtin_add_overflow(ts, kUnixToPostgresEpochUs, &unix_us)) return {BoundKind::plus_infinity, 0, inclusive};
    return uuidx::finite_time(unix_us, inclusive);
}

KeyRange key_range_of_range(const RangeType* range) {
    TypeCacheEntry* type = lookup_type_cache(RangeTypeGetOid(range), TYPECACHE_RANGE_INFO);
    if (type->rngelemtype == nullptr || type->rngelemtype->type_id != TIMESTAMPTZOID)
        elog(ERROR, "uuidx: type %u is not a range of timestamptz", RangeTypeGetOid(range));
    RangeBound lower, upper;
    bool empty = false;
    range_deserialize(type, range, &lower, &upper, &empty);
    const TimeBound low = (empty || lower.infinite) ? uuidx::unbounded_time()
                                                    : time_bound_of(DatumGetTimestampTz(lower.val), lower.inclusive);
    const TimeBound high = (empty || upper.infinite) ? uuidx::unbounded_time()
                                                     : time_bound_of(DatumGetTimestampTz(upper.val), upper.inclusive);
    return key_range_of(empty, low, high);
}

}  // namespace uuidx::pg
