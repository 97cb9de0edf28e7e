// Time bounds as key bounds (time_bounds.hpp): for random keys and random bounds, a key lies
// in the key range exactly when its time satisfies the bound, except at the saturated
// edges, where the key range may hold one key more but never one fewer. The oracle reads
// the time from the key's bytes and compares microseconds in 128-bit arithmetic; it shares
// no code with the header.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <random>
#include <vector>

#include "test_util.hpp"
#include "time_bounds.hpp"
#include "uuid.hpp"

namespace {

using uuidx::BoundKind;
using uuidx::kMaxUuid;
using uuidx::kNilUuid;
using uuidx::TimeBound;
using uuidx::Uuid;

constexpr int64_t kInt64Max = std::numeric_limits<int64_t>::max();
constexpr int64_t kInt64Min = std::numeric_limits<int64_t>::min();
constexpr int64_t kLastMs = (int64_t{1} << 48) - 1;
constexpr int64_t kLastUs = kLastMs * 1000;  // the time of the last millisecond

// --- the oracle --------------------------------------------------------------------------

__int128 time_us_of(const Uuid& u) {
    __int128 ms = 0;
    for (int i = 0; i < 6; ++i) ms = ms * 256 + u.bytes[i];
    return ms * 1000;
}

bool satisfies_lower(const Uuid& key, const TimeBound& b) {
    switch (b.kind) {
        case BoundKind::unbounded:
        case BoundKind::minus_infinity: return true;
        case BoundKind::plus_infinity: return false;
        case BoundKind::finite: break;
    }
    const __int128 t = time_us_of(key);
    return b.inclusive ? t >= b.unix_us : t > b.unix_us;
}

bool satisfies_upper(const Uuid& key, const TimeBound& b) {
    switch (b.kind) {
        case BoundKind::unbounded:
        case BoundKind::plus_infinity: return true;
        case BoundKind::minus_infinity: return false;
        case BoundKind::finite: break;
    }
    const __int128 t = time_us_of(key);
    return b.inclusive ? t <= b.unix_us : t < b.unix_us;
}

bool no_time_satisfies_lower(const TimeBound& b) {
    return b.kind == BoundKind::plus_infinity ||
           (b.kind == BoundKind::finite && (b.inclusive ? b.unix_us > kLastUs : b.unix_us >= kLastUs));
}
bool no_time_satisfies_upper(const TimeBound& b) {
    return b.kind == BoundKind::minus_infinity ||
           (b.kind == BoundKind::finite && (b.inclusive ? b.unix_us < 0 : b.unix_us <= 0));
}

bool le(const Uuid& a, const Uuid& b) { return !(b < a); }

// --- random inputs -------------------------------------------------------------------------

struct Inputs {
    std::mt19937_64 rng{20260317};

    uint64_t bits() { return rng(); }
    int pick(int n) { return static_cast<int>(rng() % static_cast<uint64_t>(n)); }

    // A millisecond: anywhere, near 0, near the end of the 48 bits.
    int64_t ms() {
        switch (pick(4)) {
            case 0: return static_cast<int64_t>(bits() & static_cast<uint64_t>(kLastMs));
            case 1: return pick(3);
            case 2: return kLastMs - pick(3);
            default: return 1700000000000 + pick(100000);
        }
    }

    Uuid key() {
        Uuid u{};
        switch (pick(4)) {
            case 0: return kNilUuid;
            case 1: return kMaxUuid;
            default: break;
        }
        const uint64_t m = static_cast<uint64_t>(ms());
        const uint64_t lo = bits(), hi = bits();
        for (int i = 0; i < 6; ++i) u.bytes[i] = static_cast<uint8_t>(m >> (40 - 8 * i));
        for (int i = 6; i < 16; ++i) u.bytes[i] = static_cast<uint8_t>((i < 11 ? hi : lo) >> (8 * (i % 8)));
        if (pick(8) == 0)
            for (int i = 6; i < 16; ++i) u.bytes[i] = 0;  // the prefix key itself
        if (pick(8) == 0)
            for (int i = 6; i < 16; ++i) u.bytes[i] = 0xFF;  // the last key of its ms
        return u;
    }

