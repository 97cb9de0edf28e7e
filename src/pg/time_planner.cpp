// The planner hook that lets the key's index answer natural time predicates:
//
//   WHERE uuid_v7_to_timestamptz(id) >= now() - interval '1 day'
//
// gets, beside it (never instead of it), `id >= uuid_time_min_key(now() - interval '1 day',
// true)`: a plain range condition on the key, which an index on the key, partition pruning
// and BRIN can use. The added conditions follow from the original one (core/time_bounds.hpp:
// never fewer keys), so every row the query returned it still returns, and the original
// condition still decides.
//
// Where: in the query of each planner level as PostgreSQL has flattened it (views, subqueries
// and CTEs pulled up, PostgreSQL 18's virtual generated columns expanded, SQL functions
// inlined, constants folded and, in custom plans, parameters replaced by their values), at
// the one moment when that is done and the quals are not yet distributed to the tables: when
// the planner builds the level's first table (get_relation_info_hook). So a time that reaches
// the query through a view column, an inlined subquery or CTE or a virtual column is seen as
// the function call it is; a subquery PostgreSQL keeps (LIMIT inside, set operations...) is a
// planner level of its own, with the quals PostgreSQL pushes down into it.
//
// What is rewritten: each top-level AND conjunct of a WHERE or JOIN ... ON of that level of
// the form `f(col) op c` or `c op f(col)` where
//  - f is uuidx's uuid_v7_to_timestamptz (timestamptz) or uuid_v7_to_timestamp (timestamp,
//    UTC), which read the first 48 bits whatever the version; or uuid_extract_timestamp
//    (uuidx's, or on PostgreSQL 18+ pg_catalog's) when col's table has a validated CHECK
//    (uuid_extract_version(col) = 7): that one reads v1 and v6 times too, and those keys do
//    not sort by time;
//  - col is a uuid column of that level (a plain Var);
//  - op is <, <=, =, >=, > of the function's result type (BETWEEN is two of them);
//  - c has no Vars, no volatile functions, no subplans, aggregates, window functions or
//    set-returning functions: a Const, a Param, now() - interval '1 day'...
// A Const c gives constant key bounds, computed here (plan-time partition pruning, and
// EXPLAIN shows the keys); any other c gives calls of the IMMUTABLE uuid_time_min_key() /
// uuid_time_max_key(), evaluated when the scan starts (run-time pruning, index conditions).
//
// TimescaleDB: its planner reads every constant that a hypertable's uuid partitioning
// column is compared with (Var op Const, after constant folding) as a v7 time, to choose
// chunks, and raises an ERROR for a key that is not a v7 ("... is not a version 7 UUID").
// The bounds above are prefix keys ms << 80 (version 0), so in a database with TimescaleDB
// every natural predicate on a hypertable would fail. There, for any key that is not a
// column of a partitioned table (hypertables are plain tables; a view or subquery may read
// one), the bounds take forms TimescaleDB accepts, which still hold every key of the
// predicate, whatever its version:
//  - a Const c gives valid v7 keys, strict and one millisecond wider on each side
//    (core/time_bounds.hpp v7_key_below_lower, v7_key_above_upper): chunks are excluded at
//    plan time, exactly except that a window starting on a chunk's first millisecond keeps
//    the chunk before it (TimescaleDB reads the lower key as the millisecond before);
//  - any other c gives the prefix-key calls wrapped in the STABLE uuid_time_key_at_start(),
//    so that TimescaleDB, which folds stable expressions to exclude chunks, never sees a
//    prefix key as a constant: it excludes chunks when the executor starts, against the
//    chunks' own CHECK constraints, exactly.
// Which tables are hypertables is not looked up: the valid v7 bounds admit the same v7
// keys as the prefix keys, so on a plain table the index scans the same entries, and only
// partitioned tables, whose partitions pg_partman or uuid_time_encoder() bound by prefix
// keys, need the exact prefix keys to prune to one partition.
//
// Cost for the queries it does not touch: with uuidx.time_predicates off, a load and a branch
// per table; otherwise, once per planner level, a look at the level's other relations, and
// where uuidx is created in the database one walk of the join tree's quals looking for a
// call of the time functions, which allocates nothing.
#include "guard.hpp"
#include "time_catalog.hpp"
#include "time_planner.hpp"
#include "time_predicates.hpp"

