// How many groups a GROUP BY or DISTINCT of a bucket of the key's time makes
// (bucket_estimates.cpp; docs/planner.md, row 12).
#pragma once

#include "../postgres.hpp"
#include "planning.hpp"

namespace uuidx::pg {

// Where `output_rel` groups (stage UPPERREL_GROUP_AGG) or makes distinct (UPPERREL_DISTINCT)
// the one table `input_rel` by one bucket of its key's time: its row estimate, and its
// paths', brought down to the buckets the table's keys span.
void estimate_bucket_groups(Planning& planning, PlannerInfo* root, UpperRelationKind stage, RelOptInfo* input_rel,
                            RelOptInfo* output_rel);

}  // namespace uuidx::pg
