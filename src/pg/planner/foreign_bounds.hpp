// Time bounds relative to now() made shippable to foreign tables' servers (foreign_bounds.cpp;
// docs/planner.md, row 8).
#pragma once

#include "../postgres.hpp"
#include "planning.hpp"

namespace uuidx::pg {

// Before planning: in a query that reads a foreign table, each time comparison's fixed but
// not constant side becomes a sub-select (an initplan), which postgres_fdw ships.
void make_time_bounds_shippable(Planning& planning, Query* parse);

}  // namespace uuidx::pg
