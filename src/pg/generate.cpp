// SQL entry points of the generators (random and time-based versions).
#include "../core/layout.hpp"
#include "../core/process.hpp"
#include "datums.hpp"
#include "door.hpp"
#include "server_order.hpp"

using uuidx::Generator;
using uuidx::process_generator;
using uuidx::pg::draw_v1_key;
using uuidx::pg::draw_v6_key;
using uuidx::pg::draw_v7_key;
using uuidx::pg::draw_v7_key_ticks;
using uuidx::pg::kV7Range;
using uuidx::pg::unix_us_of;
using uuidx::pg::uuid_datum;
using uuidx::pg::value_or_raise;

extern "C" {

PG_FUNCTION_INFO_V1(uuidx_generate_v4);
Datum uuidx_generate_v4(PG_FUNCTION_ARGS) {
    Generator& generator = process_generator();
    return uuid_datum(value_or_raise(generator.v4(), nullptr));
}

// The v7 keys are drawn by server_order.hpp, which holds the commit horizon first.
PG_FUNCTION_INFO_V1(uuidx_generate_v7);
Datum uuidx_generate_v7(PG_FUNCTION_ARGS) { return uuid_datum(draw_v7_key()); }

// uuidv7(shift interval), as PostgreSQL 18: the ordered current time moved by a calendar
// interval (months and days follow the session's time zone, through timestamptz + interval),
// keeping the sub-microsecond part of the tick count (v7_ticks_moved_to).
PG_FUNCTION_INFO_V1(uuidx_generate_v7_shifted);
Datum uuidx_generate_v7_shifted(PG_FUNCTION_ARGS) {
    Interval* shift = PG_GETARG_INTERVAL_P(0);
    const uint64 ticks = draw_v7_key_ticks();
    const TimestampTz now = uuidx::v7_ticks_to_unix_us(ticks) - kUnixToPostgresEpochUs;
    const TimestampTz shifted = DatumGetTimestampTz(
        DirectFunctionCall2(timestamptz_pl_interval, TimestampTzGetDatum(now), IntervalPGetDatum(shift)));
    const int64 shifted_unix_us = unix_us_of(shifted);

    const uint64 shifted_ticks = value_or_raise(uuidx::v7_ticks_moved_to(ticks, shifted_unix_us), kV7Range);
    return uuid_datum(value_or_raise(process_generator().v7_at_ticks(shifted_ticks), kV7Range));
}

PG_FUNCTION_INFO_V1(uuidx_generate_v6);
Datum uuidx_generate_v6(PG_FUNCTION_ARGS) { return uuid_datum(draw_v6_key()); }

PG_FUNCTION_INFO_V1(uuidx_generate_v1);
Datum uuidx_generate_v1(PG_FUNCTION_ARGS) { return uuid_datum(draw_v1_key()); }

}  // extern "C"
