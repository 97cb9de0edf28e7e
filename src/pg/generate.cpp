// SQL entry points of the generators (random and time-based versions).
#include "../core/layout.hpp"
#include "../core/process.hpp"
#include "commit_horizon.hpp"
#include "datums.hpp"
#include "door.hpp"
#include "server_order.hpp"

using uuidx::Generator;
using uuidx::process_generator;
using uuidx::pg::kV7Range;
using uuidx::pg::ordered_generator;
using uuidx::pg::unix_us_of;
using uuidx::pg::uuid_datum;
using uuidx::pg::value_or_raise;

namespace {

constexpr const char* kGregorianRange = "UUIDv1 and UUIDv6 hold times from 1582-10-15 00:00:00 UTC to the year 5236.";

}  // namespace

extern "C" {

PG_FUNCTION_INFO_V1(uuidx_generate_v4);
Datum uuidx_generate_v4(PG_FUNCTION_ARGS) {
    Generator& generator = process_generator();
    return uuid_datum(value_or_raise(generator.v4(), nullptr));
}

// The tracked generators (uuid_generate_v7(), uuidv7(), uuidv7(interval)) hold the commit
// horizon before they take their first key in a transaction (commit_horizon.hpp).
PG_FUNCTION_INFO_V1(uuidx_generate_v7);
Datum uuidx_generate_v7(PG_FUNCTION_ARGS) {
    Generator& generator = ordered_generator();
    uuidx::pg::hold_commit_horizon();
    return uuid_datum(value_or_raise(generator.v7(), kV7Range));
}

// uuidv7(shift interval), as PostgreSQL 18: the ordered current time moved by a calendar
// interval (months and days follow the session's time zone, through timestamptz + interval),
// keeping the sub-microsecond part of the tick count (v7_ticks_moved_to).
PG_FUNCTION_INFO_V1(uuidx_generate_v7_shifted);
Datum uuidx_generate_v7_shifted(PG_FUNCTION_ARGS) {
    Interval* shift = PG_GETARG_INTERVAL_P(0);
    Generator& generator = ordered_generator();
    uuidx::pg::hold_commit_horizon();

    const uint64 ticks = value_or_raise(generator.next_v7_ticks(), kV7Range);
    const TimestampTz now = uuidx::v7_ticks_to_unix_us(ticks) - kUnixToPostgresEpochUs;
    const TimestampTz shifted = DatumGetTimestampTz(
        DirectFunctionCall2(timestamptz_pl_interval, TimestampTzGetDatum(now), IntervalPGetDatum(shift)));
    const int64 shifted_unix_us = unix_us_of(shifted);

    const uint64 shifted_ticks = value_or_raise(uuidx::v7_ticks_moved_to(ticks, shifted_unix_us), kV7Range);
    return uuid_datum(value_or_raise(generator.v7_at_ticks(shifted_ticks), kV7Range));
}

PG_FUNCTION_INFO_V1(uuidx_generate_v6);
Datum uuidx_generate_v6(PG_FUNCTION_ARGS) {
    Generator& generator = ordered_generator();
    return uuid_datum(value_or_raise(generator.v6(), kGregorianRange));
}

PG_FUNCTION_INFO_V1(uuidx_generate_v1);
Datum uuidx_generate_v1(PG_FUNCTION_ARGS) {
    Generator& generator = ordered_generator();
    return uuid_datum(value_or_raise(generator.v1(), kGregorianRange));
}

}  // extern "C"