namespace uuidx::pg {

namespace {

bool time_predicates_enabled = true;
get_relation_info_hook_type previous_relation_info_hook = nullptr;

enum class Comparison : uint8 { less, less_equal, equal, greater_equal, greater };

Comparison commuted(Comparison c) {
    switch (c) {
        case Comparison::less: return Comparison::greater;
        case Comparison::less_equal: return Comparison::greater_equal;
        case Comparison::greater_equal: return Comparison::less_equal;
        case Comparison::greater: return Comparison::less;
        case Comparison::equal: break;
    }
    return Comparison::equal;
}

// The comparison an operator function makes between two values of `type`.
bool comparison_of(Oid function, Oid* type, Comparison* c) {
    switch (function) {
        case F_TIMESTAMPTZ_LT: *type = TIMESTAMPTZOID; *c = Comparison::less; return true;
        case F_TIMESTAMPTZ_LE: *type = TIMESTAMPTZOID; *c = Comparison::less_equal; return true;
        case F_TIMESTAMPTZ_EQ: *type = TIMESTAMPTZOID; *c = Comparison::equal; return true;
        case F_TIMESTAMPTZ_GE: *type = TIMESTAMPTZOID; *c = Comparison::greater_equal; return true;
        case F_TIMESTAMPTZ_GT: *type = TIMESTAMPTZOID; *c = Comparison::greater; return true;
        case F_TIMESTAMP_LT: *type = TIMESTAMPOID; *c = Comparison::less; return true;
        case F_TIMESTAMP_LE: *type = TIMESTAMPOID; *c = Comparison::less_equal; return true;
        case F_TIMESTAMP_EQ: *type = TIMESTAMPOID; *c = Comparison::equal; return true;
        case F_TIMESTAMP_GE: *type = TIMESTAMPOID; *c = Comparison::greater_equal; return true;
        case F_TIMESTAMP_GT: *type = TIMESTAMPOID; *c = Comparison::greater; return true;
        default: return false;
    }
}

// The function behind an operator clause (opfuncid is not always filled in yet).
Oid operator_function(const OpExpr* op) { return OidIsValid(op->opfuncid) ? op->opfuncid : get_opcode(op->opno); }

// ---- pass 1: is there a call of a time function in the quals? (allocates nothing) --------

bool finds_time_call(Node* node, void* context) {
    if (node == nullptr) return false;
    if (IsA(node, FuncExpr)) {
        Oid type = InvalidOid;
        if (time_function(*static_cast<const TimeCatalog*>(context), castNode(FuncExpr, node)->funcid, &type) !=
            TimeFunction::none)
            return true;
    }
    return expression_tree_walker(node, UUIDX_WALKER(finds_time_call), context);
}

// Whether the quals of the join tree (FromExpr and JoinExpr nodes) call a time function.
bool jointree_has_time_call(const TimeCatalog& catalog, Node* node) {
    if (node == nullptr) return false;
    if (IsA(node, FromExpr)) {
        const auto* from = castNode(FromExpr, node);
        ListCell* cell;
        foreach (cell, from->fromlist)
            if (jointree_has_time_call(catalog, static_cast<Node*>(lfirst(cell)))) return true;
        return finds_time_call(from->quals, const_cast<TimeCatalog*>(&catalog));
    }
    if (IsA(node, JoinExpr)) {
        const auto* join = castNode(JoinExpr, node);
        return jointree_has_time_call(catalog, join->larg) || jointree_has_time_call(catalog, join->rarg) ||
               finds_time_call(join->quals, const_cast<TimeCatalog*>(&catalog));
    }
    return false;
}

// ---- the comparand ------------------------------------------------------------------------

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
        case T_PlaceHolderVar:
            return true;
        case T_FuncExpr:
            if (reinterpret_cast<FuncExpr*>(node)->funcretset) return true;
            break;
        case T_OpExpr:
            if (reinterpret_cast<OpExpr*>(node)->opretset) return true;
            break;
        case T_Param:
            if (castNode(Param, node)->paramkind != PARAM_EXTERN && castNode(Param, node)->paramkind != PARAM_EXEC)
                return true;
            break;
        default:
            break;
    }
    return expression_tree_walker(node, UUIDX_WALKER(has_row_dependent_part), context);
}

