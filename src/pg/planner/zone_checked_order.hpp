// A scan in bucket order that checks the session's time zone when it runs
// (zone_checked_order.cpp; docs/planner.md, row 7Z).
#pragma once

#include "../postgres.hpp"

namespace uuidx::pg {

// One key of the order a zone-checked scan claims: the expression, and how it sorts.
struct ClaimedSortKey {
    Expr* expr;
    Oid sort_operator;
    Oid collation;
    bool nulls_first;
};

// `ordered` (a path of `rel` in the order of `pathkeys`, whose keys are `keys`, one per
// pathkey) wrapped in a scan that, when it runs, checks that the session's TimeZone keeps
// the order of each bucket of `zone_buckets` (nodeToString() texts: zone_keeps_bucket_order())
// and returns the rows as they come if it does, else sorted by `keys`: a plan cached under one
// TimeZone and run under another is slower there, never wrong.
Path* zone_checked_order_path(RelOptInfo* rel, Path* ordered, List* pathkeys, const ClaimedSortKey* keys,
                              List* zone_buckets);

// Registers the scan's methods (for plans copied between processes); called once, at load.
void register_zone_checked_order();

}  // namespace uuidx::pg
