// SQL entry points of public ids (core/public_id.hpp): uuid_v7_to_public() and
// uuid_public_to_v7(), and the settings that hold their keys.
//
// A key must never reach query text, logs, pg_stat_statements or a role that should not
// have it. So the keys are settings that:
//  - exist only when uuidx is preloaded (no session can create them, and a placeholder a
//    session creates with SET before loading uuidx is never read);
//  - only superusers (and pg_read_all_settings) can read, and that neither SHOW ALL nor
//    pg_settings lists (GUC_SUPERUSER_ONLY, GUC_NO_SHOW_ALL);
//  - only postgresql.conf and ALTER SYSTEM can set, and that take effect at a restart
//    (PGC_POSTMASTER): not SET, whose text reaches logs and pg_stat_statements, nor ALTER
//    ROLE / ALTER DATABASE, whose values pg_db_role_setting shows. Not PGC_SIGHUP: on a
//    reload the postmaster logs every changed setting with its new value;
//  - are checked when set, so that a typo is refused by ALTER SYSTEM rather than turning
//    every public id call into an error at the next restart. The check's message replaces
//    PostgreSQL's, which would quote the value (the secret with a typo);
//  - never reach the server log in the text of a failing statement: PostgreSQL logs it
//    (log_min_error_statement), so the log hook drops that line from every error of a
//    statement that names a key setting.
#include "public_id.hpp"

#include <string_view>

#include "../core/public_id.hpp"
#include "datums.hpp"
#include "door.hpp"

using uuidx::PublicIdKey;
using uuidx::Uuid;
using uuidx::pg::raise_unexpected_version;
using uuidx::pg::uuid_datum;
using uuidx::pg::uuid_from_datum;

namespace {

constexpr const char* kKeySetting = "uuidx.public_id_key";
constexpr const char* kPreviousKeySetting = "uuidx.public_id_previous_key";

bool keys_defined = false;
char* key_text = nullptr;  // the settings' storage (owned by the GUC machinery)
char* previous_key_text = nullptr;

// The check of both settings. It allocates nothing and never throws or raises: the
// postmaster runs it on every reload of a configuration file that sets a key.
bool key_is_well_formed(const char* setting, const char* text) {
    if (text == nullptr || text[0] == '\0') return true;  // no key: the functions say so when called
    const std::string_view candidate(text);
    if (uuidx::parse_public_id_key(candidate)) return true;
    GUC_check_errcode(ERRCODE_INVALID_PARAMETER_VALUE);
    GUC_check_errmsg("invalid value for parameter \"%s\"", setting);
    GUC_check_errdetail(
        "A key is two words of 16 hexadecimal digits separated by a colon (k0:k1), as uuidv47 "
        "writes it. The value is not shown.");
    return false;
}
bool check_key(char** newval, void** extra, GucSource source) { return key_is_well_formed(kKeySetting, *newval); }
bool check_previous_key(char** newval, void** extra, GucSource source) {
    return key_is_well_formed(kPreviousKeySetting, *newval);
}

// "public_id_" in any case: both settings' names, however a statement spells them
// (setting names are case-insensitive, and may be quoted).
bool names_a_key_setting(const char* statement) {
    constexpr std::string_view kNeedle = "public_id_";
    for (const char* at = statement; *at != '\0'; ++at) {
        size_t matched = 0;
        while (matched < kNeedle.size() && at[matched] != '\0' && pg_ascii_tolower(at[matched]) == kNeedle[matched])
            ++matched;
        if (matched == kNeedle.size()) return true;
    }
    return false;
}

emit_log_hook_type previous_emit_log_hook = nullptr;

// The statement of an error is logged after this hook has seen the error (EmitErrorReport),
// so hide_stmt keeps it out of the server log; the client still gets the error.
void hide_statements_naming_a_key(ErrorData* edata) {
    if (edata->elevel >= ERROR && debug_query_string != nullptr && names_a_key_setting(debug_query_string))
        edata->hide_stmt = true;
    if (previous_emit_log_hook) previous_emit_log_hook(edata);
}

// The key of `setting`, or an error saying what to do. Raised before any core call, so no
// C++ frame is live.
PublicIdKey key_of(const char* setting, const char* text) {
    if (!keys_defined)
        ereport(ERROR,
                (errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
                 errmsg("public ids need uuidx in shared_preload_libraries"),
                 errdetail("%s exists only when uuidx is preloaded, so that no session can set or read it.", setting),
                 errhint("Add 'uuidx' to shared_preload_libraries, set %s in postgresql.conf or with "
                         "ALTER SYSTEM, and restart the server.",
                         setting)));
    if (text == nullptr || text[0] == '\0')
        ereport(ERROR, (errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE), errmsg("%s is not set", setting),
                        errhint("As a superuser: ALTER SYSTEM SET %s = 'k0:k1' (two words of 16 hexadecimal "
                                "digits), then restart the server.",
                                setting)));
    const std::string_view candidate(text);
    const uuidx::Result<PublicIdKey> key = uuidx::parse_public_id_key(candidate);
    if (!key)  // the check refuses a malformed key when it is set: not expected here
        ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE), errmsg("%s is not a valid key", setting),
                        errdetail("A key is two words of 16 hexadecimal digits separated by a colon (k0:k1), "
                                  "as uuidv47 writes it. The value is not shown.")));
    return key.value;
}

}  // namespace

