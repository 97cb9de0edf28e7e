// Message digests for the name-based versions, through OpenSSL's EVP interface only.
#pragma once
#include "cpp_only.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "result.hpp"
#include "uuid.hpp"

namespace uuidx {

enum class Digest { md5, sha1, sha256, sha384, sha512, sha3_256, sha3_512 };

// The names uuid_generate_v8_name() accepts, for error messages: "sha256, sha384, ...".
inline constexpr const char* kV8DigestNames = "sha256, sha384, sha512, sha3-256, sha3-512";

// Looks a v8 digest up by name, case-insensitively ("sha256", "SHA3-256").
Result<Digest> v8_digest_from_name(std::string_view name) noexcept;

// The first 16 bytes of digest(namespace || name), the input of RFC 9562 section 5.3 / 5.5
// (B.2). Fails with digest_unavailable when OpenSSL refuses the algorithm (MD5 under FIPS).
Result<Uuid> digest_prefix(Digest digest, const Uuid& name_space, const uint8_t* name, size_t name_length);

}  // namespace uuidx
