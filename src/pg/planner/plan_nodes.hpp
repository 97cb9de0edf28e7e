// The expressions uuidx's planner code builds and reads, shared by its rewrites and the
// window operator's support (window_operator.cpp): bounds, sub-selects, comparands, a
// relation's columns and the walk of a join tree.
#pragma once

#include "../../core/uuid.hpp"
#include "../postgres.hpp"
#include "time_catalog.hpp"

namespace uuidx::pg {

// A uuid Const for the planner.
Const* uuid_const(const Uuid& u);

// A bound that excludes no key: nil as a minimum, max as a maximum.
inline bool is_nil(const Uuid& u) { return u == kNilUuid; }
inline bool is_max(const Uuid& u) { return u == kMaxUuid; }

// `key >= min` and `key <= max` with the standard uuid operators `uuid` (a copy of `key` in
// each), or `key > min` and `key < max` when `strict`; a null `min` or `max` is left out.
List* key_bound_conditions(const UuidComparison& uuid, const Expr* key, Expr* min, Expr* max, bool strict = false);

// `(SELECT expr)`: a sub-select the planner turns into an initplan, its value a parameter.
Node* as_sub_select(Node* expr);

// Whether an expression is fixed for a scan, so that a key's time can be compared with it
// from the key's index: no Var of any level, sublink, aggregate, window or set-returning
// function, and no volatile function (a Const, a Param, now() - interval '1 day').
bool is_usable_comparand(Node* node);

// Whether `var` is a column of `rel`: of the table itself or, in the equivalence class
// members PostgreSQL keeps for the query, of the table it is a partition or child of.
inline bool is_column_of(const RelOptInfo* rel, const Var* var) {
    if (var->varlevelsup != 0) return false;
    const auto varno = static_cast<int>(var->varno);
    return bms_is_member(varno, rel->relids) || bms_is_member(varno, rel->top_parent_relids);
}

// The one walk of a query level's join tree: `visit(quals, join)` for the quals of each
// FromExpr (join null) and JoinExpr, the node's children before it, as PostgreSQL
// distributes them; `quals` may be replaced. Stops at the first visit that returns true, and
// returns whether one did.
template <typename Visit>
bool any_jointree_quals(Node* node, Visit visit) {
    if (node == nullptr) return false;
    if (IsA(node, FromExpr)) {
        auto* from = castNode(FromExpr, node);
        ListCell* cell;
        foreach (cell, from->fromlist)
            if (any_jointree_quals(static_cast<Node*>(lfirst(cell)), visit)) return true;
        return visit(from->quals, static_cast<const JoinExpr*>(nullptr));
    }
    if (IsA(node, JoinExpr)) {
        auto* join = castNode(JoinExpr, node);
        return any_jointree_quals(join->larg, visit) || any_jointree_quals(join->rarg, visit) ||
               visit(join->quals, static_cast<const JoinExpr*>(join));
    }
    return false;
}

// Whether an expression reads a Param the executor sets (PARAM_EXEC: an outer row's value in
// a correlated or LATERAL subquery, an initplan's or a nestloop's), rather than a constant or
// a parameter of the statement (PARAM_EXTERN), which every process of a parallel plan has.
bool reads_executor_param(Node* node);

}  // namespace uuidx::pg
