// The deterministic UUIDs, computed from their arguments alone: name-based v3/v5/v8, v8 from
// given bytes, the RFC 9562 namespace IDs, the lossless v1 <-> v6 reordering (section 5.6),
// and the v4 -> v7 migration mapping.
#pragma once
#include "cpp_only.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "digest.hpp"
#include "layout.hpp"
#include "result.hpp"
#include "uuid.hpp"

namespace uuidx {

inline constexpr Uuid kNamespaceDns = uuid_from_canonical("6ba7b810-9dad-11d1-80b4-00c04fd430c8");
inline constexpr Uuid kNamespaceUrl = uuid_from_canonical("6ba7b811-9dad-11d1-80b4-00c04fd430c8");
inline constexpr Uuid kNamespaceOid = uuid_from_canonical("6ba7b812-9dad-11d1-80b4-00c04fd430c8");
inline constexpr Uuid kNamespaceX500 = uuid_from_canonical("6ba7b814-9dad-11d1-80b4-00c04fd430c8");
inline constexpr const char* kNamespaceNames = "dns, url, oid, x500";

// "dns", "url", "oid" or "x500", case-insensitively (RFC 9562 section 6.6).
Result<Uuid> namespace_from_name(std::string_view name) noexcept;

// Name-based UUID: the digest of namespace || name, cut to 16 bytes, version and variant set.
// v3 uses MD5, v5 SHA-1 (sections 5.3, 5.5), v8 any digest (section 5.8, Appendix B.2).
Result<Uuid> name_based(int version, Digest digest, const Uuid& name_space, const uint8_t* name, size_t name_length);

// UUIDv8 from exactly 16 given bytes: only the version and variant bits are overwritten.
Result<Uuid> v8_from_bytes(const uint8_t* bytes, size_t length) noexcept;

// The v4 -> v7 migration mapping: unix_ts_ms is `unix_ms`, the other 74 bits are the first
// bits of SHA-256(kMigrationKey || old), so the same old key and time always give the same
// v7, and distinct old keys of one millisecond collide with probability 2^-74 a pair.
inline constexpr Uuid kMigrationKey = uuid_from_canonical("5d2b7c1e-4f0a-8c33-9e61-0b7a2d4c8f15");
Result<Uuid> v4_to_v7(const Uuid& old, uint64_t unix_ms);

// Same timestamp, clock sequence and node, reordered; fails for any other input version.
constexpr Result<Uuid> v1_to_v6(const Uuid& u) noexcept {
    if (!u.is_rfc9562() || u.version_nibble() != 1) return Result<Uuid>::failure(Errc::unexpected_version);
    return {encode_v6(decode_gregorian(u))};
}
constexpr Result<Uuid> v6_to_v1(const Uuid& u) noexcept {
    if (!u.is_rfc9562() || u.version_nibble() != 6) return Result<Uuid>::failure(Errc::unexpected_version);
    return {encode_v1(decode_gregorian(u))};
}

static_assert(v1_to_v6(uuid_from_canonical("c232ab00-9414-11ec-b3c8-9f6bdeced846")).value ==
                  uuid_from_canonical("1ec9414c-232a-6b00-b3c8-9f6bdeced846"),
              "RFC 9562 A.1 -> A.5");

}  // namespace uuidx
