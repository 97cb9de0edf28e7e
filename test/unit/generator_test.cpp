// The generators (generator.hpp), the order sequence (sequence.hpp) and the process
// generator's fork handling (process.hpp), driven by a FakeClock and a FakeRandom so that
// every expected value is exact. The random pool itself is tested in random_test.cpp.
#include <gtest/gtest.h>

#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <cstring>
#include <set>
#include <vector>

#include "fakes.hpp"
#include "generator.hpp"
#include "layout.hpp"
#include "process.hpp"
#include "random.hpp"
#include "sequence.hpp"
#include "test_util.hpp"

namespace {

using uuidx::Errc;
using uuidx::Generator;
using uuidx::OrderCell;
using uuidx::RandomPool;
using uuidx::TickSequence;
using uuidx::Uuid;
using uuidx_test::FakeClock;
using uuidx_test::FakeRandom;
using uuidx_test::kNsPerHour;
using uuidx_test::kNsPerMs;
using uuidx_test::kNsPerUs;
using uuidx_test::node_multicast_bit;
using uuidx_test::v7_ticks_of;

// 2022-02-22 19:22:22.000 UTC (the RFC 9562 vector time): the start of a millisecond.
constexpr int64_t kStartNs = uuidx_test::kVectorUnixNs;  // the start of a millisecond
constexpr uint64_t kStartMs = uuidx_test::kVectorUnixMs;

// One generator with every input under the test's control.
class GeneratorTest : public ::testing::Test {
protected:
    FakeClock clock{kStartNs};
    FakeRandom random{42};
    RandomPool pool{random};
    OrderCell v7_cell{0};
    OrderCell gregorian_cell{0};
    Generator gen{clock, pool, &v7_cell, &gregorian_cell};

