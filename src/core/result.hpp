// Errors as values: the core never throws for bad input or a missing resource.
// The PostgreSQL boundary maps each Errc to exactly one SQLSTATE.
#pragma once
#include "cpp_only.hpp"

#include <type_traits>

namespace uuidx {

enum class Errc {
    ok = 0,
    time_out_of_range,   // a timestamp outside what the UUID version can hold
    random_unavailable,  // the CSPRNG refused to produce bytes
    digest_unavailable,  // the digest is not offered by this OpenSSL (e.g. MD5 under FIPS)
    invalid_length,      // a byte string of the wrong length
    unknown_algorithm,   // a digest name that is not supported
    unknown_namespace,   // a namespace name that is not dns/url/oid/x500
    unexpected_version,  // an input UUID of a version the operation does not take
    invalid_text_form,   // a TypeID, ULID or other text form that does not parse
};

// A value or the reason there is none. T must be trivially copyable: results cross
// into PostgreSQL, where no destructor may be pending when an error is raised.
template <typename T>
struct Result {
    static_assert(std::is_trivially_copyable_v<T>,
                  "a Result crosses into PostgreSQL, where no destructor may be pending when an error is raised");
    T value{};
    Errc error = Errc::ok;

    static constexpr Result failure(Errc e) noexcept { return Result{T{}, e}; }
    constexpr explicit operator bool() const noexcept { return error == Errc::ok; }
};

}  // namespace uuidx
