// The pruning range: key conditions that a rewrite adds beside a time window on a
// partitioned table's key, for partition pruning alone (docs/planner.md, rows 3, 4 and 6, and
// "Markers and hidden conditions").
//
// Partition pruning reads comparisons of the key, not the window operator, so the range
// must be among the parent's quals: pruning reads them at plan time, before any partition
// is built, and at run time, when the plan is made. Each partition copies the parent's quals
// as it is built; there the range would be a second condition checked and a second estimate
// multiplying the window's, which alone is exact. So its conditions carry a mark, and
//  1. made: the rewrite (time_conditions.cpp) marks them (mark_pruning_only);
//  2. hidden: as each leaf partition is built, just before PostgreSQL copies the parent's
//     quals to it (the relation hook), they become `condition OR true` in the parent, which
//     the copy folds to true and drops;
//  3. shown again: for a partition that is itself partitioned (it prunes its own
//     partitions with them), and for the parent once its paths are built
//     (set_rel_pathlist_hook), before the plan's run-time pruning reads them.
// A condition left hidden is true, so the parent returns the same rows either way.
#pragma once

#include "../postgres.hpp"
#include "planning.hpp"

namespace uuidx::pg {

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

}  // namespace uuidx::pg
