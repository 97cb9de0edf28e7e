// Time order from the key's order: a btree on a uuid key is offered to the planner as sorted
// by the key's time, so that
//
//   SELECT ... ORDER BY uuid_v7_to_timestamptz(id) DESC LIMIT 20
//
// reads the key's index backward and sorts nothing; and so do ORDER BY time, id, keyset pages
// (WHERE time > c ORDER BY time, id LIMIT n), min() and max() of the time (PostgreSQL's
// min/max optimisation asks for the same order), window functions and GROUP BY on the time,
// merge joins on the time, and, on partitioned tables, a Merge Append of the partitions'
// ordered index scans.
//
// Why it is true: uuidx's uuid_v7_to_timestamptz() / uuid_v7_to_timestamp() read a key's
// first 48 bits, by which keys sort first, so they never decrease in key order, whatever the
// version; they are NULL for a NULL key alone, and a btree puts NULL keys where ORDER BY puts
// NULL times by default (last ascending, first descending). uuid_extract_timestamp() (uuidx's,
// or on 18+ pg_catalog's) reads v1 and v6 times too, which do not sort by time: it qualifies
// only on a column whose table promises v7 keys (v7_promise), and where the promise lets keys
// of no version through (nil, max, a variant other than RFC 9562's: V7Promise::v7_or_none),
// it is NULL for those, which sit anywhere in key order. So there its order is claimed only
// where the table's conditions in the query leave no such key: where they imply that the
// time, or the version, IS NOT NULL (a comparison of the time, the window the time
// predicates put in its place, the IS NOT NULL that PostgreSQL adds beside min() and max()).
// A table that promises v7 keys alone (a CHECK that the version IS NOT NULL, or a virtual
// column of the time with NOT NULL) needs no such condition.
//
// How: from the set_rel_pathlist_hook (hooks.cpp), after PostgreSQL has built a table's paths
// (docs/planner.md, row 7). For each btree
// whose first column is a uuid column in uuid's default order, and each time function of
// that column the query's orderings (its ORDER BY, window, grouping, merge joins: the
// equivalence classes) name, it asks PostgreSQL for the pathkey of that order without
// creating one (build_expression_pathkey): where the query has it, the forward scan gives
// [time ASC, then the index's own pathkeys], the backward scan [time DESC, ...], and an
// index path with those pathkeys goes to add_path() to compete with the others on cost.
// The path keeps the index conditions that PostgreSQL found for the index (the key range of
// a time window among them), and is index-only where the index returns every column the
// table's part of the query reads. Parallel (partial) paths are not offered: workers each
// return a part of the order, which only a Gather Merge would put together, and the shapes
// that gain most (a LIMIT, min/max, a keyset page) read a few index pages serially.
//
// Cost for the queries it does not touch: for a table with indexes in a query that has an ordering or a join, one look at
// the members of the query's equivalence classes for a call of a time function, which
// allocates nothing.
#include "plan_nodes.hpp"  // first: it includes a core header (../postgres.hpp)
#include "time_buckets.hpp"
#include "time_catalog.hpp"
#include "planning.hpp"
#include "zone_checked_order.hpp"

