// Time buckets of a key's time that never decrease in key order: the forms, and the proof
// for a time zone.
//
// A bucket B(t) of the key's time t can be read from the key's index in order only where
// t1 <= t2 implies B(t1) <= B(t2). For date_bin() (arithmetic on the absolute time) and
// for date_trunc() of a timestamp (a floor on the calendar of UTC wall time: every unit, the
// ISO week and the centuries included, cuts the line into consecutive intervals) that holds
// everywhere. For a bucket computed in a time zone it holds between the zone's transitions
// (one offset: the bucket is a floor of the local time, and date_trunc()'s mapping of a local
// time back to an instant never decreases), and may fail at a transition: America/St_Johns
// fell back at 00:01 to 23:01 of the day before until 2010, so date_trunc('day', t) stepped
// back a day; a local wall clock (t AT TIME ZONE z) steps back at every fall-back. So a zone
// keeps a bucket's order if, at each of its transitions, the bucket of the last microsecond
// before it is not after the bucket of the transition: zone_keeps_bucket_order() evaluates
// the bucket itself (PostgreSQL's own functions) at both sides of every transition.
#include "plan_nodes.hpp"  // first: it includes a core header (../postgres.hpp)
#include "planning.hpp"

namespace uuidx::pg {

namespace {

// Where a bucket's order depends on a time zone: nowhere, on one named in the query, or on
// the session's.
struct ZoneSource {
    enum Kind : uint8 { none, named, session } kind = none;
    const char* name = nullptr;  // for named
};

// The text of a non-null text Const, or null.
const char* const_text(Node* node) {
    if (!IsA(node, Const) || castNode(Const, node)->constisnull || castNode(Const, node)->consttype != TEXTOID)
        return nullptr;
    return TextDatumGetCString(castNode(Const, node)->constvalue);
}

constexpr double kDay = 86400.0;
constexpr double kMonth = 30.436875 * kDay;  // the Gregorian calendar's average

// How long a bucket of the date_trunc() unit `unit` is, in seconds, on average; 0 where the
// unit is not a constant that names one.
double unit_seconds(Node* unit) {
    const char* text = const_text(unit);
    if (text == nullptr) return 0.0;
    char* lowered = downcase_truncate_identifier(text, static_cast<int>(strlen(text)), false);
    int value = 0;
    if (DecodeUnits(0, lowered, &value) != UNITS) return 0.0;
    switch (value) {
        case DTK_MICROSEC: return 1e-6;
        case DTK_MILLISEC: return 1e-3;
        case DTK_SECOND: return 1.0;
        case DTK_MINUTE: return 60.0;
        case DTK_HOUR: return 3600.0;
        case DTK_DAY: return kDay;
        case DTK_WEEK: return 7 * kDay;
        case DTK_MONTH: return kMonth;
        case DTK_QUARTER: return 3 * kMonth;
        case DTK_YEAR: return 12 * kMonth;
        case DTK_DECADE: return 120 * kMonth;
        case DTK_CENTURY: return 1200 * kMonth;
        case DTK_MILLENNIUM: return 12000 * kMonth;
        default: return 0.0;
    }
}

// Whether a date_trunc() unit is a second or finer: then a bucket in any zone is the bucket
// in UTC, as every offset is a whole number of seconds.
bool unit_within_a_second(Node* unit) {
    const double seconds = unit_seconds(unit);
    return seconds > 0.0 && seconds <= 1.0;
}

// Adds `zone` to where the order depends: at most one zone per bucket.
bool depend_on(ZoneSource* where, ZoneSource zone) {
    if (zone.kind == ZoneSource::none) return true;
    if (where->kind == ZoneSource::none) {
        *where = zone;
        return true;
    }
    return where->kind == zone.kind && (zone.kind == ZoneSource::session || pg_strcasecmp(where->name, zone.name) == 0);
}

bool is_time_of(const TimeCatalog& catalog, const RelOptInfo* rel, Expr* expr, TimeBucket* bucket) {
    KeyTime time;
    if (!read_key_time(catalog, as_node(expr), &time) || !is_column_of(rel, time.key)) return false;
    bucket->time = time.call;
    bucket->column = time.key;
    return true;
}

// The grammar of read_time_bucket(), recursively: `expr` is the time, or a bucket of a form
// that is, with the zone its order depends on added to `zone`.
bool read_form(const TimeCatalog& catalog, const RelOptInfo* rel, Expr* expr, TimeBucket* bucket, ZoneSource* zone) {
    if (is_time_of(catalog, rel, expr, bucket)) return true;
    if (!IsA(expr, FuncExpr)) return false;
    auto* call = castNode(FuncExpr, expr);
    List* args = call->args;
    const auto arg = [&](int n) { return static_cast<Node*>(list_nth(args, n)); };
    const auto inner = [&](int n) {
        return read_form(catalog, rel, static_cast<Expr*>(list_nth(args, n)), bucket, zone);
    };
    switch (call->funcid) {
        case F_DATE_BIN_INTERVAL_TIMESTAMPTZ_TIMESTAMPTZ:  // date_bin(stride, t, origin)
        case F_DATE_BIN_INTERVAL_TIMESTAMP_TIMESTAMP:
            return is_usable_comparand(arg(0)) && is_usable_comparand(arg(2)) && inner(1);
        case F_DATE_TRUNC_TEXT_TIMESTAMP: return is_usable_comparand(arg(0)) && inner(1);  // UTC wall time, any unit
        case F_DATE_TIMESTAMP: return inner(0);                                            // timestamp::date
        case F_TIMEZONE_INTERVAL_TIMESTAMPTZ: return is_usable_comparand(arg(0)) && inner(1);  // a fixed offset
        case F_DATE_TRUNC_TEXT_TIMESTAMPTZ:
            if (const_text(arg(0)) == nullptr || !inner(1)) return false;
            return unit_within_a_second(arg(0)) || depend_on(zone, {ZoneSource::session, nullptr});
        case F_DATE_TRUNC_TEXT_TIMESTAMPTZ_TEXT: {  // date_trunc(unit, t, zone)
            const char* name = const_text(arg(2));
            if (const_text(arg(0)) == nullptr || name == nullptr || !inner(1)) return false;
            return unit_within_a_second(arg(0)) || depend_on(zone, {ZoneSource::named, name});
        }
        case F_TIMEZONE_TEXT_TIMESTAMPTZ: {  // t AT TIME ZONE 'zone'
            const char* name = const_text(arg(0));
            return name != nullptr && inner(1) && depend_on(zone, {ZoneSource::named, name});
        }
        case F_DATE_TIMESTAMPTZ:       // timestamptz::date
        case F_TIMESTAMP_TIMESTAMPTZ:  // timestamptz::timestamp
            return inner(0) && depend_on(zone, {ZoneSource::session, nullptr});
        default: return false;
    }
}

// ---- the proof for a zone -----------------------------------------------------------------

// 2600-01-01 00:00 UTC, in seconds since 1970: past every table of transitions (their rules
// repeat every 400 years after the last one listed, which PostgreSQL extends to 2037).
constexpr pg_time_t kCheckedUntil = 19514620800;
// A bound on the transitions read, far above any zone's (about 1,300 to 2600).
constexpr int kMostTransitions = 20000;

// Replaces the call of the time function in a bucket (the one call whose argument is a uuid
// column) with the parameter $1.
Node* time_as_parameter(Node* node, void* type) {
    if (node == nullptr) return nullptr;
    if (IsA(node, FuncExpr)) {
        auto* call = castNode(FuncExpr, node);
        if (list_length(call->args) == 1 && IsA(linitial(call->args), Var) &&
            castNode(Var, linitial(call->args))->vartype == UUIDOID) {
            *static_cast<Oid*>(type) = call->funcresulttype;
            auto* parameter = makeNode(Param);
            parameter->paramkind = PARAM_EXTERN;
            parameter->paramid = 1;
            parameter->paramtype = call->funcresulttype;
            parameter->paramtypmod = -1;
            parameter->paramcollid = InvalidOid;
            parameter->location = -1;
            return as_node(parameter);
        }
    }
    return expression_tree_mutator(node, UUIDX_MUTATOR(time_as_parameter), type);
}

bool evaluate_keeps_order(Node* bucket_with_time, pg_tz* zone) {
    Oid time_type = InvalidOid;
    auto* bucket = static_cast<Expr*>(static_cast<void*>(time_as_parameter(bucket_with_time, &time_type)));
    if (!OidIsValid(time_type)) return false;
    ParamListInfo parameters = makeParamList(1);
    parameters->params[0] = {0, false, PARAM_FLAG_CONST, time_type};
    ExprState* state = ExecInitExprWithParams(bucket, parameters);
    ExprContext* context = CreateStandaloneExprContext();
    context->ecxt_param_list_info = parameters;  // where the compiled $1 is read from
    const Oid result_type = exprType(as_node(bucket));
    const TypeCacheEntry* entry = lookup_type_cache(result_type, TYPECACHE_CMP_PROC_FINFO);
    const auto bucket_at = [&](TimestampTz time, bool* isnull) {
        parameters->params[0].value = TimestampTzGetDatum(time);
        return ExecEvalExprSwitchContext(state, context, isnull);
    };
    bool keeps = OidIsValid(entry->cmp_proc);
    pg_time_t after = 0;
    for (int n = 0; keeps && n < kMostTransitions; ++n) {
        long offset_before = 0, offset_after = 0;
        int dst_before = 0, dst_after = 0;
        pg_time_t boundary = 0;
        const int found =
            pg_next_dst_boundary(&after, &offset_before, &dst_before, &boundary, &offset_after, &dst_after, zone);
        if (found < 0) keeps = false;
        if (found <= 0 || boundary > kCheckedUntil) break;
        const TimestampTz transition = time_t_to_timestamptz(boundary);
        bool null_before = false, null_at = false;
        const Datum before = bucket_at(transition - 1, &null_before);
        const Datum at = bucket_at(transition, &null_at);
        if (!null_before && !null_at)
            keeps = DatumGetInt32(
                        FunctionCall2Coll(const_cast<FmgrInfo*>(&entry->cmp_proc_finfo), InvalidOid, before, at)) <= 0;
        ResetExprContext(context);
        after = boundary;
    }
    FreeExprContext(context, true);
    return keeps;
}

}  // namespace

bool read_time_bucket(const TimeCatalog& catalog, const RelOptInfo* rel, Expr* expr, TimeBucket* bucket) {
    ZoneSource zone;
    *bucket = {};
    if (!read_form(catalog, rel, expr, bucket, &zone)) return false;
    bucket->needs_session_zone = zone.kind == ZoneSource::session;
    if (zone.kind != ZoneSource::named) return true;
    pg_tz* named = pg_tzset(zone.name);
    if (named == nullptr) return false;  // an abbreviation or an offset: left alone
    char* text = nodeToString(expr);
    const bool keeps = zone_keeps_bucket_order(text, named);
    pfree(text);
    return keeps;
}

double bucket_width_seconds(Expr* bucket) {
    if (!IsA(bucket, FuncExpr)) return 0.0;
    List* args = castNode(FuncExpr, bucket)->args;
    switch (castNode(FuncExpr, bucket)->funcid) {
        case F_DATE_BIN_INTERVAL_TIMESTAMPTZ_TIMESTAMPTZ:
        case F_DATE_BIN_INTERVAL_TIMESTAMP_TIMESTAMP: {
            auto* stride = static_cast<Node*>(linitial(args));
            if (!IsA(stride, Const) || castNode(Const, stride)->constisnull) return 0.0;
            const auto* interval = DatumGetIntervalP(castNode(Const, stride)->constvalue);
            return static_cast<double>(interval->time) / USECS_PER_SEC + interval->day * kDay +
                   interval->month * kMonth;
        }
        case F_DATE_TRUNC_TEXT_TIMESTAMP:
        case F_DATE_TRUNC_TEXT_TIMESTAMPTZ:
        case F_DATE_TRUNC_TEXT_TIMESTAMPTZ_TEXT: return unit_seconds(static_cast<Node*>(linitial(args)));
        case F_DATE_TIMESTAMP:
        case F_DATE_TIMESTAMPTZ: return kDay;
        default: return 0.0;
    }
}

bool zone_keeps_bucket_order(const char* bucket_text, pg_tz* zone) {
    // Remembered for the backend's life, per bucket and zone (a zone's transitions change only
    // with the server's time zone data, which a new backend reads): a short list, searched
    // from the latest, and forgotten whole when it grows long.
    struct Known {
        char* bucket_text;
        char* zone_name;
        bool keeps;
        Known* next;
    };
    constexpr int kMostKnown = 256;
    static Known* known = nullptr;
    static int known_count = 0;
    const char* zone_name = pg_get_timezone_name(zone);
    for (const Known* entry = known; entry != nullptr; entry = entry->next)
        if (strcmp(entry->zone_name, zone_name) == 0 && strcmp(entry->bucket_text, bucket_text) == 0)
            return entry->keeps;
    const bool keeps = evaluate_keeps_order(static_cast<Node*>(stringToNode(bucket_text)), zone);
    if (known_count >= kMostKnown) {
        while (known != nullptr) {
            Known* next = known->next;
            pfree(known->bucket_text);
            pfree(known->zone_name);
            pfree(known);
            known = next;
        }
        known_count = 0;
    }
    auto* entry = static_cast<Known*>(MemoryContextAlloc(TopMemoryContext, sizeof(Known)));
    *entry = {MemoryContextStrdup(TopMemoryContext, bucket_text), MemoryContextStrdup(TopMemoryContext, zone_name),
              keeps, known};
    known = entry;
    ++known_count;
    return keeps;
}

}  // namespace uuidx::pg
