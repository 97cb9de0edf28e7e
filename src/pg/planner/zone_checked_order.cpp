// A scan in bucket order that checks the session's time zone when it runs.
//
// date_trunc('hour', time) and time::date of a timestamptz time are buckets in the session's
// TimeZone: they keep key order in a zone whose transitions they pass (time_buckets.cpp), and
// a plan made under one TimeZone can run under another (a prepared statement, a PL/pgSQL
// function's cached plan, SET TimeZone between them). So the scan that claims such an order
// is this custom scan over the ordered index scan: when it first returns a row it asks
// whether the session's zone at that moment keeps every such bucket's order (remembered per
// bucket and zone), and then returns the index scan's rows as they come; if the zone does
// not, it sorts them by the order it claimed, which is what the plan without it would have
// done. EXPLAIN shows it as `Custom Scan (uuidx zone-checked order)`, and with ANALYZE how
// many rows it sorted (none where the zone kept the order).
//
// It has no table of its own (scanrelid 0): its scan tuple is its child's output
// (custom_scan_tlist), its expressions (custom_exprs) are the claimed order's keys, read
// from that tuple, and it projects what the query computes of it (the bucket), as a scan
// does. It is never parallel, and is not offered under FOR UPDATE/SHARE.
#include "../postgres.hpp"
#include "planning.hpp"

