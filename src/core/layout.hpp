// Field layouts of the time-based versions (RFC 9562 sections 5.1, 5.6, 5.7) and the
// conversions between clock readings and the integers those fields hold. Pure, constexpr
// functions: the RFC 9562 test vectors are checked at compile time below.
#pragma once
#include "cpp_only.hpp"

#include <cstdint>

#include "result.hpp"
#include "uuid.hpp"

namespace uuidx {

// 100-ns intervals between 1582-10-15 (the Gregorian epoch of v1/v6) and 1970-01-01.
inline constexpr int64_t kGregorianToUnix100ns = 122192928000000000;
inline constexpr uint64_t kGregorianMax100ns = (uint64_t{1} << 60) - 1;
inline constexpr uint64_t kV7MaxUnixMs = (uint64_t{1} << 48) - 1;

// --- UUIDv7 --------------------------------------------------------------------------
// The ordered time of a v7 is a 64-bit "tick" count: the 48-bit Unix millisecond above a
// 16-bit fraction of that millisecond (units of 1/65536 ms, about 15.26 ns). The top 12
// bits of the fraction fill rand_a (RFC 9562 section 6.2, method 3, as PostgreSQL 18
// does); the low 4 bits take the first bits of rand_b after the variant. When the clock
// does not advance between two calls, the generator adds one tick, so the fraction is
// also the counter of section 6.2: 65536 values a millisecond before it spills into the
// next millisecond. Everything after it (58 bits) is random.
inline constexpr int kV7FractionBits = 16;
inline constexpr uint64_t kV7TicksPerMs = uint64_t{1} << kV7FractionBits;
inline constexpr uint64_t kV7MaxTicks = ~uint64_t{0};

constexpr uint64_t v7_ticks(uint64_t unix_ms, uint64_t fraction) noexcept {
    return (unix_ms << kV7FractionBits) | fraction;
}
constexpr uint64_t v7_ticks_unix_ms(uint64_t ticks) noexcept { return ticks >> kV7FractionBits; }

// Unix microseconds to ticks (the sub-millisecond part rounded down). Fails before 1970
// and beyond the 48-bit millisecond range.
constexpr Result<uint64_t> v7_ticks_from_unix_us(int64_t unix_us) noexcept {
    if (unix_us < 0 || static_cast<uint64_t>(unix_us) / 1000 > kV7MaxUnixMs)
        return Result<uint64_t>::failure(Errc::time_out_of_range);
    const uint64_t us = static_cast<uint64_t>(unix_us);
    return {v7_ticks(us / 1000, (us % 1000) * kV7TicksPerMs / 1000)};
}

constexpr Result<uint64_t> v7_ticks_from_unix_ns(int64_t unix_ns) noexcept {
    if (unix_ns < 0 || static_cast<uint64_t>(unix_ns) / 1000000 > kV7MaxUnixMs)
        return Result<uint64_t>::failure(Errc::time_out_of_range);
    const uint64_t ns = static_cast<uint64_t>(unix_ns);
    return {v7_ticks(ns / 1000000, (ns % 1000000) * kV7TicksPerMs / 1000000)};
}

// Unix microseconds of a tick count, rounded down.
constexpr int64_t v7_ticks_to_unix_us(uint64_t ticks) noexcept {
    const uint64_t fraction = ticks & (kV7TicksPerMs - 1);
    return static_cast<int64_t>(v7_ticks_unix_ms(ticks) * 1000 + fraction * 1000 / kV7TicksPerMs);
}

// The tick count of `unix_us` plus the part of `ticks` below its microsecond, for moving
// an ordered tick count by a whole number of microseconds (uuidv7(interval)) without losing
// its sub-microsecond order. Both conversions round down, so that part can be 66 ticks,
// one more than the room left in a millisecond's last microsecond (from tick 65470): it is
// capped at the end of unix_us's millisecond. Fails as v7_ticks_from_unix_us does.
constexpr Result<uint64_t> v7_ticks_moved_to(uint64_t ticks, int64_t unix_us) noexcept {
    const Result<uint64_t> base = v7_ticks_from_unix_us(unix_us);
    if (!base) return base;
    const uint64_t below_one_us = ticks - v7_ticks_from_unix_us(v7_ticks_to_unix_us(ticks)).value;
    const uint64_t room_in_ms = (base.value | (kV7TicksPerMs - 1)) - base.value;
    return {base.value + (below_one_us < room_in_ms ? below_one_us : room_in_ms)};
}

// `tail` supplies the 58 bits after the time: the low 2 bits of tail[0], then tail[1..7].
constexpr Uuid encode_v7(uint64_t ticks, const uint8_t (&tail)[8]) noexcept {
    Uuid u{};
    const uint64_t ms = v7_ticks_unix_ms(ticks);
    const uint64_t fraction = ticks & (kV7TicksPerMs - 1);
    for (int i = 0; i < 6; ++i) u.bytes[i] = static_cast<uint8_t>(ms >> (40 - 8 * i));
    u.bytes[6] = static_cast<uint8_t>(0x70 | (fraction >> 12));
    u.bytes[7] = static_cast<uint8_t>(fraction >> 4);
    u.bytes[8] = static_cast<uint8_t>(0x80 | ((fraction & 0x0F) << 2) | (tail[0] & 0x03));
    for (int i = 1; i < 8; ++i) u.bytes[8 + i] = tail[i];
    return u;
}

// The smallest and the largest valid v7 (version 7, variant 10) of a millisecond: every v7
// of that millisecond sorts between them, so they bound index range scans and partitions.
constexpr Uuid v7_min(uint64_t unix_ms) noexcept {
    constexpr uint8_t kZeros[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    return encode_v7(v7_ticks(unix_ms, 0), kZeros);
}
constexpr Uuid v7_max(uint64_t unix_ms) noexcept {
    constexpr uint8_t kOnes[8] = {0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};
    return encode_v7(v7_ticks(unix_ms, kV7TicksPerMs - 1), kOnes);
}

// The first 48 bits as Unix milliseconds (unix_ts_ms), whatever the version.
constexpr uint64_t unix_ts_ms(const Uuid& u) noexcept {
    uint64_t ms = 0;
    for (int i = 0; i < 6; ++i) ms = (ms << 8) | u.bytes[i];
    return ms;
}

// --- UUIDv1 and UUIDv6 ---------------------------------------------------------------
// Both carry a 60-bit count of 100-ns intervals since the Gregorian epoch, a 14-bit clock
// sequence and a 48-bit node; v1 stores the time low field first, v6 high field first.

constexpr Result<uint64_t> gregorian_from_unix_ns(int64_t unix_ns) noexcept {
    // Floor division, so that times before 1970 round like every other reading.
    const int64_t unix_100ns = unix_ns / 100 - ((unix_ns % 100 < 0) ? 1 : 0);
    if (unix_100ns < -kGregorianToUnix100ns ||
        unix_100ns > static_cast<int64_t>(kGregorianMax100ns) - kGregorianToUnix100ns)
        return Result<uint64_t>::failure(Errc::time_out_of_range);
    return {static_cast<uint64_t>(unix_100ns + kGregorianToUnix100ns)};
}

struct GregorianFields {
    uint64_t timestamp_100ns;  // 60 bits
    uint16_t clock_seq;        // 14 bits
    uint64_t node;             // 48 bits
};

constexpr void put_clock_seq_and_node(Uuid& u, uint16_t clock_seq, uint64_t node) noexcept {
    u.bytes[8] = static_cast<uint8_t>(0x80 | ((clock_seq >> 8) & 0x3F));
    u.bytes[9] = static_cast<uint8_t>(clock_seq);
    for (int i = 0; i < 6; ++i) u.bytes[10 + i] = static_cast<uint8_t>(node >> (40 - 8 * i));
}

constexpr Uuid encode_v1(const GregorianFields& f) noexcept {
    Uuid u{};
    const uint64_t t = f.timestamp_100ns;
    for (int i = 0; i < 4; ++i) u.bytes[i] = static_cast<uint8_t>(t >> (24 - 8 * i));  // time_low
    u.bytes[4] = static_cast<uint8_t>(t >> 40);                                        // time_mid
    u.bytes[5] = static_cast<uint8_t>(t >> 32);
    u.bytes[6] = static_cast<uint8_t>(0x10 | ((t >> 56) & 0x0F));  // time_high
    u.bytes[7] = static_cast<uint8_t>(t >> 48);
    put_clock_seq_and_node(u, f.clock_seq, f.node);
    return u;
}

constexpr Uuid encode_v6(const GregorianFields& f) noexcept {
    Uuid u{};
    const uint64_t t = f.timestamp_100ns;
    for (int i = 0; i < 4; ++i) u.bytes[i] = static_cast<uint8_t>(t >> (52 - 8 * i));  // time_high
    u.bytes[4] = static_cast<uint8_t>(t >> 20);                                        // time_mid
    u.bytes[5] = static_cast<uint8_t>(t >> 12);
    u.bytes[6] = static_cast<uint8_t>(0x60 | ((t >> 8) & 0x0F));  // time_low
    u.bytes[7] = static_cast<uint8_t>(t);
    put_clock_seq_and_node(u, f.clock_seq, f.node);
    return u;
}

// Reads the fields back; the caller checks the version first.
constexpr GregorianFields decode_gregorian(const Uuid& u) noexcept {
    const auto b = [&u](int i) { return static_cast<uint64_t>(u.bytes[i]); };
    uint64_t t = 0;
    if (u.version_nibble() == 6) {
        t = (b(0) << 52) | (b(1) << 44) | (b(2) << 36) | (b(3) << 28) | (b(4) << 20) | (b(5) << 12) |
            ((b(6) & 0x0F) << 8) | b(7);
    } else {
        t = ((b(6) & 0x0F) << 56) | (b(7) << 48) | (b(4) << 40) | (b(5) << 32) | (b(0) << 24) | (b(1) << 16) |
            (b(2) << 8) | b(3);
    }
    uint64_t node = 0;
    for (int i = 10; i < 16; ++i) node = (node << 8) | b(i);
    return {t, static_cast<uint16_t>(((b(8) & 0x3F) << 8) | b(9)), node};
}

// --- Timestamps -----------------------------------------------------------------------
// Unix microseconds of a v1/v6 Gregorian 100-ns count: divided by 10 (rounding down), then
// shifted to the Unix epoch, as PostgreSQL 18's uuid_extract_timestamp() does.
constexpr int64_t gregorian_to_unix_us(uint64_t timestamp_100ns) noexcept {
    return static_cast<int64_t>(timestamp_100ns / 10) - kGregorianToUnix100ns / 10;
}

// The embedded time of a v1, v6 or v7 UUID of the RFC 9562 variant, in Unix microseconds,
// rounded as PostgreSQL 18's uuid_extract_timestamp() does: v7 to the millisecond, v1/v6
// 100-ns counts divided by 10 (rounding down) before the epoch shift.
constexpr Result<int64_t> embedded_unix_us(const Uuid& u) noexcept {
    if (!u.is_rfc9562()) return Result<int64_t>::failure(Errc::unexpected_version);
    switch (u.version_nibble()) {
        case 7: return {static_cast<int64_t>(unix_ts_ms(u) * 1000)};
        case 1:
        case 6: return {gregorian_to_unix_us(decode_gregorian(u).timestamp_100ns)};
        default: return Result<int64_t>::failure(Errc::unexpected_version);
    }
}

// --- The ordered time of a key ----------------------------------------------------------
// Which order cell a key's time belongs to, and that time in the cell's units: a v7's full
// tick count (unix_ts_ms, the 12 bits of rand_a and the 4 bits of rand_b after the variant,
// as encode_v7 writes them), or a v1's or v6's 60-bit Gregorian count. A key of any other
// version, or of another variant (whose bits after rand_a differ), carries no ordered time.
// A cell raised to this value hands out only values above it, and the keys made from them
// sort after the key: a v7 compares by its tick count first (the variant bits, between
// rand_a and the low 4 bits, are the same in both); v6 compares by its Gregorian count,
// and v1 shares the cell so that its times follow.
enum class OrderFamily : uint8_t { v7, gregorian };
struct OrderedTime {
    OrderFamily family;
    uint64_t value;
};

constexpr Result<OrderedTime> ordered_time_of(const Uuid& u) noexcept {
    if (!u.is_rfc9562()) return Result<OrderedTime>::failure(Errc::unexpected_version);
    switch (u.version_nibble()) {
        case 7: {
            const uint64_t fraction =
                (uint64_t{u.bytes[6] & 0x0Fu} << 12) | (uint64_t{u.bytes[7]} << 4) | ((u.bytes[8] >> 2) & 0x0Fu);
            return {{OrderFamily::v7, v7_ticks(unix_ts_ms(u), fraction)}};
        }
        case 1:
        case 6: return {{OrderFamily::gregorian, decode_gregorian(u).timestamp_100ns}};
        default: return Result<OrderedTime>::failure(Errc::unexpected_version);
    }
}

// --- RFC 9562 Appendix A, checked at compile time ---------------------------------------
namespace vectors {
inline constexpr GregorianFields kA1Fields{138648505420000000, 13256, 0x9f6bdeced846};
static_assert(encode_v1(kA1Fields) == uuid_from_canonical("c232ab00-9414-11ec-b3c8-9f6bdeced846"));
static_assert(encode_v6(kA1Fields) == uuid_from_canonical("1ec9414c-232a-6b00-b3c8-9f6bdeced846"));
static_assert(decode_gregorian(uuid_from_canonical("1ec9414c-232a-6b00-b3c8-9f6bdeced846")).node == 0x9f6bdeced846);
static_assert(unix_ts_ms(uuid_from_canonical("017f22e2-79b0-7cc3-98c4-dc0c0c07398f")) == 1645557742000);
static_assert(embedded_unix_us(uuid_from_canonical("c232ab00-9414-11ec-b3c8-9f6bdeced846")).value == 1645557742000000);
static_assert(v7_min(1645557742000) == uuid_from_canonical("017f22e2-79b0-7000-8000-000000000000"));
static_assert(v7_max(1645557742000) == uuid_from_canonical("017f22e2-79b0-7fff-bfff-ffffffffffff"));
static_assert(ordered_time_of(v7_max(1645557742000)).value.value == v7_ticks(1645557742000, kV7TicksPerMs - 1));
static_assert(ordered_time_of(uuid_from_canonical("1ec9414c-232a-6b00-b3c8-9f6bdeced846")).value.value ==
              kA1Fields.timestamp_100ns);
}  // namespace vectors

}  // namespace uuidx
