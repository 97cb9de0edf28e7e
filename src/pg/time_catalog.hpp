// The OIDs the time predicates need: uuidx's functions in the schema of this database's
// uuidx extension, and the standard uuid comparison operators. Looked up once per backend
// and again after any change to pg_proc (a syscache callback on PROCOID): CREATE, DROP and
// ALTER EXTENSION ... SET SCHEMA / UPDATE all change pg_proc.
#pragma once

#include "postgres.hpp"

namespace uuidx::pg {

struct TimeCatalog {
    Oid extension;
    Oid schema;
    // The key's time, as uuidx reads it.
    Oid v7_to_timestamptz;   // uuid_v7_to_timestamptz(uuid): the first 48 bits, any version
    Oid v7_to_timestamp;     // uuid_v7_to_timestamp(uuid): the same as a UTC timestamp
    Oid extract_timestamp;   // uuid_extract_timestamp(uuid): v7, but also v1 and v6
    Oid extract_version;     // uuid_extract_version(uuid)
    // Key bounds of a time or a range (time_predicates.cpp).
    Oid time_min_key_tz;     // uuid_time_min_key(timestamptz, boolean)
    Oid time_max_key_tz;     // uuid_time_max_key(timestamptz, boolean)
    Oid time_min_key_ts;     // uuid_time_min_key(timestamp, boolean)
    Oid time_max_key_ts;     // uuid_time_max_key(timestamp, boolean)
    Oid range_min_key;       // uuid_range_min_key(tstzrange)
    Oid range_max_key;       // uuid_range_max_key(tstzrange)
    Oid key_at_start;        // uuid_time_key_at_start(uuid): a key left to the executor
    // Whether this database has the timescaledb extension (whose planner refuses uuid
    // constants that are not v7 keys beside a hypertable's partitioning column).
    bool timescaledb;
};

// uuidx's catalog in this database, or null when uuidx is not created here (or its SQL is
// an older version without the time predicates' functions). After the first call, and
// until pg_proc changes, a load and a branch: no catalog access, no allocation.
const TimeCatalog* time_catalog();

// The built-in uuid comparison operators (uuid_ops, btree): fixed for the server's life.
struct UuidComparison {
    Oid ge;
    Oid le;
    Oid gt;
    Oid lt;
};
const UuidComparison& uuid_comparison();

}  // namespace uuidx::pg
