// One planning's state: what uuidx's planner code learns while PostgreSQL plans one
// statement, made by hooks.cpp for each planner() call at any depth (a query planned while
// another is, such as a function's query run while constants are folded, has its own) and
// passed to each rewrite's entry point. No rewrite keeps a planning's state anywhere else.
// Outside planner() there is none (CREATE INDEX and CLUSTER build a table's relation to cost
// their work, through the relation hook), and no rewrite runs. What outlives a planning is
// in backend-lifetime caches with invalidation (docs/planner.md, "State").
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

    // Row 6: whether a rewrite marked a pruning range (partition_pruning.cpp). Until one does,
    // the range's life cycle costs a branch per partition.
    bool pruning_range_marked = false;

    // Rows 7 and 7B: whether the orderings of the query level `ordered_level` name a time of a
    // key (time_order.cpp), kept for the level's other tables and partitions.
    const PlannerInfo* ordered_level = nullptr;
    bool level_orders_by_time = false;

private:
    const TimeCatalog* catalog_ = nullptr;
    bool catalog_read_ = false;
};

}  // namespace uuidx::pg
