// Bucket order from the key's order (docs/planner.md, rows 7B and 7Z): a scan of a uuid key's
// btree in key order is in the order of any bucket of the key's time that never decreases as
// the time grows (time_buckets.cpp reads the forms), so
//
//   SELECT date_trunc('hour', uuid_v7_to_timestamptz(id)), count(*) ... GROUP BY 1 ORDER BY 1
//
// reads the index in order and groups as it goes, sorting nothing; DISTINCT ON a bucket and
// ORDER BY a bucket, then the time or the key, likewise. The scan claims the longest prefix
// of the query's ordering (root->query_pathkeys) whose every key it gives; a bucket in the
// session's time zone is claimed only where that zone keeps its order when the plan is made,
// through a scan that checks the zone again when it runs (zone_checked_order.cpp).
#include "plan_nodes.hpp"  // first: it includes a core header (../postgres.hpp)
#include "planning.hpp"

namespace uuidx::pg {

namespace {

// A member of the query's orderings with each uuid column replaced by `key`, the index's:
// for a partition, its parent's column is the partition's key; elsewhere it is the key itself
// or another column, whose bucket then matches no ordering of the key.
Node* with_key(Node* node, void* key) {
    if (node == nullptr) return nullptr;
    if (IsA(node, Var) && castNode(Var, node)->vartype == UUIDOID)
        return as_node(copy_node(static_cast<const Var*>(key)));
    return expression_tree_mutator(node, UUIDX_MUTATOR(with_key), key);
}

// The order that a scan of the index in one direction gives to the query's ordering
// (root->query_pathkeys: its GROUP BY, DISTINCT, ORDER BY): its longest prefix whose every
// key is a bucket of the key's time (read_time_bucket()), the time, or the key, in the scan's
// direction with NULLs where the key puts them.
struct BucketOrder {
    List* pathkeys = NIL;
    ClaimedSortKey* keys = nullptr;  // one per pathkey
    List* zone_buckets = NIL;        // those checked in the session's zone when the plan runs
    bool has_bucket = false;         // not the time or the key alone (row 7's)
};

// The key of `pathkey` that the scan gives: `candidate` (a member of its class, with the
// index's key) if it is a bucket of a time that follows the key, in the scan's direction.
bool claim_bucket(const KeyIndex& index, PathKey* pathkey, Expr* candidate, bool descending, BucketOrder* order) {
    TimeBucket bucket;
    if (!read_time_bucket(index.catalog, index.rel, candidate, &bucket)) return false;
    const Oid sort_operator = sort_operator_of(exprType(as_node(candidate)), descending);
    List* found = UUIDX_BUILD_EXPRESSION_PATHKEY(index.root, candidate, sort_operator, index.rel->relids, false);
    if (found == NIL || linitial(found) != pathkey) return false;
    if (!index.time_follows_key(as_expr(bucket.time))) return false;
    const int k = list_length(order->pathkeys);
    order->keys[k] = {candidate, sort_operator, exprCollation(as_node(candidate)), pathkey->pk_nulls_first};
    order->has_bucket = order->has_bucket || as_expr(bucket.time) != candidate;
    if (bucket.needs_session_zone)
        order->zone_buckets = lappend(order->zone_buckets, makeString(nodeToString(candidate)));
    return true;
}

BucketOrder bucket_order(const KeyIndex& index, ScanDirection direction) {
    PlannerInfo* root = index.root;
    BucketOrder order;
    order.keys = static_cast<ClaimedSortKey*>(palloc(sizeof(ClaimedSortKey) * list_length(root->query_pathkeys)));
    const bool descending = index.descending(direction);
    List* index_order = build_index_pathkeys(root, index.index, direction);
    ListCell* cell;
    foreach (cell, root->query_pathkeys) {
        auto* pathkey = lfirst_node(PathKey, cell);
        if (index_order != NIL && linitial(index_order) == pathkey) {  // the key itself ends it
            order.keys[list_length(order.pathkeys)] = {as_expr(copy_node(index.key)),
                                                       sort_operator_of(UUIDOID, descending), InvalidOid,
                                                       pathkey->pk_nulls_first};
            order.pathkeys = lappend(order.pathkeys, pathkey);
            break;
        }
        bool claimed = false;
        ListCell* member_cell;
        foreach (member_cell, pathkey->pk_eclass->ec_members) {
            const auto* member = static_cast<const EquivalenceMember*>(lfirst(member_cell));
            if (member->em_is_child || !contains_time_call(index.catalog, as_node(member->em_expr), false)) continue;
            auto* candidate = reinterpret_cast<Expr*>(with_key(as_node(member->em_expr), const_cast<Var*>(index.key)));
            if ((claimed = claim_bucket(index, pathkey, candidate, descending, &order))) break;
        }
        if (!claimed) break;
        order.pathkeys = lappend(order.pathkeys, pathkey);
    }
    return order;
}

}  // namespace

// A bucket in the session's time zone needs the key among the columns the scan returns (the
// zone-checked scan sorts by it where the zone fails), and is not offered under FOR
// UPDATE/SHARE.
void add_bucket_ordered_scans(KeyIndex& index) {
    PlannerInfo* root = index.root;
    RelOptInfo* rel = index.rel;
    if (root->query_pathkeys == NIL) return;
    const ScanDirection directions[] = {ForwardScanDirection, BackwardScanDirection};
    for (const ScanDirection direction : directions) {
        BucketOrder order = bucket_order(index, direction);
        if (!order.has_bucket) continue;
        List* pathkeys = truncate_useless_pathkeys(root, rel, order.pathkeys);
        if (list_length(pathkeys) != list_length(order.pathkeys)) continue;
        if (order.zone_buckets != NIL) {
            if (root->parse->rowMarks != NIL || !list_member(rel->reltarget->exprs, index.key)) continue;
            bool zone_keeps = true;
            ListCell* cell;
            foreach (cell, order.zone_buckets)
                zone_keeps = zone_keeps && zone_keeps_bucket_order(strVal(lfirst(cell)), session_timezone);
            if (!zone_keeps) continue;
        }
        Path* path = index.ordered_scan(pathkeys, direction);
        if (order.zone_buckets != NIL)
            path = zone_checked_order_path(rel, path, pathkeys, order.keys, order.zone_buckets);
        add_path(rel, path);
    }
}

}  // namespace uuidx::pg
