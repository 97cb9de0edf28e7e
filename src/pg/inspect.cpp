// SQL entry points that read UUIDs: pure functions of their argument.
#include "../core/inspect.hpp"
#include "../core/layout.hpp"
#include "datums.hpp"
#include "door.hpp"

using uuidx::Uuid;
using uuidx::pg::uuid_from_datum;

extern "C" {

// As PostgreSQL 18: the version nibble, NULL unless the variant is RFC 9562's.
PG_FUNCTION_INFO_V1(uuidx_extract_version);
Datum uuidx_extract_version(PG_FUNCTION_ARGS) {
    const Uuid u = uuid_from_datum(PG_GETARG_UUID_P(0));
    if (!u.is_rfc9562()) PG_RETURN_NULL();
    PG_RETURN_INT16(static_cast<int16>(u.version_nibble()));
}

PG_FUNCTION_INFO_V1(uuidx_extract_variant);
Datum uuidx_extract_variant(PG_FUNCTION_ARGS) {
    const Uuid u = uuid_from_datum(PG_GETARG_UUID_P(0));
    PG_RETURN_INT16(static_cast<int16>(u.variant()));
}

PG_FUNCTION_INFO_V1(uuidx_extract_timestamp);
Datum uuidx_extract_timestamp(PG_FUNCTION_ARGS) {
    const Uuid u = uuid_from_datum(PG_GETARG_UUID_P(0));
    const auto unix_us = uuidx::embedded_unix_us(u);
    if (!unix_us) PG_RETURN_NULL();
    PG_RETURN_TIMESTAMPTZ(unix_us.value - kUnixToPostgresEpochUs);
}

}  // extern "C"

namespace {

bool has_gregorian_fields(const Uuid& u) {
    if (!u.is_rfc9562()) return false;
    const int version = u.version_nibble();
    return version == 1 || version == 6;
}

// "9f:6b:de:ce:d8:46", as macaddr prints.
const char* node_text(uint64 node) {
    return psprintf("%02x:%02x:%02x:%02x:%02x:%02x", static_cast<int>((node >> 40) & 0xFF),
                    static_cast<int>((node >> 32) & 0xFF), static_cast<int>((node >> 24) & 0xFF),
                    static_cast<int>((node >> 16) & 0xFF), static_cast<int>((node >> 8) & 0xFF),
                    static_cast<int>(node & 0xFF));
}

}  // namespace

extern "C" {

PG_FUNCTION_INFO_V1(uuidx_extract_clock_seq);
Datum uuidx_extract_clock_seq(PG_FUNCTION_ARGS) {
    const Uuid u = uuid_from_datum(PG_GETARG_UUID_P(0));
    if (!has_gregorian_fields(u)) PG_RETURN_NULL();
    PG_RETURN_INT32(uuidx::decode_gregorian(u).clock_seq);
}

PG_FUNCTION_INFO_V1(uuidx_extract_node);
Datum uuidx_extract_node(PG_FUNCTION_ARGS) {
    const Uuid u = uuid_from_datum(PG_GETARG_UUID_P(0));
    if (!has_gregorian_fields(u)) PG_RETURN_NULL();
    auto* mac = static_cast<macaddr*>(palloc(sizeof(macaddr)));
    std::memcpy(mac, u.bytes.data() + 10, 6);  // macaddr is the six node octets, in order
    PG_RETURN_MACADDR_P(mac);
}

// One row: variant, version, the embedded time, and the fields of the version's layout as a
// json object in layout order (json, not jsonb, keeps that order): numbers, and the node
// as a MAC address string.
PG_FUNCTION_INFO_V1(uuidx_inspect);
Datum uuidx_inspect(PG_FUNCTION_ARGS) {
    const Uuid u = uuid_from_datum(PG_GETARG_UUID_P(0));
    const uuidx::Inspection info = uuidx::inspect(u);

    TupleDesc tuple_desc;
    if (get_call_result_type(fcinfo, nullptr, &tuple_desc) != TYPEFUNC_COMPOSITE)
        ereport(ERROR, (errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
                        errmsg("uuid_inspect() must be called where a record is accepted")));
    tuple_desc = BlessTupleDesc(tuple_desc);

    StringInfoData fields;
    initStringInfo(&fields);
    appendStringInfoChar(&fields, '{');
    for (int i = 0; i < info.field_count; ++i) {
        const uuidx::InspectedField& f = info.fields[i];
        appendStringInfo(&fields, "%s\"%s\": ", i ? ", " : "", f.name);
        if (f.is_node)
            appendStringInfo(&fields, "\"%s\"", node_text(f.value));
        else
            appendStringInfo(&fields, UINT64_FORMAT, static_cast<uint64>(f.value));
    }
    appendStringInfoChar(&fields, '}');

    Datum values[6];
    bool nulls[6] = {false, false, info.version < 0, false, !info.unix_us, false};
    values[0] = Int16GetDatum(static_cast<int16>(info.variant));
    values[1] = CStringGetTextDatum(info.variant_name);
    values[2] = Int16GetDatum(static_cast<int16>(info.version));
    values[3] = CStringGetTextDatum(info.version_name);
    values[4] = TimestampTzGetDatum(info.unix_us.value - kUnixToPostgresEpochUs);
    values[5] = DirectFunctionCall1(json_in, CStringGetDatum(fields.data));
    PG_RETURN_DATUM(HeapTupleGetDatum(heap_form_tuple(tuple_desc, values, nulls)));
}

}  // extern "C"
