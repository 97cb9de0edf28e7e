// A uuid key's btree and its scans in the order of the key's time (docs/planner.md, rows 7,
// 7B and 7Z): which btrees return rows in key order, whether a time follows the key, and the
// ordered scan, with the index conditions PostgreSQL found for the index.
#include "plan_nodes.hpp"  // first: it includes a core header (../postgres.hpp)
#include "planning.hpp"

namespace uuidx::pg {

namespace {

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

}  // namespace

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

Oid sort_operator_of(Oid type, bool descending) {
    const TypeCacheEntry* entry = lookup_type_cache(type, TYPECACHE_LT_OPR | TYPECACHE_GT_OPR);
    return descending ? entry->gt_opr : entry->lt_opr;
}

bool KeyIndex::time_follows_key(Expr* call) const {
    Oid type = InvalidOid;
    if (time_function(catalog, castNode(FuncExpr, call)->funcid, &type) == TimeFunction::first_48_bits) return true;
    const V7Promise promise = v7_promise(catalog, rte, key->varattno);
    return promise == V7Promise::v7 ||
           (promise == V7Promise::v7_or_none && conditions_exclude_null_time(catalog, rel, call, key));
}

Path* KeyIndex::ordered_scan(List* pathkeys, ScanDirection direction) {
    if (!scan_parts_found) {
        scan_conditions = ordered_scan_conditions(root, rel, index);
        index_only = index_returns_all(rel, index);
        scan_parts_found = true;
    }
    return reinterpret_cast<Path*>(create_index_path(root, index, scan_conditions, NIL, NIL, pathkeys, direction,
                                                     index_only, nullptr, 1.0, false));
}

}  // namespace uuidx::pg
