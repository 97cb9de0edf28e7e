// The UUID value: 16 bytes in network byte order (RFC 9562 section 6.13), exactly the
// layout of PostgreSQL's pg_uuid_t, so values cross the boundary with one memcpy.
#pragma once
#include "cpp_only.hpp"

#include <array>
#include <cstdint>
#include <cstdlib>
#include <type_traits>

namespace uuidx {

struct Uuid {
    std::array<uint8_t, 16> bytes{};

    // The version nibble (octet 6, high half). Meaningful only for the RFC 9562 variant.
    constexpr int version_nibble() const noexcept { return bytes[6] >> 4; }

    // The variant per RFC 9562 Table 1, as the value of its significant bits:
    // 0 (0xxx, NCS), 2 (10xx, RFC 9562), 6 (110x, Microsoft), 7 (111x, future).
    constexpr int variant() const noexcept {
        const uint8_t octet8 = bytes[8];
        if ((octet8 & 0x80) == 0x00) return 0;
        if ((octet8 & 0xC0) == 0x80) return 2;
        if ((octet8 & 0xE0) == 0xC0) return 6;
        return 7;
    }

    constexpr bool is_rfc9562() const noexcept { return variant() == 2; }

    // Stamps the version nibble and the RFC 9562 variant bits, keeping every other bit.
    constexpr void set_version_and_variant(int version) noexcept {
        bytes[6] = static_cast<uint8_t>((bytes[6] & 0x0F) | (version << 4));
        bytes[8] = static_cast<uint8_t>((bytes[8] & 0x3F) | 0x80);
    }

    friend constexpr bool operator==(const Uuid& a, const Uuid& b) noexcept {
        for (int i = 0; i < 16; ++i)
            if (a.bytes[i] != b.bytes[i]) return false;
        return true;
    }
    friend constexpr bool operator!=(const Uuid& a, const Uuid& b) noexcept { return !(a == b); }
    // Byte-wise order: the order of PostgreSQL's uuid type and of the text form.
    friend constexpr bool operator<(const Uuid& a, const Uuid& b) noexcept {
        for (int i = 0; i < 16; ++i)
            if (a.bytes[i] != b.bytes[i]) return a.bytes[i] < b.bytes[i];
        return false;
    }
};

static_assert(sizeof(Uuid) == 16, "Uuid must be exactly the 16 bytes of pg_uuid_t");
static_assert(std::is_trivially_copyable<Uuid>::value, "Uuid crosses the boundary by memcpy");

namespace detail {
constexpr int hex_value(char c) {
    return (c >= '0' && c <= '9')   ? c - '0'
           : (c >= 'a' && c <= 'f') ? c - 'a' + 10
           : (c >= 'A' && c <= 'F') ? c - 'A' + 10
                                    : -1;
}
}  // namespace detail

// Parses the canonical 36-character form at compile time, for constants and test vectors.
// Returns false on anything else; the SQL input path is PostgreSQL's own uuid_in.
constexpr bool parse_canonical(const char (&text)[37], Uuid& out) {
    int byte = 0;
    for (int i = 0; i < 36;) {
        if (i == 8 || i == 13 || i == 18 || i == 23) {
            if (text[i] != '-') return false;
            ++i;
            continue;
        }
        const int hi = detail::hex_value(text[i]);
        const int lo = detail::hex_value(text[i + 1]);
        if (hi < 0 || lo < 0) return false;
        out.bytes[byte++] = static_cast<uint8_t>(hi * 16 + lo);
        i += 2;
    }
    return byte == 16;
}

// Reached only by a literal that does not parse. Not constexpr, so such a literal in a
// constant (every use of uuid_from_canonical) fails to compile; the core is built without
// exceptions, so this is the compile-time error a `throw` would have been.
inline void malformed_uuid_literal() noexcept { std::abort(); }

constexpr Uuid uuid_from_canonical(const char (&text)[37]) {
    Uuid u{};
    if (!parse_canonical(text, u)) malformed_uuid_literal();
    return u;
}

inline constexpr Uuid kNilUuid = uuid_from_canonical("00000000-0000-0000-0000-000000000000");
inline constexpr Uuid kMaxUuid = uuid_from_canonical("ffffffff-ffff-ffff-ffff-ffffffffffff");

static_assert(kNilUuid.variant() == 0 && kMaxUuid.variant() == 7, "RFC 9562 section 5.9, 5.10");

}  // namespace uuidx
