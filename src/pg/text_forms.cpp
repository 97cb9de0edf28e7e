// SQL entry points of the TypeID, ULID and base32hex text forms (core/text_forms.hpp). The
// conversions are IMMUTABLE; typeid_generate() wraps the next ordered v7, drawn as
// uuid_generate_v7() draws it (server_order.hpp: with the commit horizon held). Text that
// does not parse is error 22P02, whose detail quotes the input (at most kQuotedBytes of it)
// and says what is wrong.
#include <string_view>

#include "../core/result.hpp"
#include "../core/sequence.hpp"
#include "../core/text_forms.hpp"
#include "datums.hpp"
#include "door.hpp"
#include "server_order.hpp"

using uuidx::Uuid;
using uuidx::pg::quoted_excerpt;
using uuidx::pg::uuid_datum;
using uuidx::pg::uuid_from_datum;
using uuidx::pg::value_or_raise;

namespace {

std::string_view view_of(const text* t) { return {VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t)}; }

Datum text_datum(std::string_view v) {
    PG_RETURN_TEXT_P(cstring_to_text_with_len(v.data(), static_cast<int>(v.size())));
}

// The detail of a parse error, e.g. "\"user_01H4\" is not a TypeID: the suffix (after the
// last "_") is not 26 characters long." Called only when the error is raised.
const char* not_a(const char* form, const text* input, const char* reason) {
    return psprintf("\"%s\" is not a %s. %s", quoted_excerpt(text_to_cstring(input)), form, reason);
}

const char* invalid_prefix(const text* prefix, const char* reason) {
    return psprintf("\"%s\" is not a TypeID prefix. %s", quoted_excerpt(text_to_cstring(prefix)), reason);
}

}  // namespace

extern "C" {

PG_FUNCTION_INFO_V1(uuidx_uuid_to_typeid);
Datum uuidx_uuid_to_typeid(PG_FUNCTION_ARGS) {
    const text* prefix = PG_GETARG_TEXT_PP(0);
    const Uuid id = uuid_from_datum(PG_GETARG_UUID_P(1));
    const char* reason = nullptr;
    const uuidx::TypeIdText encoded = value_or_raise(uuidx::typeid_from_uuid(view_of(prefix), id, reason),
                                                     [&] { return invalid_prefix(prefix, reason); });
    return text_datum(encoded.view());
}

PG_FUNCTION_INFO_V1(uuidx_typeid_to_uuid);
Datum uuidx_typeid_to_uuid(PG_FUNCTION_ARGS) {
    const text* input = PG_GETARG_TEXT_PP(0);
    const char* reason = nullptr;
    const uuidx::DecodedTypeId decoded =
        value_or_raise(uuidx::uuid_from_typeid(view_of(input), reason), [&] { return not_a("TypeID", input, reason); });
    return uuid_datum(decoded.uuid);
}

PG_FUNCTION_INFO_V1(uuidx_typeid_prefix);
Datum uuidx_typeid_prefix(PG_FUNCTION_ARGS) {
    const text* input = PG_GETARG_TEXT_PP(0);
    const char* reason = nullptr;
    const uuidx::TypeIdPrefix prefix =
        value_or_raise(uuidx::typeid_prefix(view_of(input), reason), [&] { return not_a("TypeID", input, reason); });
    return text_datum(prefix.view());
}

// The prefix is checked before the v7 is drawn, so a bad prefix spends no tick of the order.
PG_FUNCTION_INFO_V1(uuidx_typeid_generate);
Datum uuidx_typeid_generate(PG_FUNCTION_ARGS) {
    const text* prefix = PG_GETARG_TEXT_PP(0);
    const std::string_view prefix_text = view_of(prefix);
    const char* problem = uuidx::typeid_prefix_problem(prefix_text);
    if (problem) uuidx::pg::raise_core_error(uuidx::Errc::invalid_text_form, invalid_prefix(prefix, problem));
    const Uuid id = uuidx::pg::draw_v7_key();
    const char* reason = nullptr;
    const uuidx::TypeIdText encoded = value_or_raise(uuidx::typeid_from_uuid(prefix_text, id, reason),
                                                     [&] { return invalid_prefix(prefix, reason); });
    return text_datum(encoded.view());
}

PG_FUNCTION_INFO_V1(uuidx_uuid_to_ulid);
Datum uuidx_uuid_to_ulid(PG_FUNCTION_ARGS) {
    const Uuid id = uuid_from_datum(PG_GETARG_UUID_P(0));
    const uuidx::UlidText ulid = uuidx::ulid_from_uuid(id);
    return text_datum(ulid.view());
}

PG_FUNCTION_INFO_V1(uuidx_uuid_to_base32hex);
Datum uuidx_uuid_to_base32hex(PG_FUNCTION_ARGS) {
    const Uuid id = uuid_from_datum(PG_GETARG_UUID_P(0));
    const uuidx::Base32HexText text = uuidx::base32hex_from_uuid(id);
    return text_datum(text.view());
}

PG_FUNCTION_INFO_V1(uuidx_base32hex_to_uuid);
Datum uuidx_base32hex_to_uuid(PG_FUNCTION_ARGS) {
    const text* input = PG_GETARG_TEXT_PP(0);
    const char* reason = nullptr;
    return uuid_datum(value_or_raise(uuidx::uuid_from_base32hex(view_of(input), reason),
                                     [&] { return not_a("UUID in base32hex", input, reason); }));
}

PG_FUNCTION_INFO_V1(uuidx_ulid_to_uuid);
Datum uuidx_ulid_to_uuid(PG_FUNCTION_ARGS) {
    const text* input = PG_GETARG_TEXT_PP(0);
    const char* reason = nullptr;
    return uuid_datum(
        value_or_raise(uuidx::uuid_from_ulid(view_of(input), reason), [&] { return not_a("ULID", input, reason); }));
}

}  // extern "C"
