// Time windows relative to now() that postgres_fdw can ship to the servers of foreign tables.
//
// postgres_fdw sends a foreign server no expression with a STABLE function: the server's
// now() is not this one's. So on shards (a partitioned table whose partitions are foreign
// tables), `uuid_extract_timestamp(id) > now() - interval '1 day'` reached no shard: each
// sent every row it holds, and this server compared them. A constant or a parameter is
// sent, and so is the value of a sub-select that is computed once when the query starts
// (an initplan), which the foreign scan sends as a parameter of its remote query.
//
// So, before planning a query that reads a foreign table, each comparison of a time
// (timestamptz, timestamp or tstzrange) with an expression that is fixed for the statement
// but not a constant (STABLE functions of constants and parameters, such as now() -
// interval '1 day') gets that expression as a sub-select: `... > (SELECT now() - interval
// '1 day')`. The time conditions (time_conditions.cpp) then make the key window of the
// initplan's value, which postgres_fdw ships and the shard's uuidx answers from its index.
// A STABLE expression has one value throughout a statement, so no result changes; the
// comparison is written as before for PostgreSQL and for the time predicates, which read
// its parameter as they read any other.
//
// Where: the WHERE and JOIN ... ON conditions of every query level (subqueries, views, CTEs
// and sub-selects of conditions), anywhere in them (under OR and NOT too). Not in the
// select list: shipping is about which rows a foreign server sends. Only in queries that
// read a foreign table, directly or as a partition (docs/planner.md, row 8): other plans do
// not change. Cost for other queries: one walk of the conditions looking for
// such a comparison, which allocates nothing; partitions are looked up only when one is found.
#include "../../core/uuid.hpp"
#include "planning.hpp"
#include "plan_nodes.hpp"
#include "time_catalog.hpp"

namespace uuidx::pg {

namespace {

bool is_time_type(Oid type) { return type == TIMESTAMPTZOID || type == TIMESTAMPOID || type == TSTZRANGEOID; }

// Fixed for the statement, and not already a constant or a parameter: what postgres_fdw
// refuses to ship and an initplan makes shippable.
bool is_fixed_but_not_shippable(Node* node) {
    if (node == nullptr || IsA(node, Const) || IsA(node, Param)) return false;
    return is_time_type(exprType(node)) && is_usable_comparand(node) && contain_mutable_functions(node);
}

// The side of a two-argument operator to wrap (0 or 1), or -1: the other side must read a
// row (a Var), so that the comparison filters rows.
int side_to_wrap(const OpExpr* op) {
    if (list_length(op->args) != 2) return -1;
    for (int side = 0; side < 2; ++side) {
        Node* candidate = static_cast<Node*>(list_nth(op->args, side));
        Node* other = static_cast<Node*>(list_nth(op->args, 1 - side));
        if (is_fixed_but_not_shippable(candidate) && contain_vars_of_level(other, 0)) return side;
    }
    return -1;
}

struct Walk {
    bool wrap;  // false: only look for a comparison to wrap
    bool found = false;
    Query* level = nullptr;
};

void walk_level(Query* query, Walk* walk);

bool walk_condition(Node* node, void* context) {
    auto* walk = static_cast<Walk*>(context);
    if (node == nullptr) return false;
    if (IsA(node, Query)) {  // a sub-select of a condition: a level of its own
        Query* outer = walk->level;
        walk_level(castNode(Query, node), walk);
        walk->level = outer;
        return walk->found && !walk->wrap;
    }
    if (IsA(node, OpExpr)) {
        auto* op = castNode(OpExpr, node);
        const int side = side_to_wrap(op);
        if (side >= 0) {
            walk->found = true;
            if (!walk->wrap) return true;
            ListCell* cell = list_nth_cell(op->args, side);
            lfirst(cell) = as_sub_select(static_cast<Node*>(lfirst(cell)));
            walk->level->hasSubLinks = true;
        }
    }
    return expression_tree_walker(node, UUIDX_WALKER(walk_condition), walk);
}

void walk_level(Query* query, Walk* walk) {
    walk->level = query;
    any_jointree_quals(as_node(query->jointree), [&](Node*& quals, const JoinExpr*) {
        walk_condition(quals, walk);
        return false;
    });
    ListCell* cell;
    foreach (cell, query->rtable) {
        auto* rte = lfirst_node(RangeTblEntry, cell);
        if (rte->rtekind == RTE_SUBQUERY && rte->subquery != nullptr) walk_level(rte->subquery, walk);
        walk->level = query;
    }
    foreach (cell, query->cteList) {
        auto* cte = lfirst_node(CommonTableExpr, cell);
        if (IsA(cte->ctequery, Query)) walk_level(castNode(Query, cte->ctequery), walk);
        walk->level = query;
    }
}

bool has_foreign_partition(Oid partitioned_table) {
    List* members = find_all_inheritors(partitioned_table, NoLock, nullptr);
    ListCell* cell;
    foreach (cell, members)
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
    Walk look{false};
    walk_level(parse, &look);
    if (!look.found || !reads_foreign_table(as_node(parse), nullptr)) return;
    Walk wrap{true};
    walk_level(parse, &wrap);
}

}  // namespace uuidx::pg
