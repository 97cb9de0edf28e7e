#include "door.hpp"

namespace uuidx::pg {

namespace {

// One SQLSTATE and one message for each core error; errors whose cause is the same
// whatever the call also have a fixed detail, which replaces the caller's.
struct ErrorReport {
    int sqlstate;
    const char* message;
    const char* fixed_detail = nullptr;
};

ErrorReport report_for(Errc error) {
    switch (error) {
        case Errc::time_out_of_range: return {ERRCODE_DATETIME_VALUE_OUT_OF_RANGE, "timestamp out of range for a UUID"};
        case Errc::random_unavailable:
            return {ERRCODE_INTERNAL_ERROR, "could not generate random bytes for a UUID",
                    "OpenSSL's RAND_bytes() failed."};
        case Errc::digest_unavailable:
            return {ERRCODE_FEATURE_NOT_SUPPORTED, "digest not available in this OpenSSL configuration"};
        case Errc::invalid_length: return {ERRCODE_INVALID_PARAMETER_VALUE, "invalid input length for a UUID"};
        case Errc::unknown_algorithm: return {ERRCODE_INVALID_PARAMETER_VALUE, "unsupported hash algorithm"};
        case Errc::unknown_namespace: return {ERRCODE_INVALID_PARAMETER_VALUE, "unknown UUID namespace"};
        case Errc::unexpected_version: return {ERRCODE_INVALID_PARAMETER_VALUE, "unexpected UUID version"};
        case Errc::invalid_text_form:
            return {ERRCODE_INVALID_TEXT_REPRESENTATION, "invalid input syntax for a UUID text form"};
        case Errc::ok: break;
    }
    return {ERRCODE_INTERNAL_ERROR, "uuidx: unknown core error"};
}

}  // namespace

void raise_core_error(Errc error, const char* detail) {
    const ErrorReport report = report_for(error);
    if (report.fixed_detail) detail = report.fixed_detail;
    ereport(ERROR,
            (errcode(report.sqlstate), errmsg("%s", report.message), detail ? errdetail_internal("%s", detail) : 0));
    pg_unreachable();
}

void raise_unexpected_version(const char* function, int wanted_version, const Uuid& u) {
    raise_core_error(
        Errc::unexpected_version,
        u.is_rfc9562()
            ? psprintf("%s() takes a version %d UUID; got version %d.", function, wanted_version, u.version_nibble())
            : psprintf("%s() takes a version %d UUID; got one of variant %d, which has no version.", function,
                       wanted_version, u.variant()));
}

const char* quoted_excerpt(const char* text) {
    const int length = static_cast<int>(strlen(text));
    if (length <= kQuotedBytes) return text;
    const int kept = pg_mbcliplen(text, length, kQuotedBytes);
    return psprintf("%.*s...", kept, text);
}

}  // namespace uuidx::pg
