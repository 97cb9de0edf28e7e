// Bounds on a key's time as bounds on the key: the arithmetic behind `uuid <@ tstzrange`
// and behind the index conditions added beside uuid_v7_to_timestamptz(id) < ts.
//
// A key's time is its first 48 bits read as Unix milliseconds (unix_ts_ms, whatever the
// version): t = ms * 1000 microseconds. Keys sort by their bytes, so every key of a
// millisecond lies between the prefix key ms << 80 (the other 80 bits 0) and
// (ms << 80) | (2^80 - 1) (the other 80 bits 1). A condition on t is a condition on ms, and
// so a range of keys:
//   t >= lo  <=>  ms >= ceil(lo / 1000)        t > lo  <=>  ms >= floor(lo / 1000) + 1
//   t <= hi  <=>  ms <= floor(hi / 1000)       t < hi  <=>  ms <= ceil(hi / 1000) - 1
// with floor and ceiling exact for negative microseconds (times before 1970).
//
// The keys are used as extra conditions beside the original predicate, which is always
// checked again, so a key range may hold more keys than the predicate selects but never
// fewer. Where no key can satisfy a bound (a first millisecond beyond 2^48 - 1, a last one
// before 0) the bound saturates to the key that leaves the fewest keys: the max UUID for a
// lower bound, the nil UUID for an upper bound. Where every key satisfies it (unbounded, or
// before 1970 for a lower bound) it is the nil or the max UUID, which exclude nothing.
#pragma once
#include "cpp_only.hpp"

#include <cstdint>

#include "layout.hpp"
#include "result.hpp"
#include "uuid.hpp"

