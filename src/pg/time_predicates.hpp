// Time predicates on keys: the PostgreSQL side of core/time_bounds.hpp, shared by the SQL
// functions and operator (time_predicates.cpp) and the planner hook (time_planner.cpp).
#pragma once

#include "../core/time_bounds.hpp"
#include "../core/uuid.hpp"
#include "postgres.hpp"

namespace uuidx::pg {

// A timestamptz (or a timestamp, read as UTC: the same microseconds) as a bound on a key's
// time. -infinity and +infinity stay infinities; a time too late for Unix microseconds in
// int64 (after about 292,000 AD) is +infinity, which bounds keys the same way.
TimeBound time_bound_of(TimestampTz ts, bool inclusive);

// The keys whose time can lie in a tstzrange value (empty: min = max UUID, max = nil).
KeyRange key_range_of_range(const RangeType* range);

// A uuid Const for the planner.
Const* uuid_const(const Uuid& u);

// `key >= min` and `key <= max` with the standard uuid operators (a copy of `key` in each),
// or `key > min` and `key < max` when `strict`; a null `min` or `max` is left out.
List* key_bound_conditions(const Expr* key, Expr* min, Expr* max, bool strict = false);

// A bound that excludes no key: nil as a minimum, max as a maximum.
inline bool is_nil(const Uuid& u) { return u == kNilUuid; }
inline bool is_max(const Uuid& u) { return u == kMaxUuid; }

}  // namespace uuidx::pg
