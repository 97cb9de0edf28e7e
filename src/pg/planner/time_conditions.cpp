// The time conditions: comparisons of a key's time rewritten into conditions the key's index
// and partition pruning can use. Rows 1 to 5 of docs/planner.md, which says when it runs
// (the relation hook, once per planner level: hooks.cpp) and why each result is equal.
//
// What is read: each top-level AND conjunct of a WHERE or JOIN ... ON of the level of the form
// `f(col) op c` or `c op f(col)` where
//  - f is uuidx's uuid_v7_to_timestamptz (timestamptz) or uuid_v7_to_timestamp (timestamp,
//    UTC), which read the first 48 bits whatever the version; or uuid_extract_timestamp
//    (uuidx's, or on PostgreSQL 18+ pg_catalog's) where col's table promises v7 keys
//    (v7_promise(), time_catalog.hpp): that one reads v1 and v6 times too, and those keys do
//    not sort by time;
//  - col is a uuid column of that level (a plain Var);
//  - op is <, <=, =, >=, > of the function's result type (BETWEEN is two of them);
//  - c is_usable_comparand() (plan_nodes.hpp): a Const, a Param, now() - interval '1 day'...
// and a row comparison whose first column is such a time (a keyset page), and on a
// partitioned table `col <@ range` and `range @> col`.
//
// A key's comparisons (one lower and one upper bound) make one window. A Const c gives a
// constant window or constant key bounds, computed here (plan-time partition pruning, and
// EXPLAIN shows the keys); any other c gives calls of IMMUTABLE functions, evaluated when
// the scan starts (run-time pruning, index conditions).
//
// TimescaleDB: its planner reads every constant that a hypertable's uuid partitioning
// column is compared with (Var op Const, after constant folding) as a v7 time, to choose
// chunks, and raises an ERROR for a key that is not a v7 ("... is not a version 7 UUID").
// Prefix keys ms << 80 are version 0, so in a database with TimescaleDB, for any key that is
// not a column of a partitioned table (hypertables are plain tables; a view or subquery may
// read one), the comparison stays and the key bounds beside it take forms TimescaleDB
// accepts, which still hold every key of the predicate, whatever its version:
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
// Cost for the queries it does not touch: one walk of the level's join-tree quals looking
// for a call of the time functions, which allocates nothing.
#include "../time_bounds.hpp"
#include "planning.hpp"
#include "plan_nodes.hpp"
#include "time_catalog.hpp"

