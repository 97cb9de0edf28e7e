// The door from PostgreSQL into the core, kept by the compiler. uuidx is built without C++
// exceptions (-fno-exceptions, the core and this side alike: the Makefile), so a `throw`
// anywhere in its code does not compile and no exception can reach PostgreSQL; the core
// reports every failure as a value (Result<T>, core/result.hpp), and every core error leaves
// through raise_core_error(), one SQLSTATE per Errc.
//
// PostgreSQL raises errors with longjmp, which skips C++ destructors: no ereport() may run
// while a C++ object with a destructor is alive in a frame it unwinds. Core results are
// trivially copyable values (Result<T> checks it), and an error is raised from them only
// after the core call has returned.
#pragma once

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

// A core result's value, or its error raised with `detail` (see detail_text).
template <typename T, typename Detail>
T value_or_raise(const Result<T>& result, Detail&& detail) {
    if (!result) raise_core_error(result.error, detail_text(std::forward<Detail>(detail)));
    return result.value;
}

// What an error may quote of a user's text: at most kQuotedBytes bytes, cut at a character
// boundary of the database encoding, with "..." when cut. An argument of any size gives
// an error of a few hundred bytes.
inline constexpr int kQuotedBytes = 64;
const char* quoted_excerpt(const char* text);

}  // namespace uuidx::pg
