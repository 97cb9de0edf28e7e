// Helpers shared by the unit tests: readable failure messages for Uuid and Errc, and a
// decoder of the v7 tick count written independently of encode_v7 (from RFC 9562's
// field layout), so that a test of the encoder is not a test of itself.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>

#include "layout.hpp"
#include "result.hpp"
#include "uuid.hpp"

namespace uuidx {

// The canonical lower-case text form plus a terminating NUL (37 bytes), for failure
// messages; PostgreSQL's uuid_out is the product's text form.
inline void format_canonical(const Uuid& u, char (&out)[37]) noexcept {
    static constexpr char kHex[] = "0123456789abcdef";
    int pos = 0;
    for (int i = 0; i < 16; ++i) {
        if (i == 4 || i == 6 || i == 8 || i == 10) out[pos++] = '-';
        out[pos++] = kHex[u.bytes[i] >> 4];
        out[pos++] = kHex[u.bytes[i] & 0x0F];
    }
    out[36] = '\0';
}

// Found by GoogleTest through argument-dependent lookup.
inline void PrintTo(const Uuid& u, std::ostream* os) {
    char text[37];
    format_canonical(u, text);
    *os << text;
}

inline const char* errc_name(Errc e) {
    switch (e) {
        case Errc::ok: return "ok";
        case Errc::time_out_of_range: return "time_out_of_range";
        case Errc::random_unavailable: return "random_unavailable";
        case Errc::digest_unavailable: return "digest_unavailable";
        case Errc::invalid_length: return "invalid_length";
        case Errc::unknown_algorithm: return "unknown_algorithm";
        case Errc::unknown_namespace: return "unknown_namespace";
        case Errc::unexpected_version: return "unexpected_version";
        case Errc::invalid_text_form: return "invalid_text_form";
    }
    return "?";
}

inline void PrintTo(Errc e, std::ostream* os) { *os << "Errc::" << errc_name(e); }

}  // namespace uuidx

namespace uuidx_test {

inline std::string canonical(const uuidx::Uuid& u) {
    char text[37];
    uuidx::format_canonical(u, text);
    return text;
}

// Only A-Z and a-z change case: the result must not depend on the locale or on bytes above
// 0x7F (the unit tests and the fuzz targets of text forms and names).
inline std::string ascii_upper(std::string_view text) {
    std::string upper(text);
    for (char& c : upper)
        if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    return upper;
}

inline std::string ascii_lower(std::string_view text) {
    std::string lower(text);
    for (char& c : lower)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return lower;
}

// The 64-bit tick count a v7 carries: unix_ts_ms (48 bits), then the 12 bits of rand_a,
// then the 4 bits after the variant in octet 8 (bits 5..2).
inline uint64_t v7_ticks_of(const uuidx::Uuid& u) {
    const uint64_t rand_a = (uint64_t{u.bytes[6] & 0x0Fu} << 8) | u.bytes[7];
    const uint64_t low4 = (u.bytes[8] >> 2) & 0x0Fu;
    return (uuidx::unix_ts_ms(u) << 16) | (rand_a << 4) | low4;
}

// The least significant bit of the node's first octet (octet 10): set for random nodes.
inline bool node_multicast_bit(const uuidx::Uuid& u) { return (u.bytes[10] & 0x01) != 0; }

// RFC 9562 Appendix A and B (/work/shared/rfc9562/vectors.json); A.1, A.5, A.6 and B.1 all
// encode 2022-02-22 19:22:22 UTC, the start of a millisecond.
inline constexpr uuidx::Uuid kA1V1 = uuidx::uuid_from_canonical("c232ab00-9414-11ec-b3c8-9f6bdeced846");
inline constexpr uuidx::Uuid kA2V3 = uuidx::uuid_from_canonical("5df41881-3aed-3515-88a7-2f4a814cf09e");
inline constexpr uuidx::Uuid kA3V4 = uuidx::uuid_from_canonical("919108f7-52d1-4320-9bac-f847db4148a8");
inline constexpr uuidx::Uuid kA4V5 = uuidx::uuid_from_canonical("2ed6657d-e927-568b-95e1-2665a8aea6a2");
inline constexpr uuidx::Uuid kA5V6 = uuidx::uuid_from_canonical("1ec9414c-232a-6b00-b3c8-9f6bdeced846");
inline constexpr uuidx::Uuid kA6V7 = uuidx::uuid_from_canonical("017f22e2-79b0-7cc3-98c4-dc0c0c07398f");
inline constexpr uuidx::Uuid kB1V8 = uuidx::uuid_from_canonical("2489e9ad-2ee2-8e00-8ec9-32d5f69181c0");
inline constexpr uuidx::Uuid kB2V8 = uuidx::uuid_from_canonical("5c146b14-3c52-8afd-938a-375d0df1fbf6");
inline constexpr uint64_t kVectorUnixMs = 1645557742000;
inline constexpr int64_t kVectorUnixUs = 1645557742000000;
inline constexpr int64_t kVectorUnixNs = 1645557742000000000;
inline constexpr uint64_t kMaxUnixMs = (uint64_t{1} << 48) - 1;

}  // namespace uuidx_test
