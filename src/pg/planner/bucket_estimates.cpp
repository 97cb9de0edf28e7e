// How many groups a GROUP BY or DISTINCT of a bucket of the key's time makes
// (docs/planner.md, row 12).
//
// PostgreSQL estimates the groups of an expression of one column from the column's distinct
// values: for date_trunc('hour', uuid_v7_to_timestamptz(id)) one per key, a million where a
// year of keys makes 8,760 hours. A Sort of the groups, a join or a LIMIT above them is then
// planned for a million rows. No hook reaches that estimate, so this one corrects the grouped
// relation once PostgreSQL has built it (create_upper_paths_hook): where the query groups (or
// makes DISTINCT) one table by one bucket of its key's time, the groups are the buckets that
// the table's keys span (from the key's histogram: its first and last keys' times), times the
// share of that span the query's conditions on the key select, and never more than the rows.
// The estimate of the rows changes, not a path or a result.
#include "../../core/layout.hpp"
#include "../datums.hpp"
#include "../postgres.hpp"
#include "planning.hpp"
#include "time_catalog.hpp"

namespace uuidx::pg {

namespace {

// The Unix milliseconds of a key (its first 48 bits: a v7 key's time).
double key_milliseconds(Datum key) { return static_cast<double>(unix_ts_ms(uuid_from_datum(DatumGetUUIDP(key)))); }

// The seconds between the first and the last key of the column's histogram; false without
// one (no statistics, or the user may not read them).
bool key_time_span(PlannerInfo* root, const Var* column, double* seconds) {
    VariableStatData vardata;
    examine_variable(root, as_node(const_cast<Var*>(column)), 0, &vardata);
    bool found = false;
    if (HeapTupleIsValid(vardata.statsTuple) && vardata.acl_ok) {
        AttStatsSlot slot;
        if (get_attstatsslot(&slot, vardata.statsTuple, STATISTIC_KIND_HISTOGRAM, InvalidOid, ATTSTATSSLOT_VALUES)) {
            if (slot.nvalues >= 2) {
                *seconds =
                    (key_milliseconds(slot.values[slot.nvalues - 1]) - key_milliseconds(slot.values[0])) / 1000.0;
                found = *seconds >= 0.0;
            }
            free_attstatsslot(&slot);
        }
    }
    ReleaseVariableStats(vardata);
    return found;
}

// The share of the table's rows that the conditions on the key column alone select (a time
// window, a key range): the share of the key's time span the query reads.
double key_conditions_selectivity(PlannerInfo* root, RelOptInfo* rel, const Var* column) {
    List* on_key = NIL;
    ListCell* cell;
    foreach (cell, rel->baserestrictinfo) {
        auto* condition = lfirst_node(RestrictInfo, cell);
        Bitmapset* columns = nullptr;
        pull_varattnos(as_node(condition->clause), rel->relid, &columns);
        if (bms_num_members(columns) == 1 &&
            bms_is_member(column->varattno - FirstLowInvalidHeapAttributeNumber, columns))
            on_key = lappend(on_key, condition);
    }
    return on_key == NIL ? 1.0 : clauselist_selectivity(root, on_key, 0, JOIN_INNER, nullptr);
}

// The one expression the query groups by (or makes DISTINCT), or null.
Expr* single_grouping_expression(PlannerInfo* root, UpperRelationKind stage) {
    const Query* query = root->parse;
    List* clauses = stage == UPPERREL_GROUP_AGG ? query->groupClause : query->distinctClause;
    if (list_length(clauses) != 1 || query->groupingSets != NIL) return nullptr;
    if (stage == UPPERREL_GROUP_AGG && query->havingQual != nullptr) return nullptr;
    if (stage == UPPERREL_DISTINCT && query->groupClause != NIL) return nullptr;
    return static_cast<Expr*>(
        static_cast<void*>(get_sortgroupclause_expr(linitial_node(SortGroupClause, clauses), query->targetList)));
}

}  // namespace

void estimate_bucket_groups(Planning& planning, PlannerInfo* root, UpperRelationKind stage, RelOptInfo* input_rel,
                            RelOptInfo* output_rel) {
    if ((stage != UPPERREL_GROUP_AGG && stage != UPPERREL_DISTINCT) || output_rel == nullptr) return;
    if (input_rel == nullptr || input_rel->reloptkind != RELOPT_BASEREL || input_rel->rtekind != RTE_RELATION) return;
    const TimeCatalog* catalog = planning.catalog();
    if (catalog == nullptr) return;
    Expr* grouping = single_grouping_expression(root, stage);

    TimeBucket bucket;
    if (grouping == nullptr || !read_time_bucket(*catalog, input_rel, grouping, &bucket)) return;
    const double width = bucket_width_seconds(grouping);
    double span = 0.0;
    if (width <= 0.0 || !key_time_span(root, bucket.column, &span)) return;
    double groups = span * key_conditions_selectivity(root, input_rel, bucket.column) / width + 1.0;
    if (groups > input_rel->rows) groups = input_rel->rows;
    groups = clamp_row_est(groups);
    // Only ever fewer groups than PostgreSQL's paths say (the grouped relation's own estimate
    // is set from them later).
    output_rel->rows = groups;
    ListCell* cell;
    foreach (cell, output_rel->pathlist) {
        auto* path = static_cast<Path*>(lfirst(cell));
        if (path->rows > groups) path->rows = groups;
    }
}

}  // namespace uuidx::pg