namespace uuidx::pg {

namespace {

constexpr const char* kName = "uuidx zone-checked order";

// custom_private: the bucket texts, then per claimed key its sort operator, collation and
// NULLs-first flag.
enum PrivateField { kZoneBuckets, kSortOperators, kCollations, kNullsFirst };

struct ZoneCheckedOrderState {
    CustomScanState scan;
    List* zone_buckets;
    int key_count;
    Oid* sort_operators;
    Oid* collations;
    bool* nulls_first;
    List* key_states;  // ExprState of each claimed key, over the child's output
    enum class Mode : uint8 { undecided, as_they_come, sorted } mode;
    Tuplesortstate* sort;
    TupleTableSlot* with_keys;  // the child's columns, then the keys: what is sorted
    TupleTableSlot* from_sort;
    int64 rows_sorted;
};

PlanState* child_of(ZoneCheckedOrderState* state) { return static_cast<PlanState*>(linitial(state->scan.custom_ps)); }

bool zone_keeps_every_bucket(List* zone_buckets) {
    ListCell* cell;
    foreach (cell, zone_buckets)
        if (!zone_keeps_bucket_order(strVal(lfirst(cell)), session_timezone)) return false;
    return true;
}

// Reads the child's every row, with its keys, into a sort.
void sort_child_rows(ZoneCheckedOrderState* state) {
    PlanState* child = child_of(state);
    const TupleDesc desc = state->with_keys->tts_tupleDescriptor;
    const int columns = desc->natts - state->key_count;
    AttrNumber* key_columns = static_cast<AttrNumber*>(palloc(sizeof(AttrNumber) * state->key_count));
    for (int k = 0; k < state->key_count; ++k) key_columns[k] = static_cast<AttrNumber>(columns + k + 1);
    state->sort = tuplesort_begin_heap(desc, state->key_count, key_columns, state->sort_operators, state->collations,
                                       state->nulls_first, work_mem, nullptr, TUPLESORT_NONE);
    ExprContext* context = state->scan.ss.ps.ps_ExprContext;
    for (;;) {
        TupleTableSlot* row = ExecProcNode(child);
        if (TupIsNull(row)) break;
        slot_getallattrs(row);
        ExecClearTuple(state->with_keys);
        for (int i = 0; i < columns; ++i) {
            state->with_keys->tts_values[i] = row->tts_values[i];
            state->with_keys->tts_isnull[i] = row->tts_isnull[i];
        }
        ResetExprContext(context);
        context->ecxt_scantuple = row;
        int k = columns;
        ListCell* cell;
        foreach (cell, state->key_states) {
            state->with_keys->tts_values[k] = ExecEvalExprSwitchContext(static_cast<ExprState*>(lfirst(cell)), context,
                                                                        &state->with_keys->tts_isnull[k]);
            ++k;
        }
        ExecStoreVirtualTuple(state->with_keys);
        tuplesort_puttupleslot(state->sort, state->with_keys);
        ++state->rows_sorted;
    }
    tuplesort_performsort(state->sort);
}

// Stores the first columns of `row` as the scan tuple, a virtual tuple of the child's columns:
// the projection reads a virtual scan tuple's values as they are, without deforming it.
TupleTableSlot* as_scan_tuple(ScanState* scan_state, TupleTableSlot* row) {
    TupleTableSlot* out = scan_state->ss_ScanTupleSlot;
    ExecClearTuple(out);
    if (TupIsNull(row)) return out;
    const int columns = out->tts_tupleDescriptor->natts;
    slot_getsomeattrs(row, columns);
    for (int i = 0; i < columns; ++i) {
        out->tts_values[i] = row->tts_values[i];
        out->tts_isnull[i] = row->tts_isnull[i];
    }
    return ExecStoreVirtualTuple(out);
}

TupleTableSlot* next_row(ScanState* scan_state) {
    auto* state = reinterpret_cast<ZoneCheckedOrderState*>(scan_state);
    if (state->mode == ZoneCheckedOrderState::Mode::undecided) {
        state->mode = zone_keeps_every_bucket(state->zone_buckets) ? ZoneCheckedOrderState::Mode::as_they_come
                                                                   : ZoneCheckedOrderState::Mode::sorted;
        if (state->mode == ZoneCheckedOrderState::Mode::sorted) sort_child_rows(state);
    }
    if (state->mode == ZoneCheckedOrderState::Mode::as_they_come)
        return as_scan_tuple(scan_state, ExecProcNode(child_of(state)));
    if (!tuplesort_gettupleslot(state->sort, true, false, state->from_sort, nullptr))
        return as_scan_tuple(scan_state, nullptr);
    return as_scan_tuple(scan_state, state->from_sort);
}

bool recheck_row(ScanState*, TupleTableSlot*) { return true; }

void begin_scan(CustomScanState* node, EState* estate, int eflags) {
    auto* state = reinterpret_cast<ZoneCheckedOrderState*>(node);
    auto* plan = castNode(CustomScan, node->ss.ps.plan);
    PlanState* child = ExecInitNode(static_cast<Plan*>(linitial(plan->custom_plans)), estate, eflags);
    node->custom_ps = list_of(child);
    state->key_states = ExecInitExprList(plan->custom_exprs, &node->ss.ps);
    // The sorted tuple: the child's columns, then the keys.
    List* columns = list_copy(plan->custom_scan_tlist);
    AttrNumber number = static_cast<AttrNumber>(list_length(columns));
    ListCell* cell;
    foreach (cell, plan->custom_exprs)
        columns = lappend(columns, makeTargetEntry(static_cast<Expr*>(lfirst(cell)), ++number, nullptr, false));
    const TupleDesc desc = ExecTypeFromTL(columns);
    state->with_keys = MakeSingleTupleTableSlot(desc, &TTSOpsVirtual);
    state->from_sort = MakeSingleTupleTableSlot(desc, &TTSOpsMinimalTuple);
}

TupleTableSlot* exec_scan(CustomScanState* node) { return ExecScan(&node->ss, next_row, recheck_row); }

void end_sort(ZoneCheckedOrderState* state) {
    if (state->sort != nullptr) tuplesort_end(state->sort);
    state->sort = nullptr;
}

void end_scan(CustomScanState* node) {
    auto* state = reinterpret_cast<ZoneCheckedOrderState*>(node);
    end_sort(state);
    ExecDropSingleTupleTableSlot(state->with_keys);
    ExecDropSingleTupleTableSlot(state->from_sort);
    ExecEndNode(child_of(state));
}

void rescan(CustomScanState* node) {
    auto* state = reinterpret_cast<ZoneCheckedOrderState*>(node);
    end_sort(state);
    state->mode = ZoneCheckedOrderState::Mode::undecided;
    ExecReScan(child_of(state));
}

void explain_scan(CustomScanState* node, List*, ExplainState* es) {
    auto* state = reinterpret_cast<ZoneCheckedOrderState*>(node);
    ExplainPropertyText("Order", "kept if the session's TimeZone keeps it, else sorted", es);
    if (es->analyze) ExplainPropertyInteger("Rows Sorted", nullptr, state->rows_sorted, es);
}

const CustomExecMethods exec_methods = [] {
    CustomExecMethods methods{};
    methods.CustomName = kName;
    methods.BeginCustomScan = begin_scan;
    methods.ExecCustomScan = exec_scan;
    methods.EndCustomScan = end_scan;
    methods.ReScanCustomScan = rescan;
    methods.ExplainCustomScan = explain_scan;
    return methods;
}();

Node* create_scan_state(CustomScan* plan) {
    auto* state = static_cast<ZoneCheckedOrderState*>(palloc0(sizeof(ZoneCheckedOrderState)));
    NodeSetTag(state, T_CustomScanState);
    state->scan.methods = &exec_methods;
    List* fields = plan->custom_private;
    state->zone_buckets = static_cast<List*>(list_nth(fields, kZoneBuckets));
    state->key_count = list_length(plan->custom_exprs);
    state->sort_operators = static_cast<Oid*>(palloc(sizeof(Oid) * state->key_count));
    state->collations = static_cast<Oid*>(palloc(sizeof(Oid) * state->key_count));
    state->nulls_first = static_cast<bool*>(palloc(sizeof(bool) * state->key_count));
    for (int k = 0; k < state->key_count; ++k) {
        state->sort_operators[k] = list_nth_oid(static_cast<List*>(list_nth(fields, kSortOperators)), k);
        state->collations[k] = list_nth_oid(static_cast<List*>(list_nth(fields, kCollations)), k);
        state->nulls_first[k] = list_nth_int(static_cast<List*>(list_nth(fields, kNullsFirst)), k) != 0;
    }
    return as_node(state);
}

const CustomScanMethods scan_methods = [] {
    CustomScanMethods methods{};
    methods.CustomName = kName;
    methods.CreateCustomScanState = create_scan_state;
    return methods;
}();

Plan* plan_scan(PlannerInfo*, RelOptInfo*, CustomPath* path, List* tlist, List*, List* custom_plans) {
    auto* scan = makeNode(CustomScan);
    Plan* child = static_cast<Plan*>(linitial(custom_plans));
    scan->scan.plan.targetlist = tlist;
    scan->scan.scanrelid = 0;
    scan->flags = path->flags;
    scan->custom_plans = custom_plans;
    scan->custom_scan_tlist = copy_node(child->targetlist);
    scan->custom_exprs = static_cast<List*>(linitial(path->custom_private));
    scan->custom_private = list_copy_tail(path->custom_private, 1);
    scan->methods = &scan_methods;
    return &scan->scan.plan;
}

const CustomPathMethods path_methods = [] {
    CustomPathMethods methods{};
    methods.CustomName = kName;
    methods.PlanCustomPath = plan_scan;
    return methods;
}();

}  // namespace

Path* zone_checked_order_path(RelOptInfo* rel, Path* ordered, List* pathkeys, const ClaimedSortKey* keys,
                              List* zone_buckets) {
    List* exprs = NIL;
    List* operators = NIL;
    List* collations = NIL;
    List* nulls_first = NIL;
    for (int k = 0; k < list_length(pathkeys); ++k) {
        exprs = lappend(exprs, keys[k].expr);
        operators = lappend_oid(operators, keys[k].sort_operator);
        collations = lappend_oid(collations, keys[k].collation);
        nulls_first = lappend_int(nulls_first, keys[k].nulls_first ? 1 : 0);
    }
    auto* path = makeNode(CustomPath);
    path->path.pathtype = T_CustomScan;
    path->path.parent = rel;
    path->path.pathtarget = rel->reltarget;
    path->path.rows = ordered->rows;
    path->path.startup_cost = ordered->startup_cost;
    // Passing a row on costs as little as a Result's; the check is once per scan.
    path->path.total_cost = ordered->total_cost + cpu_tuple_cost * ordered->rows * 0.1;
    path->path.pathkeys = pathkeys;
    path->flags = CUSTOMPATH_SUPPORT_PROJECTION;
    path->custom_paths = list_of(ordered);
    // The keys first (they become custom_exprs), then the fields of PrivateField.
    path->custom_private =
        lappend(lappend(lappend(lappend(list_of(exprs), zone_buckets), operators), collations), nulls_first);
    path->methods = &path_methods;
    return &path->path;
}

void register_zone_checked_order() { RegisterCustomScanMethods(&scan_methods); }

}  // namespace uuidx::pg
