// The fence around PostgreSQL's headers, and the one place where PostgreSQL majors differ.
// Every file in src/pg includes the C++ headers it needs (core headers included) first and
// this file last: PostgreSQL's port.h redefines snprintf and friends, which must not reach
// the standard library's headers.
#pragma once

extern "C" {
#include "postgres.h"

#include "access/genam.h"
#include "access/htup_details.h"
#include "access/parallel.h"
#include "access/stratnum.h"
#include "access/sysattr.h"
#include "access/table.h"
#include "access/transam.h"
#include "access/twophase.h"
#include "access/xact.h"
#include "access/xlog.h"
#include "catalog/dependency.h"
#include "catalog/pg_am.h"
#include "catalog/pg_authid.h"
#include "catalog/pg_collation.h"
#include "catalog/pg_extension.h"
#include "catalog/pg_inherits.h"
#include "catalog/pg_operator.h"
#include "catalog/pg_partitioned_table.h"
#include "catalog/pg_proc.h"
#include "catalog/pg_statistic.h"
#include "catalog/pg_type.h"
#include "commands/explain.h"
#if PG_VERSION_NUM >= 180000
#include "commands/explain_format.h"
#include "commands/explain_state.h"
#endif
#include "executor/executor.h"
#include "executor/spi.h"
#include "fmgr.h"
#include "funcapi.h"
#include "lib/stringinfo.h"
#include "mb/pg_wchar.h"
#include "miscadmin.h"
#include "nodes/extensible.h"
#include "nodes/makefuncs.h"
#include "nodes/nodeFuncs.h"
#include "nodes/pathnodes.h"
#include "nodes/supportnodes.h"
#include "optimizer/cost.h"
#include "optimizer/optimizer.h"
#include "optimizer/pathnode.h"
#include "optimizer/paths.h"
#include "optimizer/plancat.h"
#include "optimizer/planner.h"
#include "optimizer/subselect.h"
#include "parser/parsetree.h"
#include "parser/scansup.h"
#include "rewrite/rewriteHandler.h"
#include "storage/ipc.h"
#include "storage/lwlock.h"
#include "storage/proc.h"
#include "storage/procarray.h"
#include "storage/shmem.h"
#include "tcop/tcopprot.h"
#include "utils/builtins.h"
#include "utils/datetime.h"
#include "utils/fmgroids.h"
#include "utils/guc.h"
#include "utils/inet.h"
#include "utils/inval.h"
#include "utils/lsyscache.h"
#include "utils/rangetypes.h"
#include "utils/rel.h"
#include "utils/selfuncs.h"
#include "utils/snapmgr.h"
#include "utils/syscache.h"
#include "utils/timestamp.h"
#include "utils/tuplesort.h"
#include "utils/typcache.h"
#include "utils/tuplestore.h"
#include "utils/uuid.h"
}

// ---- differences between PostgreSQL majors (15 to 19) ----------------------------------

#if PG_VERSION_NUM < 150000
#error "uuidx needs PostgreSQL 15 or later (shmem_request_hook, MarkGUCPrefixReserved)"
#endif

// 18 records the library's name and version in its magic block (shown by
// pg_get_loaded_modules()); the extended block names every field, so C++ compilers see no
// missing initializer. UUIDX_VERSION comes from uuidx.control through the Makefile.
#if PG_VERSION_NUM >= 180000
#define UUIDX_MODULE_MAGIC PG_MODULE_MAGIC_EXT(.name = "uuidx", .version = UUIDX_VERSION)
#else
#define UUIDX_MODULE_MAGIC PG_MODULE_MAGIC
#endif

// The planner's hook (19 adds the ExplainState of an EXPLAIN being planned).
#if PG_VERSION_NUM >= 190000
#define UUIDX_PLANNER_PARAMS \
    Query *parse, const char *query_string, int cursor_options, ParamListInfo bound_params, struct ExplainState *es
#define UUIDX_PLANNER_ARGS parse, query_string, cursor_options, bound_params, es
#else
#define UUIDX_PLANNER_PARAMS Query *parse, const char *query_string, int cursor_options, ParamListInfo bound_params
#define UUIDX_PLANNER_ARGS parse, query_string, cursor_options, bound_params
#endif

// The hook that sees each table as the planner builds it: 19 replaced get_relation_info_hook
// by build_simple_rel_hook, called for every relation (not only tables) at the same moment.
#if PG_VERSION_NUM >= 190000
using UuidxRelationHookType = build_simple_rel_hook_type;
#define UUIDX_RELATION_HOOK build_simple_rel_hook
#define UUIDX_RELATION_HOOK_PARAMS PlannerInfo *root, RelOptInfo *rel, RangeTblEntry *rte
#define UUIDX_RELATION_HOOK_ARGS root, rel, rte
#else
using UuidxRelationHookType = get_relation_info_hook_type;
#define UUIDX_RELATION_HOOK get_relation_info_hook
#define UUIDX_RELATION_HOOK_PARAMS PlannerInfo *root, Oid relation_oid, bool inherits, RelOptInfo *rel
#define UUIDX_RELATION_HOOK_ARGS root, relation_oid, inherits, rel
#endif

// Syscache callbacks: 19 names the cache by the SysCacheIdentifier enum, not an int.
#if PG_VERSION_NUM >= 190000
using UuidxSysCacheId = SysCacheIdentifier;
#else
using UuidxSysCacheId = int;
#endif