bool is_usable_comparand(Node* node) {
    return !has_row_dependent_part(node, nullptr) && !contain_volatile_functions(node);
}

// ---- pass 2: adding the key conditions ----------------------------------------------------

struct Rewrite {
    const TimeCatalog* catalog;
};

// The uuid Var of this query level that `node` reads the time of, or null.
const Var* time_key_of(const Rewrite& r, Query* query, Node* node, Oid comparison_type) {
    if (!IsA(node, FuncExpr)) return nullptr;
    const auto* call = reinterpret_cast<FuncExpr*>(node);
    Oid result_type = InvalidOid;
    const TimeFunction kind = time_function(*r.catalog, call->funcid, &result_type);
    if (kind == TimeFunction::none || result_type != comparison_type || list_length(call->args) != 1) return nullptr;
    const auto* arg = static_cast<Node*>(linitial(call->args));
    if (!IsA(arg, Var)) return nullptr;
    const auto* var = reinterpret_cast<const Var*>(arg);
    if (var->varlevelsup != 0 || var->vartype != UUIDOID || var->varattno <= 0) return nullptr;
    if (kind == TimeFunction::needs_v7_check &&
        (var->varno < 1 || var->varno > list_length(query->rtable) ||
         !column_is_v7(*r.catalog, rt_fetch(var->varno, query->rtable), var->varattno)))
        return nullptr;
    return var;
}

// Whether the key is a column of a partitioned table (not a hypertable, a view or a subquery).
bool is_partitioned_table_column(Query* query, const Var* var) {
    if (var->varno < 1 || var->varno > list_length(query->rtable)) return false;
    const RangeTblEntry* rte = rt_fetch(var->varno, query->rtable);
    return rte->rtekind == RTE_RELATION && rte->relkind == RELKIND_PARTITIONED_TABLE;
}

// The constant key bound implied by t >(=) bound, or null where it would exclude no key:
// the prefix key (id >= key), or for TimescaleDB the valid v7 a millisecond below (id > key).
Expr* constant_lower_key(const uuidx::TimeBound& bound, bool valid_v7) {
    if (valid_v7) {
        const uuidx::V7KeyBound v7 = UUIDX_NOTHROW(uuidx::v7_key_below_lower(bound));
        return v7.bounded ? reinterpret_cast<Expr*>(uuid_const(v7.key)) : nullptr;
    }
    const Uuid key = UUIDX_NOTHROW(uuidx::min_key_of_lower(bound));
    return is_nil(key) ? nullptr : reinterpret_cast<Expr*>(uuid_const(key));
}

// The same for t <(=) bound: id <= key, or id < key for TimescaleDB's valid v7.
Expr* constant_upper_key(const uuidx::TimeBound& bound, bool valid_v7) {
    if (valid_v7) {
        const uuidx::V7KeyBound v7 = UUIDX_NOTHROW(uuidx::v7_key_above_upper(bound));
        return v7.bounded ? reinterpret_cast<Expr*>(uuid_const(v7.key)) : nullptr;
    }
    const Uuid key = UUIDX_NOTHROW(uuidx::max_key_of_upper(bound));
    return is_max(key) ? nullptr : reinterpret_cast<Expr*>(uuid_const(key));
}