    Uuid v7() {
        const auto r = gen.v7();
        EXPECT_TRUE(r) << uuidx::errc_name(r.error);
        return r.value;
    }
    Uuid v6() {
        const auto r = gen.v6();
        EXPECT_TRUE(r) << uuidx::errc_name(r.error);
        return r.value;
    }
    Uuid v1() {
        const auto r = gen.v1();
        EXPECT_TRUE(r) << uuidx::errc_name(r.error);
        return r.value;
    }
    Uuid v4() {
        const auto r = gen.v4();
        EXPECT_TRUE(r) << uuidx::errc_name(r.error);
        return r.value;
    }
    // The bytes FakeRandom yields at stream positions [first, first + n).
    std::vector<uint8_t> stream(uint64_t first, size_t n) const {
        std::vector<uint8_t> out(n);
        for (size_t i = 0; i < n; ++i) out[i] = random.byte_at(first + i);
        return out;
    }
    // The v4 built from stream positions [first, first + 16): those bytes with only the
    // version and variant bits replaced.
    Uuid v4_from_stream(uint64_t first) const {
        Uuid u{};
        for (size_t i = 0; i < 16; ++i) u.bytes[i] = random.byte_at(first + i);
        u.set_version_and_variant(4);
        return u;
    }
};

// --- v7: order --------------------------------------------------------------------------

TEST_F(GeneratorTest, V7WithFrozenClockIsStrictlyIncreasingInOneMillisecond) {
    Uuid previous = v7();
    EXPECT_EQ(uuidx::unix_ts_ms(previous), kStartMs);
    for (int i = 1; i < 1000; ++i) {
        const Uuid next = v7();
        ASSERT_LT(previous, next) << "call " << i;
        ASSERT_EQ(uuidx::unix_ts_ms(next), kStartMs) << "call " << i;
        // The counter of RFC 9562 section 6.2: one tick per call.
        ASSERT_EQ(v7_ticks_of(next), v7_ticks_of(previous) + 1) << "call " << i;
        previous = next;
    }
}

TEST_F(GeneratorTest, V7ClockSteppingBackAnHourKeepsOrderAndTheLastMillisecond) {
    Uuid previous{};
    for (int i = 0; i < 10; ++i) {
        const Uuid next = v7();
        ASSERT_LT(previous, next);
        previous = next;
    }
    clock.step_back(kNsPerHour);
    for (int i = 0; i < 100; ++i) {
        const Uuid next = v7();
        ASSERT_LT(previous, next) << "call " << i << " after the step back";
        // Never an hour back: the embedded time waits at the last millisecond handed out.
        ASSERT_EQ(uuidx::unix_ts_ms(next), kStartMs) << "call " << i << " after the step back";
        previous = next;
    }
    // Back past the last value: the embedded time is the clock's again, exactly.
    clock.set(kStartNs + 5 * kNsPerMs + 123456);
    const Uuid caught_up = v7();
    EXPECT_LT(previous, caught_up);
    EXPECT_EQ(uuidx::unix_ts_ms(caught_up), kStartMs + 5);
    EXPECT_EQ(v7_ticks_of(caught_up), uuidx::v7_ticks_from_unix_ns(kStartNs + 5 * kNsPerMs + 123456).value);
}

TEST_F(GeneratorTest, V7CounterExhaustionSpillsIntoTheNextMillisecondInOrder) {
    Uuid previous{};
    for (uint64_t i = 0; i < uuidx::kV7TicksPerMs; ++i) {
        const Uuid next = v7();
        ASSERT_LT(previous, next) << "call " << i;
        ASSERT_EQ(uuidx::unix_ts_ms(next), kStartMs) << "call " << i;
        previous = next;
    }
    EXPECT_EQ(v7_ticks_of(previous), uuidx::v7_ticks(kStartMs, 0xFFFF));  // 65536 values used
    const Uuid spilled = v7();                                            // call 65537 with the clock still frozen
    EXPECT_LT(previous, spilled);
    EXPECT_EQ(uuidx::unix_ts_ms(spilled), kStartMs + 1);
    EXPECT_EQ(v7_ticks_of(spilled), uuidx::v7_ticks(kStartMs + 1, 0));
}

TEST_F(GeneratorTest, V7CarriesTheClockReadingWhenTheClockAdvances) {
    // 7919 ns is about 519 ticks: every call sees a later tick than the last one handed
    // out, so nothing is added for order and the UUID carries the clock reading itself.
    Uuid previous{};
    for (int i = 0; i < 5000; ++i) {
        clock.step_forward(7919);
        const int64_t now = clock.unix_ns();
        const Uuid next = v7();
        ASSERT_EQ(uuidx::unix_ts_ms(next), static_cast<uint64_t>(now / kNsPerMs)) << "call " << i;
        ASSERT_EQ(v7_ticks_of(next), uuidx::v7_ticks_from_unix_ns(now).value) << "call " << i;
        ASSERT_LT(previous, next);
        previous = next;
    }
}

TEST_F(GeneratorTest, NextV7TicksAgreesWithTheTicksOfTheFollowingV7) {
    const auto ticks = gen.next_v7_ticks();
    ASSERT_TRUE(ticks);
    EXPECT_EQ(ticks.value, uuidx::v7_ticks(kStartMs, 0));
    EXPECT_EQ(v7_ticks_of(v7()), ticks.value + 1);  // same cell: strictly after
}

TEST_F(GeneratorTest, V7AtTicksCarriesExactlyThoseTicksAndIgnoresTheOrderCell) {
    const uint64_t in_the_past = uuidx::v7_ticks(1000, 0x1234);
    const auto at = gen.v7_at_ticks(in_the_past);
    ASSERT_TRUE(at);
    EXPECT_EQ(v7_ticks_of(at.value), in_the_past);
    EXPECT_EQ(v7_cell.load(), 0u);  // nothing was ordered
}

// --- v7 and v4: where the random bits come from --------------------------------------------

TEST_F(GeneratorTest, V7TailIsTheNextEightPoolBytes) {
    const Uuid u = v7();
    const std::vector<uint8_t> s = stream(0, 8);
    EXPECT_EQ(u.bytes[8] & 0x03, s[0] & 0x03);
    for (int i = 1; i < 8; ++i) EXPECT_EQ(u.bytes[8 + i], s[i]) << i;
}

TEST_F(GeneratorTest, EachV7TakesEightPoolBytesSoOneRefillServesAPoolOverEight) {
    for (uint64_t n = 0; n < RandomPool::kCapacity / 8; ++n) {
        const Uuid u = v7();
        ASSERT_EQ(u.bytes[15], random.byte_at(8 * n + 7)) << n;
    }
    EXPECT_EQ(random.fill_calls(), 1u);
    const Uuid first_of_next_block = v7();
    EXPECT_EQ(random.fill_calls(), 2u);
    EXPECT_EQ(first_of_next_block.bytes[15], random.byte_at(RandomPool::kCapacity + 7));
}

TEST_F(GeneratorTest, V4HasVersion4VariantRfcAndOtherwiseThePoolBytes) {
    for (int n = 0; n < 100; ++n) {
        const Uuid u = v4();
        ASSERT_EQ(u.version_nibble(), 4);
        ASSERT_EQ(u.variant(), 2);
        ASSERT_EQ(u, v4_from_stream(16 * static_cast<uint64_t>(n))) << "uuid " << n;
    }
}

// --- v6 and v1 ----------------------------------------------------------------------------

TEST_F(GeneratorTest, V6IsVersion6WithMulticastNodeAndStrictlyIncreasingWithFrozenClock) {
    const uint64_t start = uuidx::gregorian_from_unix_ns(kStartNs).value;
    Uuid previous{};
    for (uint64_t i = 0; i < 1000; ++i) {
        const Uuid u = v6();
        ASSERT_EQ(u.version_nibble(), 6);
        ASSERT_EQ(u.variant(), 2);
        ASSERT_TRUE(node_multicast_bit(u));
        ASSERT_EQ(uuidx::decode_gregorian(u).timestamp_100ns, start + i);
        ASSERT_LT(previous, u) << "call " << i;
        previous = u;
    }
}

TEST_F(GeneratorTest, V6DrawsAFreshClockSeqAndNodeEveryCall) {
    std::set<uint64_t> nodes;
    std::set<uint16_t> clock_seqs;
    for (uint64_t i = 0; i < 100; ++i) {
        const uuidx::GregorianFields f = uuidx::decode_gregorian(v6());
        const std::vector<uint8_t> s = stream(8 * i, 8);
        ASSERT_EQ(f.clock_seq, ((s[0] << 8) | s[1]) & 0x3FFF) << i;
        const uint8_t node_bytes[6] = {s[2], s[3], s[4], s[5], s[6], s[7]};
        ASSERT_EQ(f.node, uuidx::random_node_from(node_bytes)) << i;
        nodes.insert(f.node);
        clock_seqs.insert(f.clock_seq);
    }
    EXPECT_EQ(nodes.size(), 100u);
    EXPECT_GT(clock_seqs.size(), 90u);  // 14 bits: a few collisions are possible
}

TEST_F(GeneratorTest, V1IsVersion1WithOneClockSeqAndNodeAndIncreasingTimeWithFrozenClock) {
    const uint64_t start = uuidx::gregorian_from_unix_ns(kStartNs).value;
    const Uuid first = v1();
    const uuidx::GregorianFields identity = uuidx::decode_gregorian(first);
    const std::vector<uint8_t> s = stream(0, 8);
    EXPECT_EQ(identity.clock_seq, ((s[0] << 8) | s[1]) & 0x3FFF);
    EXPECT_TRUE(node_multicast_bit(first));
    EXPECT_EQ(identity.timestamp_100ns, start);
    uint64_t previous_time = identity.timestamp_100ns;
    for (int i = 1; i < 1000; ++i) {
        const Uuid u = v1();
        ASSERT_EQ(u.version_nibble(), 1);
        ASSERT_EQ(u.variant(), 2);
        ASSERT_TRUE(node_multicast_bit(u));
        const uuidx::GregorianFields f = uuidx::decode_gregorian(u);
        ASSERT_EQ(f.clock_seq, identity.clock_seq) << "call " << i;
        ASSERT_EQ(f.node, identity.node) << "call " << i;
        ASSERT_GT(f.timestamp_100ns, previous_time) << "call " << i;
        previous_time = f.timestamp_100ns;
    }
    EXPECT_EQ(random.fill_calls(), 1u);  // the identity was drawn once, from the first block
}

TEST_F(GeneratorTest, V1AndV6ShareOneGregorianOrderAndV1KeepsItsIdentityBetweenV6Calls) {
    const uuidx::GregorianFields identity = uuidx::decode_gregorian(v1());
    uint64_t previous_time = identity.timestamp_100ns;
    for (int i = 0; i < 100; ++i) {
        const uint64_t t6 = uuidx::decode_gregorian(v6()).timestamp_100ns;
        const uuidx::GregorianFields f1 = uuidx::decode_gregorian(v1());
        ASSERT_GT(t6, previous_time);
        ASSERT_GT(f1.timestamp_100ns, t6);
        ASSERT_EQ(f1.clock_seq, identity.clock_seq);
        ASSERT_EQ(f1.node, identity.node);
        previous_time = f1.timestamp_100ns;
    }
}

TEST_F(GeneratorTest, V1AndV6CarryTheClockReadingWhenTheClockAdvances) {
    for (int i = 0; i < 1000; ++i) {
        clock.step_forward(kNsPerUs);
        const int64_t now_us = clock.unix_ns() / kNsPerUs;
        ASSERT_EQ(uuidx::embedded_unix_us(i % 2 ? v1() : v6()).value, now_us) << "call " << i;
    }
}

TEST_F(GeneratorTest, V1AndV6WorkBefore1970) {
    // The Gregorian epoch is 1582: a clock reading in 1960 is representable.
    const int64_t year_1960_ns = int64_t{-315619200} * 1000000000 + 1500;
    clock.set(year_1960_ns);
    const Uuid u6 = v6();
    const Uuid u1 = v1();
    // 1.5 us after 1960-01-01 is -315619199999998.5 us since 1970, rounded down (not
    // toward zero, as year_1960_ns / kNsPerUs would).
    EXPECT_EQ(uuidx::embedded_unix_us(u6).value, int64_t{-315619199999999});
    EXPECT_LT(uuidx::decode_gregorian(u6).timestamp_100ns, uuidx::decode_gregorian(u1).timestamp_100ns);
}

// --- failures -------------------------------------------------------------------------------

TEST_F(GeneratorTest, FailingRandomSourceGivesRandomUnavailableForEveryVersion) {
    random.set_failing(true);
    EXPECT_EQ(gen.v4().error, Errc::random_unavailable);
    EXPECT_EQ(gen.v7().error, Errc::random_unavailable);
    EXPECT_EQ(gen.v7_at_ticks(1).error, Errc::random_unavailable);
    EXPECT_EQ(gen.v6().error, Errc::random_unavailable);
    EXPECT_EQ(gen.v1().error, Errc::random_unavailable);
    // Once the source works again, so does the generator.
    random.set_failing(false);
    EXPECT_TRUE(gen.v4());
    EXPECT_TRUE(gen.v1());
}

TEST_F(GeneratorTest, FailingRandomSourceLeavesTheV7OrderUntouched) {
    for (uint64_t n = 0; n < RandomPool::kCapacity / 8; ++n) (void)v7();  // empties the pool
    const uint64_t last = v7_cell.load();
    random.set_failing(true);
    EXPECT_EQ(gen.v7().error, Errc::random_unavailable);
    EXPECT_EQ(v7_cell.load(), last);  // no tick is spent on a UUID that is not made
    random.set_failing(false);
    EXPECT_EQ(v7_ticks_of(v7()), last + 1);
}

TEST_F(GeneratorTest, ClockBefore1970GivesTimeOutOfRangeForV7) {
    for (const int64_t before : {int64_t{-1}, -kNsPerHour, int64_t{INT64_MIN}}) {
        clock.set(before);
        EXPECT_EQ(gen.v7().error, Errc::time_out_of_range) << before;
        EXPECT_EQ(gen.next_v7_ticks().error, Errc::time_out_of_range) << before;
    }
    EXPECT_EQ(v7_cell.load(), 0u);  // a refused reading leaves the order untouched
    // The epoch itself is accepted. A fresh cell holds 0, so the first value there is the
    // one tick after it.
    clock.set(0);
    EXPECT_EQ(v7_ticks_of(v7()), 1u);
}

TEST_F(GeneratorTest, V7CellAtItsMaximumFailsInsteadOfWrapping) {
    TickSequence(&v7_cell, uuidx::kV7MaxTicks).raise_to(uuidx::kV7MaxTicks - 1);
    const Uuid last = v7();
    EXPECT_EQ(v7_ticks_of(last), uuidx::kV7MaxTicks);
    EXPECT_EQ(uuidx::unix_ts_ms(last), uuidx::kV7MaxUnixMs);
    const auto refused = gen.v7();
    EXPECT_FALSE(refused);
    EXPECT_EQ(refused.error, Errc::time_out_of_range);
    EXPECT_EQ(v7_cell.load(), uuidx::kV7MaxTicks);  // not wrapped to 0
}

TEST_F(GeneratorTest, GregorianCellAtItsMaximumFailsV6AndV1InsteadOfWrapping) {
    TickSequence(&gregorian_cell, uuidx::kGregorianMax100ns).raise_to(uuidx::kGregorianMax100ns);
    EXPECT_EQ(gen.v6().error, Errc::time_out_of_range);
    EXPECT_EQ(gen.v1().error, Errc::time_out_of_range);
    EXPECT_EQ(gregorian_cell.load(), uuidx::kGregorianMax100ns);
}

// --- TickSequence -------------------------------------------------------------------------

TEST(TickSequenceTest, TakesTheClockWhenAheadOtherwiseLastPlusOne) {
    OrderCell cell{0};
    TickSequence seq(&cell, 1000);
    EXPECT_EQ(seq.next(0).value, 1u);  // 0 is never handed out from a fresh cell
    EXPECT_EQ(seq.next(10).value, 10u);
    EXPECT_EQ(seq.next(10).value, 11u);
    EXPECT_EQ(seq.next(5).value, 12u);  // the clock went back
    EXPECT_EQ(seq.next(500).value, 500u);
    EXPECT_EQ(cell.load(), 500u);
}

TEST(TickSequenceTest, AtItsMaximumFailsInsteadOfWrapping) {
    OrderCell cell{999};
    TickSequence seq(&cell, 1000);
    EXPECT_EQ(seq.next(0).value, 1000u);
    for (const uint64_t now : {uint64_t{0}, uint64_t{999}, uint64_t{1000}}) {
        const auto r = seq.next(now);
        EXPECT_FALSE(r) << now;
        EXPECT_EQ(r.error, Errc::time_out_of_range) << now;
    }
    EXPECT_EQ(cell.load(), 1000u);
}

TEST(TickSequenceTest, ClockBeyondTheMaximumFails) {
    OrderCell cell{0};
    TickSequence seq(&cell, 1000);
    EXPECT_EQ(seq.next(1001).error, Errc::time_out_of_range);
    EXPECT_EQ(cell.load(), 0u);
    EXPECT_EQ(seq.next(1000).value, 1000u);
}

TEST(TickSequenceTest, FullUint64RangeFailsAtTheTopInsteadOfWrapping) {
    OrderCell cell{~uint64_t{0} - 1};
    TickSequence seq(&cell, ~uint64_t{0});
    EXPECT_EQ(seq.next(0).value, ~uint64_t{0});
    EXPECT_EQ(seq.next(0).error, Errc::time_out_of_range);
    EXPECT_EQ(cell.load(), ~uint64_t{0});
}

TEST(TickSequenceTest, UseCellSwitchesWhereOrderIsKept) {
    OrderCell local{0};
    OrderCell shared{100};
    TickSequence seq(&local, 1000);
    EXPECT_EQ(seq.next(0).value, 1u);
    seq.use_cell(&shared);
    EXPECT_EQ(seq.cell(), &shared);
    EXPECT_EQ(seq.next(0).value, 101u);
    EXPECT_EQ(local.load(), 1u);
}

TEST(TickSequenceTest, RaiseToRaisesAndTheNextValueIsAboveTheFloor) {
    OrderCell cell{10};
    TickSequence seq(&cell, 1000);
    EXPECT_EQ(seq.raise_to(500), 500u);
    EXPECT_EQ(cell.load(), 500u);
    EXPECT_EQ(seq.next(20).value, 501u);   // a clock behind the floor: the floor plus one
    EXPECT_EQ(seq.next(700).value, 700u);  // a clock past the floor: the clock
}

TEST(TickSequenceTest, RaiseToNeverLowersAndReturnsWhatTheCellHolds) {
    OrderCell cell{500};
    TickSequence seq(&cell, 1000);
    EXPECT_EQ(seq.raise_to(499), 500u);
    EXPECT_EQ(seq.raise_to(0), 500u);
    EXPECT_EQ(seq.raise_to(500), 500u);
    EXPECT_EQ(cell.load(), 500u);
    EXPECT_EQ(seq.next(0).value, 501u);
}

TEST(TickSequenceTest, RaiseToIsCappedAtTheMaximumWhereNextFails) {
    OrderCell cell{0};
    TickSequence seq(&cell, 1000);
    EXPECT_EQ(seq.raise_to(5000), 1000u);
    EXPECT_EQ(seq.next(0).error, Errc::time_out_of_range);
    OrderCell full{0};
    TickSequence full_range(&full, ~uint64_t{0});
    EXPECT_EQ(full_range.raise_to(~uint64_t{0}), ~uint64_t{0});
    EXPECT_EQ(full_range.next(0).error, Errc::time_out_of_range);
}

// --- raising the order floor to a key ---------------------------------------------------------

TEST(OrderedTimeOf, V7IsItsFullTickCountAsTheTestsReadIt) {
    for (const uint64_t fraction : {uint64_t{0}, uint64_t{1}, uint64_t{0x000F}, uint64_t{0x0010}, uint64_t{0xFFFF}}) {
        const uint8_t tail[8] = {0x03, 1, 2, 3, 4, 5, 6, 7};
        const Uuid key = uuidx::encode_v7(uuidx::v7_ticks(kStartMs, fraction), tail);
        const auto time = uuidx::ordered_time_of(key);
        ASSERT_TRUE(time) << fraction;
        EXPECT_EQ(time.value.family, uuidx::OrderFamily::v7);
        EXPECT_EQ(time.value.value, uuidx::v7_ticks(kStartMs, fraction)) << fraction;
        EXPECT_EQ(time.value.value, v7_ticks_of(key)) << fraction;
    }
}

TEST(OrderedTimeOf, V1AndV6AreTheirGregorianCount) {
    const auto v1 = uuidx::ordered_time_of(uuidx_test::kA1V1);
    const auto v6 = uuidx::ordered_time_of(uuidx::uuid_from_canonical("1ec9414c-232a-6b00-b3c8-9f6bdeced846"));
    ASSERT_TRUE(v1);
    ASSERT_TRUE(v6);
    EXPECT_EQ(v1.value.family, uuidx::OrderFamily::gregorian);
    EXPECT_EQ(v6.value.family, uuidx::OrderFamily::gregorian);
    EXPECT_EQ(v1.value.value, 138648505420000000u);  // RFC 9562 A.1 and B.1: the same time
    EXPECT_EQ(v6.value.value, 138648505420000000u);
    EXPECT_EQ(uuidx::gregorian_to_unix_us(v1.value.value), 1645557742000000);
}

TEST(OrderedTimeOf, OtherVersionsAndVariantsCarryNone) {
    Uuid v4{};
    v4.set_version_and_variant(4);
    Uuid v7_of_another_variant = uuidx::v7_min(kStartMs);
    v7_of_another_variant.bytes[8] = 0xC0;  // variant 110 (Microsoft)
    Uuid v8{};
    v8.set_version_and_variant(8);
    Uuid max{};
    for (auto& b : max.bytes) b = 0xFF;
    for (const Uuid& key : {Uuid{}, max, v4, v8, v7_of_another_variant, uuidx_test::kA2V3})
        EXPECT_EQ(uuidx::ordered_time_of(key).error, Errc::unexpected_version);
}

// A new server's v7 cell starts at the clock's tick (server_order.cpp), where its first key
// would be: never lowered, and the next key is above it.
TEST_F(GeneratorTest, RaisingTheV7OrderToTheClockStartsTheCellAtTheClocksTick) {
    const uint64_t clock_ticks = uuidx::v7_ticks_from_unix_ns(kStartNs).value;
    gen.raise_v7_order_to_clock();
    EXPECT_EQ(v7_cell.load(), clock_ticks);
    EXPECT_GT(v7_ticks_of(v7()), clock_ticks);
    clock.set(kStartNs - 10 * kNsPerMs);  // a clock stepped back lowers nothing
    const uint64_t held = v7_cell.load();
    gen.raise_v7_order_to_clock();
    EXPECT_EQ(v7_cell.load(), held);
    EXPECT_EQ(gregorian_cell.load(), 0u);
}

TEST_F(GeneratorTest, RaisingTheFloorToAV7KeyAheadOfTheClockMakesTheNextV7SortAfterIt) {
    const Uuid before = v7();
    // A key an hour ahead of this clock with the largest fraction and tail of its millisecond:
    // the next tick is the next millisecond's first.
    const Uuid ahead = uuidx::v7_max(kStartMs + 3600 * 1000);
    ASSERT_LT(before, ahead);
    const auto floor = gen.raise_order_floor(ahead);
    ASSERT_TRUE(floor);
    EXPECT_EQ(floor.value.family, uuidx::OrderFamily::v7);
    EXPECT_EQ(floor.value.value, v7_ticks_of(ahead));
    EXPECT_EQ(v7_cell.load(), v7_ticks_of(ahead));
    Uuid previous = ahead;
    for (int i = 0; i < 100; ++i) {
        const Uuid next = v7();
        ASSERT_LT(previous, next) << "call " << i;
        previous = next;
    }
    EXPECT_EQ(uuidx::unix_ts_ms(previous), kStartMs + 3600 * 1000 + 1);
    EXPECT_EQ(gregorian_cell.load(), 0u);  // the other family's cell is untouched
}

TEST_F(GeneratorTest, RaisingTheFloorToEveryFractionOfAMillisecondKeepsOrder) {
    // Keys that differ from the next tick only in the 4 fraction bits after the variant.
    for (uint64_t fraction = 0; fraction < 64; ++fraction) {
        const uint8_t ones[8] = {0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};
        const Uuid key = uuidx::encode_v7(uuidx::v7_ticks(kStartMs + 10, fraction), ones);
        ASSERT_TRUE(gen.raise_order_floor(key));
        ASSERT_LT(key, v7()) << fraction;
    }
}

TEST_F(GeneratorTest, RaisingTheFloorToAnOlderKeyLowersNothing) {
    clock.set(kStartNs + 10 * kNsPerMs);
    const Uuid last = v7();
    const auto floor = gen.raise_order_floor(uuidx::v7_min(kStartMs));
    ASSERT_TRUE(floor);
    EXPECT_EQ(floor.value.value, v7_ticks_of(last));  // the floor in effect: the last tick
    clock.set(kStartNs);
    EXPECT_LT(last, v7());
}

TEST_F(GeneratorTest, RaisingTheFloorToAV1OrV6KeyOrdersBothAfterIt) {
    const uint64_t start = uuidx::gregorian_from_unix_ns(kStartNs).value;
    const uint64_t ahead = start + uint64_t{36000000000};  // an hour, in 100 ns
    const uuidx::GregorianFields fields{ahead, 7, 0x010203040506};
    const auto floor = gen.raise_order_floor(uuidx::encode_v1(fields));
    ASSERT_TRUE(floor);
    EXPECT_EQ(floor.value.family, uuidx::OrderFamily::gregorian);
    EXPECT_EQ(floor.value.value, ahead);
    const Uuid next6 = v6();
    EXPECT_LT(uuidx::encode_v6(fields), next6);
    EXPECT_EQ(uuidx::decode_gregorian(next6).timestamp_100ns, ahead + 1);
    EXPECT_EQ(uuidx::decode_gregorian(v1()).timestamp_100ns, ahead + 2);
    EXPECT_EQ(gen.raise_order_floor(uuidx::encode_v6({ahead + 1000, 0, 0})).value.value, ahead + 1000);
    EXPECT_EQ(uuidx::decode_gregorian(v1()).timestamp_100ns, ahead + 1001);
    EXPECT_EQ(v7_cell.load(), 0u);
}

TEST_F(GeneratorTest, RaisingTheFloorToAKeyWithoutOrderedTimeChangesNothing) {
    const Uuid last = v7();
    const uint64_t cell = v7_cell.load();
    EXPECT_EQ(gen.raise_order_floor(v4()).error, Errc::unexpected_version);
    EXPECT_EQ(gen.raise_order_floor(Uuid{}).error, Errc::unexpected_version);
    EXPECT_EQ(v7_cell.load(), cell);
    EXPECT_EQ(gregorian_cell.load(), 0u);
    EXPECT_LT(last, v7());
}

TEST_F(GeneratorTest, UseOrderCellsMovesBothSequences) {
    OrderCell other_v7{uuidx::v7_ticks(kStartMs + 10, 0)};
    OrderCell other_gregorian{uuidx::gregorian_from_unix_ns(kStartNs).value + 50};
    gen.use_order_cells(&other_v7, &other_gregorian);
    EXPECT_EQ(v7_ticks_of(v7()), uuidx::v7_ticks(kStartMs + 10, 1));
    EXPECT_EQ(uuidx::decode_gregorian(v6()).timestamp_100ns, uuidx::gregorian_from_unix_ns(kStartNs).value + 51);
    EXPECT_EQ(v7_cell.load(), 0u);
    EXPECT_EQ(gregorian_cell.load(), 0u);
}

// --- fork ----------------------------------------------------------------------------------

TEST_F(GeneratorTest, AfterForkInChildTheNextV4DrawsAFreshBlock) {
    (void)v4();  // the parent's pool now holds unused bytes
    ASSERT_EQ(random.fill_calls(), 1u);
    gen.after_fork_in_child();
    const Uuid child = v4();
    EXPECT_EQ(random.fill_calls(), 2u);  // refilled, although the old block had bytes left
    // Built from the new block (positions kCapacity..kCapacity + 15), not the parent's
    // next 16 bytes.
    EXPECT_EQ(child, v4_from_stream(RandomPool::kCapacity));
    EXPECT_NE(child, v4_from_stream(16));
}

TEST_F(GeneratorTest, AfterForkInChildV1DrawsANewIdentity) {
    const uuidx::GregorianFields parent = uuidx::decode_gregorian(v1());
    gen.after_fork_in_child();
    const uuidx::GregorianFields child = uuidx::decode_gregorian(v1());
    EXPECT_EQ(random.fill_calls(), 2u);
    const std::vector<uint8_t> s = stream(RandomPool::kCapacity, 8);
    EXPECT_EQ(child.clock_seq, ((s[0] << 8) | s[1]) & 0x3FFF);
    const uint8_t node_bytes[6] = {s[2], s[3], s[4], s[5], s[6], s[7]};
    EXPECT_EQ(child.node, uuidx::random_node_from(node_bytes));
    EXPECT_NE(child.node, parent.node);
    // And that new identity is then kept.
    const uuidx::GregorianFields again = uuidx::decode_gregorian(v1());
    EXPECT_EQ(again.node, child.node);
    EXPECT_EQ(again.clock_seq, child.clock_seq);
}

TEST(ProcessGeneratorFork, ChildAndParentDrawDifferentV4AfterARealFork) {
    Generator& g = uuidx::process_generator();
    // Fill the parent's pool before the fork: without the fork handler, the child would
    // inherit it and hand out exactly the bytes the parent hands out next.
    const auto before = g.v4();
    ASSERT_TRUE(before);

    int fds[2];
    ASSERT_EQ(pipe(fds), 0);
    const pid_t pid = fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
        close(fds[0]);
        const auto r = uuidx::process_generator().v4();
        const bool ok = r && write(fds[1], r.value.bytes.data(), 16) == 16;
        _exit(ok ? 0 : 1);  // no gtest teardown, no atexit handlers in the child
    }
    close(fds[1]);
    const auto parent = g.v4();
    Uuid child{};
    size_t got = 0;
    while (got < 16) {
        const ssize_t n = read(fds[0], child.bytes.data() + got, 16 - got);
        if (n <= 0) break;
        got += static_cast<size_t>(n);
    }
    close(fds[0]);
    int status = 0;
    ASSERT_EQ(waitpid(pid, &status, 0), pid);
    ASSERT_TRUE(WIFEXITED(status));
    ASSERT_EQ(WEXITSTATUS(status), 0);
    ASSERT_EQ(got, 16u);
    ASSERT_TRUE(parent);
    EXPECT_NE(child, parent.value);
    EXPECT_NE(child, before.value);
    for (const Uuid& u : {child, parent.value}) {
        EXPECT_EQ(u.version_nibble(), 4) << uuidx_test::canonical(u);
        EXPECT_EQ(u.variant(), 2) << uuidx_test::canonical(u);
    }
}

}  // namespace