namespace uuidx::pg {

namespace {

// ---- which time functions the query orders by (allocates nothing) -----------------------

// A call of a time function of a column of the table (or of the table it is a partition of)
// in the query's orderings.
struct TimeCall {
    Oid function;
    Oid type;  // its result: timestamptz or timestamp
    TimeFunction kind;
};

// uuid_v7_to_timestamptz, uuid_v7_to_timestamp and uuid_extract_timestamp (uuidx's, and on
// 18+ pg_catalog's): the functions time_function() knows.
constexpr int kTimeFunctions = 4;

struct TimeCalls {
    TimeCall calls[kTimeFunctions];
    int count;
};

void note_time_call(const TimeCatalog& catalog, const RelOptInfo* rel, const Expr* expr, TimeCalls* found) {
    KeyTime time;
    if (!read_key_time(catalog, as_node(const_cast<Expr*>(expr)), &time) || !is_column_of(rel, time.key)) return;
    for (int i = 0; i < found->count; ++i)
        if (found->calls[i].function == time.call->funcid) return;
    if (found->count < kTimeFunctions) found->calls[found->count++] = {time.call->funcid, time.type, time.kind};
}

// Calls `visit` with the expression of each member of the level's equivalence classes but a
// partition's (or a UNION ALL member's) own: those translate their parent's, which
// is_column_of() counts for them. Before 18 PostgreSQL keeps them in ec_members, every
// partition's for every partition, and reading them all grew with the square of the
// partitions.
template <typename Visit>
void for_each_parent_member(const PlannerInfo* root, Visit visit) {
    ListCell* class_cell;
    foreach (class_cell, root->eq_classes) {
        const auto* ec = static_cast<const EquivalenceClass*>(lfirst(class_cell));
        ListCell* member_cell;
        foreach (member_cell, ec->ec_members) {
            const auto* member = static_cast<const EquivalenceMember*>(lfirst(member_cell));
            if (!member->em_is_child) visit(member->em_expr);
        }
    }
}

// The time functions of `rel`'s columns that the query orders, groups or merge-joins by:
// members of its equivalence classes.
TimeCalls time_calls_of(const PlannerInfo* root, const RelOptInfo* rel, const TimeCatalog& catalog) {
    TimeCalls found{};
    for_each_parent_member(root, [&](const Expr* expr) { note_time_call(catalog, rel, expr, &found); });
    return found;
}

// Whether a member of the level's equivalence classes calls a time function at all: read once
// per level of the planning, so that every table (every partition) of a query that orders by
// no time pays one comparison.
bool level_orders_by_time(Planning& planning, const PlannerInfo* root, const TimeCatalog& catalog) {
    if (planning.ordered_level == root) return planning.level_orders_by_time;
    bool found = false;
    for_each_parent_member(root, [&](const Expr* expr) {
        found = found || contains_time_call(catalog, as_node(const_cast<Expr*>(expr)), false);
    });
    planning.ordered_level = root;
    planning.level_orders_by_time = found;
    return found;
}

// ---- the key's index ----------------------------------------------------------------------

// The key column of `index` if a scan of it returns the rows in uuid key order: a btree,
// usable by this query (a partial index whose predicate the query implies), whose first
// column is a uuid column in uuid's default btree order, with NULL keys where ORDER BY puts
// NULL times by default (last ascending, first descending: the only placement
// build_expression_pathkey() can ask for). Null otherwise.
const Var* ordering_key(const TimeCatalog& catalog, const IndexOptInfo* index) {
    if (index->relam != BTREE_AM_OID || !index->amhasgettuple || index->nkeycolumns < 1) return nullptr;
    if (index->indpred != NIL && !index->predOK) return nullptr;
    if (index->indexkeys[0] <= 0 || index->sortopfamily[0] != catalog.uuid.opfamily) return nullptr;
    if (index->nulls_first[0] != index->reverse_sort[0]) return nullptr;
    const auto* column = castNode(TargetEntry, linitial(index->indextlist))->expr;
    if (!IsA(column, Var) || reinterpret_cast<const Var*>(column)->vartype != UUIDOID) return nullptr;
    return reinterpret_cast<const Var*>(column);
}

// The default btree order's `<` of `type`, or its `>` for a descending order.
Oid sort_operator_of(Oid type, bool descending) {
    const TypeCacheEntry* entry = lookup_type_cache(type, TYPECACHE_LT_OPR | TYPECACHE_GT_OPR);
    return descending ? entry->gt_opr : entry->lt_opr;
}

// [call ASC] or [call DESC] if the query has that ordering, else NIL. The operator names the
// direction; NULLs go where ORDER BY puts them by default. An ordering that a condition makes
// constant (WHERE time = c) orders nothing.
List* time_pathkey(PlannerInfo* root, RelOptInfo* rel, Expr* call, Oid type, bool descending) {
    List* pathkey = UUIDX_BUILD_EXPRESSION_PATHKEY(root, call, sort_operator_of(type, descending), rel->relids, false);
    if (pathkey == NIL || EC_MUST_BE_REDUNDANT(linitial_node(PathKey, pathkey)->pk_eclass)) return NIL;
    return pathkey;
}

// `expr IS NOT NULL`, as a predicate to prove.
List* is_not_null(Expr* expr) {
    auto* test = makeNode(NullTest);
    test->arg = expr;
    test->nulltesttype = IS_NOT_NULL;
    test->location = -1;
    return list_of(test);
}

// Whether the table's conditions in the query leave no key whose time `call` is NULL: they
// imply that the time is not NULL (a comparison of it, PostgreSQL's IS NOT NULL beside min()
// and max()) or that the key's version is not (the window the time predicates put in place of
// a comparison of uuid_extract_timestamp(), a test of the version). Under the v7 CHECK a key
// with a version is a v7, whose time is never NULL.
bool conditions_exclude_null_time(const TimeCatalog& catalog, const RelOptInfo* rel, Expr* call, const Var* key) {
    if (rel->baserestrictinfo == NIL) return false;
    if (predicate_implied_by(is_not_null(call), rel->baserestrictinfo, false)) return true;
    Oid version_functions[] = {
        catalog.extract_version,
#if UUIDX_HAS_BUILTIN_EXTRACT_VERSION
        F_UUID_EXTRACT_VERSION
#endif
    };
    for (const Oid function : version_functions) {
        auto* version = as_expr(
            makeFuncExpr(function, INT2OID, list_of(copy_node(key)), InvalidOid, InvalidOid, COERCE_EXPLICIT_CALL));
        if (predicate_implied_by(is_not_null(version), rel->baserestrictinfo, false)) return true;
    }
    return false;
}

// Whether the time `call` of the index's `key` never decreases in key order on this table,
// NULL times where NULL keys are: uuid_v7_to_timestamptz() and uuid_v7_to_timestamp() always;
// uuid_extract_timestamp() under the table's v7 promise, and where the promise lets keys of no
// version through, only where the query's conditions on the table leave none of them.
bool time_follows_key(const TimeCatalog& catalog, const RelOptInfo* rel, const RangeTblEntry* rte, Expr* call,
                      const Var* key) {
    Oid type = InvalidOid;
    if (time_function(catalog, castNode(FuncExpr, call)->funcid, &type) == TimeFunction::first_48_bits) return true;
    const V7Promise promise = v7_promise(catalog, rte, key->varattno);
    return promise == V7Promise::v7 ||
           (promise == V7Promise::v7_or_none && conditions_exclude_null_time(catalog, rel, call, key));
}

// ---- the paths ----------------------------------------------------------------------------

// The index conditions of an unparameterized scan of `index` that `path` is or contains: an
// index scan, or a bitmap scan of it alone or ANDed with others (not ORed: an OR's arms are
// not the table's conditions). False where there is none.
bool index_clauses_of(Path* path, const IndexOptInfo* index, List** clauses);

bool index_clauses_in(List* paths, const IndexOptInfo* index, List** clauses) {
    ListCell* cell;
    foreach (cell, paths)
        if (index_clauses_of(static_cast<Path*>(lfirst(cell)), index, clauses)) return true;
    return false;
}

bool index_clauses_of(Path* path, const IndexOptInfo* index, List** clauses) {
    if (path->param_info != nullptr) return false;
    switch (nodeTag(path)) {
        case T_IndexPath:
            if (castNode(IndexPath, path)->indexinfo != index) return false;
            *clauses = castNode(IndexPath, path)->indexclauses;
            return true;
        case T_BitmapHeapPath: return index_clauses_of(castNode(BitmapHeapPath, path)->bitmapqual, index, clauses);
        case T_BitmapAndPath: return index_clauses_in(castNode(BitmapAndPath, path)->bitmapquals, index, clauses);
        default: return false;
    }
}

// The conditions of `clauses` that an ordered scan of the index can take: before 17, not an
// = ANY(array) on a column after the first (see UUIDX_BTREE_LOWER_ARRAY_KEEPS_ORDER); those are
// checked on the rows the scan returns, as every condition that is not an index condition.
List* conditions_keeping_order(List* clauses) {
#if UUIDX_BTREE_LOWER_ARRAY_KEEPS_ORDER
    return clauses;
#else
    List* kept = NIL;
    ListCell* cell;
    foreach (cell, clauses) {
        auto* clause = lfirst_node(IndexClause, cell);
        if (clause->indexcol == 0 || !IsA(clause->rinfo->clause, ScalarArrayOpExpr)) kept = lappend(kept, clause);
    }
    return kept;
#endif
}

// The columns of the table that `conditions` (RestrictInfos) read, added to `columns`
// (numbered as pull_varattnos() does).
Bitmapset* columns_read_by(const RelOptInfo* rel, List* conditions, Bitmapset* columns) {
    ListCell* cell;
    foreach (cell, conditions) pull_varattnos(as_node(lfirst_node(RestrictInfo, cell)->clause), rel->relid, &columns);
    return columns;
}

// Whether a condition of the table reads a key column of `index`: where none does, the
// index has no condition to find.
bool conditions_read_index(const RelOptInfo* rel, const IndexOptInfo* index) {
    const Bitmapset* read = columns_read_by(rel, rel->baserestrictinfo, nullptr);
    for (int i = 0; i < index->nkeycolumns; ++i)
        if (index->indexkeys[i] > 0 && bms_is_member(index->indexkeys[i] - FirstLowInvalidHeapAttributeNumber, read))
            return true;
    return false;
}

// The index conditions PostgreSQL found for `index` among the table's conditions (the key
// range of a time window among them), so that they stay index conditions of the ordered scan.
// A path with them may have lost to a cheaper one without order (a sequential scan, where
// the conditions leave many rows); then PostgreSQL's index paths are built again, aside, to
// read them from there.
List* ordered_scan_conditions(PlannerInfo* root, RelOptInfo* rel, const IndexOptInfo* index) {
    List* clauses = NIL;
    if (index_clauses_in(rel->pathlist, index, &clauses)) return conditions_keeping_order(clauses);
    if (!conditions_read_index(rel, index)) return NIL;
    List* const pathlist = rel->pathlist;
    List* const partial_pathlist = rel->partial_pathlist;
    rel->pathlist = NIL;
    rel->partial_pathlist = NIL;
    create_index_paths(root, rel);
    if (!index_clauses_in(rel->pathlist, index, &clauses)) index_clauses_in(rel->partial_pathlist, index, &clauses);
    rel->pathlist = pathlist;
    rel->partial_pathlist = partial_pathlist;
    return conditions_keeping_order(clauses);
}

// Whether an index-only scan of `index` can give every column that the table's part of the
// query reads: its output and the conditions the index predicate does not imply (PostgreSQL's
// own test, check_index_only(), is not exported).
bool index_returns_all(const RelOptInfo* rel, const IndexOptInfo* index) {
    if (!enable_indexonlyscan) return false;
    Bitmapset* read = nullptr;
    pull_varattnos(as_node(rel->reltarget->exprs), rel->relid, &read);
    read = columns_read_by(rel, index->indrestrictinfo, read);
    Bitmapset* returned = nullptr;
    for (int i = 0; i < index->ncolumns; ++i)
        if (index->indexkeys[i] != 0 && index->canreturn[i])
            returned = bms_add_member(returned, index->indexkeys[i] - FirstLowInvalidHeapAttributeNumber);
    return bms_is_subset(read, returned);
}

// What the ordered scans of one index share, found once and only when one is offered.
struct IndexScanParts {
    bool known;
    List* clauses;
    bool index_only;
};

// Offers the forward and backward scans of `index` as ordered by the time `time` of its key
// where the query has that order and it is useful (truncate_useless_pathkeys() keeps the time
// pathkey), and where the order is true (for uuid_extract_timestamp(): checked only then, as
// it reads the table's constraints).
void add_time_ordered_scans(PlannerInfo* root, RelOptInfo* rel, const RangeTblEntry* rte, const TimeCatalog& catalog,
                            IndexOptInfo* index, const Var* key, const TimeCall& time, IndexScanParts* parts) {
    Expr* call = as_expr(
        makeFuncExpr(time.function, time.type, list_of(copy_node(key)), InvalidOid, InvalidOid, COERCE_EXPLICIT_CALL));
    bool order_is_true = time.kind == TimeFunction::first_48_bits;
    const ScanDirection directions[] = {ForwardScanDirection, BackwardScanDirection};
    for (const ScanDirection direction : directions) {
        const bool descending = index->reverse_sort[0] != (direction == BackwardScanDirection);
        List* time_order = time_pathkey(root, rel, call, time.type, descending);
        if (time_order == NIL) continue;
        List* pathkeys =
            truncate_useless_pathkeys(root, rel, list_concat(time_order, build_index_pathkeys(root, index, direction)));
        if (pathkeys == NIL) continue;
        if (!order_is_true) {
            if (!time_follows_key(catalog, rel, rte, call, key)) return;
            order_is_true = true;
        }
        if (!parts->known) *parts = {true, ordered_scan_conditions(root, rel, index), index_returns_all(rel, index)};
        add_path(rel, reinterpret_cast<Path*>(create_index_path(root, index, parts->clauses, NIL, NIL, pathkeys,
                                                                direction, parts->index_only, nullptr, 1.0, false)));
    }
}

// ---- buckets of the time -----------------------------------------------------------------

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
// key is a bucket of the key's time (time_buckets.hpp), the time, or the key, in the scan's
// direction with NULLs where the key puts them.
struct BucketOrder {
    List* pathkeys = NIL;
    ClaimedSortKey* keys = nullptr;  // one per pathkey
    List* zone_buckets = NIL;        // those checked in the session's zone when the plan runs
    bool has_bucket = false;         // not the time or the key alone (add_time_ordered_scans())
};

// The key of `pathkey` that the scan gives: `candidate` (a member of its class, with the
// index's key) if it is a bucket of a time that follows the key, in the scan's direction.
bool claim_bucket(PlannerInfo* root, RelOptInfo* rel, const RangeTblEntry* rte, const TimeCatalog& catalog,
                  const Var* key, PathKey* pathkey, Expr* candidate, bool descending, BucketOrder* order) {
    TimeBucket bucket;
    if (!read_time_bucket(catalog, rel, candidate, &bucket)) return false;
    const Oid sort_operator = sort_operator_of(exprType(as_node(candidate)), descending);
    List* found = UUIDX_BUILD_EXPRESSION_PATHKEY(root, candidate, sort_operator, rel->relids, false);
    if (found == NIL || linitial(found) != pathkey) return false;
    if (!time_follows_key(catalog, rel, rte, as_expr(bucket.time), key)) return false;
    const int k = list_length(order->pathkeys);
    order->keys[k] = {candidate, sort_operator, exprCollation(as_node(candidate)), pathkey->pk_nulls_first};
    order->has_bucket = order->has_bucket || as_expr(bucket.time) != candidate;
    if (bucket.needs_session_zone)
        order->zone_buckets = lappend(order->zone_buckets, makeString(nodeToString(candidate)));
    return true;
}

BucketOrder bucket_order(PlannerInfo* root, RelOptInfo* rel, const RangeTblEntry* rte, const TimeCatalog& catalog,
                         IndexOptInfo* index, const Var* key, ScanDirection direction) {
    BucketOrder order;
    order.keys = static_cast<ClaimedSortKey*>(palloc(sizeof(ClaimedSortKey) * list_length(root->query_pathkeys)));
    const bool descending = index->reverse_sort[0] != (direction == BackwardScanDirection);
    List* index_order = build_index_pathkeys(root, index, direction);
    ListCell* cell;
    foreach (cell, root->query_pathkeys) {
        auto* pathkey = lfirst_node(PathKey, cell);
        if (index_order != NIL && linitial(index_order) == pathkey) {  // the key itself ends it
            order.keys[list_length(order.pathkeys)] = {as_expr(copy_node(key)), sort_operator_of(UUIDOID, descending),
                                                       InvalidOid, pathkey->pk_nulls_first};
            order.pathkeys = lappend(order.pathkeys, pathkey);
            break;
        }
        bool claimed = false;
        ListCell* member_cell;
        foreach (member_cell, pathkey->pk_eclass->ec_members) {
            const auto* member = static_cast<const EquivalenceMember*>(lfirst(member_cell));
            if (member->em_is_child || !contains_time_call(catalog, as_node(member->em_expr), false)) continue;
            auto* candidate = reinterpret_cast<Expr*>(with_key(as_node(member->em_expr), const_cast<Var*>(key)));
            if ((claimed = claim_bucket(root, rel, rte, catalog, key, pathkey, candidate, descending, &order))) break;
        }
        if (!claimed) break;
        order.pathkeys = lappend(order.pathkeys, pathkey);
    }
    return order;
}

// Offers the forward and backward scans of `index` in the order of buckets of its key's time
// that the query asks for (GROUP BY date_trunc('hour', time), ORDER BY it, DISTINCT ON it),
// where the order is true; a bucket in the session's time zone through a scan that checks the
// zone when it runs (zone_checked_order.hpp), which needs the key among the columns the scan
// returns, and is not offered under FOR UPDATE/SHARE.
void add_bucket_ordered_scans(PlannerInfo* root, RelOptInfo* rel, const RangeTblEntry* rte, const TimeCatalog& catalog,
                              IndexOptInfo* index, const Var* key, IndexScanParts* parts) {
    if (root->query_pathkeys == NIL) return;
    const ScanDirection directions[] = {ForwardScanDirection, BackwardScanDirection};
    for (const ScanDirection direction : directions) {
        BucketOrder order = bucket_order(root, rel, rte, catalog, index, key, direction);
        if (!order.has_bucket) continue;
        List* pathkeys = truncate_useless_pathkeys(root, rel, order.pathkeys);
        if (list_length(pathkeys) != list_length(order.pathkeys)) continue;
        if (order.zone_buckets != NIL) {
            if (root->parse->rowMarks != NIL || !list_member(rel->reltarget->exprs, key)) continue;
            bool zone_keeps = true;
            ListCell* cell;
            foreach (cell, order.zone_buckets)
                zone_keeps = zone_keeps && zone_keeps_bucket_order(strVal(lfirst(cell)), session_timezone);
            if (!zone_keeps) continue;
        }
        if (!parts->known) *parts = {true, ordered_scan_conditions(root, rel, index), index_returns_all(rel, index)};
        Path* path = reinterpret_cast<Path*>(create_index_path(root, index, parts->clauses, NIL, NIL, pathkeys,
                                                               direction, parts->index_only, nullptr, 1.0, false));
        if (order.zone_buckets != NIL)
            path = zone_checked_order_path(rel, path, pathkeys, order.keys, order.zone_buckets);
        add_path(rel, path);
    }
}

// The tables (and partitions) whose paths may gain a time order: a table's own rows (not an
// inheritance parent's Append, not a sample), with indexes, in a query with an ordering or a
// join that an order could serve.
bool may_gain_time_order(PlannerInfo* root, RelOptInfo* rel, const RangeTblEntry* rte) {
    if (rel->reloptkind != RELOPT_BASEREL && rel->reloptkind != RELOPT_OTHER_MEMBER_REL) return false;
    if (rte->rtekind != RTE_RELATION || rte->inh || rte->relkind == RELKIND_PARTITIONED_TABLE) return false;
    if (rte->tablesample != nullptr || rel->indexlist == NIL || IS_DUMMY_REL(rel)) return false;
    return has_useful_pathkeys(root, rel);
}

}  // namespace

void add_time_ordered_paths(Planning& planning, PlannerInfo* root, RelOptInfo* rel, const RangeTblEntry* rte) {
    const TimeCatalog* catalog = planning.catalog();
    if (catalog == nullptr || !level_orders_by_time(planning, root, *catalog) || !may_gain_time_order(root, rel, rte))
        return;
    const TimeCalls found = time_calls_of(root, rel, *catalog);
    ListCell* cell;
    foreach (cell, rel->indexlist) {
        auto* index = static_cast<IndexOptInfo*>(lfirst(cell));
        const Var* key = ordering_key(*catalog, index);
        if (key == nullptr) continue;
        IndexScanParts parts{};
        for (int i = 0; i < found.count; ++i)
            add_time_ordered_scans(root, rel, rte, *catalog, index, key, found.calls[i], &parts);
        add_bucket_ordered_scans(root, rel, rte, *catalog, index, key, &parts);
    }
}

}  // namespace uuidx::pg
