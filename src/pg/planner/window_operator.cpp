// The window operator's planner support (docs/planner.md, rows 9 and 10): the support
// function that gives `key <@ range` (and `range @> key`) index conditions on the key, and its
// selectivity estimator. SQL calls them (the operator's SUPPORT and RESTRICT), so they work
// without preloading uuidx, as LIKE's prefix support does; the operator itself is in
// ../time_predicates.cpp.
#include "../../core/time_bounds.hpp"
#include "../time_bounds.hpp"
#include "plan_nodes.hpp"
#include "time_catalog.hpp"

using uuidx::KeyRange;
using uuidx::Uuid;
using uuidx::pg::key_bound_conditions;
using uuidx::pg::key_range_of_range;
using uuidx::pg::uuid_const;

namespace {

// ---- planner support: index conditions ---------------------------------------------------

// The expression that an initplan of this planning computes into `param`, if it is a plain
// `(SELECT expr)`: the planner computes a window relative to now() that way (docs/planner.md,
// row 1), and the estimate reads the window, as it would read the expression in its place.
Node* initplan_expression(const PlannerInfo* root, const Param* param) {
    if (param->paramkind != PARAM_EXEC) return nullptr;
    for (const PlannerInfo* level = root; level != nullptr; level = level->parent_root) {
        ListCell* cell;
        foreach (cell, level->init_plans) {
            const auto* initplan = lfirst_node(SubPlan, cell);
            if (!list_member_int(initplan->setParam, param->paramid)) continue;
            const auto* plan = static_cast<const Plan*>(list_nth(root->glob->subplans, initplan->plan_id - 1));
            if (!IsA(plan, Result) || plan->lefttree != nullptr || list_length(plan->targetlist) != 1) return nullptr;
            return as_node(linitial_node(TargetEntry, plan->targetlist)->expr);
        }
    }
    return nullptr;
}

// The index conditions `key >= L AND key <= U` for `key <@ range` (or `range @> key`) on a
// btree or BRIN index whose operator family orders uuid by the standard comparison. L and
// U are constants for a constant range, calls of uuid_range_min_key()/uuid_range_max_key()
// otherwise. Exact (not lossy): the operator is not checked again on the rows found.
List* window_index_conditions(SupportRequestIndexCondition* req) {
    List* args = NIL;
    if (IsA(req->node, OpExpr))
        args = castNode(OpExpr, req->node)->args;
    else if (IsA(req->node, FuncExpr))
        args = castNode(FuncExpr, req->node)->args;
    if (list_length(args) != 2 || req->indexarg < 0 || req->indexarg > 1) return NIL;
    auto* key = static_cast<Expr*>(list_nth(args, req->indexarg));
    auto* range = static_cast<Node*>(list_nth(args, 1 - req->indexarg));
    // The index must be on the key (an index on a range column matches the other argument).
    if (exprType(as_node(key)) != UUIDOID) return NIL;

    const Oid am = req->index->relam;
    if (am != BTREE_AM_OID && am != BRIN_AM_OID) return NIL;
    // The index's own >= and <=, which must be the standard uuid order: an operator family
    // with another order (a reversed one, say) gets nothing.
    const Oid ge = get_opfamily_member(req->opfamily, UUIDOID, UUIDOID, BTGreaterEqualStrategyNumber);
    const Oid le = get_opfamily_member(req->opfamily, UUIDOID, UUIDOID, BTLessEqualStrategyNumber);
    if (!OidIsValid(ge) || !OidIsValid(le) || get_opcode(ge) != F_UUID_GE || get_opcode(le) != F_UUID_LE) return NIL;
    // For an OpExpr the planner has checked that the range is a pseudo-constant; for a call
    // of the function it has not.
    if (IsA(req->node, FuncExpr) && !is_pseudo_constant_for_index(req->root, range, req->index)) return NIL;

    Expr* min = nullptr;
    Expr* max = nullptr;
    if (IsA(range, Const)) {
        const auto* value = castNode(Const, range);
        if (value->constisnull) return NIL;  // strict: no row; the planner makes it false anyway
        const KeyRange keys = key_range_of_range(DatumGetRangeTypeP(value->constvalue));
        const bool empty = uuidx::selects_no_key(keys);
        if (empty || !uuidx::pg::is_nil(keys.min)) min = as_expr(uuid_const(keys.min));
        if (empty || !uuidx::pg::is_max(keys.max)) max = as_expr(uuid_const(keys.max));
        if (min == nullptr && max == nullptr) return NIL;  // unbounded: nothing to scan for
    } else {
        const uuidx::pg::TimeCatalog* catalog = uuidx::pg::time_catalog();
        if (catalog == nullptr) return NIL;
        // An initplan's window (the planner's, row 1): the bounds read the expression it
        // computes, as fixed for the scan and computed once when the scan starts, so that the
        // index path is estimated from the window, not from PostgreSQL's guess for a Param.
        // Not where that expression reads an executor Param (an outer row's value in a LATERAL
        // or correlated subquery): a parallel worker that builds a bitmap would read it unset,
        // as Gather passes its workers the initplan's value, not the Params the initplan read.
        // The bounds then read the initplan's value, which no estimate could compute anyway.
        Node* computed = IsA(range, Param) ? initplan_expression(req->root, castNode(Param, range)) : nullptr;
        if (computed != nullptr && !uuidx::pg::reads_executor_param(computed)) range = computed;
        min = as_expr(makeFuncExpr(catalog->range_min_key, UUIDOID, list_of(copy_node(range)), InvalidOid, InvalidOid,
                                   COERCE_EXPLICIT_CALL));
        max = as_expr(makeFuncExpr(catalog->range_max_key, UUIDOID, list_of(copy_node(range)), InvalidOid, InvalidOid,
                                   COERCE_EXPLICIT_CALL));
    }
    req->lossy = false;
    // The index's operators, not the catalog's uuid ones: they are the same functions, but the
    // index machinery wants its opfamily's members.
    List* conditions = NIL;
    if (min != nullptr)
        conditions = lappend(conditions, make_opclause(ge, BOOLOID, false, key, min, InvalidOid, InvalidOid));
    if (max != nullptr)
        conditions = lappend(conditions, make_opclause(le, BOOLOID, false, key, max, InvalidOid, InvalidOid));
    return conditions;
}

// ---- selectivity ---------------------------------------------------------------------------

// The first 64 bits of a key as a number. Keys sort as these do (ties aside): a key's place
// between two histogram bounds is interpolated on them, as PostgreSQL's own estimators do
// for the types convert_to_scalar() knows (uuid is not one of them).
double key_position(const uint8* bytes) {
    uint64 v = 0;
    for (int i = 0; i < 8; ++i) v = (v << 8) | bytes[i];
    return static_cast<double>(v);
}

int compare_keys(Datum stored, const Uuid& key) {
    return memcmp(DatumGetUUIDP(stored)->data, key.bytes.data(), UUID_LEN);
}

// The fraction of the histogram's population below `key`, interpolated within its bin.
double histogram_fraction_below(const AttStatsSlot& histogram, const Uuid& key) {
    const int n = histogram.nvalues;
    if (compare_keys(histogram.values[0], key) >= 0) return 0.0;
    if (compare_keys(histogram.values[n - 1], key) <= 0) return 1.0;
    int low = 0, high = n - 1;  // values[low] < key < values[high]
    while (high - low > 1) {
        const int middle = (low + high) / 2;
        if (compare_keys(histogram.values[middle], key) <= 0)
            low = middle;
        else
            high = middle;
    }
    const double x0 = key_position(DatumGetUUIDP(histogram.values[low])->data);
    const double x1 = key_position(DatumGetUUIDP(histogram.values[high])->data);
    double within = x1 > x0 ? (key_position(key.bytes.data()) - x0) / (x1 - x0) : 0.5;
    within = within < 0.0 ? 0.0 : (within > 1.0 ? 1.0 : within);
    return (low + within) / (n - 1);
}

bool in_key_range(Datum stored, const KeyRange& keys) {
    return compare_keys(stored, keys.min) >= 0 && compare_keys(stored, keys.max) <= 0;
}

// The fraction of rows whose key lies in `keys`, from the column's most common values and
// histogram; false when there are no statistics to read (or the user may not read them).
bool statistics_selectivity(VariableStatData* vardata, const KeyRange& keys, double* selectivity) {
    if (!HeapTupleIsValid(vardata->statsTuple) || !vardata->acl_ok) return false;
    const auto* stats = reinterpret_cast<Form_pg_statistic>(GETSTRUCT(vardata->statsTuple));
    double common_selected = 0.0, common_total = 0.0;
    bool have_common = false;
    AttStatsSlot slot;
    if (get_attstatsslot(&slot, vardata->statsTuple, STATISTIC_KIND_MCV, InvalidOid,
                         ATTSTATSSLOT_VALUES | ATTSTATSSLOT_NUMBERS)) {
        have_common = true;
        for (int i = 0; i < slot.nvalues; ++i) {
            common_total += slot.numbers[i];
            if (in_key_range(slot.values[i], keys)) common_selected += slot.numbers[i];
        }
        free_attstatsslot(&slot);
    }
    double rest_fraction = -1.0;
    if (get_attstatsslot(&slot, vardata->statsTuple, STATISTIC_KIND_HISTOGRAM, InvalidOid, ATTSTATSSLOT_VALUES)) {
        if (slot.nvalues >= 2) {
            rest_fraction = histogram_fraction_below(slot, keys.max) - histogram_fraction_below(slot, keys.min);
            if (rest_fraction < 0.0) rest_fraction = 0.0;
        }
        free_attstatsslot(&slot);
    }
    if (rest_fraction < 0.0 && !have_common) return false;
    const double rest = 1.0 - stats->stanullfrac - common_total;
    *selectivity = common_selected + (rest_fraction < 0.0 ? 0.0 : rest_fraction * (rest > 0.0 ? rest : 0.0));
    return true;
}

// For a constant range (or one estimate_expression_value() makes constant, such as
// tstzrange(now() - interval '1 day', now()), also as an initplan's value): the fraction of keys between the range's key
// bounds, read from the key column's statistics, interpolating within a histogram bin on
// the keys' first 64 bits; without statistics, clauselist_selectivity() of `key >= L AND
// key <= U` (with uuid's standard operators, where time_catalog() finds them). Otherwise
// DEFAULT_RANGE_INEQ_SEL, PostgreSQL's guess for a range of a column.
double time_in_range_selectivity(PlannerInfo* root, List* args, int var_relid) {
    VariableStatData vardata;
    Node* other = nullptr;
    bool var_on_left = false;
    if (!get_restriction_variable(root, args, var_relid, &vardata, &other, &var_on_left)) return DEFAULT_RANGE_INEQ_SEL;
    auto* key = static_cast<Expr*>(var_on_left ? linitial(args) : lsecond(args));
    double selectivity = DEFAULT_RANGE_INEQ_SEL;
    if (IsA(other, Param)) {
        Node* computed = initplan_expression(root, castNode(Param, other));
        if (computed != nullptr) other = estimate_expression_value(root, computed);
    }
    if (exprType(as_node(key)) == UUIDOID && IsA(other, Const)) {
        const auto* value = castNode(Const, other);
        if (value->constisnull) {
            selectivity = 0.0;
        } else {
            const KeyRange keys = key_range_of_range(DatumGetRangeTypeP(value->constvalue));
            if (uuidx::selects_no_key(keys)) {
                selectivity = 0.0;  // empty
            } else if (!statistics_selectivity(&vardata, keys, &selectivity)) {
                const uuidx::pg::TimeCatalog* catalog = uuidx::pg::time_catalog();
                if (catalog != nullptr) {
                    List* clauses = key_bound_conditions(catalog->uuid, key, as_expr(uuid_const(keys.min)),
                                                         as_expr(uuid_const(keys.max)));
                    selectivity = clauselist_selectivity(root, clauses, var_relid, JOIN_INNER, nullptr);
                }
            }
        }
    }
    ReleaseVariableStats(vardata);
    CLAMP_PROBABILITY(selectivity);
    return selectivity;
}

}  // namespace

extern "C" {

PG_FUNCTION_INFO_V1(uuidx_time_in_range_support);
Datum uuidx_time_in_range_support(PG_FUNCTION_ARGS) {
    Node* request = as_node(PG_GETARG_POINTER(0));
    if (!IsA(request, SupportRequestIndexCondition))
        PG_RETURN_POINTER(static_cast<Node*>(nullptr));  // 19: a typed pointer
    PG_RETURN_POINTER(window_index_conditions(castNode(SupportRequestIndexCondition, request)));
}

PG_FUNCTION_INFO_V1(uuidx_time_in_range_sel);
Datum uuidx_time_in_range_sel(PG_FUNCTION_ARGS) {
    auto* root = reinterpret_cast<PlannerInfo*>(PG_GETARG_POINTER(0));
    auto* args = reinterpret_cast<List*>(PG_GETARG_POINTER(2));
    PG_RETURN_FLOAT8(time_in_range_selectivity(root, args, PG_GETARG_INT32(3)));
}

}  // extern "C"
