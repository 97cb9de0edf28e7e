// Time windows relative to now() that postgres_fdw can ship to the servers of foreign tables.
//
// postgres_fdw sends a foreign server no expression with a STABLE function: the server's
// now() is not this one's. So on shards (a partitioned table whose partitions are foreign
// tables), `uuid_extract_timestamp(id) > now() - interval '1 day'` reached no shard: each
// sent every row it holds, and this server compared them. A constant or a parameter is
// sent, and so is the value of a sub-select computed once when the query starts (an
// initplan), which the foreign scan sends as a parameter of its remote query.
//
// So, before planning a query that reads a foreign table, each comparison of a key's time
// (or `key <@ range`, `range @> key`) with an expression fixed for the statement but not a
// constant (STABLE functions of constants and parameters) gets it as a sub-select: `... >
// (SELECT now() - interval '1 day')`, whose value the time conditions (time_conditions.cpp)
// make a key window. A STABLE expression has one value in a statement: no result changes.
// Other comparisons stay: PostgreSQL estimates `created_at > now() - ...` from the folded
// value, but a Param by a default guess.
//
// Where: the WHERE and JOIN ... ON conditions of every query level (subqueries, views, CTEs,
// sub-selects of conditions), under OR and NOT too; not the select list. Nothing is flattened
// yet: a time through a view, a FROM subquery or a CTE is a Var of it (is_key_time()). Only
// in queries that read a foreign table, directly or as a partition (docs/planner.md, row 8);
// for others, one walk of the conditions, which allocates nothing.
//
// Both walks recurse, level into level and column into column, as deep as the query nests.
// Where the stack reaches max_stack_depth they go no deeper and leave what lies below as
// PostgreSQL has it (each wrap stands alone: one not made only ships less). They do not
// raise "stack depth limit exceeded" (check_stack_depth()): PostgreSQL itself may plan such a
// query without nesting that deep, as it plans a chain of MATERIALIZED CTEs one by one, each
// reading the one before, which is_key_time() follows to its first.
#include "../../core/uuid.hpp"
#include "planning.hpp"
#include "plan_nodes.hpp"
#include "time_catalog.hpp"

