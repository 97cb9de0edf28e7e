#include "plan_nodes.hpp"

#include "../datums.hpp"

namespace uuidx::pg {

Const* uuid_const(const Uuid& u) { return makeConst(UUIDOID, -1, InvalidOid, UUID_LEN, uuid_datum(u), false, false); }

List* key_bound_conditions(const UuidComparison& uuid, const Expr* key, Expr* min, Expr* max, bool strict) {
    List* conditions = NIL;
    if (min != nullptr)
        conditions = lappend(conditions, make_opclause(strict ? uuid.gt : uuid.ge, BOOLOID, false, copy_node(key), min,
                                                       InvalidOid, InvalidOid));
    if (max != nullptr)
        conditions = lappend(conditions, make_opclause(strict ? uuid.lt : uuid.le, BOOLOID, false, copy_node(key), max,
                                                       InvalidOid, InvalidOid));
    return conditions;
}

Node* as_sub_select(Node* expr) {
    Query* select = makeNode(Query);
    select->commandType = CMD_SELECT;
    select->querySource = QSRC_ORIGINAL;
    select->canSetTag = true;
    select->jointree = makeFromExpr(NIL, nullptr);
    select->targetList = list_of(makeTargetEntry(as_expr(expr), 1, pstrdup("value"), false));
    SubLink* sublink = makeNode(SubLink);
    sublink->subLinkType = EXPR_SUBLINK;
    sublink->subLinkId = 0;
    sublink->subselect = as_node(select);
    sublink->location = -1;
    return as_node(sublink);
}

namespace {

// Rejects what may differ from row to row or cannot be evaluated before the scan: Vars of
// any level, sublinks and subplans, aggregates, window functions, set-returning functions.
// A Param is fixed for a scan: a parameter of the statement, or the executor's (an initplan's
// value, or an outer row's in a nested loop or correlated subquery, for which the scan
// starts again with the new value, as index conditions on such a Param do).
bool has_row_dependent_part(Node* node, void* context) {
    if (node == nullptr) return false;
    switch (nodeTag(node)) {
        case T_Var:
        case T_SubLink:
        case T_SubPlan:
        case T_AlternativeSubPlan:
        case T_Aggref:
        case T_WindowFunc:
        case T_GroupingFunc:
        case T_PlaceHolderVar: return true;
        case T_FuncExpr:
            if (castNode(FuncExpr, node)->funcretset) return true;
            break;
        case T_OpExpr:
            if (castNode(OpExpr, node)->opretset) return true;
            break;
        case T_Param:
            if (castNode(Param, node)->paramkind != PARAM_EXTERN && castNode(Param, node)->paramkind != PARAM_EXEC)
                return true;
            break;
        default: break;
    }
    return expression_tree_walker(node, UUIDX_WALKER(has_row_dependent_part), context);
}

}  // namespace

bool is_usable_comparand(Node* node) {
    return !has_row_dependent_part(node, nullptr) && !contain_volatile_functions(node);
}

namespace {
bool reads_executor_param_walker(Node* node, void* context) {
    if (node == nullptr) return false;
    if (IsA(node, Param)) return castNode(Param, node)->paramkind == PARAM_EXEC;
    return expression_tree_walker(node, UUIDX_WALKER(reads_executor_param_walker), context);
}
}  // namespace

bool reads_executor_param(Node* node) { return reads_executor_param_walker(node, nullptr); }

}  // namespace uuidx::pg
