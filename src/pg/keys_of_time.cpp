// SQL entry points that put a given time into a key: backfills, range bounds, pg_partman's
// encoder and decoder, the pg_uuidv7-compatible conversions and the v4 -> v7 mapping.
#include "../core/deterministic.hpp"
#include "../core/layout.hpp"
#include "../core/process.hpp"
#include "../core/time_bounds.hpp"
#include "datums.hpp"
#include "door.hpp"

using uuidx::Uuid;
using uuidx::pg::kV7Range;
using uuidx::pg::unix_ts_ms_as_timestamp;
using uuidx::pg::uuid_datum;
using uuidx::pg::uuid_from_datum;
using uuidx::pg::v7_ticks_of;
using uuidx::pg::value_or_raise;

namespace {

uint64 unix_ms_of(TimestampTz ts) {
    const uint64 ticks = v7_ticks_of(ts);
    return uuidx::v7_ticks_unix_ms(ticks);
}

// A v7 carrying `ts` to the microsecond (milliseconds and sub-millisecond fraction),
// random otherwise. Not drawn from the session's order: the caller chose the time.
Datum v7_at(TimestampTz ts) {
    const uint64 ticks = v7_ticks_of(ts);
    uuidx::Generator& generator = uuidx::process_generator();
    return uuid_datum(value_or_raise(generator.v7_at_ticks(ticks), kV7Range));
}

}  // namespace

extern "C" {

PG_FUNCTION_INFO_V1(uuidx_generate_v7_at);
Datum uuidx_generate_v7_at(PG_FUNCTION_ARGS) { return v7_at(PG_GETARG_TIMESTAMPTZ(0)); }

PG_FUNCTION_INFO_V1(uuidx_v7_min);
Datum uuidx_v7_min(PG_FUNCTION_ARGS) {
    const uint64 unix_ms = unix_ms_of(PG_GETARG_TIMESTAMPTZ(0));
    return uuid_datum(uuidx::v7_min(unix_ms));
}

PG_FUNCTION_INFO_V1(uuidx_v7_max);
Datum uuidx_v7_max(PG_FUNCTION_ARGS) {
    const uint64 unix_ms = unix_ms_of(PG_GETARG_TIMESTAMPTZ(0));
    return uuid_datum(uuidx::v7_max(unix_ms));
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
        return uuid_datum(uuidx::v7_min(unix_ms));
    }
    return v7_at(ts);
}

// pg_partman's time encoder and decoder (p_time_encoder, p_time_decoder of create_parent):
// partition bounds on the raw 48-bit time, so that a partition [encode(a), encode(b))
// holds exactly the keys, of any version, whose time lies in [a, b), and the planner's
// time predicates (planner/time_conditions.cpp) prune to it exactly. pg_partman passes the decoder
// text: a bound cut out of the partition's definition, or a key cast to text.
PG_FUNCTION_INFO_V1(uuidx_time_encoder);
Datum uuidx_time_encoder(PG_FUNCTION_ARGS) {
    const int64 unix_us = uuidx::pg::unix_us_of(PG_GETARG_TIMESTAMPTZ(0));
    return uuid_datum(value_or_raise(uuidx::partition_key_at_or_after(unix_us), kV7Range));
}

// Longer than any text uuid_in reads ("{" + 32 digits with a hyphen after each 4 + "}"):
// refused here, so that the error quotes a short excerpt, not the whole input as uuid_in's.
constexpr size_t kLongestUuidText = 2 + 32 + 8;

PG_FUNCTION_INFO_V1(uuidx_time_decoder);
Datum uuidx_time_decoder(PG_FUNCTION_ARGS) {
    const char* key_text = text_to_cstring(PG_GETARG_TEXT_PP(0));
    if (strlen(key_text) > kLongestUuidText)
        ereport(ERROR,
                (errcode(ERRCODE_INVALID_TEXT_REPRESENTATION), errmsg("invalid input syntax for type uuid"),
                 errdetail("\"%s\" is longer than any text form of a UUID.", uuidx::pg::quoted_excerpt(key_text))));
    const Datum key = DirectFunctionCall1(uuid_in, CStringGetDatum(key_text));
    PG_RETURN_TIMESTAMPTZ(unix_ts_ms_as_timestamp(DatumGetUUIDP(key)));
}

PG_FUNCTION_INFO_V1(uuidx_v4_to_v7);
Datum uuidx_v4_to_v7(PG_FUNCTION_ARGS) {
    const Uuid old = uuid_from_datum(PG_GETARG_UUID_P(0));
    const uint64 unix_ms = unix_ms_of(PG_GETARG_TIMESTAMPTZ(1));
    return uuid_datum(value_or_raise(uuidx::v4_to_v7(old, unix_ms), kV7Range));
}

}  // extern "C"