// `function(comparand, inclusive)`, uuid_time_min_key() or uuid_time_max_key(), evaluated
// when the scan starts; for TimescaleDB inside uuid_time_key_at_start(), never folded.
Expr* key_bound_call(const Rewrite& r, Oid function, Node* comparand, bool inclusive, bool for_timescaledb) {
    FuncExpr* call = makeFuncExpr(function, UUIDOID, list_of(copy_node(comparand), makeBoolConst(inclusive, false)),
                                  InvalidOid, InvalidOid, COERCE_EXPLICIT_CALL);
    if (for_timescaledb)
        call = makeFuncExpr(r.catalog->key_at_start, UUIDOID, list_of(call), InvalidOid, InvalidOid,
                            COERCE_EXPLICIT_CALL);
    return reinterpret_cast<Expr*>(call);
}

// Appends to *derived the key conditions implied by `conjunct`, if it is a time predicate.
void derive_from_conjunct(const Rewrite& r, Query* query, Node* conjunct, List** derived) {
    if (!IsA(conjunct, OpExpr)) return;
    auto* op = reinterpret_cast<OpExpr*>(conjunct);
    if (list_length(op->args) != 2) return;
    Oid type = InvalidOid;
    Comparison comparison = Comparison::equal;
    if (!comparison_of(operator_function(op), &type, &comparison)) return;

    auto* left = static_cast<Node*>(linitial(op->args));
    auto* right = static_cast<Node*>(lsecond(op->args));
    Node* comparand = right;
    const Var* key = time_key_of(r, query, left, type);
    if (key == nullptr) {
        key = time_key_of(r, query, right, type);
        comparand = left;
        comparison = commuted(comparison);
    }
    if (key == nullptr || !is_usable_comparand(comparand)) return;

    // time > c, time >= c bound the key below; time < c, time <= c above; time = c both.
    const bool has_lower = comparison != Comparison::less && comparison != Comparison::less_equal;
    const bool has_upper = comparison != Comparison::greater && comparison != Comparison::greater_equal;
    const bool lower_inclusive = comparison != Comparison::greater;
    const bool upper_inclusive = comparison != Comparison::less;

    // Bounds TimescaleDB accepts (see the top of this file).
    const bool for_timescaledb = r.catalog->timescaledb && !is_partitioned_table_column(query, key);
    Expr* min = nullptr;
    Expr* max = nullptr;
    if (IsA(comparand, Const)) {
        const auto* c = reinterpret_cast<Const*>(comparand);
        if (c->constisnull) return;  // the conjunct is NULL on every row
        // timestamp and timestamptz share one representation (a timestamp is read as UTC).
        const TimestampTz ts = DatumGetTimestampTz(c->constvalue);
        if (has_lower) min = constant_lower_key(time_bound_of(ts, lower_inclusive), for_timescaledb);
        if (has_upper) max = constant_upper_key(time_bound_of(ts, upper_inclusive), for_timescaledb);
    } else {
        const bool tz = type == TIMESTAMPTZOID;
        if (has_lower)
            min = key_bound_call(r, tz ? r.catalog->time_min_key_tz : r.catalog->time_min_key_ts, comparand,
                                 lower_inclusive, for_timescaledb);
        if (has_upper)
            max = key_bound_call(r, tz ? r.catalog->time_max_key_tz : r.catalog->time_max_key_ts, comparand,
                                 upper_inclusive, for_timescaledb);
    }
    // Valid v7 constants bound strictly (id > v7_max(m - 1)); prefix keys inclusively.
    const bool strict = for_timescaledb && IsA(comparand, Const);
    *derived = list_concat(*derived, key_bound_conditions(reinterpret_cast<const Expr*>(key), min, max, strict));
}