    // A time in microseconds: on a millisecond edge or 1 us around it, before 1970, past
    // the year 10889, or at the ends of int64.
    int64_t us() {
        switch (pick(8)) {
            case 0: return kInt64Min + pick(3);
            case 1: return kInt64Max - pick(3);
            case 2: return -static_cast<int64_t>(bits() % 5000000000000000ULL);  // before 1970
            case 3: return kLastUs + pick(3001) - 1500;                          // the 48-bit end
            case 4: return static_cast<int64_t>(bits() % 9000000000000000000ULL);
            default: return ms() * 1000 + pick(3) - 1;  // edges +-1 us
        }
    }

    TimeBound bound() {
        switch (pick(10)) {
            case 0: return {BoundKind::unbounded, 0, false};
            case 1: return {BoundKind::minus_infinity, 0, false};
            case 2: return {BoundKind::plus_infinity, 0, false};
            default: return uuidx::finite_time(us(), pick(2) == 0);
        }
    }
};

// A key that a bound admits is always inside the key bound (never a subset); a key inside
// the key bound is admitted unless the bound saturated because no key satisfies it.
TEST(TimeBounds, LowerKeyBoundIsExactExceptWhereNoKeySatisfies) {
    Inputs in;
    for (int n = 0; n < 400000; ++n) {
        const Uuid key = in.key();
        const TimeBound b = in.bound();
        const Uuid min = uuidx::min_key_of_lower(b);
        const bool inside = le(min, key);
        const bool wanted = satisfies_lower(key, b);
        if (wanted) {
            ASSERT_TRUE(inside) << "subset at key " << uuidx_test::canonical(key) << " us " << b.unix_us;
        }
        if (inside && !wanted) {
            ASSERT_TRUE(no_time_satisfies_lower(b)) << uuidx_test::canonical(key) << " us " << b.unix_us;
            ASSERT_EQ(min, kMaxUuid);
            ASSERT_EQ(key, kMaxUuid);
        }
    }
}

TEST(TimeBounds, UpperKeyBoundIsExactExceptWhereNoKeySatisfies) {
    Inputs in;
    for (int n = 0; n < 400000; ++n) {
        const Uuid key = in.key();
        const TimeBound b = in.bound();
        const Uuid max = uuidx::max_key_of_upper(b);
        const bool inside = le(key, max);
        const bool wanted = satisfies_upper(key, b);
        if (wanted) {
            ASSERT_TRUE(inside) << "subset at key " << uuidx_test::canonical(key) << " us " << b.unix_us;
        }
        if (inside && !wanted) {
            ASSERT_TRUE(no_time_satisfies_upper(b)) << uuidx_test::canonical(key) << " us " << b.unix_us;
            ASSERT_EQ(max, kNilUuid);
            ASSERT_EQ(key, kNilUuid);
        }
    }
}

TEST(TimeBounds, RangeKeyBoundsAreExact) {
    Inputs in;
    for (int n = 0; n < 400000; ++n) {
        const Uuid key = in.key();
        const TimeBound lower = in.bound(), upper = in.bound();
        const bool empty = in.pick(20) == 0;
        const uuidx::KeyRange r = uuidx::key_range_of(empty, lower, upper);
        const bool inside = le(r.min, key) && le(key, r.max);
        const bool wanted = !empty && satisfies_lower(key, lower) && satisfies_upper(key, upper);
        ASSERT_EQ(inside, wanted) << uuidx_test::canonical(key) << " " << lower.unix_us << " " << upper.unix_us;
        if (empty || no_time_satisfies_lower(lower) || no_time_satisfies_upper(upper)) {
            ASSERT_TRUE(r.min == uuidx::kMaxUuid && r.max == uuidx::kNilUuid);
        }
    }
}

// The valid v7 bounds (for TimescaleDB): always a valid v7; a key whose time satisfies the
// bound is strictly inside (never a subset, whatever the key's version); a v7 key strictly
// inside satisfies it, unless no key satisfies the bound; unbounded only where every key
// satisfies it.
bool is_valid_v7(const Uuid& u) { return (u.bytes[6] >> 4) == 7 && (u.bytes[8] & 0xC0) == 0x80; }

Uuid as_v7(Uuid u) {
    u.bytes[6] = static_cast<uint8_t>(0x70 | (u.bytes[6] & 0x0F));
    u.bytes[8] = static_cast<uint8_t>(0x80 | (u.bytes[8] & 0x3F));
    return u;
}

TEST(TimeBounds, V7BoundsHoldEveryKeyAndAreExactForV7Keys) {
    Inputs in;
    for (int n = 0; n < 400000; ++n) {
        const Uuid key = in.key();
        const Uuid v7 = as_v7(key);
        const TimeBound b = in.bound();
        const uuidx::V7KeyBound lower = uuidx::v7_key_below_lower(b);
        const uuidx::V7KeyBound upper = uuidx::v7_key_above_upper(b);
        for (const uuidx::V7KeyBound& bound : {lower, upper}) {
            if (bound.bounded) {
                ASSERT_TRUE(is_valid_v7(bound.key)) << uuidx_test::canonical(bound.key);
            }
        }
        if (!lower.bounded) {
            ASSERT_TRUE(satisfies_lower(key, b) && satisfies_lower(v7, b)) << b.unix_us;
        }
        if (!upper.bounded) {
            ASSERT_TRUE(satisfies_upper(key, b) && satisfies_upper(v7, b)) << b.unix_us;
        }
        if (lower.bounded) {
            if (satisfies_lower(key, b)) {
                ASSERT_TRUE(lower.key < key) << uuidx_test::canonical(key) << " " << b.unix_us;
            }
            if (lower.key < v7 && !no_key_satisfies_lower(b)) {
                ASSERT_TRUE(satisfies_lower(v7, b)) << uuidx_test::canonical(v7);
            }
        }
        if (upper.bounded) {
            if (satisfies_upper(key, b)) {
                ASSERT_TRUE(key < upper.key) << uuidx_test::canonical(key) << " " << b.unix_us;
            }
            if (v7 < upper.key && !no_key_satisfies_upper(b)) {
                ASSERT_TRUE(satisfies_upper(v7, b)) << uuidx_test::canonical(v7);
            }
        }
    }
}

// Every millisecond edge, +-1 us, both inclusivities, on both sides, exhaustively for a
// few milliseconds around 0, around now and at the end of the 48 bits.
TEST(TimeBounds, MillisecondEdgesExhaustively) {
    std::vector<int64_t> ms_values = {0, 1, 2, 1700000000000, 1700000000001, kLastMs - 1, kLastMs};
    std::vector<Uuid> keys;
    for (int64_t m : ms_values) {
        keys.push_back(uuidx::time_prefix_key(static_cast<uint64_t>(m), false));
        keys.push_back(uuidx::time_prefix_key(static_cast<uint64_t>(m), true));
    }
    for (int64_t m : ms_values) {
        for (int64_t delta = -1001; delta <= 1001; ++delta) {
            for (bool inclusive : {false, true}) {
                const TimeBound b = uuidx::finite_time(m * 1000 + delta, inclusive);
                const Uuid min = uuidx::min_key_of_lower(b), max = uuidx::max_key_of_upper(b);
                for (const Uuid& key : keys) {
                    if (min != kMaxUuid) {
                        ASSERT_EQ(le(min, key), satisfies_lower(key, b)) << m << " " << delta;
                    }
                    if (max != kNilUuid) {
                        ASSERT_EQ(le(key, max), satisfies_upper(key, b)) << m << " " << delta;
                    }
                    if (satisfies_lower(key, b)) {
                        ASSERT_TRUE(le(min, key));
                    }
                    if (satisfies_upper(key, b)) {
                        ASSERT_TRUE(le(key, max));
                    }
                }
            }
        }
    }
}

TEST(TimeBounds, FloorAndCeilingAreExactForNegativeMicroseconds) {
    for (int64_t a = -5000; a <= 5000; ++a) {
        const __int128 f = uuidx::floor_div_1000(a), c = uuidx::ceil_div_1000(a);
        ASSERT_LE(f * 1000, a);
        ASSERT_GT((f + 1) * 1000, a);
        ASSERT_GE(c * 1000, a);
        ASSERT_LT((c - 1) * 1000, a);
    }
    EXPECT_EQ(uuidx::floor_div_1000(kInt64Min), kInt64Min / 1000 - 1);
    EXPECT_EQ(uuidx::ceil_div_1000(kInt64Max), kInt64Max / 1000 + 1);
    EXPECT_EQ(uuidx::first_ms_of_lower(kInt64Max, false), kInt64Max / 1000 + 1);
    EXPECT_EQ(uuidx::last_ms_of_upper(kInt64Min, false), kInt64Min / 1000 - 1);
}

TEST(TimeBounds, SaturationAndInfinities) {
    using uuidx::finite_time;
    // Unbounded and -infinity below, unbounded and +infinity above: every key.
    EXPECT_EQ(uuidx::min_key_of_lower(uuidx::unbounded_time()), kNilUuid);
    EXPECT_EQ(uuidx::min_key_of_lower({BoundKind::minus_infinity, 0, true}), kNilUuid);
    EXPECT_EQ(uuidx::max_key_of_upper(uuidx::unbounded_time()), kMaxUuid);
    EXPECT_EQ(uuidx::max_key_of_upper({BoundKind::plus_infinity, 0, true}), kMaxUuid);
    // +infinity below, -infinity above: no key, saturated.
    EXPECT_EQ(uuidx::min_key_of_lower({BoundKind::plus_infinity, 0, true}), kMaxUuid);
    EXPECT_EQ(uuidx::max_key_of_upper({BoundKind::minus_infinity, 0, true}), kNilUuid);
    // The last millisecond: t >= its time admits the keys of that millisecond; t > it none.
    EXPECT_EQ(uuidx::min_key_of_lower(finite_time(kLastUs, true)), uuidx::time_prefix_key(kLastMs, false));
    EXPECT_EQ(uuidx::min_key_of_lower(finite_time(kLastUs, false)), kMaxUuid);
    // 1970: t >= 0 is every key, t < 0 none, t <= 0 the keys of millisecond 0.
    EXPECT_EQ(uuidx::min_key_of_lower(finite_time(0, true)), kNilUuid);
    EXPECT_EQ(uuidx::max_key_of_upper(finite_time(0, false)), kNilUuid);
    EXPECT_EQ(uuidx::max_key_of_upper(finite_time(0, true)), uuidx::time_prefix_key(0, true));
    // The valid v7 bounds at the ends: none where every key is admitted; where none is,
    // the v7 keys at the ends of the 48 bits.
    EXPECT_FALSE(uuidx::v7_key_below_lower(uuidx::unbounded_time()).bounded);
    EXPECT_FALSE(uuidx::v7_key_below_lower({BoundKind::minus_infinity, 0, true}).bounded);
    EXPECT_FALSE(uuidx::v7_key_above_upper(uuidx::unbounded_time()).bounded);
    EXPECT_FALSE(uuidx::v7_key_above_upper({BoundKind::plus_infinity, 0, true}).bounded);
    EXPECT_EQ(uuidx::v7_key_below_lower({BoundKind::plus_infinity, 0, true}).key, uuidx::v7_max(kLastMs));
    EXPECT_EQ(uuidx::v7_key_below_lower(finite_time(kLastUs, false)).key, uuidx::v7_max(kLastMs));
    EXPECT_EQ(uuidx::v7_key_below_lower(finite_time(kLastUs, true)).key, uuidx::v7_max(kLastMs - 1));
    EXPECT_EQ(uuidx::v7_key_above_upper({BoundKind::minus_infinity, 0, true}).key, uuidx::v7_min(0));
    EXPECT_EQ(uuidx::v7_key_above_upper(finite_time(0, false)).key, uuidx::v7_min(0));
    EXPECT_FALSE(uuidx::v7_key_above_upper(finite_time(kLastUs, true)).bounded);
    // Empty: nothing.
    const uuidx::KeyRange empty = uuidx::key_range_of(true, uuidx::unbounded_time(), uuidx::unbounded_time());
    EXPECT_EQ(empty.min, kMaxUuid);
    EXPECT_EQ(empty.max, kNilUuid);
}

}  // namespace