namespace uuidx::pg {

namespace {

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
    // clang-format off: one operator a line reads as the table it is
    switch (function) {
        case F_TIMESTAMPTZ_LT:
            *type = TIMESTAMPTZOID;
            *c = Comparison::less;
            return true;
        case F_TIMESTAMPTZ_LE:
            *type = TIMESTAMPTZOID;
            *c = Comparison::less_equal;
            return true;
        case F_TIMESTAMPTZ_EQ:
            *type = TIMESTAMPTZOID;
            *c = Comparison::equal;
            return true;
        case F_TIMESTAMPTZ_GE:
            *type = TIMESTAMPTZOID;
            *c = Comparison::greater_equal;
            return true;
        case F_TIMESTAMPTZ_GT:
            *type = TIMESTAMPTZOID;
            *c = Comparison::greater;
            return true;
        case F_TIMESTAMP_LT:
            *type = TIMESTAMPOID;
            *c = Comparison::less;
            return true;
        case F_TIMESTAMP_LE:
            *type = TIMESTAMPOID;
            *c = Comparison::less_equal;
            return true;
        case F_TIMESTAMP_EQ:
            *type = TIMESTAMPOID;
            *c = Comparison::equal;
            return true;
        case F_TIMESTAMP_GE:
            *type = TIMESTAMPOID;
            *c = Comparison::greater_equal;
            return true;
        case F_TIMESTAMP_GT:
            *type = TIMESTAMPOID;
            *c = Comparison::greater;
            return true;
        default: return false;
    }
    // clang-format on
}

// ---- rewriting the comparisons ------------------------------------------------------------

struct Rewrite {
    Planning* planning;
    const TimeCatalog* catalog;
    PlannerInfo* root;
    Query* query;
};

// One conjunct `f(key) op comparand` (the time on the left, after commuting).
struct TimeComparison {
    Node* conjunct;
    const Var* key;
    // uuid_extract_timestamp() of a column whose keys may have no version (V7Promise::v7_or_none):
    // its window needs uuid_extract_version(key) IS NOT NULL beside it.
    bool needs_version;
    Oid type;  // of the time: timestamptz, or timestamp (read as UTC)
    Comparison comparison;
    Node* comparand;
    bool has_lower() const { return comparison != Comparison::less && comparison != Comparison::less_equal; }
    bool has_upper() const { return comparison != Comparison::greater && comparison != Comparison::greater_equal; }
    bool lower_inclusive() const { return comparison != Comparison::greater; }
    bool upper_inclusive() const { return comparison != Comparison::less; }
};

// The range table entry of the level's column `var`, or null where its varno is none of them.
const RangeTblEntry* rte_of(const Rewrite& r, const Var* var) {
    if (var->varno < 1 || var->varno > list_length(r.query->rtable)) return nullptr;
    return rt_fetch(var->varno, r.query->rtable);
}

// The uuid Var of this level that `node` reads the time of, or null; and whether its window
// needs the version test beside it (see TimeComparison).
const Var* time_key_of(const Rewrite& r, Node* node, Oid comparison_type, bool* needs_version) {
    KeyTime time;
    if (!read_key_time(*r.catalog, node, &time) || time.type != comparison_type || time.key->varattno <= 0)
        return nullptr;
    *needs_version = false;
    if (time.kind == TimeFunction::needs_v7_check) {
        const RangeTblEntry* rte = rte_of(r, time.key);
        const V7Promise promise = rte != nullptr ? v7_promise(*r.catalog, rte, time.key->varattno) : V7Promise::none;
        if (promise == V7Promise::none) return nullptr;
        *needs_version = promise == V7Promise::v7_or_none;
    }
    return time.key;
}

// Completes `t` (its type and comparison set, `left` compared with `right`) with the key whose
// time one side reads and the comparand on the other, the comparison commuted where the time
// is on the right; false where neither side is a key's time or the comparand is not usable.
bool read_sides(const Rewrite& r, Node* left, Node* right, TimeComparison t, TimeComparison* out) {
    t.comparand = right;
    t.key = time_key_of(r, left, t.type, &t.needs_version);
    if (t.key == nullptr) {
        t.key = time_key_of(r, right, t.type, &t.needs_version);
        t.comparand = left;
        t.comparison = commuted(t.comparison);
    }
    if (t.key == nullptr || !is_usable_comparand(t.comparand)) return false;
    *out = t;
    return true;
}

// Reads `conjunct` as a time comparison, if it is one.
bool read_time_comparison(const Rewrite& r, Node* conjunct, TimeComparison* out) {
    if (!IsA(conjunct, OpExpr)) return false;
    auto* op = castNode(OpExpr, conjunct);
    if (list_length(op->args) != 2) return false;
    TimeComparison t{conjunct, nullptr, false, InvalidOid, Comparison::equal, nullptr};
    if (!comparison_of(operator_function(op), &t.type, &t.comparison)) return false;
    return read_sides(r, static_cast<Node*>(linitial(op->args)), static_cast<Node*>(lsecond(op->args)), t, out);
}

// Reads a row comparison whose first column is a key's time, `(f(key), ...) < (c, ...)` (a
// keyset page), as the comparison of that column it implies: `f(key) <= c` for < and <=,
// `f(key) >= c` for > and >=. A row comparison is true only where its first column compares
// so (its later columns decide where the first ones are equal; a NULL in the first makes it
// NULL), so the implied comparison selects every row it selects: the row comparison stays,
// and decides.
bool read_row_comparison_time(const Rewrite& r, Node* conjunct, TimeComparison* out) {
    if (!IsA(conjunct, RowCompareExpr)) return false;
    const auto* row = castNode(RowCompareExpr, conjunct);
    if (list_length(row->opnos) < 1) return false;
    TimeComparison t{conjunct, nullptr, false, InvalidOid, Comparison::equal, nullptr};
    Comparison first_column;
    if (!comparison_of(get_opcode(linitial_oid(row->opnos)), &t.type, &first_column)) return false;
    switch (UUIDX_ROW_COMPARISON(row)) {
        case UUIDX_ROW_LT:
        case UUIDX_ROW_LE: t.comparison = Comparison::less_equal; break;
        case UUIDX_ROW_GT:
        case UUIDX_ROW_GE: t.comparison = Comparison::greater_equal; break;
        default: return false;
    }
    return read_sides(r, static_cast<Node*>(linitial(row->largs)), static_cast<Node*>(linitial(row->rargs)), t, out);
}

// Whether the key is a column of a partitioned table (not a hypertable, a view or a subquery).
bool is_partitioned_table_column(const Rewrite& r, const Var* var) {
    const RangeTblEntry* rte = rte_of(r, var);
    return rte != nullptr && rte->rtekind == RTE_RELATION && rte->relkind == RELKIND_PARTITIONED_TABLE;
}

// Whether the key is a column of a partitioned table whose pruning can read a key range:
// not one partitioned by hash, whose pruning reads equalities alone (a key range there is
// only more planning, for each partition: docs/many-cores.md). A hash partition's own
// partitions are not looked at: the recipes partition by range first.
bool is_range_pruned_table_column(const Rewrite& r, const Var* var) {
    if (!is_partitioned_table_column(r, var)) return false;
    HeapTuple tuple = SearchSysCache1(PARTRELID, ObjectIdGetDatum(rte_of(r, var)->relid));
    if (!HeapTupleIsValid(tuple)) return true;
    const bool by_hash =
        reinterpret_cast<Form_pg_partitioned_table>(GETSTRUCT(tuple))->partstrat == PARTITION_STRATEGY_HASH;
    ReleaseSysCache(tuple);
    return !by_hash;
}

// The constant key bound implied by t >(=) bound, or null where it would exclude no key:
// the prefix key (id >= key), or for TimescaleDB the valid v7 a millisecond below (id > key).
Expr* constant_lower_key(const uuidx::TimeBound& bound, bool valid_v7) {
    if (valid_v7) {
        const uuidx::V7KeyBound v7 = uuidx::v7_key_below_lower(bound);
        return v7.bounded ? as_expr(uuid_const(v7.key)) : nullptr;
    }
    const Uuid key = uuidx::min_key_of_lower(bound);
    return is_nil(key) ? nullptr : as_expr(uuid_const(key));
}

// The same for t <(=) bound: id <= key, or id < key for TimescaleDB's valid v7.
Expr* constant_upper_key(const uuidx::TimeBound& bound, bool valid_v7) {
    if (valid_v7) {
        const uuidx::V7KeyBound v7 = uuidx::v7_key_above_upper(bound);
        return v7.bounded ? as_expr(uuid_const(v7.key)) : nullptr;
    }
    const Uuid key = uuidx::max_key_of_upper(bound);
    return is_max(key) ? nullptr : as_expr(uuid_const(key));
}

// `function(comparand, inclusive)`, uuid_time_min_key() or uuid_time_max_key(), evaluated
// when the scan starts; for TimescaleDB inside uuid_time_key_at_start(), never folded.
Expr* key_bound_call(const Rewrite& r, Oid function, Node* comparand, bool inclusive, bool for_timescaledb) {
    FuncExpr* call = makeFuncExpr(function, UUIDOID, list_of(copy_node(comparand), makeBoolConst(inclusive, false)),
                                  InvalidOid, InvalidOid, COERCE_EXPLICIT_CALL);
    if (for_timescaledb)
        call =
            makeFuncExpr(r.catalog->key_at_start, UUIDOID, list_of(call), InvalidOid, InvalidOid, COERCE_EXPLICIT_CALL);
    return as_expr(call);
}

// The key conditions a comparison implies, to stand beside it: constant keys for a constant
// comparand, bound calls evaluated when the scan starts otherwise; in TimescaleDB's forms
// where `for_timescaledb` (see "TimescaleDB" at the top of this file).
List* key_bounds_beside(const Rewrite& r, const TimeComparison& t, bool for_timescaledb) {
    Expr* min = nullptr;
    Expr* max = nullptr;
    if (IsA(t.comparand, Const)) {
        const auto* c = castNode(Const, t.comparand);
        if (c->constisnull) return NIL;  // the conjunct is NULL on every row
        // timestamp and timestamptz share one representation (a timestamp is read as UTC).
        const TimestampTz ts = DatumGetTimestampTz(c->constvalue);
        if (t.has_lower()) min = constant_lower_key(time_bound_of(ts, t.lower_inclusive()), for_timescaledb);
        if (t.has_upper()) max = constant_upper_key(time_bound_of(ts, t.upper_inclusive()), for_timescaledb);
    } else {
        const bool tz = t.type == TIMESTAMPTZOID;
        if (t.has_lower())
            min = key_bound_call(r, tz ? r.catalog->time_min_key_tz : r.catalog->time_min_key_ts, t.comparand,
                                 t.lower_inclusive(), for_timescaledb);
        if (t.has_upper())
            max = key_bound_call(r, tz ? r.catalog->time_max_key_tz : r.catalog->time_max_key_ts, t.comparand,
                                 t.upper_inclusive(), for_timescaledb);
    }
    // Valid v7 constants bound strictly (id > v7_max(m - 1)); prefix keys inclusively.
    const bool strict = for_timescaledb && IsA(t.comparand, Const);
    return key_bound_conditions(r.catalog->uuid, as_expr(t.key), min, max, strict);
}

// ---- the exact replacement: key <@ tstzrange(lower, upper) --------------------------------

// A text argument of a function that reads it as bytes (a range's bounds, a time zone's
// name): of no collation, like the calls taking it, so that postgres_fdw, which ships only
// the collations it can trace to a foreign column, ships the call to a foreign table's server.
Node* text_const(const char* text) {
    return as_node(makeConst(TEXTOID, -1, InvalidOid, -1, CStringGetTextDatum(text), false, false));
}

// A comparand as a timestamptz: a timestamp is read as UTC, as uuid_v7_to_timestamp() gives it.
Node* as_timestamptz(Node* comparand, Oid type) {
    if (type == TIMESTAMPTZOID) return copy_node(comparand);
    if (IsA(comparand, Const)) {
        auto* c = copy_node(castNode(Const, comparand));
        c->consttype = TIMESTAMPTZOID;  // the same microseconds, now meaning UTC
        return as_node(c);
    }
    return as_node(makeFuncExpr(F_TIMEZONE_TEXT_TIMESTAMP, TIMESTAMPTZOID,
                                list_of(text_const("UTC"), copy_node(comparand)), InvalidOid, InvalidOid,
                                COERCE_EXPLICIT_CALL));
}

Node* timestamptz_const(const char* text) {
    const Datum value =
        DirectFunctionCall3(timestamptz_in, CStringGetDatum(text), ObjectIdGetDatum(InvalidOid), Int32GetDatum(-1));
    return as_node(makeConst(TIMESTAMPTZOID, -1, InvalidOid, sizeof(TimestampTz), value, false, FLOAT8PASSBYVAL));
}

// The time window of a key: at most one lower and one upper comparison (`=` is both).
struct Window {
    const TimeComparison* lower = nullptr;
    const TimeComparison* upper = nullptr;
};

// Whether a window that is not a constant is computed by an initplan: once per execution, or
// where it reads an outer row's value (a correlated or LATERAL subquery), once per outer row,
// rather than once per row of a filter. Not
//  - at a level that returns one row at most (LIMIT 1): a filter there reads few rows, and
//    min() and max() are planned so, as a level whose plan PostgreSQL puts under a Limit,
//    below which an initplan of the level may not sit ("plan should not reference subplan's
//    variable");
//  - on a partitioned table, where the window reads an outer row's value: run-time pruning
//    is redone for a new outer row only where the partitions' own conditions read that
//    value, and the pruning range that reads it is kept out of them (planning.hpp, "The pruning range").
bool computed_once(const Rewrite& r, const Var* key, Node* window) {
    if (r.root->limit_tuples == 1.0) return false;
    return !is_partitioned_table_column(r, key) || !reads_executor_param(window);
}

// `key <@ uuid_time_window(lower, upper, bounds)`: the key's time in the window, exactly as
// the comparisons say, NULL included (see uuid_time_window in ../time_predicates.cpp). A side
// without a comparison is the infinity no key's time reaches. For constant comparands the
// window is computed here: a constant range (plan-time index bounds, and EXPLAIN shows the
// keys), or, where the comparisons are NULL or false on every row, the constant false.
Node* window_condition(const Rewrite& r, const Var* key, const Window& w) {
    Node* lower = w.lower ? as_timestamptz(w.lower->comparand, w.lower->type) : timestamptz_const("-infinity");
    Node* upper = w.upper ? as_timestamptz(w.upper->comparand, w.upper->type) : timestamptz_const("infinity");
    char bounds[3] = {w.lower == nullptr || w.lower->lower_inclusive() ? '[' : '(',
                      w.upper == nullptr || w.upper->upper_inclusive() ? ']' : ')', '\0'};
    Node* window =
        as_node(makeFuncExpr(r.catalog->time_window, TSTZRANGEOID, lappend(list_of(lower, upper), text_const(bounds)),
                             InvalidOid, InvalidOid, COERCE_EXPLICIT_CALL));
    if (IsA(lower, Const) && IsA(upper, Const)) {
        window = eval_const_expressions(nullptr, window);
        if (IsA(window, Const) && castNode(Const, window)->constisnull) return makeBoolConst(false, false);
    } else if (computed_once(r, key, window)) {
        // Computed once per execution whatever the plan, not once per row of a filter: an
        // initplan, whose value filters read as a Param (the index conditions read the
        // expression it computes: window_operator.cpp).
        window = SS_process_sublinks(r.root, as_sub_select(window), true);
    }
    auto* in_window = castNode(OpExpr, make_opclause(r.catalog->time_in_range_operator, BOOLOID, false,
                                                     as_expr(copy_node(key)), as_expr(window), InvalidOid, InvalidOid));
    in_window->opfuncid = r.catalog->time_in_range;
    return as_node(in_window);
}

// uuid_extract_version(key) IS NOT NULL: beside the window of uuid_extract_timestamp() under
// the v7 CHECK, what makes it exact. That CHECK lets keys of no version through (a variant
// other than RFC 9562's: nil, max...), whose uuid_extract_timestamp() is NULL but whose
// first 48 bits may lie in the window. PostgreSQL guesses 0.995 for it, which leaves the
// window's estimate as it is.
Node* has_version(const Rewrite& r, const Var* key) {
    auto* test = makeNode(NullTest);
    test->arg = as_expr(makeFuncExpr(r.catalog->extract_version, INT2OID, list_of(copy_node(key)), InvalidOid,
                                     InvalidOid, COERCE_EXPLICIT_CALL));
    test->nulltesttype = IS_NOT_NULL;
    test->location = -1;
    return as_node(test);
}

// How a comparison is rewritten.
enum class Treatment : uint8 {
    // Replaced by key <@ range (and has_version() for uuid_extract_timestamp): exact, so
    // nothing is checked again, and the operator's estimator interpolates the window in the
    // key's histogram, where the comparison's own estimate is a default guess.
    window,
    // The same, and for a table partitioned by key range the key range the comparison equals,
    // marked as partition pruning's alone (planning.hpp, "The pruning range").
    window_and_pruning_range,
    // Kept, with the key bounds it implies beside it: in databases with TimescaleDB, whose
    // chunk exclusion reads comparisons of the key (in its own forms: "TimescaleDB" above).
    bounds_beside,
};

Treatment treatment_of(const Rewrite& r, const TimeComparison& t) {
    if (is_range_pruned_table_column(r, t.key)) return Treatment::window_and_pruning_range;
    if (is_partitioned_table_column(r, t.key)) return Treatment::window;
    if (r.catalog->timescaledb) return Treatment::bounds_beside;
    return Treatment::window;
}

// The key range of a comparison on a partitioned table, marked as partition pruning's alone.
// The prefix keys of a first-48-bits window hold exactly its keys; for uuid_extract_timestamp
// under the v7 CHECK they hold a superset (keys of no version), which the window excludes.
List* pruning_range(const Rewrite& r, const TimeComparison& t) {
    return mark_pruning_only(*r.planning, key_bounds_beside(r, t, false));
}

// For `key <@ range` (or `range @> key`) on a partitioned table's key: the key range the
// operator's index conditions are, marked as partition pruning's (the operator stays, and
// decides). Constants for a constant range, uuid_range_min_key/max_key(range) otherwise; NIL
// where the conjunct is not such an operator or the range excludes no key.
List* window_operator_pruning_range(const Rewrite& r, Node* conjunct) {
    if (!IsA(conjunct, OpExpr) || !is_window_operator(*r.catalog, castNode(OpExpr, conjunct))) return NIL;
    const auto* op = castNode(OpExpr, conjunct);
    if (list_length(op->args) != 2) return NIL;
    const bool key_first = operator_function(op) == r.catalog->time_in_range;
    auto* key = static_cast<Node*>(key_first ? linitial(op->args) : lsecond(op->args));
    auto* range = static_cast<Node*>(key_first ? lsecond(op->args) : linitial(op->args));
    if (!IsA(key, Var) || castNode(Var, key)->varlevelsup != 0 || exprType(key) != UUIDOID ||
        !is_range_pruned_table_column(r, castNode(Var, key)) || !is_usable_comparand(range))
        return NIL;
    Expr* min = nullptr;
    Expr* max = nullptr;
    if (IsA(range, Const)) {
        if (castNode(Const, range)->constisnull) return NIL;
        const KeyRange keys = key_range_of_range(DatumGetRangeTypeP(castNode(Const, range)->constvalue));
        if (!is_nil(keys.min)) min = as_expr(uuid_const(keys.min));
        if (!is_max(keys.max)) max = as_expr(uuid_const(keys.max));
    } else {
        min = as_expr(makeFuncExpr(r.catalog->range_min_key, UUIDOID, list_of(copy_node(range)), InvalidOid, InvalidOid,
                                   COERCE_EXPLICIT_CALL));
        max = as_expr(makeFuncExpr(r.catalog->range_max_key, UUIDOID, list_of(copy_node(range)), InvalidOid, InvalidOid,
                                   COERCE_EXPLICIT_CALL));
    }
    return mark_pruning_only(*r.planning, key_bound_conditions(r.catalog->uuid, as_expr(key), min, max));
}

// Rewrites one list of conjuncts (the quals of a FromExpr or a JoinExpr, an implicit AND).
List* rewrite_conjuncts(const Rewrite& r, List* conjuncts) {
    List* kept = NIL;
    List* added = NIL;
    // Time comparisons to put into windows, in the order they came.
    TimeComparison* pending = static_cast<TimeComparison*>(palloc(sizeof(TimeComparison) * list_length(conjuncts)));
    int n_pending = 0;
    ListCell* cell;
    foreach (cell, conjuncts) {
        auto* conjunct = static_cast<Node*>(lfirst(cell));
        TimeComparison t;
        const bool exact = read_time_comparison(r, conjunct, &t);
        if (!exact && !read_row_comparison_time(r, conjunct, &t)) {
            kept = lappend(kept, conjunct);
            added = list_concat(added, window_operator_pruning_range(r, conjunct));
            continue;
        }
        // A comparison the row comparison implies is added to it, which stays.
        if (!exact) kept = lappend(kept, conjunct);
        switch (treatment_of(r, t)) {
            case Treatment::bounds_beside:
                if (exact) kept = lappend(kept, conjunct);
                added = list_concat(added, key_bounds_beside(r, t, true));
                continue;
            case Treatment::window_and_pruning_range: added = list_concat(added, pruning_range(r, t)); break;
            case Treatment::window: break;
        }
        pending[n_pending++] = t;
    }
    // Windows: each key's first lower comparison with its first upper one (so that the
    // estimator sees the whole window); any other comparison of the key alone.
    bool* used = static_cast<bool*>(palloc0(sizeof(bool) * (n_pending + 1)));
    for (int i = 0; i < n_pending; ++i) {
        if (used[i]) continue;
        used[i] = true;
        Window w;
        if (pending[i].has_lower()) w.lower = &pending[i];
        if (pending[i].has_upper()) w.upper = &pending[i];
        bool needs_version = pending[i].needs_version;
        for (int j = i + 1; j < n_pending && (w.lower == nullptr || w.upper == nullptr); ++j) {
            if (used[j] || !equal(pending[j].key, pending[i].key)) continue;
            const bool fills_lower =
                w.lower == nullptr && pending[j].comparison != Comparison::equal && pending[j].has_lower();
            const bool fills_upper =
                w.upper == nullptr && pending[j].comparison != Comparison::equal && pending[j].has_upper();
            if (!fills_lower && !fills_upper) continue;
            used[j] = true;
            if (fills_lower) w.lower = &pending[j];
            if (fills_upper) w.upper = &pending[j];
            needs_version = needs_version || pending[j].needs_version;
        }
        added = lappend(added, window_condition(r, pending[i].key, w));
        if (needs_version) added = lappend(added, has_version(r, pending[i].key));
    }
    pfree(used);
    pfree(pending);
    return list_concat(kept, added);
}

// The quals of a join tree node, an implicit-AND list after preprocessing (or a lone clause).
Node* rewrite_quals(const Rewrite& r, Node* quals) {
    if (quals == nullptr) return quals;
    List* conjuncts = IsA(quals, List) ? castNode(List, quals) : list_of(quals);
    return as_node(rewrite_conjuncts(r, conjuncts));
}

void rewrite_jointree(const Rewrite& r, Node* jointree) {
    any_jointree_quals(jointree, [&](Node*& quals, const JoinExpr* join) {
        // A FULL JOIN's conditions never reach a scan, and PostgreSQL refuses one whose
        // conditions it can neither merge nor hash, but not a constant: a window folded to
        // false there would turn that error into a result.
        if (join == nullptr || join->jointype != JOIN_FULL) quals = rewrite_quals(r, quals);
        return false;
    });
}

}  // namespace

void rewrite_time_conditions(Planning& planning, PlannerInfo* root) {
    const TimeCatalog* catalog = planning.catalog();
    // First a look, which allocates nothing: does any of the level's quals call a time
    // function or use a window operator?
    if (catalog == nullptr || !any_jointree_quals(as_node(root->parse->jointree), [&](Node*& quals, const JoinExpr*) {
            return contains_time_call(*catalog, quals, true);
        }))
        return;
    const Rewrite r{&planning, catalog, root, root->parse};
    rewrite_jointree(r, as_node(r.query->jointree));
}

}  // namespace uuidx::pg
