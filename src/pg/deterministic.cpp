// SQL entry points of the deterministic UUIDs, computed from their arguments alone:
// name-based v3/v5/v8, v8 from bytes, namespace IDs, the Max UUID and the v1 <-> v6
// conversions. All IMMUTABLE.
#include "../core/deterministic.hpp"
#include "datums.hpp"
#include "door.hpp"

using uuidx::Digest;
using uuidx::Uuid;
using uuidx::pg::quoted_excerpt;
using uuidx::pg::uuid_datum;
using uuidx::pg::uuid_from_datum;
using uuidx::pg::value_or_raise;

namespace {

// The name's bytes as stored, in the database encoding: what uuid-ossp hashes too.
template <typename Detail>
Datum name_based(FunctionCallInfo fcinfo, int version, Digest digest, Detail&& detail) {
    const Uuid name_space = uuid_from_datum(PG_GETARG_UUID_P(0));
    const text* name = PG_GETARG_TEXT_PP(1);
    const auto* bytes = reinterpret_cast<const uint8_t*>(VARDATA_ANY(name));
    const size_t length = VARSIZE_ANY_EXHDR(name);
    return uuid_datum(
        value_or_raise(uuidx::name_based(version, digest, name_space, bytes, length), std::forward<Detail>(detail)));
}

// v1 <-> v6: input of another version is an error naming what it got.
Datum reorder(FunctionCallInfo fcinfo, uuidx::Result<Uuid> (*convert)(const Uuid&) noexcept, const char* function,
              int wanted_version) {
    const Uuid u = uuid_from_datum(PG_GETARG_UUID_P(0));
    const uuidx::Result<Uuid> converted = convert(u);
    if (!converted) uuidx::pg::raise_unexpected_version(function, wanted_version, u);
    return uuid_datum(converted.value);
}

}  // namespace

extern "C" {

PG_FUNCTION_INFO_V1(uuidx_generate_v3);
Datum uuidx_generate_v3(PG_FUNCTION_ARGS) {
    return name_based(fcinfo, 3, Digest::md5,
                      "OpenSSL refuses MD5 here (FIPS mode): use uuidv5() or uuid_generate_v8_name().");
}

PG_FUNCTION_INFO_V1(uuidx_generate_v5);
Datum uuidx_generate_v5(PG_FUNCTION_ARGS) { return name_based(fcinfo, 5, Digest::sha1, "OpenSSL refuses SHA-1 here."); }

PG_FUNCTION_INFO_V1(uuidx_generate_v8_name);
Datum uuidx_generate_v8_name(PG_FUNCTION_ARGS) {
    const char* algorithm = text_to_cstring(PG_GETARG_TEXT_PP(2));
    const Digest digest = value_or_raise(uuidx::v8_digest_from_name(algorithm), [&] {
        return psprintf("Algorithm \"%s\" is not one of: %s.", quoted_excerpt(algorithm), uuidx::kV8DigestNames);
    });
    return name_based(fcinfo, 8, digest, [&] { return psprintf("OpenSSL refuses %s here.", algorithm); });
}

PG_FUNCTION_INFO_V1(uuidx_generate_v8);
Datum uuidx_generate_v8(PG_FUNCTION_ARGS) {
    const bytea* custom = PG_GETARG_BYTEA_PP(0);
    const auto* bytes = reinterpret_cast<const uint8_t*>(VARDATA_ANY(custom));
    const size_t length = VARSIZE_ANY_EXHDR(custom);
    return uuid_datum(value_or_raise(uuidx::v8_from_bytes(bytes, length),
                                     [&] { return psprintf("A UUIDv8 takes exactly 16 bytes; got %zu.", length); }));
}

PG_FUNCTION_INFO_V1(uuidx_namespace);
Datum uuidx_namespace(PG_FUNCTION_ARGS) {
    const char* name = text_to_cstring(PG_GETARG_TEXT_PP(0));
    return uuid_datum(value_or_raise(uuidx::namespace_from_name(name), [&] {
        return psprintf("Namespace \"%s\" is not one of: %s.", quoted_excerpt(name), uuidx::kNamespaceNames);
    }));
}

PG_FUNCTION_INFO_V1(uuidx_max);
Datum uuidx_max(PG_FUNCTION_ARGS) { return uuid_datum(uuidx::kMaxUuid); }

PG_FUNCTION_INFO_V1(uuidx_v1_to_v6);
Datum uuidx_v1_to_v6(PG_FUNCTION_ARGS) { return reorder(fcinfo, uuidx::v1_to_v6, "uuid_v1_to_v6", 1); }

PG_FUNCTION_INFO_V1(uuidx_v6_to_v1);
Datum uuidx_v6_to_v1(PG_FUNCTION_ARGS) { return reorder(fcinfo, uuidx::v6_to_v1, "uuid_v6_to_v1", 6); }

}  // extern "C"