namespace uuidx {

// floor(a / 1000) and ceil(a / 1000) for every int64_t a (C++ division truncates).
constexpr int64_t floor_div_1000(int64_t a) noexcept {
    const int64_t q = a / 1000;
    return (a % 1000 < 0) ? q - 1 : q;
}
constexpr int64_t ceil_div_1000(int64_t a) noexcept {
    const int64_t q = a / 1000;
    return (a % 1000 > 0) ? q + 1 : q;
}

// The first millisecond whose time satisfies t >= unix_us (inclusive) or t > unix_us.
constexpr int64_t first_ms_of_lower(int64_t unix_us, bool inclusive) noexcept {
    return inclusive ? ceil_div_1000(unix_us) : floor_div_1000(unix_us) + 1;
}
// The last millisecond whose time satisfies t <= unix_us (inclusive) or t < unix_us.
constexpr int64_t last_ms_of_upper(int64_t unix_us, bool inclusive) noexcept {
    return inclusive ? floor_div_1000(unix_us) : ceil_div_1000(unix_us) - 1;
}

// The key ms << 80, with the 80 bits after the time all 0 or all 1.
constexpr Uuid time_prefix_key(uint64_t unix_ms, bool low_bits_set) noexcept {
    Uuid u{};
    for (int i = 0; i < 6; ++i) u.bytes[i] = static_cast<uint8_t>(unix_ms >> (40 - 8 * i));
    for (int i = 6; i < 16; ++i) u.bytes[i] = low_bits_set ? 0xFF : 0x00;
    return u;
}

// The smallest key of millisecond first_ms and after (saturated: nil below 0, max beyond).
constexpr Uuid min_key_from_ms(int64_t first_ms) noexcept {
    if (first_ms <= 0) return kNilUuid;
    if (static_cast<uint64_t>(first_ms) > kV7MaxUnixMs) return kMaxUuid;
    return time_prefix_key(static_cast<uint64_t>(first_ms), false);
}
// The largest key of millisecond last_ms and before (saturated: nil below 0, max beyond).
constexpr Uuid max_key_to_ms(int64_t last_ms) noexcept {
    if (last_ms < 0) return kNilUuid;
    if (static_cast<uint64_t>(last_ms) >= kV7MaxUnixMs) return kMaxUuid;
    return time_prefix_key(static_cast<uint64_t>(last_ms), true);
}

// One bound on the time as PostgreSQL gives it: absent (an unbounded range side), the
// values -infinity and +infinity, or a finite time in Unix microseconds. A finite time too
// far in the future for int64 Unix microseconds is given as plus_infinity: for keys, whose
// times end in the year 10889, the two are the same bound.
enum class BoundKind : uint8_t { unbounded, minus_infinity, finite, plus_infinity };

struct TimeBound {
    BoundKind kind = BoundKind::unbounded;
    int64_t unix_us = 0;     // when finite
    bool inclusive = false;  // when finite (an infinity is never reached by a key's time)
};

constexpr TimeBound unbounded_time() noexcept { return {}; }
constexpr TimeBound finite_time(int64_t unix_us, bool inclusive) noexcept {
    return {BoundKind::finite, unix_us, inclusive};
}

// The first millisecond whose time satisfies t >(=) bound: 0 (the first of every key) when
// every time does, beyond kV7MaxUnixMs when no key's time does.
constexpr int64_t first_ms_satisfying(const TimeBound& bound) noexcept {
    switch (bound.kind) {
        case BoundKind::unbounded:
        case BoundKind::minus_infinity: return 0;
        case BoundKind::plus_infinity: return static_cast<int64_t>(kV7MaxUnixMs) + 1;
        case BoundKind::finite: break;
    }
    return first_ms_of_lower(bound.unix_us, bound.inclusive);
}
// The last millisecond whose time satisfies t <(=) bound: kV7MaxUnixMs (the last of every
// key) when every time does, below 0 when no key's time does.
constexpr int64_t last_ms_satisfying(const TimeBound& bound) noexcept {
    switch (bound.kind) {
        case BoundKind::unbounded:
        case BoundKind::plus_infinity: return static_cast<int64_t>(kV7MaxUnixMs);
        case BoundKind::minus_infinity: return -1;
        case BoundKind::finite: break;
    }
    return last_ms_of_upper(bound.unix_us, bound.inclusive);
}

// The smallest key whose time can satisfy t >(=) bound.
constexpr Uuid min_key_of_lower(const TimeBound& bound) noexcept { return min_key_from_ms(first_ms_satisfying(bound)); }

// The largest key whose time can satisfy t <(=) bound.
constexpr Uuid max_key_of_upper(const TimeBound& bound) noexcept { return max_key_to_ms(last_ms_satisfying(bound)); }

// Whether no key's time (milliseconds 0 to 2^48 - 1) can satisfy a lower or an upper bound.
constexpr bool no_key_satisfies_lower(const TimeBound& bound) noexcept {
    return first_ms_satisfying(bound) > static_cast<int64_t>(kV7MaxUnixMs);
}
constexpr bool no_key_satisfies_upper(const TimeBound& bound) noexcept { return last_ms_satisfying(bound) < 0; }

// The keys whose time lies in a range, exactly: min <= key <= max holds for a key if and
// only if its time lies in the range. A range no key's time can lie in (empty, a side no
// key reaches, or sides that leave no whole millisecond between them) gives min = max UUID,
// max = nil UUID, which no key satisfies. Being exact, these bounds can stand for the
// operator in an index scan, with nothing to check again.
struct KeyRange {
    Uuid min;
    Uuid max;
};

// Whether no key lies in the range (min above max).
constexpr bool selects_no_key(const KeyRange& keys) noexcept { return keys.max < keys.min; }

constexpr KeyRange key_range_of(bool empty, const TimeBound& lower, const TimeBound& upper) noexcept {
    const KeyRange none{kMaxUuid, kNilUuid};
    if (empty || no_key_satisfies_lower(lower) || no_key_satisfies_upper(upper)) return none;
    const KeyRange keys{min_key_of_lower(lower), max_key_of_upper(upper)};
    return selects_no_key(keys) ? none : keys;
}

// The same bounds as valid v7 keys (version 7, variant 10), for TimescaleDB: at plan time
// it reads every constant that a hypertable's uuid partitioning column is compared with as
// a v7 time, and raises an error for any other key (a prefix key ms << 80 is version 0).
// No valid v7 lies between the keys of a millisecond and those of the next, so these bounds
// are strict and one millisecond wider on each side than the prefix keys, and still hold
// every key, of any version, whose time satisfies the bound:
//   every key of millisecond m or later  > v7_max(m - 1)
//   every key of millisecond m or earlier < v7_min(m + 1)
// For v7 keys they admit exactly the keys the prefix keys admit. TimescaleDB reads the
// upper one as the start of millisecond m + 1 (exact chunk exclusion with `<`), the lower
// one as millisecond m - 1 (a window starting on a chunk's first millisecond keeps the
// chunk before it too). `bounded` is false where every key satisfies the bound.
struct V7KeyBound {
    bool bounded;
    Uuid key;
};

// id > key holds for every key whose time satisfies t >(=) bound.
constexpr V7KeyBound v7_key_below_lower(const TimeBound& bound) noexcept {
    const int64_t first_ms = first_ms_satisfying(bound);
    if (first_ms <= 0) return {false, kNilUuid};
    const uint64_t below = static_cast<uint64_t>(first_ms) - 1;
    return {true, v7_max(below < kV7MaxUnixMs ? below : kV7MaxUnixMs)};
}

// id < key holds for every key whose time satisfies t <(=) bound.
constexpr V7KeyBound v7_key_above_upper(const TimeBound& bound) noexcept {
    const int64_t last_ms = last_ms_satisfying(bound);
    if (last_ms >= static_cast<int64_t>(kV7MaxUnixMs)) return {false, kNilUuid};
    return {true, v7_min(last_ms < 0 ? 0 : static_cast<uint64_t>(last_ms) + 1)};
}

// A partition bound (pg_partman's time encoder): the first key of the first millisecond at
// or after unix_us, so that the keys of [encode(a), encode(b)) are exactly those whose time
// lies in [a, b), whatever their version. No saturation here: a bound outside the keys'
// times fails, so that decoding a bound gives back the time it was made from.
constexpr Result<Uuid> partition_key_at_or_after(int64_t unix_us) noexcept {
    const int64_t first_ms = first_ms_of_lower(unix_us, true);
    if (first_ms < 0 || static_cast<uint64_t>(first_ms) > kV7MaxUnixMs)
        return Result<Uuid>::failure(Errc::time_out_of_range);
    return {time_prefix_key(static_cast<uint64_t>(first_ms), false)};
}

// --- checked at compile time -------------------------------------------------------------
namespace time_bound_checks {
static_assert(floor_div_1000(-1) == -1 && ceil_div_1000(-1) == 0 && floor_div_1000(-1000) == -1 &&
              ceil_div_1000(-1000) == -1 && floor_div_1000(1999) == 1 && ceil_div_1000(1001) == 2);
static_assert(first_ms_of_lower(1000, true) == 1 && first_ms_of_lower(1000, false) == 2 &&
              first_ms_of_lower(1001, true) == 2 && first_ms_of_lower(999, false) == 1);
static_assert(last_ms_of_upper(1000, true) == 1 && last_ms_of_upper(1000, false) == 0 &&
              last_ms_of_upper(999, true) == 0 && last_ms_of_upper(1001, false) == 1);
// RFC 9562 A.6's millisecond, 2022-02-22 19:22:22 UTC.
static_assert(min_key_of_lower(finite_time(1645557742000000, true)) ==
              uuid_from_canonical("017f22e2-79b0-0000-0000-000000000000"));
static_assert(max_key_of_upper(finite_time(1645557742000000, false)) ==
              uuid_from_canonical("017f22e2-79af-ffff-ffff-ffffffffffff"));
static_assert(partition_key_at_or_after(1645557742000000).value ==
              uuid_from_canonical("017f22e2-79b0-0000-0000-000000000000"));
static_assert(partition_key_at_or_after(1645557742000001).value ==
              uuid_from_canonical("017f22e2-79b1-0000-0000-000000000000"));
static_assert(!partition_key_at_or_after(-1000) && partition_key_at_or_after(-999).value == kNilUuid);
static_assert(min_key_of_lower(finite_time(-1, false)) == kNilUuid);
static_assert(max_key_of_upper(finite_time(-1, true)) == kNilUuid);
static_assert(min_key_of_lower(finite_time(int64_t{1000} * int64_t{kV7MaxUnixMs} + 1, true)) == kMaxUuid);
static_assert(max_key_of_upper(finite_time(int64_t{1000} * int64_t{kV7MaxUnixMs}, true)) == kMaxUuid);
// Valid v7 bounds: one millisecond wider, strict.
static_assert(v7_key_below_lower(finite_time(1645557742000000, true)).key ==
              uuid_from_canonical("017f22e2-79af-7fff-bfff-ffffffffffff"));
static_assert(v7_key_above_upper(finite_time(1645557742000000, false)).key ==
              uuid_from_canonical("017f22e2-79b0-7000-8000-000000000000"));
static_assert(!v7_key_below_lower(finite_time(0, true)).bounded && v7_key_below_lower(finite_time(0, false)).bounded);
static_assert(v7_key_above_upper(finite_time(-1, true)).key ==
              uuid_from_canonical("00000000-0000-7000-8000-000000000000"));
static_assert(!v7_key_above_upper(finite_time(int64_t{1000} * int64_t{kV7MaxUnixMs}, true)).bounded);
}  // namespace time_bound_checks

}  // namespace uuidx
