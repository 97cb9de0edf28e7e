// The time conditions (time_conditions.cpp): comparisons of a key's time rewritten into the
// window operator and key ranges (docs/planner.md, rows 1 to 5).
#pragma once

#include "../postgres.hpp"
#include "planning.hpp"

namespace uuidx::pg {

// Rewrites the time conditions of one planner level's query, as PostgreSQL has flattened it,
// before its quals are distributed to the tables. Allocates nothing where the level's quals
// call no time function.
void rewrite_time_conditions(Planning& planning, PlannerInfo* root);

}  // namespace uuidx::pg
