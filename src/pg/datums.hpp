// Conversions between PostgreSQL's values and the core's: a uuid Datum and a Uuid, a
// timestamp and the core's Unix microseconds or v7 ticks (raising PostgreSQL's error where a
// time does not fit).
#pragma once

#include <cstring>

#include "../core/uuid.hpp"
#include "postgres.hpp"

namespace uuidx::pg {

// The errdetail of every v7 time range error.
inline constexpr const char* kV7Range = "A UUIDv7 holds times from 1970-01-01 00:00:00 UTC to the year 10889.";

// A timestamp as microseconds since 1970 (the core's epoch), or error 22008 for an
// infinite one or one so late (near 294,276 AD) that moving the epoch would overflow.
int64 unix_us_of(TimestampTz ts);

// A key's time as a timestamptz: its first 48 bits as Unix milliseconds (unix_ts_ms),
// whatever the version, as pg_uuidv7 reads them. Always finite: the 48 bits end in 10889.
TimestampTz unix_ts_ms_as_timestamp(const pg_uuid_t* key);

// The v7 tick count of a timestamp (to the microsecond), or error 22008 for an infinite
// timestamp or one outside the v7 range.
uint64 v7_ticks_of(TimestampTz ts);

inline Uuid uuid_from_datum(const pg_uuid_t* in) {
    Uuid u;
    std::memcpy(u.bytes.data(), in->data, UUID_LEN);
    return u;
}

inline Datum uuid_datum(const Uuid& u) {
    auto* out = static_cast<pg_uuid_t*>(palloc(sizeof(pg_uuid_t)));
    std::memcpy(out->data, u.bytes.data(), UUID_LEN);
    return UUIDPGetDatum(out);
}

}  // namespace uuidx::pg