namespace uuidx::pg {

void define_public_id_keys() {
    if (!process_shared_preload_libraries_in_progress) return;
    constexpr int kSecretFlags = GUC_SUPERUSER_ONLY | GUC_NO_SHOW_ALL | GUC_NOT_IN_SAMPLE;
    DefineCustomStringVariable(kKeySetting,
                               "The key of public ids (uuid_v7_to_public, uuid_public_to_v7): k0:k1 in hexadecimal.",
                               "Two words of 16 hexadecimal digits, as uuidv47 writes its key. Superuser only; set in "
                               "postgresql.conf or with ALTER SYSTEM, then restart.",
                               &key_text, "", PGC_POSTMASTER, kSecretFlags, check_key, nullptr, nullptr);
    DefineCustomStringVariable(
        kPreviousKeySetting, "The key public ids were made with before the last rotation.",
        "Read by uuid_public_to_v7(public_id, previous_key => true) while old public ids are still in use.",
        &previous_key_text, "", PGC_POSTMASTER, kSecretFlags, check_previous_key, nullptr, nullptr);
    keys_defined = true;
}

void hide_key_statements_from_the_log() {
    previous_emit_log_hook = emit_log_hook;
    emit_log_hook = hide_statements_naming_a_key;
}

}  // namespace uuidx::pg

extern "C" {

PG_FUNCTION_INFO_V1(uuidx_v7_to_public);
Datum uuidx_v7_to_public(PG_FUNCTION_ARGS) {
    const PublicIdKey key = key_of(kKeySetting, key_text);
    const Uuid v7 = uuid_from_datum(PG_GETARG_UUID_P(0));
    const uuidx::Result<Uuid> facade = uuidx::to_public_id(v7, key);
    if (!facade) raise_unexpected_version("uuid_v7_to_public", 7, v7);
    return uuid_datum(facade.value);
}

PG_FUNCTION_INFO_V1(uuidx_public_to_v7);
Datum uuidx_public_to_v7(PG_FUNCTION_ARGS) {
    const bool previous = PG_GETARG_BOOL(1);
    const PublicIdKey key = previous ? key_of(kPreviousKeySetting, previous_key_text) : key_of(kKeySetting, key_text);
    const Uuid facade = uuid_from_datum(PG_GETARG_UUID_P(0));
    const uuidx::Result<Uuid> v7 = uuidx::from_public_id(facade, key);
    if (!v7) raise_unexpected_version("uuid_public_to_v7", 4, facade);
    return uuid_datum(v7.value);
}

}  // extern "C"
