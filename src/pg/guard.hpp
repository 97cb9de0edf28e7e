// The one door from PostgreSQL into the core. A SQL-callable function reaches the core in
// one of two ways, and no other:
//  - through call_core() (or value_or_raise(), which uses it), for every core function
//    that can throw or allocate;
//  - directly, through UUIDX_NOTHROW(call), only for a core function declared noexcept:
//    the macro's static_assert checks the claim at the call site, so a core function that
//    later starts to throw stops the build instead of reaching PostgreSQL.
// Every core error leaves through raise_core_error().
//
// Two rules make C++ and PostgreSQL's longjmp-based errors safe together:
//  - no C++ exception crosses into PostgreSQL: call_core() catches everything;
//  - no ereport() unwinds a live C++ object: the error is raised only after the catch
//    block has ended, with the message copied into a plain buffer, and core results are
//    trivially copyable values (Result<T>, which checks it), never objects with destructors.
#pragma once

#include <cstring>
#include <exception>
#include <type_traits>
#include <utility>

#include "../core/result.hpp"
#include "../core/uuid.hpp"
#include "postgres.hpp"

namespace uuidx::pg {

// Raises the PostgreSQL error for a core error: one SQLSTATE per Errc. `detail` says
// what the caller was doing (it becomes errdetail), or is null.
[[noreturn]] void raise_core_error(Errc error, const char* detail);

// Errc::unexpected_version for `u` given to `function`, which takes `wanted_version`,
// with a detail such as "uuid_v1_to_v6() takes a version 1 UUID; got version 4."
[[noreturn]] void raise_unexpected_version(const char* function, int wanted_version, const Uuid& u);

// Raised after a C++ exception: never expected, reported as an internal error.
[[noreturn]] void raise_unexpected_exception(const char* what);

// A direct call of a core function that cannot throw (see the top of this file). The
// lambda keeps the call's value category, so a reference stays a reference.
#define UUIDX_NOTHROW(call)                                                                 \
    ([&]() noexcept -> decltype(auto) {                                                    \
        static_assert(noexcept(call), #call " may throw: call it through uuidx::pg::call_core()"); \
        return call;                                                                        \
    }())

template <typename Fn>
auto call_core(Fn&& fn) -> decltype(fn()) {
    char what[256];
    try {
        return std::forward<Fn>(fn)();
    } catch (const std::exception& e) {
        strlcpy(what, e.what(), sizeof what);
    } catch (...) {
        strlcpy(what, "unknown exception", sizeof what);
    }
    raise_unexpected_exception(what);
}

// An error's detail: a fixed text, or a function that writes it (called only when the
// error is raised, so a successful call formats nothing).
template <typename Detail>
const char* detail_text(Detail&& detail) {
    if constexpr (std::is_invocable_v<Detail>) {
        return detail();
    } else {
        return detail;
    }
}

// Calls the core and returns its value, or raises its error with `detail` (see detail_text).
template <typename Fn, typename Detail>
auto value_or_raise(Fn&& fn, Detail&& detail) -> decltype(fn().value) {
    const auto result = call_core(std::forward<Fn>(fn));
    if (!result) raise_core_error(result.error, detail_text(std::forward<Detail>(detail)));
    return result.value;
}

// What an error may quote of a user's text: at most kQuotedBytes bytes, cut at a character
// boundary of the database encoding, with "..." when cut. An argument of any size gives
// an error of a few hundred bytes.
inline constexpr int kQuotedBytes = 64;
const char* quoted_excerpt(const char* text);

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
