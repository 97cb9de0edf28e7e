#include "../core/layout.hpp"
#include "../core/result.hpp"
#include "datums.hpp"
#include "door.hpp"

namespace uuidx::pg {

int64 unix_us_of(TimestampTz ts) {
    int64 unix_us = 0;
    if (TIMESTAMP_NOT_FINITE(ts) || __builtin_add_overflow(ts, kUnixToPostgresEpochUs, &unix_us))
        raise_core_error(Errc::time_out_of_range, kV7Range);
    return unix_us;
}

TimestampTz unix_ts_ms_as_timestamp(const pg_uuid_t* key) {
    const Uuid u = uuid_from_datum(key);
    return static_cast<TimestampTz>(unix_ts_ms(u) * 1000) - kUnixToPostgresEpochUs;
}

uint64 v7_ticks_of(TimestampTz ts) {
    const int64 unix_us = unix_us_of(ts);
    return value_or_raise(v7_ticks_from_unix_us(unix_us), kV7Range);
}

}  // namespace uuidx::pg
