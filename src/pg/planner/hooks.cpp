// Every planner hook of uuidx, installed and chained here and nowhere else, and the one
// setting that turns the planner's use of a key's time on and off. Each hook calls the
// rewrites of its moment in a stated order: docs/planner.md, "Where it runs"; what each does,
// and why its result is equal, is a row of that page.
//
// The relation hook is get_relation_info_hook, or on 19 build_simple_rel_hook, which replaced
// it at the same moment (postgres.hpp). Each planner() call has its state (planning.hpp),
// which every hook passes to the rewrites it calls; the relation hook also runs outside
// planner() (CREATE INDEX and CLUSTER build a relation to cost their work), where there is
// no planning and it calls nothing. With uuidx.time_predicates off, every hook is a load and
// a branch; the pruning range's life cycle runs whatever the setting, but only in a planning
// whose rewrite made a range (planning.hpp, "The pruning range").
#include "hooks.hpp"
#include "../postgres.hpp"
#include "planning.hpp"

namespace uuidx::pg {

namespace {

bool time_predicates_on = true;
Planning* current_planning = nullptr;  // the innermost planner() call's; null outside planner()

planner_hook_type previous_planner_hook = nullptr;
UuidxRelationHookType previous_relation_hook = nullptr;
set_rel_pathlist_hook_type previous_rel_pathlist_hook = nullptr;
create_upper_paths_hook_type previous_upper_paths_hook = nullptr;

PlannedStmt* uuidx_planner(UUIDX_PLANNER_PARAMS) {
    PlannedStmt* volatile planned = nullptr;  // set inside PG_TRY, read after it
    Planning planning;
    Planning* const outer = current_planning;
    current_planning = &planning;
    PG_TRY();
    {
        if (time_predicates_on) make_time_bounds_shippable(planning, parse);
        planned = previous_planner_hook != nullptr ? previous_planner_hook(UUIDX_PLANNER_ARGS)
                                                   : standard_planner(UUIDX_PLANNER_ARGS);
    }
    PG_FINALLY();
    { current_planning = outer; }
    PG_END_TRY();
    return planned;
}

// Whether `rel` is the first table of its query level to reach the planner: the one moment
// after the query is flattened (views, subqueries and CTEs pulled up, 18's virtual generated
// columns expanded, SQL functions inlined, constants folded, a custom plan's parameters
// replaced by their values), and before its quals are distributed to the tables. Tables are
// built in join-tree order before any partition or inheritance child, and a level's other
// relations (subqueries, functions...) are not tables.
bool is_first_table_of_level(const PlannerInfo* root, const RelOptInfo* rel) {
    if (rel->reloptkind != RELOPT_BASEREL || rel->rtekind != RTE_RELATION) return false;
    for (int i = 1; i < root->simple_rel_array_size; ++i) {
        const RelOptInfo* other = root->simple_rel_array[i];
        if (other != nullptr && other != rel && other->rtekind == RTE_RELATION) return false;
    }
    return true;
}

void uuidx_relation_hook(UUIDX_RELATION_HOOK_PARAMS) {
    if (current_planning != nullptr) {
        prepare_parent_quals_for(*current_planning, root, rel);
        if (time_predicates_on && is_first_table_of_level(root, rel)) rewrite_time_conditions(*current_planning, root);
    }
    if (previous_relation_hook != nullptr) previous_relation_hook(UUIDX_RELATION_HOOK_ARGS);
}

void uuidx_rel_pathlist(PlannerInfo* root, RelOptInfo* rel, Index rti, RangeTblEntry* rte) {
    // Never both on one table: time order skips partitioned tables (their partitions' scans
    // are merged), and the pruning range lives in partitioned tables alone.
    if (current_planning != nullptr) {
        if (time_predicates_on) add_time_ordered_paths(*current_planning, root, rel, rte);
        show_pruning_range(*current_planning, rel, rte);
    }
    if (previous_rel_pathlist_hook != nullptr) previous_rel_pathlist_hook(root, rel, rti, rte);
}

void uuidx_upper_paths(PlannerInfo* root, UpperRelationKind stage, RelOptInfo* input_rel, RelOptInfo* output_rel,
                       void* extra) {
    if (previous_upper_paths_hook != nullptr) previous_upper_paths_hook(root, stage, input_rel, output_rel, extra);
    if (time_predicates_on && current_planning != nullptr)
        estimate_bucket_groups(*current_planning, root, stage, input_rel, output_rel);
}

}  // namespace

void define_time_predicates_setting() {
    DefineCustomBoolVariable(
        "uuidx.time_predicates",
        "Lets the planner use a uuid key's index and order for the key's time, as in uuid_v7_to_timestamptz(id) > c "
        "and ORDER BY uuid_v7_to_timestamptz(id).",
        "With this on, the planner rewrites a comparison of the key's time into the operator it is equal to (id <@ "
        "uuid_time_window(...)), or on partitioned tables adds the key range it implies beside it, so that a btree "
        "or BRIN index on the key and partition pruning can use it; offers scans of the key's btree as ordered by "
        "the time (ORDER BY, min() and max(), keyset pages, merge joins) and by buckets of it (GROUP BY, ORDER BY or "
        "DISTINCT ON date_trunc(), date_bin(), ::date), estimating a bucket's groups from the key's time span; and in "
        "a query that reads a foreign table, "
        "computes a time bound such as now() - interval '1 day' once, before the scan, so that postgres_fdw can send "
        "it. Results do not change.",
        &time_predicates_on, true, PGC_USERSET, 0, nullptr, nullptr, nullptr);
}

void install_planner() {
    previous_planner_hook = planner_hook;
    planner_hook = uuidx_planner;
    previous_relation_hook = UUIDX_RELATION_HOOK;
    UUIDX_RELATION_HOOK = uuidx_relation_hook;
    previous_rel_pathlist_hook = set_rel_pathlist_hook;
    set_rel_pathlist_hook = uuidx_rel_pathlist;
    previous_upper_paths_hook = create_upper_paths_hook;
    create_upper_paths_hook = uuidx_upper_paths;
    register_zone_checked_order();
}

}  // namespace uuidx::pg
