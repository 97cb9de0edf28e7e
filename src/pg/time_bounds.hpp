// PostgreSQL's times and time ranges as the core's bounds on a key's time
// (core/time_bounds.hpp): read by the SQL functions of the time predicates
// (time_predicates.cpp) and by the planner (planner/).
#pragma once

#include "../core/time_bounds.hpp"
#include "postgres.hpp"

namespace uuidx::pg {

// A timestamptz (or a timestamp, read as UTC: the same microseconds) as a bound on a key's
// time. -infinity and +infinity stay infinities; a time too late for Unix microseconds in
// int64 (after about 292,000 AD) is +infinity, which bounds keys the same way.
TimeBound time_bound_of(TimestampTz ts, bool inclusive);

// The keys whose time can lie in a tstzrange value (empty: min = max UUID, max = nil).
KeyRange key_range_of_range(const RangeType* range);

}  // namespace uuidx::pg
