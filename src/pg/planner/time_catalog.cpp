#include "time_catalog.hpp"

namespace uuidx::pg {

namespace {

enum class CatalogState : uint8 { unknown, absent, present };

CatalogState state = CatalogState::unknown;
uint64 invalidations = 0;  // counts the callback's calls, so a lookup it overtook is not kept
bool callback_registered = false;
TimeCatalog catalog;

void forget_catalog(Datum, UuidxSysCacheId, uint32) {
    state = CatalogState::unknown;
    ++invalidations;
}

// The OID and schema of this database's extension `name`. (get_extension_schema() is
// static before PostgreSQL 16, and there is no syscache on pg_extension before 18.)
bool find_extension(const char* name, Oid* extension, Oid* schema) {
    Relation rel = table_open(ExtensionRelationId, AccessShareLock);
    ScanKeyData key;
    ScanKeyInit(&key, Anum_pg_extension_extname, BTEqualStrategyNumber, F_NAMEEQ, CStringGetDatum(name));
    SysScanDesc scan = systable_beginscan(rel, ExtensionNameIndexId, true, nullptr, 1, &key);
    const HeapTuple tuple = systable_getnext(scan);
    const bool found = HeapTupleIsValid(tuple);
    if (found) {
        const auto* form = reinterpret_cast<Form_pg_extension>(GETSTRUCT(tuple));
        *extension = form->oid;
        *schema = form->extnamespace;
    }
    systable_endscan(scan);
    table_close(rel, AccessShareLock);
    return found;
}

// The function `name(arg0[, arg1[, arg2]])` of `schema`, if it belongs to the extension: a
// namesake created by a user in uuidx's schema is not uuidx's.
Oid member_function(const TimeCatalog& c, const char* name, int nargs, Oid arg0, Oid arg1 = InvalidOid,
                    Oid arg2 = InvalidOid) {
    const Oid types[3] = {arg0, arg1, arg2};
    oidvector* args = buildoidvector(types, nargs);
    const Oid function = GetSysCacheOid3(PROCNAMEARGSNSP, Anum_pg_proc_oid, CStringGetDatum(name),
                                         PointerGetDatum(args), ObjectIdGetDatum(c.schema));
    pfree(args);
    if (!OidIsValid(function) || getExtensionOfObject(ProcedureRelationId, function) != c.extension) return InvalidOid;
    return function;
}

// The operator `name(left, right)` of `schema`, if it belongs to the extension.
Oid member_operator(const TimeCatalog& c, const char* name, Oid left, Oid right) {
    const Oid op = GetSysCacheOid4(OPERNAMENSP, Anum_pg_operator_oid, CStringGetDatum(name), ObjectIdGetDatum(left),
                                   ObjectIdGetDatum(right), ObjectIdGetDatum(c.schema));
    if (!OidIsValid(op) || getExtensionOfObject(OperatorRelationId, op) != c.extension) return InvalidOid;
    return op;
}

// uuid's default btree operator family and its >=, <=, >, <; false where they are not the
// built-in comparison functions.
bool find_uuid_comparison(UuidComparison* u) {
    const TypeCacheEntry* type = lookup_type_cache(UUIDOID, TYPECACHE_BTREE_OPFAMILY);
    u->opfamily = type->btree_opf;
    u->ge = get_opfamily_member(u->opfamily, UUIDOID, UUIDOID, BTGreaterEqualStrategyNumber);
    u->le = get_opfamily_member(u->opfamily, UUIDOID, UUIDOID, BTLessEqualStrategyNumber);
    u->gt = get_opfamily_member(u->opfamily, UUIDOID, UUIDOID, BTGreaterStrategyNumber);
    u->lt = get_opfamily_member(u->opfamily, UUIDOID, UUIDOID, BTLessStrategyNumber);
    // get_opcode() of InvalidOid (a missing member) is InvalidOid.
    return OidIsValid(u->opfamily) && get_opcode(u->ge) == F_UUID_GE && get_opcode(u->le) == F_UUID_LE &&
           get_opcode(u->gt) == F_UUID_GT && get_opcode(u->lt) == F_UUID_LT;
}

// Fills `c`; false when uuidx is absent or lacks one of the functions, or uuid's order is
// not the standard one.
bool look_up(TimeCatalog* c) {
    if (!find_extension("uuidx", &c->extension, &c->schema)) return false;
    c->v7_to_timestamptz = member_function(*c, "uuid_v7_to_timestamptz", 1, UUIDOID);
    c->v7_to_timestamp = member_function(*c, "uuid_v7_to_timestamp", 1, UUIDOID);
    c->extract_timestamp = member_function(*c, "uuid_extract_timestamp", 1, UUIDOID);
    c->extract_version = member_function(*c, "uuid_extract_version", 1, UUIDOID);
    c->time_min_key_tz = member_function(*c, "uuid_time_min_key", 2, TIMESTAMPTZOID, BOOLOID);
    c->time_max_key_tz = member_function(*c, "uuid_time_max_key", 2, TIMESTAMPTZOID, BOOLOID);
    c->time_min_key_ts = member_function(*c, "uuid_time_min_key", 2, TIMESTAMPOID, BOOLOID);
    c->time_max_key_ts = member_function(*c, "uuid_time_max_key", 2, TIMESTAMPOID, BOOLOID);
    c->range_min_key = member_function(*c, "uuid_range_min_key", 1, TSTZRANGEOID);
    c->range_max_key = member_function(*c, "uuid_range_max_key", 1, TSTZRANGEOID);
    c->key_at_start = member_function(*c, "uuid_time_key_at_start", 1, UUIDOID);
    c->time_in_range_operator = member_operator(*c, "<@", UUIDOID, TSTZRANGEOID);
    c->time_in_range = OidIsValid(c->time_in_range_operator) ? get_opcode(c->time_in_range_operator) : InvalidOid;
    const Oid contains = member_operator(*c, "@>", TSTZRANGEOID, UUIDOID);
    c->range_contains_time = OidIsValid(contains) ? get_opcode(contains) : InvalidOid;
    c->time_window = member_function(*c, "uuid_time_window", 3, TIMESTAMPTZOID, TIMESTAMPTZOID, TEXTOID);
    Oid timescaledb = InvalidOid, timescaledb_schema = InvalidOid;
    c->timescaledb = find_extension("timescaledb", &timescaledb, &timescaledb_schema);
    const Oid all[] = {c->v7_to_timestamptz,   c->v7_to_timestamp, c->extract_timestamp, c->extract_version,
                       c->time_min_key_tz,     c->time_max_key_tz, c->time_min_key_ts,   c->time_max_key_ts,
                       c->range_min_key,       c->range_max_key,   c->key_at_start,      c->time_in_range,
                       c->range_contains_time, c->time_window};
    for (const Oid oid : all)
        if (!OidIsValid(oid)) return false;
    if (!find_uuid_comparison(&c->uuid)) {
        elog(DEBUG1,
             "uuidx: the default btree operator family of uuid has no standard comparison operators, so the planner "
             "leaves queries on a key's time to PostgreSQL");
        return false;
    }
    return true;
}

// ---- time functions and the v7 CHECK -----------------------------------------------------

bool is_extract_version(const TimeCatalog& catalog, Oid function) {
#if UUIDX_HAS_BUILTIN_EXTRACT_VERSION
    if (function == F_UUID_EXTRACT_VERSION) return true;
#endif
    return function == catalog.extract_version;
}

bool is_integer_seven(Node* node) {
    if (!IsA(node, Const)) return false;
    const auto* c = castNode(Const, node);
    if (c->constisnull) return false;
    if (c->consttype == INT2OID) return DatumGetInt16(c->constvalue) == 7;
    if (c->consttype == INT4OID) return DatumGetInt32(c->constvalue) == 7;
    return false;
}

bool is_version_of_column(const TimeCatalog& catalog, Node* node, AttrNumber column) {
    if (!IsA(node, FuncExpr)) return false;
    const auto* call = castNode(FuncExpr, node);
    if (!is_extract_version(catalog, call->funcid) || list_length(call->args) != 1) return false;
    const auto* arg = static_cast<Node*>(linitial(call->args));
    return IsA(arg, Var) && reinterpret_cast<const Var*>(arg)->varattno == column;
}

// Whether one of the AND conjuncts of a CHECK expression (or of a list of them) is one that
// `says` says is.
template <typename Says>
bool some_conjunct(Node* expr, Says says) {
    if (expr == nullptr) return false;
    if (IsA(expr, List)) {
        ListCell* cell;
        foreach (cell, castNode(List, expr))
            if (some_conjunct(static_cast<Node*>(lfirst(cell)), says)) return true;
        return false;
    }
    if (is_andclause(expr)) return some_conjunct(as_node(castNode(BoolExpr, expr)->args), says);
    return says(expr);
}

// Whether a CHECK conjunct makes every non-null version of `column` 7:
// uuid_extract_version(column) = 7 (either way round, smallint or integer 7).
bool conjunct_says_v7(const TimeCatalog& catalog, Node* expr, AttrNumber column) {
    if (!IsA(expr, OpExpr)) return false;
    const auto* op = castNode(OpExpr, expr);
    if (list_length(op->args) != 2) return false;
    const Oid function = operator_function(op);
    if (function != F_INT2EQ && function != F_INT24EQ && function != F_INT42EQ) return false;
    auto* left = static_cast<Node*>(linitial(op->args));
    auto* right = static_cast<Node*>(lsecond(op->args));
    return (is_version_of_column(catalog, left, column) && is_integer_seven(right)) ||
           (is_version_of_column(catalog, right, column) && is_integer_seven(left));
}

// Whether `node` is uuid_extract_version(column) or a v7-reading uuid_extract_timestamp(column):
// under the v7 CHECK, NULL exactly for the keys of no version.
bool is_version_or_time_of_column(const TimeCatalog& catalog, Node* node, AttrNumber column) {
    if (!IsA(node, FuncExpr)) return false;
    const auto* call = castNode(FuncExpr, node);
    if (list_length(call->args) != 1) return false;
    Oid type = InvalidOid;
    if (!is_extract_version(catalog, call->funcid) &&
        time_function(catalog, call->funcid, &type) != TimeFunction::needs_v7_check)
        return false;
    const auto* arg = static_cast<Node*>(linitial(call->args));
    return IsA(arg, Var) && reinterpret_cast<const Var*>(arg)->varattno == column;
}

// Whether a CHECK conjunct promises that the version of `column` is never NULL:
// uuid_extract_version(column) IS NOT NULL (or uuid_extract_timestamp's).
bool conjunct_says_versioned(const TimeCatalog& catalog, Node* expr, AttrNumber column) {
    if (!IsA(expr, NullTest)) return false;
    const auto* test = castNode(NullTest, expr);
    return test->nulltesttype == IS_NOT_NULL && !test->argisrow &&
           is_version_or_time_of_column(catalog, as_node(test->arg), column);
}

// On 18+: whether a virtual generated column of the version or the time of `column` carries a
// valid NOT NULL constraint (enforced on every insert and update, as a CHECK is).
bool virtual_column_says_versioned(const TimeCatalog& catalog, Relation rel, AttrNumber column) {
#if UUIDX_HAS_VIRTUAL_GENERATED_COLUMNS
    const TupleDesc desc = RelationGetDescr(rel);
    const TupleConstr* constraints = desc->constr;
    if (constraints == nullptr || !constraints->has_generated_virtual) return false;
    for (int i = 0; i < constraints->num_defval; ++i) {
        const AttrDefault& generated = constraints->defval[i];
        const Form_pg_attribute attribute = TupleDescAttr(desc, generated.adnum - 1);
        if (attribute->attgenerated != ATTRIBUTE_GENERATED_VIRTUAL ||
            TupleDescCompactAttr(desc, generated.adnum - 1)->attnullability != ATTNULLABLE_VALID)
            continue;
        if (is_version_or_time_of_column(catalog, static_cast<Node*>(stringToNode(generated.adbin)), column))
            return true;
    }
#endif
    return false;
}

}  // namespace

const TimeCatalog* time_catalog() {
    if (likely(state == CatalogState::present)) return &catalog;
    if (state == CatalogState::absent) return nullptr;
    if (!callback_registered) {
        CacheRegisterSyscacheCallback(PROCOID, forget_catalog, static_cast<Datum>(0));
        callback_registered = true;
    }
    const uint64 before = invalidations;
    TimeCatalog found{};
    const bool complete = look_up(&found);
    // Only a complete lookup is published: the cache never holds the OIDs of 0 of a partial
    // one (uuidx dropped, one of its functions renamed).
    if (complete) catalog = found;
    // An invalidation during the lookup leaves the state unknown: the next call looks again.
    if (invalidations == before) state = complete ? CatalogState::present : CatalogState::absent;
    return complete ? &catalog : nullptr;
}

TimeFunction time_function(const TimeCatalog& catalog, Oid function, Oid* type) {
    if (function == catalog.v7_to_timestamptz) {
        *type = TIMESTAMPTZOID;
        return TimeFunction::first_48_bits;
    }
    if (function == catalog.v7_to_timestamp) {
        *type = TIMESTAMPOID;
        return TimeFunction::first_48_bits;
    }
#if UUIDX_HAS_BUILTIN_V7_EXTRACT_TIMESTAMP
    if (function == F_UUID_EXTRACT_TIMESTAMP) {
        *type = TIMESTAMPTZOID;
        return TimeFunction::needs_v7_check;
    }
#endif
    if (function == catalog.extract_timestamp) {
        *type = TIMESTAMPTZOID;
        return TimeFunction::needs_v7_check;
    }
    return TimeFunction::none;
}

bool read_key_time(const TimeCatalog& catalog, Node* node, KeyTime* out) {
    if (!IsA(node, FuncExpr)) return false;
    auto* call = castNode(FuncExpr, node);
    if (list_length(call->args) != 1 || !IsA(linitial(call->args), Var)) return false;
    const auto* key = static_cast<const Var*>(linitial(call->args));
    if (key->varlevelsup != 0 || key->vartype != UUIDOID) return false;
    Oid type = InvalidOid;
    const TimeFunction kind = time_function(catalog, call->funcid, &type);
    if (kind == TimeFunction::none) return false;
    *out = {call, key, kind, type};
    return true;
}

bool is_window_operator(const TimeCatalog& catalog, const OpExpr* op) {
    const Oid function = operator_function(op);
    return function == catalog.time_in_range || function == catalog.range_contains_time;
}

bool contains_time_call(const TimeCatalog& catalog, Node* node, bool window_operators) {
    struct Look {
        const TimeCatalog* catalog;
        bool window_operators;
        static bool visit(Node* node, void* context) {
            if (node == nullptr) return false;
            const auto* look = static_cast<const Look*>(context);
            Oid type = InvalidOid;
            if (IsA(node, FuncExpr) &&
                time_function(*look->catalog, castNode(FuncExpr, node)->funcid, &type) != TimeFunction::none)
                return true;
            if (look->window_operators && IsA(node, OpExpr) &&
                is_window_operator(*look->catalog, castNode(OpExpr, node)))
                return true;
            return expression_tree_walker(node, UUIDX_WALKER(visit), context);
        }
    };
    Look look{&catalog, window_operators};
    return Look::visit(node, &look);
}

V7Promise v7_promise(const TimeCatalog& catalog, const RangeTblEntry* rte, AttrNumber column) {
    // A NULL uuid_extract_version passes a CHECK, and uuid_extract_timestamp is NULL for
    // those keys too.
    if (rte->rtekind != RTE_RELATION) return V7Promise::none;
    if (rte->relkind != RELKIND_RELATION && rte->relkind != RELKIND_PARTITIONED_TABLE) return V7Promise::none;
    Relation rel = table_open(rte->relid, NoLock);  // locked by the parser or the plan cache
    const TupleConstr* constraints = RelationGetDescr(rel)->constr;
    bool v7 = false;
    bool versioned = false;
    for (int i = 0; constraints != nullptr && i < constraints->num_check; ++i) {
        const ConstrCheck& check = constraints->check[i];
        if (!check.ccvalid || (rte->inh && check.ccnoinherit)) continue;
#if UUIDX_HAS_CHECK_ENFORCED
        if (!check.ccenforced) continue;
#endif
        auto* expr = static_cast<Node*>(stringToNode(check.ccbin));
        v7 = v7 || some_conjunct(expr, [&](Node* conjunct) { return conjunct_says_v7(catalog, conjunct, column); });
        versioned = versioned || some_conjunct(expr, [&](Node* conjunct) {
                        return conjunct_says_versioned(catalog, conjunct, column);
                    });
    }
    if (v7 && !versioned) versioned = virtual_column_says_versioned(catalog, rel, column);
    table_close(rel, NoLock);
    if (!v7) return V7Promise::none;
    return versioned ? V7Promise::v7 : V7Promise::v7_or_none;
}

}  // namespace uuidx::pg