// Every top-level AND conjunct of `quals` (nested ANDs too: BETWEEN is one).
void derive_from_quals(const Rewrite& r, Query* query, Node* quals, List** derived) {
    if (quals == nullptr) return;
    if (IsA(quals, List) || is_andclause(quals)) {
        List* conjuncts = IsA(quals, List) ? reinterpret_cast<List*>(quals) : reinterpret_cast<BoolExpr*>(quals)->args;
        ListCell* cell;
        foreach (cell, conjuncts)
            derive_from_quals(r, query, static_cast<Node*>(lfirst(cell)), derived);
        return;
    }
    derive_from_conjunct(r, query, quals, derived);
}

// `quals AND derived...`, or `quals` unchanged.
Node* with_derived(const Rewrite& r, Query* query, Node* quals) {
    List* derived = NIL;
    derive_from_quals(r, query, quals, &derived);
    if (derived == NIL) return quals;
    if (IsA(quals, List)) return reinterpret_cast<Node*>(list_concat(reinterpret_cast<List*>(quals), derived));
    return reinterpret_cast<Node*>(make_andclause(lcons(quals, derived)));
}

void rewrite_jointree(const Rewrite& r, Query* query, Node* node) {
    if (node == nullptr) return;
    if (IsA(node, FromExpr)) {
        auto* from = reinterpret_cast<FromExpr*>(node);
        ListCell* cell;
        foreach (cell, from->fromlist)
            rewrite_jointree(r, query, static_cast<Node*>(lfirst(cell)));
        from->quals = with_derived(r, query, from->quals);
    } else if (IsA(node, JoinExpr)) {
        auto* join = reinterpret_cast<JoinExpr*>(node);
        rewrite_jointree(r, query, join->larg);
        rewrite_jointree(r, query, join->rarg);
        join->quals = with_derived(r, query, join->quals);
    }
}

// Whether `rel` is the first table of its query level to reach the planner: the one moment
// after the query is flattened, and before its quals are distributed to the tables, at which
// the hook sees the quals of that level. Tables are built in join-tree order before any
// partition or inheritance child, and a level's other relations (subqueries, functions...)
// are not tables.
bool is_first_table_of_level(const PlannerInfo* root, const RelOptInfo* rel) {
    if (rel->reloptkind != RELOPT_BASEREL) return false;
    for (int i = 1; i < root->simple_rel_array_size; ++i) {
        const RelOptInfo* other = root->simple_rel_array[i];
        if (other != nullptr && other != rel && other->rtekind == RTE_RELATION) return false;
    }
    return true;
}

void time_predicates_relation_info(PlannerInfo* root, Oid relation, bool inherits, RelOptInfo* rel) {
    if (time_predicates_enabled && is_first_table_of_level(root, rel)) {
        const TimeCatalog* catalog = time_catalog();
        Query* query = root->parse;
        if (catalog != nullptr && jointree_has_time_call(*catalog, reinterpret_cast<Node*>(query->jointree))) {
            Rewrite r{catalog};
            rewrite_jointree(r, query, reinterpret_cast<Node*>(query->jointree));
        }
    }
    if (previous_relation_info_hook != nullptr) previous_relation_info_hook(root, relation, inherits, rel);
}

}  // namespace

bool time_predicates_on() { return time_predicates_enabled; }

void define_time_predicates() {
    DefineCustomBoolVariable(
        "uuidx.time_predicates",
        "Lets indexes on a uuid key answer comparisons of the key's time, such as uuid_v7_to_timestamptz(id) > c.",
        "With this on, the planner adds the key range the comparison implies (id >= ... AND id <= ...) beside it, "
        "so that a btree or BRIN index on the key and partition pruning can use it. The comparison itself is "
        "kept, so results do not change.",
        &time_predicates_enabled, true, PGC_USERSET, 0, nullptr, nullptr, nullptr);
}

void install_time_predicates_planner() {
    previous_relation_info_hook = get_relation_info_hook;
    get_relation_info_hook = time_predicates_relation_info;
}

}  // namespace uuidx::pg
