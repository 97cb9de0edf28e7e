#include "planning.hpp"

namespace uuidx::pg {

namespace {

// The mark: a parse location. A location is a byte offset into the query's text, or -1
// where unknown, so no condition of the query's own carries this one, and a location only
// ever positions an error message, which a uuid comparison never raises.
constexpr int kPruningOnly = -0x7575;

bool is_pruning_condition(const Node* clause) {
    return IsA(clause, OpExpr) && castNode(OpExpr, clause)->location == kPruningOnly;
}

// `condition OR true`: a pruning condition hidden in the parent while a leaf partition
// copies the parent's quals.
bool is_hidden_pruning_condition(const Node* clause) {
    if (!is_orclause(clause)) return false;
    const List* args = castNode(BoolExpr, clause)->args;
    return list_length(args) == 2 && is_pruning_condition(static_cast<const Node*>(linitial(args))) &&
           IsA(lsecond(args), Const);
}

// Hides (or shows again) the pruning conditions among a partitioned table's quals. The
// RestrictInfo stays as it is, only its clause changes, and only PostgreSQL's copy of the
// parent's quals to a partition reads it between a hiding and the showing that follows.
void set_pruning_range_hidden(RelOptInfo* parent, bool hidden) {
    ListCell* cell;
    foreach (cell, parent->baserestrictinfo) {
        auto* rinfo = lfirst_node(RestrictInfo, cell);
        auto* clause = as_node(rinfo->clause);
        if (hidden && is_pruning_condition(clause))
            rinfo->clause = make_orclause(list_of(clause, makeBoolConst(true, false)));
        else if (!hidden && is_hidden_pruning_condition(clause))
            rinfo->clause = static_cast<Expr*>(linitial(castNode(BoolExpr, clause)->args));
    }
}

}  // namespace

List* mark_pruning_only(Planning& planning, List* conditions) {
    if (conditions != NIL) planning.pruning_range_marked = true;
    ListCell* cell;
    foreach (cell, conditions) castNode(OpExpr, lfirst(cell))->location = kPruningOnly;
    return conditions;
}

void prepare_parent_quals_for(const Planning& planning, PlannerInfo* root, const RelOptInfo* partition) {
    if (!planning.pruning_range_marked || partition->reloptkind != RELOPT_OTHER_MEMBER_REL ||
        partition->rtekind != RTE_RELATION || root->append_rel_array == nullptr)
        return;
    const AppendRelInfo* link = root->append_rel_array[partition->relid];
    if (link == nullptr) return;
    RelOptInfo* parent = root->simple_rel_array[link->parent_relid];
    if (parent == nullptr || parent->rtekind != RTE_RELATION ||
        planner_rt_fetch(parent->relid, root)->relkind != RELKIND_PARTITIONED_TABLE)
        return;
    const bool is_leaf = planner_rt_fetch(partition->relid, root)->relkind != RELKIND_PARTITIONED_TABLE;
    set_pruning_range_hidden(parent, is_leaf);
}

void show_pruning_range(const Planning& planning, RelOptInfo* rel, const RangeTblEntry* rte) {
    if (planning.pruning_range_marked && rte->rtekind == RTE_RELATION && rte->relkind == RELKIND_PARTITIONED_TABLE)
        set_pruning_range_hidden(rel, false);
}

}  // namespace uuidx::pg
