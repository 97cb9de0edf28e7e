// Time order from the key's order (docs/planner.md, row 7): a btree on a uuid key is offered
// to the planner as sorted by the key's time, so that
//
//   SELECT ... ORDER BY uuid_v7_to_timestamptz(id) DESC LIMIT 20
//
// reads the key's index backward and sorts nothing; and so do ORDER BY time, id, keyset pages
// (WHERE time > c ORDER BY time, id LIMIT n), min() and max() of the time, window functions
// and GROUP BY on the time, merge joins on it, and on partitioned tables a Merge Append of
// the partitions' ordered scans. Why the order is true: KeyIndex::time_follows_key()
// (planning.hpp).
//
// How: from the set_rel_pathlist_hook, once PostgreSQL has built a table's paths, for each
// btree of a uuid key (KeyIndex) and each time function of that key that the query's
// orderings name (its equivalence classes), it asks PostgreSQL for that order's pathkey
// without creating one (build_expression_pathkey): the forward scan gives [time ASC, then the
// index's own pathkeys], the backward [time DESC, ...], offered to add_path() to compete on
// cost. The same loop offers bucket order (bucket_order.cpp). Parallel (partial) paths are
// not offered: only a Gather Merge would put the workers' parts in order, and the shapes that
// gain most (a LIMIT, min/max, a keyset page) read a few index pages serially.
//
// Cost for the queries it does not touch: for a table with indexes in a query that has an
// ordering or a join, one look per level at the members of its equivalence classes for a
// call of a time function, which allocates nothing.
#include "plan_nodes.hpp"  // first: it includes a core header (../postgres.hpp)
#include "planning.hpp"

namespace uuidx::pg {

namespace {

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

// [call ASC] or [call DESC] if the query has that ordering, else NIL. The operator names the
// direction; NULLs go where ORDER BY puts them by default. An ordering that a condition makes
// constant (WHERE time = c) orders nothing.
List* time_pathkey(PlannerInfo* root, RelOptInfo* rel, Expr* call, Oid type, bool descending) {
    List* pathkey = UUIDX_BUILD_EXPRESSION_PATHKEY(root, call, sort_operator_of(type, descending), rel->relids, false);
    if (pathkey == NIL || EC_MUST_BE_REDUNDANT(linitial_node(PathKey, pathkey)->pk_eclass)) return NIL;
    return pathkey;
}

// Offers the forward and backward scans of the index as ordered by the time `time` of its key
// where the query has that order and it is useful (truncate_useless_pathkeys() keeps the time
// pathkey), and where the order is true (for uuid_extract_timestamp(): checked only then, as
// it reads the table's constraints).
void add_time_ordered_scans(KeyIndex& index, const TimeCall& time) {
    Expr* call = as_expr(makeFuncExpr(time.function, time.type, list_of(copy_node(index.key)), InvalidOid, InvalidOid,
                                      COERCE_EXPLICIT_CALL));
    bool order_is_true = time.kind == TimeFunction::first_48_bits;
    const ScanDirection directions[] = {ForwardScanDirection, BackwardScanDirection};
    for (const ScanDirection direction : directions) {
        List* time_order = time_pathkey(index.root, index.rel, call, time.type, index.descending(direction));
        if (time_order == NIL) continue;
        List* pathkeys = truncate_useless_pathkeys(
            index.root, index.rel, list_concat(time_order, build_index_pathkeys(index.root, index.index, direction)));
        if (pathkeys == NIL) continue;
        if (!order_is_true) {
            if (!index.time_follows_key(call)) return;
            order_is_true = true;
        }
        add_path(index.rel, index.ordered_scan(pathkeys, direction));
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
        KeyIndex key_index{root, rel, rte, *catalog, index, key};
        for (int i = 0; i < found.count; ++i) add_time_ordered_scans(key_index, found.calls[i]);
        add_bucket_ordered_scans(key_index);
    }
}

}  // namespace uuidx::pg
