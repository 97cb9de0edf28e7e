// The planner's internal header: one planning's state, made by hooks.cpp for each planner()
// call at any depth and passed to each rewrite's entry point (none outside planner(), where
// no rewrite runs: docs/planner.md, "State"), and those entry points.
#pragma once

#include "../postgres.hpp"
#include "time_catalog.hpp"

namespace uuidx::pg {

class Planning {
public:
    // uuidx's catalog, read at the first rewrite that asks (time_catalog()); null where uuidx
    // is not created in this database, and then no rewrite changes anything.
    const TimeCatalog* catalog() {
        if (!catalog_read_) {
            catalog_ = time_catalog();
            catalog_read_ = true;
        }
        return catalog_;
    }

    // Row 6: whether a rewrite marked a pruning range (partition_pruning.cpp).
    bool pruning_range_marked = false;

    // Rows 7, 7B: whether the orderings of query level `ordered_level` name a key's time.
    const PlannerInfo* ordered_level = nullptr;
    bool level_orders_by_time = false;

private:
    const TimeCatalog* catalog_ = nullptr;
    bool catalog_read_ = false;
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

}  // namespace uuidx::pg
