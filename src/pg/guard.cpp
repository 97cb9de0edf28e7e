#include "guard.hpp"

#include "../core/layout.hpp"

namespace uuidx::pg {

void raise_core_error(Errc error, const char* detail) {
    switch (error) {
        case Errc::time_out_of_range:
            ereport(ERROR, (errcode(ERRCODE_DATETIME_VALUE_OUT_OF_RANGE),
                            errmsg("timestamp out of range for a UUID"),
                            detail ? errdetail_internal("%s", detail) : 0));
            break;
        case Errc::random_unavailable:
            ereport(ERROR, (errcode(ERRCODE_INTERNAL_ERROR),
                            errmsg("could not generate random bytes for a UUID"),
                            errdetail("OpenSSL's RAND_bytes() failed.")));
            break;
        case Errc::digest_unavailable:
            ereport(ERROR, (errcode(ERRCODE_FEATURE_NOT_SUPPORTED),
                            errmsg("digest not available in this OpenSSL configuration"),
                            detail ? errdetail_internal("%s", detail) : 0));
            break;
        case Errc::invalid_length:
            ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
                            errmsg("invalid input length for a UUID"),
                            detail ? errdetail_internal("%s", detail) : 0));
            break;
        case Errc::unknown_algorithm:
            ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
                            errmsg("unsupported hash algorithm"),
                            detail ? errdetail_internal("%s", detail) : 0));
            break;
        case Errc::unknown_namespace:
            ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
                            errmsg("unknown UUID namespace"),
                            detail ? errdetail_internal("%s", detail) : 0));
            break;
        case Errc::unexpected_version:
            ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE),
                            errmsg("unexpected UUID version"),
                            detail ? errdetail_internal("%s", detail) : 0));
            break;
        case Errc::ok:
            break;
    }
    ereport(ERROR, (errcode(ERRCODE_INTERNAL_ERROR),
                    errmsg("uuidx: unknown core error %d", static_cast<int>(error))));
    pg_unreachable();
}

void raise_unexpected_exception(const char* what) {
    ereport(ERROR, (errcode(ERRCODE_INTERNAL_ERROR), errmsg("uuidx: unexpected C++ exception"),
                    errdetail_internal("%s", what)));
    pg_unreachable();
}

uint64 v7_ticks_of(TimestampTz ts) {
    if (TIMESTAMP_NOT_FINITE(ts)) raise_core_error(Errc::time_out_of_range, kV7Range);
    return value_or_raise([&] { return v7_ticks_from_unix_us(ts + kUnixToPostgresEpochUs); }, kV7Range);
}

}  // namespace uuidx::pg
