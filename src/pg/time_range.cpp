// SQL entry points that put a given time into a v7: backfills, range bounds, the
// pg_uuidv7-compatible conversions and the v4 -> v7 migration mapping.
#include "../core/family.hpp"
#include "../core/layout.hpp"
#include "../core/process.hpp"
#include "guard.hpp"

using uuidx::Uuid;
using uuidx::pg::kV7Range;
using uuidx::pg::uuid_datum;
using uuidx::pg::uuid_from_datum;
using uuidx::pg::v7_ticks_of;
using uuidx::pg::value_or_raise;

namespace {

uint64 unix_ms_of(TimestampTz ts) {
    const uint64 ticks = v7_ticks_of(ts);
    return UUIDX_NOTHROW(uuidx::v7_ticks_unix_ms(ticks));
}

// A v7 carrying `ts` to the microsecond (milliseconds and sub-millisecond fraction),
// random otherwise. Not drawn from the session's order: the caller chose the time.
Datum v7_at(TimestampTz ts) {
    const uint64 ticks = v7_ticks_of(ts);
    uuidx::Generator& generator = UUIDX_NOTHROW(uuidx::process_generator());
    return uuid_datum(value_or_raise([&] { return generator.v7_at_ticks(ticks); }, kV7Range));
}

// pg_uuidv7 reads the first 48 bits as Unix milliseconds, whatever the version.
TimestampTz unix_ts_ms_as_timestamp(const pg_uuid_t* datum) {
    const Uuid u = uuid_from_datum(datum);
    return static_cast<TimestampTz>(UUIDX_NOTHROW(uuidx::unix_ts_ms(u)) * 1000) - kUnixToPostgresEpochUs;
}

}  // namespace

extern "C" {

PG_FUNCTION_INFO_V1(uuidx_generate_v7_at);
Datum uuidx_generate_v7_at(PG_FUNCTION_ARGS) { return v7_at(PG_GETARG_TIMESTAMPTZ(0)); }

PG_FUNCTION_INFO_V1(uuidx_v7_min);
Datum uuidx_v7_min(PG_FUNCTION_ARGS) {
    const uint64 unix_ms = unix_ms_of(PG_GETARG_TIMESTAMPTZ(0));
    return uuid_datum(UUIDX_NOTHROW(uuidx::v7_min(unix_ms)));
}

PG_FUNCTION_INFO_V1(uuidx_v7_max);
Datum uuidx_v7_max(PG_FUNCTION_ARGS) {
    const uint64 unix_ms = unix_ms_of(PG_GETARG_TIMESTAMPTZ(0));
    return uuid_datum(UUIDX_NOTHROW(uuidx::v7_max(unix_ms)));
}

// timestamp and timestamptz share one representation (microseconds since 2000-01-01, read
// as UTC), so the pg_uuidv7 pairs share their C functions.
PG_FUNCTION_INFO_V1(uuidx_v7_to_timestamptz);
Datum uuidx_v7_to_timestamptz(PG_FUNCTION_ARGS) { PG_RETURN_TIMESTAMPTZ(unix_ts_ms_as_timestamp(PG_GETARG_UUID_P(0))); }

PG_FUNCTION_INFO_V1(uuidx_timestamptz_to_v7);
Datum uuidx_timestamptz_to_v7(PG_FUNCTION_ARGS) {
    const TimestampTz ts = PG_GETARG_TIMESTAMPTZ(0);
    if (PG_GETARG_BOOL(1)) {  // zero: the lower bound
        const uint64 unix_ms = unix_ms_of(ts);
        return uuid_datum(UUIDX_NOTHROW(uuidx::v7_min(unix_ms)));
    }
    return v7_at(ts);
}

PG_FUNCTION_INFO_V1(uuidx_v4_to_v7);
Datum uuidx_v4_to_v7(PG_FUNCTION_ARGS) {
    const Uuid old = uuid_from_datum(PG_GETARG_UUID_P(0));
    const uint64 unix_ms = unix_ms_of(PG_GETARG_TIMESTAMPTZ(1));
    return uuid_datum(value_or_raise([&] { return uuidx::v7_from_legacy(old, unix_ms); }, kV7Range));
}

}  // extern "C"