// Tree walkers and mutators: 15 declares the walker parameter as `bool (*)()` (a mutator's as
// `Node *(*)()`), which C++ reads as a
// function of no arguments; 16 made query_tree_walker and expression_tree_walker macros
// that cast to tree_walker_callback.
#if PG_VERSION_NUM >= 160000
#define UUIDX_WALKER(fn) (fn)
#else
#define UUIDX_WALKER(fn) reinterpret_cast<bool (*)()>(reinterpret_cast<void (*)()>(fn))
#endif
#if PG_VERSION_NUM >= 160000
#define UUIDX_MUTATOR(fn) (fn)
#else
#define UUIDX_MUTATOR(fn) reinterpret_cast<Node* (*)()>(reinterpret_cast<void (*)()>(fn))
#endif

// make_range(): 16 added the soft-error context (null: errors are raised).
#if PG_VERSION_NUM >= 160000
#define UUIDX_MAKE_RANGE(type, lower, upper, empty) make_range(type, lower, upper, empty, nullptr)
#else
#define UUIDX_MAKE_RANGE(type, lower, upper, empty) make_range(type, lower, upper, empty)
#endif

// build_expression_pathkey(): 16 dropped the nullable_relids parameter (a Var says itself
// which outer joins null it).
#if PG_VERSION_NUM >= 160000
#define UUIDX_BUILD_EXPRESSION_PATHKEY(root, expr, opno, rel, create_it) \
    build_expression_pathkey(root, expr, opno, rel, create_it)
#else
#define UUIDX_BUILD_EXPRESSION_PATHKEY(root, expr, opno, rel, create_it) \
    build_expression_pathkey(root, expr, nullptr, opno, rel, create_it)
#endif

// A row comparison's kind: 18 renamed RowCompareExpr.rctype (RowCompareType, ROWCOMPARE_LT...)
// to cmptype (CompareType, COMPARE_LT...).
#if PG_VERSION_NUM >= 180000
#define UUIDX_ROW_COMPARISON(row) ((row)->cmptype)
#define UUIDX_ROW_LT COMPARE_LT
#define UUIDX_ROW_LE COMPARE_LE
#define UUIDX_ROW_GE COMPARE_GE
#define UUIDX_ROW_GT COMPARE_GT
#else
#define UUIDX_ROW_COMPARISON(row) ((row)->rctype)
#define UUIDX_ROW_LT ROWCOMPARE_LT
#define UUIDX_ROW_LE ROWCOMPARE_LE
#define UUIDX_ROW_GE ROWCOMPARE_GE
#define UUIDX_ROW_GT ROWCOMPARE_GT
#endif

// A btree scan with an = ANY(array) condition on a column after the first returns the rows in
// the index's order from 17 on; before, it scans once per array element (PostgreSQL marks
// such a scan unordered).
#define UUIDX_BTREE_LOWER_ARRAY_KEEPS_ORDER (PG_VERSION_NUM >= 170000)

// 17 has pg_catalog.uuid_extract_version(); 18's pg_catalog.uuid_extract_timestamp() reads
// v7 times too (17's reads v1 only, so it is not a v7 time function there). 18 also marks
// CHECK constraints NOT ENFORCED (ConstrCheck.ccenforced), and has virtual generated columns.
// A PGPROC's number, its index in ProcGlobal->allProcs (17 renamed it and dropped the field).
#if PG_VERSION_NUM >= 170000
#define UUIDX_PROC_NUMBER(proc) GetNumberFromPGProc(proc)
#else
#define UUIDX_PROC_NUMBER(proc) ((proc)->pgprocno)
#endif

#define UUIDX_HAS_BUILTIN_EXTRACT_VERSION (PG_VERSION_NUM >= 170000)
#define UUIDX_HAS_BUILTIN_V7_EXTRACT_TIMESTAMP (PG_VERSION_NUM >= 180000)
#define UUIDX_HAS_CHECK_ENFORCED (PG_VERSION_NUM >= 180000)
// 18 has virtual generated columns, which may carry a NOT NULL constraint (its validity in
// CompactAttribute.attnullability).
#define UUIDX_HAS_VIRTUAL_GENERATED_COLUMNS (PG_VERSION_NUM >= 180000)
// From 18, parse analysis replaces each grouped expression of a grouped query's target list
// and HAVING by a Var of the query's RTE_GROUP entry, the expression in its groupexprs.
#define UUIDX_HAS_GROUP_RTE (PG_VERSION_NUM >= 180000)

// ---------------------------------------------------------------------------------------

// copyObject() casts with typeof, and list_make1() builds a C99 compound literal: neither is
// C++. These say the same in C++.
template <typename T>
inline T* copy_node(const T* node) {
    return static_cast<T*>(copyObjectImpl(node));
}
inline List* list_of(void* first) { return lappend(NIL, first); }

// PostgreSQL's upward casts, (Node *) x and (Expr *) x: every node begins with its tag, and
// every expression node is an Expr. Downward casts are castNode(), checked where PostgreSQL
// is built with assertions.
template <typename T>
inline Node* as_node(T* node) {
    return reinterpret_cast<Node*>(node);
}
template <typename T>
inline Expr* as_expr(T* node) {
    return reinterpret_cast<Expr*>(node);
}
template <typename T>
inline const Expr* as_expr(const T* node) {
    return reinterpret_cast<const Expr*>(node);
}
inline List* list_of(void* first, void* second) { return lappend(lappend(NIL, first), second); }

// Microseconds from 1970-01-01 (the core's epoch) to 2000-01-01 (PostgreSQL's).
constexpr int64 kUnixToPostgresEpochUs =
    static_cast<int64>(POSTGRES_EPOCH_JDATE - UNIX_EPOCH_JDATE) * SECS_PER_DAY * USECS_PER_SEC;
