// Time buckets of a key's time that never decrease in key order (time_buckets.cpp):
// date_trunc(), date_bin() and ::date of the time, which the planner may then read from the
// key's index in order (time_order.cpp; docs/planner.md, rows 7B and 7Z).
#pragma once

#include "../postgres.hpp"
#include "time_catalog.hpp"

namespace uuidx::pg {

// What a bucket of a key's time is to key order.
struct TimeBucket {
    FuncExpr* time;  // the call of the time function inside it: uuid_v7_to_timestamptz(column)
    const Var* column;
    // Ordered only in time zones whose every transition it passes (zone_keeps_bucket_order()):
    // it depends on the session's TimeZone (date_trunc('hour', time), time::date), which a
    // cached plan may run under another than the one it was made under, so a scan that
    // claims its order checks the zone when it runs (zone_checked_order.cpp).
    bool needs_session_zone;
};

// Reads `expr` as the time of a column of `rel`, or a bucket of it that never decreases as
// the time grows: date_bin() with any stride and origin; date_trunc() and ::date of the
// timestamp time (UTC wall time); date_trunc() of the timestamptz time to a second or finer,
// whatever the zone (offsets are whole seconds); date_trunc() with a constant zone,
// `time AT TIME ZONE 'constant'` and date_trunc() or ::date of it, where that zone's every
// transition keeps the order (checked here); and date_trunc() to a minute or coarser,
// ::date and ::timestamp of the timestamptz time, in the session's zone (needs_session_zone).
// Arguments other than the time must be fixed for the statement. False for anything else.
bool read_time_bucket(const TimeCatalog& catalog, const RelOptInfo* rel, Expr* expr, TimeBucket* bucket);

// How long one bucket of `bucket` (read by read_time_bucket()) is, in seconds, on average
// (a month 30.44 days): its stride or unit; 0 where it is not known when the plan is made, or
// where the form is the time itself (AT TIME ZONE, ::timestamp).
double bucket_width_seconds(Expr* bucket);

// Whether `bucket` (an expression read by read_time_bucket(), as its text from
// nodeToString()) never decreases as its time grows in the time zone `zone`: true if, at
// every transition of the zone from 1970 to 2600 (past the end of the zone's table its rules
// repeat every 400 years), the bucket of the last microsecond before the transition is not
// after the bucket of the transition itself; between transitions a bucket is a monotone
// function of the time. Evaluated once per bucket and zone in a backend, then remembered.
bool zone_keeps_bucket_order(const char* bucket_text, pg_tz* zone);

}  // namespace uuidx::pg