namespace uuidx::pg {

namespace {

// A query level being walked and the one it is in: where a Var's range table and a CTE's name resolve.
struct Level {
    Query* query;
    const Level* outer;
};

// Whether `node` is a key's time (read_key_time()), or a column of the level that is one: the
// rewriter has expanded views, but nothing is flattened yet, so a view's, a FROM subquery's or
// a CTE's column is a Var of its range table entry, and on 18+ a virtual column its table's
// and a grouped expression of a grouped level's target list a Var of its RTE_GROUP entry.
bool is_key_time(const TimeCatalog& catalog, Node* node, const Level& level) {
    if (stack_is_too_deep()) return false;
    KeyTime time{};
    const Var* var = IsA(node, Var) ? castNode(Var, node) : nullptr;
    if (var == nullptr || var->varlevelsup != 0 || var->varattno <= 0) return read_key_time(catalog, node, &time);
    const RangeTblEntry* rte = rt_fetch(var->varno, level.query->rtable);
#if UUIDX_HAS_GROUP_RTE
    if (rte->rtekind == RTE_GROUP)  // the grouped expression, of this level's columns
        return var->varattno <= list_length(rte->groupexprs) &&
               is_key_time(catalog, static_cast<Node*>(list_nth(rte->groupexprs, var->varattno - 1)), level);
#endif
#if UUIDX_HAS_VIRTUAL_GENERATED_COLUMNS
    if (rte->rtekind == RTE_RELATION && get_attgenerated(rte->relid, var->varattno) == ATTRIBUTE_GENERATED_VIRTUAL) {
        Relation rel = table_open(rte->relid, NoLock);  // locked by the parser or the plan cache
        Node* generated = build_generation_expression(rel, var->varattno);
        table_close(rel, NoLock);
        return read_key_time(catalog, generated, &time);
    }
#endif
    Level source{rte->subquery, &level};  // a CTE's outer: the level whose WITH has it
    for (Index up = 0; rte->rtekind == RTE_CTE && source.outer != nullptr && up < rte->ctelevelsup; ++up)
        source.outer = source.outer->outer;
    ListCell* cell;
    foreach (cell, rte->rtekind == RTE_CTE && source.outer != nullptr ? source.outer->query->cteList : NIL)
        if (strcmp(lfirst_node(CommonTableExpr, cell)->ctename, rte->ctename) == 0)
            source.query = castNode(Query, lfirst_node(CommonTableExpr, cell)->ctequery);
    if (source.query == nullptr || source.query->commandType != CMD_SELECT) return false;  // not a RETURNING list
    const TargetEntry* column = get_tle_by_resno(source.query->targetList, var->varattno);
    return column != nullptr && is_key_time(catalog, as_node(column->expr), source);
}

// The side of a two-argument operator to wrap (0 or 1), or -1: one fixed for the statement but
// not a constant or parameter (what postgres_fdw refuses to ship and an initplan makes
// shippable), whose other side is a key's time or the key of a window operator.
int side_to_wrap(const TimeCatalog& catalog, const OpExpr* op, const Level& level) {
    if (list_length(op->args) != 2) return -1;
    for (int side = 0; side < 2; ++side) {
        Node* candidate = static_cast<Node*>(list_nth(op->args, side));
        Node* other = static_cast<Node*>(list_nth(op->args, 1 - side));
        if (!IsA(candidate, Const) && !IsA(candidate, Param) && is_usable_comparand(candidate) &&
            contain_mutable_functions(candidate) &&
            (is_window_operator(catalog, op) ? IsA(other, Var) && castNode(Var, other)->varlevelsup == 0
                                             : is_key_time(catalog, other, level)))
            return side;
    }
    return -1;
}

struct Walk {
    const TimeCatalog& catalog;
    bool wrap;  // false: only look for a comparison to wrap
    bool found = false;
    const Level* level = nullptr;
};

void walk_level(Query* query, Walk* walk);

bool walk_condition(Node* node, void* context) {
    auto* walk = static_cast<Walk*>(context);
    if (node == nullptr) return false;
    if (IsA(node, Query)) {  // a sub-select of a condition: a level of its own
        walk_level(castNode(Query, node), walk);
        return walk->found && !walk->wrap;
    }
    if (IsA(node, OpExpr)) {
        auto* op = castNode(OpExpr, node);
        const int side = side_to_wrap(walk->catalog, op, *walk->level);
        if (side >= 0) {
            walk->found = true;
            if (!walk->wrap) return true;
            ListCell* cell = list_nth_cell(op->args, side);
            lfirst(cell) = as_sub_select(static_cast<Node*>(lfirst(cell)));
            walk->level->query->hasSubLinks = true;
        }
    }
    return expression_tree_walker(node, UUIDX_WALKER(walk_condition), walk);
}

void walk_level(Query* query, Walk* walk) {
    if (stack_is_too_deep()) return;
    const Level level{query, walk->level};
    walk->level = &level;
    any_jointree_quals(as_node(query->jointree), [&](Node*& quals, const JoinExpr*) {
        walk_condition(quals, walk);
        return false;
    });
    ListCell* cell;
    foreach (cell, query->rtable)  // a subquery's or a view's level (other entries have none)
        if (Query* subquery = lfirst_node(RangeTblEntry, cell)->subquery) walk_level(subquery, walk);
    foreach (cell, query->cteList) walk_level(castNode(Query, lfirst_node(CommonTableExpr, cell)->ctequery), walk);
    walk->level = level.outer;
}

bool has_foreign_partition(Oid partitioned_table) {
    ListCell* cell;
    foreach (cell, find_all_inheritors(partitioned_table, NoLock, nullptr))
        if (get_rel_relkind(lfirst_oid(cell)) == RELKIND_FOREIGN_TABLE) return true;
    return false;
}

// Whether a query may read a foreign table, from its own range table alone: a foreign or
// partitioned table, or a level of its own to look into (a subquery, a view, a CTE, a
// sub-select). False for most queries, which then cost a look at their range table.
bool may_read_foreign_table(const Query* parse) {
    if (parse->cteList != NIL || parse->hasSubLinks) return true;
    ListCell* cell;
    foreach (cell, parse->rtable) {
        const auto* rte = lfirst_node(RangeTblEntry, cell);
        if (rte->rtekind == RTE_SUBQUERY) return true;
        if (rte->rtekind == RTE_RELATION &&
            (rte->relkind == RELKIND_FOREIGN_TABLE || rte->relkind == RELKIND_PARTITIONED_TABLE))
            return true;
    }
    return false;
}

// Whether the query reads a foreign table, at any level, directly or as a partition.
bool reads_foreign_table(Node* node, void* context) {
    if (node == nullptr) return false;
    if (IsA(node, RangeTblEntry)) {
        const auto* rte = castNode(RangeTblEntry, node);
        if (rte->rtekind != RTE_RELATION) return false;
        return rte->relkind == RELKIND_FOREIGN_TABLE ||
               (rte->relkind == RELKIND_PARTITIONED_TABLE && has_foreign_partition(rte->relid));
    }
    if (IsA(node, Query))
        return query_tree_walker(castNode(Query, node), UUIDX_WALKER(reads_foreign_table), context,
                                 QTW_EXAMINE_RTES_BEFORE);
    return expression_tree_walker(node, UUIDX_WALKER(reads_foreign_table), context);
}

}  // namespace

void make_time_bounds_shippable(Planning& planning, Query* parse) {
    if (parse->commandType == CMD_UTILITY || !may_read_foreign_table(parse) || planning.catalog() == nullptr) return;
    Walk look{*planning.catalog(), false};
    walk_level(parse, &look);
    if (!look.found || !reads_foreign_table(as_node(parse), nullptr)) return;
    Walk wrap{*planning.catalog(), true};
    walk_level(parse, &wrap);
}

}  // namespace uuidx::pg
