// SQL entry points that read UUIDs: pure functions of their argument.
#include "../core/layout.hpp"
#include "guard.hpp"

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
    PG_RETURN_INT16(static_cast<int16>(uuid_from_datum(PG_GETARG_UUID_P(0)).variant()));
}

PG_FUNCTION_INFO_V1(uuidx_extract_timestamp);
Datum uuidx_extract_timestamp(PG_FUNCTION_ARGS) {
    const auto unix_us = uuidx::embedded_unix_us(uuid_from_datum(PG_GETARG_UUID_P(0)));
    if (!unix_us) PG_RETURN_NULL();
    PG_RETURN_TIMESTAMPTZ(unix_us.value - kUnixToPostgresEpochUs);
}

}  // extern "C"
