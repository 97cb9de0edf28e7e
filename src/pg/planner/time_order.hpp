// Time order from the key's order (time_order.cpp): index scans of a uuid key offered to the
// planner as sorted by the key's time (docs/planner.md, row 7).
#pragma once

#include "../postgres.hpp"
#include "planning.hpp"

namespace uuidx::pg {

// Adds to `rel`'s paths the scans of its uuid keys' btrees ordered by a time the query orders
// by, where that order is true. Called once the table's own paths are built.
void add_time_ordered_paths(Planning& planning, PlannerInfo* root, RelOptInfo* rel, const RangeTblEntry* rte);

}  // namespace uuidx::pg
