// Field layouts and time conversions (layout.hpp, uuid.hpp), against the RFC 9562
// Appendix A vectors (copied from /work/shared/rfc9562/vectors.json) and exact arithmetic.
#include <gtest/gtest.h>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <iterator>
#include <string>

#include "deterministic.hpp"
#include "generator.hpp"
#include "layout.hpp"
#include "test_util.hpp"
#include "uuid.hpp"

namespace {

using namespace uuidx_test;  // the RFC 9562 vectors and the shared helpers
using uuidx::Errc;
using uuidx::GregorianFields;
using uuidx::Uuid;
using uuidx::uuid_from_canonical;

constexpr uint64_t kVectorGregorian100ns = 138648505420000000;
constexpr uint16_t kVectorClockSeq = 13256;
constexpr uint64_t kVectorNode = 0x9f6bdeced846;
constexpr uint64_t kA6RandA = 3267;

// A copy of `u` whose octet 8 bits under `mask` are replaced by `top_bits`.
Uuid with_variant_bits(Uuid u, uint8_t top_bits, uint8_t mask) {
    u.bytes[8] = static_cast<uint8_t>((u.bytes[8] & ~mask) | top_bits);
    return u;
}

// --- RFC 9562 vectors -------------------------------------------------------------

TEST(RfcVectors, A1IsVersion1OfTheRfcVariantWithTheDocumentedFields) {
    EXPECT_EQ(kA1V1.version_nibble(), 1);
    EXPECT_EQ(kA1V1.variant(), 2);
    const GregorianFields f = uuidx::decode_gregorian(kA1V1);
    EXPECT_EQ(f.timestamp_100ns, kVectorGregorian100ns);
    EXPECT_EQ(f.clock_seq, kVectorClockSeq);
    EXPECT_EQ(f.node, kVectorNode);
    EXPECT_EQ(uuidx::encode_v1({kVectorGregorian100ns, kVectorClockSeq, kVectorNode}), kA1V1);
}

TEST(RfcVectors, A5IsVersion6OfTheRfcVariantWithTheSameFieldsAsA1) {
    EXPECT_EQ(kA5V6.version_nibble(), 6);
    EXPECT_EQ(kA5V6.variant(), 2);
    const GregorianFields f = uuidx::decode_gregorian(kA5V6);
    EXPECT_EQ(f.timestamp_100ns, kVectorGregorian100ns);
    EXPECT_EQ(f.clock_seq, kVectorClockSeq);
    EXPECT_EQ(f.node, kVectorNode);
    EXPECT_EQ(uuidx::encode_v6({kVectorGregorian100ns, kVectorClockSeq, kVectorNode}), kA5V6);
}

TEST(RfcVectors, A6IsVersion7WithTheDocumentedUnixMillisecondAndRandA) {
    EXPECT_EQ(kA6V7.version_nibble(), 7);
    EXPECT_EQ(kA6V7.variant(), 2);
    EXPECT_EQ(uuidx::unix_ts_ms(kA6V7), kVectorUnixMs);
    const uint64_t rand_a = (uint64_t{kA6V7.bytes[6] & 0x0Fu} << 8) | kA6V7.bytes[7];
    EXPECT_EQ(rand_a, kA6RandA);
}

TEST(RfcVectors, A6IsReproducedByEncodeV7FromItsTicksAndTail) {
    // rand_a is the top 12 bits of the fraction; the 4 bits after the variant (0x98 ->
    // 0110) are its low bits; the tail is the rest of octet 8 and octets 9..15.
    const uint64_t fraction = (kA6RandA << 4) | 0x6;
    const uint8_t tail[8] = {0x98 & 0x03, 0xc4, 0xdc, 0x0c, 0x0c, 0x07, 0x39, 0x8f};
    const Uuid encoded = uuidx::encode_v7(uuidx::v7_ticks(kVectorUnixMs, fraction), tail);
    EXPECT_EQ(encoded, kA6V7);
    EXPECT_EQ(v7_ticks_of(kA6V7), uuidx::v7_ticks(kVectorUnixMs, fraction));
}

TEST(RfcVectors, NilAndMaxAreOutsideTheRfcVariant) {
    EXPECT_EQ(uuidx::kNilUuid.variant(), 0);
    EXPECT_EQ(uuidx::kNilUuid.version_nibble(), 0);
    EXPECT_FALSE(uuidx::kNilUuid.is_rfc9562());
    EXPECT_EQ(uuidx::kMaxUuid.variant(), 7);
    EXPECT_EQ(uuidx::kMaxUuid.version_nibble(), 15);
    EXPECT_FALSE(uuidx::kMaxUuid.is_rfc9562());
    for (uint8_t b : uuidx::kNilUuid.bytes) EXPECT_EQ(b, 0x00);
    for (uint8_t b : uuidx::kMaxUuid.bytes) EXPECT_EQ(b, 0xFF);
}

TEST(RfcVectors, VersionAndVariantOfEveryVector) {
    EXPECT_EQ(kA2V3.version_nibble(), 3);
    EXPECT_EQ(kA3V4.version_nibble(), 4);
    EXPECT_EQ(kA4V5.version_nibble(), 5);
    EXPECT_EQ(kB1V8.version_nibble(), 8);
    EXPECT_EQ(kB2V8.version_nibble(), 8);
    for (const Uuid& u : {kA1V1, kA2V3, kA3V4, kA4V5, kA5V6, kA6V7, kB1V8, kB2V8})
        EXPECT_TRUE(u.is_rfc9562()) << canonical(u);
}

TEST(UuidVariant, EachTable1PatternIsRecognised) {
    // RFC 9562 Table 1: 0xxx NCS, 10xx RFC 9562, 110x Microsoft, 111x future.
    EXPECT_EQ(with_variant_bits(kA6V7, 0x00, 0x80).variant(), 0);
    EXPECT_EQ(with_variant_bits(kA6V7, 0x70, 0xF0).variant(), 0);
    EXPECT_EQ(with_variant_bits(kA6V7, 0x80, 0xC0).variant(), 2);
    EXPECT_EQ(with_variant_bits(kA6V7, 0xB0, 0xF0).variant(), 2);
    EXPECT_EQ(with_variant_bits(kA6V7, 0xC0, 0xE0).variant(), 6);
    EXPECT_EQ(with_variant_bits(kA6V7, 0xD0, 0xF0).variant(), 6);
    EXPECT_EQ(with_variant_bits(kA6V7, 0xE0, 0xE0).variant(), 7);
}

TEST(UuidVariant, SetVersionAndVariantKeepsEveryOtherBit) {
    Uuid u = uuidx::kMaxUuid;
    u.set_version_and_variant(4);
    EXPECT_EQ(canonical(u), "ffffffff-ffff-4fff-bfff-ffffffffffff");
    Uuid z = uuidx::kNilUuid;
    z.set_version_and_variant(8);
    EXPECT_EQ(canonical(z), "00000000-0000-8000-8000-000000000000");
}

// --- encode_v7 ----------------------------------------------------------------------

TEST(EncodeV7, PlacesMillisecondFractionAndTailBitsWhereTheLayoutSays) {
    const uint64_t ms = 0x0123456789AB;
    const uint64_t fraction = 0xABCD;
    const uint8_t tail[8] = {0xFF, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77};
    const Uuid u = uuidx::encode_v7(uuidx::v7_ticks(ms, fraction), tail);
    // 48-bit ms | ver 7, fraction top 12 bits (0xABC) | var 10, fraction low 4 bits
    // (0xD = 1101) at bits 5..2, tail[0] low 2 bits (11) | tail[1..7].
    EXPECT_EQ(canonical(u), "01234567-89ab-7abc-b711-223344556677");
    EXPECT_EQ(u.version_nibble(), 7);
    EXPECT_EQ(u.variant(), 2);
}

TEST(EncodeV7, OnlyTheLowTwoBitsOfTheFirstTailByteAreUsed) {
    const uint8_t all_ones[8] = {0xFF, 0, 0, 0, 0, 0, 0, 0};
    const uint8_t low_two[8] = {0x03, 0, 0, 0, 0, 0, 0, 0};
    const uint8_t high_six[8] = {0xFC, 0, 0, 0, 0, 0, 0, 0};
    const uint8_t zeros[8] = {};
    const uint64_t ticks = uuidx::v7_ticks(1, 0);
    EXPECT_EQ(uuidx::encode_v7(ticks, all_ones), uuidx::encode_v7(ticks, low_two));
    EXPECT_EQ(uuidx::encode_v7(ticks, high_six), uuidx::encode_v7(ticks, zeros));
    EXPECT_NE(uuidx::encode_v7(ticks, low_two), uuidx::encode_v7(ticks, zeros));
}

TEST(EncodeV7, EveryFractionRoundTripsAndKeepsVersionAndVariant) {
    const uint8_t tail[8] = {0x02, 0xA5, 0x5A, 0xA5, 0x5A, 0xA5, 0x5A, 0xA5};
    for (uint64_t fraction = 0; fraction < uuidx::kV7TicksPerMs; ++fraction) {
        const uint64_t ticks = uuidx::v7_ticks(kVectorUnixMs, fraction);
        const Uuid u = uuidx::encode_v7(ticks, tail);
        ASSERT_EQ(v7_ticks_of(u), ticks) << "fraction " << fraction;
        ASSERT_EQ(u.version_nibble(), 7);
        ASSERT_EQ(u.variant(), 2);
        ASSERT_EQ(u.bytes[8] & 0x03, 0x02);
    }
}

TEST(EncodeV7, ByteOrderFollowsTickOrderForEqualTails) {
    // The tick sits in the most significant bits, so a larger tick sorts later whatever
    // the (equal) random tail.
    const uint8_t tail[8] = {0x03, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};
    const uint64_t samples[] = {
        0, 1, 15, 16, 0xFFFF, 0x10000, uuidx::v7_ticks(kVectorUnixMs, 0), uuidx::kV7MaxTicks - 1, uuidx::kV7MaxTicks};
    for (size_t i = 1; i < sizeof samples / sizeof samples[0]; ++i)
        EXPECT_LT(uuidx::encode_v7(samples[i - 1], tail), uuidx::encode_v7(samples[i], tail)) << i;
}

TEST(EncodeV7, MaximumTicksGiveTheLargestV7) {
    const uint8_t tail[8] = {0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};
    EXPECT_EQ(canonical(uuidx::encode_v7(uuidx::kV7MaxTicks, tail)), "ffffffff-ffff-7fff-bfff-ffffffffffff");
}

// --- v7 tick conversions ------------------------------------------------------------

TEST(V7Ticks, ZeroIsTheUnixEpoch) {
    const auto from_us = uuidx::v7_ticks_from_unix_us(0);
    const auto from_ns = uuidx::v7_ticks_from_unix_ns(0);
    ASSERT_TRUE(from_us);
    ASSERT_TRUE(from_ns);
    EXPECT_EQ(from_us.value, 0u);
    EXPECT_EQ(from_ns.value, 0u);
    EXPECT_EQ(uuidx::v7_ticks_to_unix_us(0), 0);
}

TEST(V7Ticks, VectorTimeConvertsToItsMillisecondWithZeroFraction) {
    EXPECT_EQ(uuidx::v7_ticks_from_unix_us(kVectorUnixUs).value, kVectorUnixMs << 16);
    EXPECT_EQ(uuidx::v7_ticks_from_unix_ns(kVectorUnixNs).value, kVectorUnixMs << 16);
}

TEST(V7Ticks, SubMillisecondPartIsScaledTo65536thsAndRoundedDown) {
    // 1/65536 ms is 15.2587890625 ns.
    EXPECT_EQ(uuidx::v7_ticks_from_unix_ns(15).value, 0u);
    EXPECT_EQ(uuidx::v7_ticks_from_unix_ns(16).value, 1u);
    EXPECT_EQ(uuidx::v7_ticks_from_unix_ns(500000).value, 32768u);
    EXPECT_EQ(uuidx::v7_ticks_from_unix_ns(999999).value, 65535u);
    EXPECT_EQ(uuidx::v7_ticks_from_unix_ns(1000000).value, uint64_t{1} << 16);
    EXPECT_EQ(uuidx::v7_ticks_from_unix_us(1).value, 65u);  // 65.536
    EXPECT_EQ(uuidx::v7_ticks_from_unix_us(500).value, 32768u);
    EXPECT_EQ(uuidx::v7_ticks_from_unix_us(999).value, 65470u);  // 65470.464
    EXPECT_EQ(uuidx::v7_ticks_from_unix_us(1000).value, uint64_t{1} << 16);
}

TEST(V7Ticks, LastRepresentableMillisecondIsAcceptedFromMicroseconds) {
    const int64_t first_us = static_cast<int64_t>(uuidx::kV7MaxUnixMs) * 1000;
    const auto first = uuidx::v7_ticks_from_unix_us(first_us);
    const auto last = uuidx::v7_ticks_from_unix_us(first_us + 999);
    ASSERT_TRUE(first);
    ASSERT_TRUE(last);
    EXPECT_EQ(first.value, uuidx::kV7MaxUnixMs << 16);
    EXPECT_EQ(last.value, (uuidx::kV7MaxUnixMs << 16) | 65470u);
    EXPECT_EQ(uuidx::v7_ticks_unix_ms(last.value), uint64_t{281474976710655});
}

TEST(V7Ticks, MillisecondTwoToThe48IsRejectedFromMicroseconds) {
    const int64_t past_us = static_cast<int64_t>(uuidx::kV7MaxUnixMs + 1) * 1000;
    const auto r = uuidx::v7_ticks_from_unix_us(past_us);
    EXPECT_FALSE(r);
    EXPECT_EQ(r.error, Errc::time_out_of_range);
    EXPECT_EQ(uuidx::v7_ticks_from_unix_us(INT64_MAX).error, Errc::time_out_of_range);
}

TEST(V7Ticks, TimesBefore1970AreRejected) {
    EXPECT_EQ(uuidx::v7_ticks_from_unix_us(-1).error, Errc::time_out_of_range);
    EXPECT_EQ(uuidx::v7_ticks_from_unix_us(INT64_MIN).error, Errc::time_out_of_range);
    EXPECT_EQ(uuidx::v7_ticks_from_unix_ns(-1).error, Errc::time_out_of_range);
    EXPECT_EQ(uuidx::v7_ticks_from_unix_ns(-kVectorUnixNs).error, Errc::time_out_of_range);
    EXPECT_EQ(uuidx::v7_ticks_from_unix_ns(INT64_MIN).error, Errc::time_out_of_range);
}

TEST(V7Ticks, EveryNanosecondReadingFitsBecauseInt64EndsLongBeforeMillisecond2To48) {
    // INT64_MAX ns is 2262-04-11, far below the v7 limit (year 10889): the upper range
    // check of v7_ticks_from_unix_ns can never fire, and the largest reading converts.
    const auto r = uuidx::v7_ticks_from_unix_ns(INT64_MAX);
    ASSERT_TRUE(r);
    EXPECT_EQ(r.value, (uint64_t{9223372036854} << 16) | 50843u);  // 775807 ns -> 50843.8
}

TEST(V7Ticks, TicksToMicrosecondsRoundsDown) {
    EXPECT_EQ(uuidx::v7_ticks_to_unix_us(uuidx::v7_ticks(5, 0)), 5000);
    EXPECT_EQ(uuidx::v7_ticks_to_unix_us(uuidx::v7_ticks(5, 65)), 5000);  // 0.9918 us
    EXPECT_EQ(uuidx::v7_ticks_to_unix_us(uuidx::v7_ticks(5, 66)), 5001);  // 1.0071 us
    EXPECT_EQ(uuidx::v7_ticks_to_unix_us(uuidx::kV7MaxTicks), int64_t{281474976710655999});
}

TEST(V7Ticks, MicrosecondOfTicksConvertsBackToAtMostThoseTicks) {
    // uuidv7(interval) splits a tick count into whole microseconds plus a remainder
    // (ticks - from_us(to_us(ticks))) in unsigned arithmetic: the remainder must never be
    // negative and must stay below one microsecond's worth of ticks (65.536, so <= 66).
    for (uint64_t fraction = 0; fraction < uuidx::kV7TicksPerMs; ++fraction) {
        const uint64_t ticks = uuidx::v7_ticks(kVectorUnixMs, fraction);
        const int64_t us = uuidx::v7_ticks_to_unix_us(ticks);
        const auto back = uuidx::v7_ticks_from_unix_us(us);
        ASSERT_TRUE(back);
        ASSERT_LE(back.value, ticks) << fraction;
        ASSERT_LE(ticks - back.value, 66u) << fraction;
        ASSERT_EQ(us / 1000, static_cast<int64_t>(kVectorUnixMs));
    }
}

TEST(V7Ticks, MicrosecondsToTicksAndBackLosesAtMostOneMicrosecond) {
    for (int64_t us = kVectorUnixUs; us < kVectorUnixUs + 2000; ++us) {
        const int64_t back = uuidx::v7_ticks_to_unix_us(uuidx::v7_ticks_from_unix_us(us).value);
        ASSERT_LE(back, us);
        ASSERT_GE(back, us - 1);
    }
}

// --- Gregorian time (v1, v6) -----------------------------------------------------------

TEST(GregorianFromUnixNs, VectorTimeGivesTheVectorTimestamp) {
    const auto r = uuidx::gregorian_from_unix_ns(kVectorUnixNs);
    ASSERT_TRUE(r);
    EXPECT_EQ(r.value, kVectorGregorian100ns);
}

TEST(GregorianFromUnixNs, UnixEpochIsTheGregorianOffset) {
    EXPECT_EQ(uuidx::gregorian_from_unix_ns(0).value, uint64_t{122192928000000000});
    EXPECT_EQ(uuidx::gregorian_from_unix_ns(99).value, uint64_t{122192928000000000});
    EXPECT_EQ(uuidx::gregorian_from_unix_ns(100).value, uint64_t{122192928000000001});
}

TEST(GregorianFromUnixNs, NegativeTimesRoundDownToThe100nsInterval) {
    constexpr uint64_t kOffset = 122192928000000000;
    EXPECT_EQ(uuidx::gregorian_from_unix_ns(-1).value, kOffset - 1);
    EXPECT_EQ(uuidx::gregorian_from_unix_ns(-99).value, kOffset - 1);
    EXPECT_EQ(uuidx::gregorian_from_unix_ns(-100).value, kOffset - 1);
    EXPECT_EQ(uuidx::gregorian_from_unix_ns(-101).value, kOffset - 2);
    EXPECT_EQ(uuidx::gregorian_from_unix_ns(-200).value, kOffset - 2);
    // 1960-01-01 00:00:00 UTC is -315619200 s.
    EXPECT_EQ(uuidx::gregorian_from_unix_ns(int64_t{-315619200} * 1000000000).value,
              kOffset - uint64_t{3156192000000000});
}

TEST(GregorianFromUnixNs, WholeInt64RangeIsInsideTheGregorianRange) {
    // int64 ns spans 1677..2262, inside the 60-bit Gregorian span 1582..5236, so the
    // out-of-range branch cannot be reached from a clock reading; the extremes convert.
    const auto lowest = uuidx::gregorian_from_unix_ns(INT64_MIN);
    const auto highest = uuidx::gregorian_from_unix_ns(INT64_MAX);
    ASSERT_TRUE(lowest);
    ASSERT_TRUE(highest);
    EXPECT_EQ(lowest.value, uint64_t{29959207631452241});  // floor(INT64_MIN / 100) + offset
    EXPECT_EQ(highest.value, uint64_t{214426648368547758});
    EXPECT_LE(highest.value, uuidx::kGregorianMax100ns);
}

TEST(DecodeGregorian, V1AndV6RoundTripAllFields) {
    const GregorianFields samples[] = {
        {0, 0, 0},
        {kVectorGregorian100ns, kVectorClockSeq, kVectorNode},
        {uuidx::kGregorianMax100ns, 0x3FFF, 0xFFFFFFFFFFFF},
        {0x0123456789ABCDEF & uuidx::kGregorianMax100ns, 0x2A5A, 0x010203040506},
        {1, 1, 1},
    };
    for (const GregorianFields& f : samples) {
        const Uuid v1 = uuidx::encode_v1(f);
        const Uuid v6 = uuidx::encode_v6(f);
        EXPECT_EQ(v1.version_nibble(), 1);
        EXPECT_EQ(v6.version_nibble(), 6);
        EXPECT_EQ(v1.variant(), 2);
        EXPECT_EQ(v6.variant(), 2);
        for (const Uuid& u : {v1, v6}) {
            const GregorianFields back = uuidx::decode_gregorian(u);
            EXPECT_EQ(back.timestamp_100ns, f.timestamp_100ns) << canonical(u);
            EXPECT_EQ(back.clock_seq, f.clock_seq) << canonical(u);
            EXPECT_EQ(back.node, f.node) << canonical(u);
        }
        EXPECT_EQ(uuidx::v1_to_v6(v1).value, v6);
        EXPECT_EQ(uuidx::v6_to_v1(v6).value, v1);
    }
}

TEST(DecodeGregorian, V6ByteOrderFollowsTimestampOrder) {
    // The point of v6: the timestamp's most significant bits come first. Each sample
    // differs from the previous one in a different field of the v1 layout.
    const uint64_t samples[] = {
        0, 1, 0xFFF, 0x1000, 0xFFFFFFFF, 0x100000000, 0xFFFFFFFFFFFF, 0x1000000000000, uuidx::kGregorianMax100ns};
    for (size_t i = 1; i < sizeof samples / sizeof samples[0]; ++i)
        EXPECT_LT(uuidx::encode_v6({samples[i - 1], 0x3FFF, 0xFFFFFFFFFFFF}), uuidx::encode_v6({samples[i], 0, 0}))
            << i;
}

TEST(RandomNode, SetsOnlyTheMulticastBitOfTheFirstOctet) {
    const uint8_t even[6] = {0x02, 0x34, 0x56, 0x78, 0x9A, 0xBC};
    const uint8_t zero[6] = {0, 0, 0, 0, 0, 0};
    EXPECT_EQ(uuidx::random_node_from(even), uint64_t{0x033456789ABC});
    EXPECT_EQ(uuidx::random_node_from(zero), uint64_t{0x010000000000});
    const Uuid u = uuidx::encode_v6({0, 0, uuidx::random_node_from(zero)});
    EXPECT_EQ(u.bytes[10], 0x01);  // octet 10 is the node's first octet
}

// --- embedded_unix_us --------------------------------------------------------------------

TEST(EmbeddedUnixUs, VectorsA1A5A6GiveTheDocumentedTime) {
    for (const Uuid& u : {kA1V1, kA5V6, kA6V7}) {
        const auto r = uuidx::embedded_unix_us(u);
        ASSERT_TRUE(r) << canonical(u);
        EXPECT_EQ(r.value, kVectorUnixUs) << canonical(u);
    }
}

TEST(EmbeddedUnixUs, V7IsTruncatedToItsMillisecond) {
    const uint8_t tail[8] = {};
    const Uuid u = uuidx::encode_v7(uuidx::v7_ticks(kVectorUnixMs, 0xFFFF), tail);
    EXPECT_EQ(uuidx::embedded_unix_us(u).value, kVectorUnixUs);
    const Uuid last = uuidx::encode_v7(uuidx::kV7MaxTicks, tail);
    EXPECT_EQ(uuidx::embedded_unix_us(last).value, int64_t{281474976710655000});
}

TEST(EmbeddedUnixUs, GregorianTimesRoundDownIncludingBefore1970) {
    constexpr int64_t kOffsetUs = 12219292800000000;
    // -1.5 us is 100-ns interval -15; floor(-1.5) = -2.
    const uint64_t t = uuidx::gregorian_from_unix_ns(-1500).value;
    EXPECT_EQ(uuidx::embedded_unix_us(uuidx::encode_v1({t, 0, 0})).value, -2);
    EXPECT_EQ(uuidx::embedded_unix_us(uuidx::encode_v6({t, 0, 0})).value, -2);
    // +1.59 us -> 1 us.
    const uint64_t t2 = uuidx::gregorian_from_unix_ns(1590).value;
    EXPECT_EQ(uuidx::embedded_unix_us(uuidx::encode_v6({t2, 0, 0})).value, 1);
    // The Gregorian epoch itself, 1582-10-15, and the last 100-ns interval.
    EXPECT_EQ(uuidx::embedded_unix_us(uuidx::encode_v1({0, 0, 0})).value, -kOffsetUs);
    EXPECT_EQ(uuidx::embedded_unix_us(uuidx::encode_v6({uuidx::kGregorianMax100ns, 0, 0})).value,
              int64_t{103072857660684697});
}

TEST(EmbeddedUnixUs, VersionsWithoutATimeFail) {
    for (const Uuid& u : {kA2V3, kA3V4, kA4V5, kB1V8, kB2V8}) {
        const auto r = uuidx::embedded_unix_us(u);
        EXPECT_FALSE(r) << canonical(u);
        EXPECT_EQ(r.error, Errc::unexpected_version) << canonical(u);
    }
    Uuid v2 = kA1V1;
    v2.set_version_and_variant(2);  // DCE security: no time this library decodes
    EXPECT_EQ(uuidx::embedded_unix_us(v2).error, Errc::unexpected_version);
}

TEST(EmbeddedUnixUs, NilAndMaxFail) {
    EXPECT_EQ(uuidx::embedded_unix_us(uuidx::kNilUuid).error, Errc::unexpected_version);
    EXPECT_EQ(uuidx::embedded_unix_us(uuidx::kMaxUuid).error, Errc::unexpected_version);
}

TEST(EmbeddedUnixUs, TimeVersionsOfAnotherVariantFail) {
    // Same version nibble, but the variant is not RFC 9562: the nibble means nothing.
    for (const Uuid& u : {kA1V1, kA5V6, kA6V7}) {
        EXPECT_EQ(uuidx::embedded_unix_us(with_variant_bits(u, 0x00, 0xC0)).error, Errc::unexpected_version);
        EXPECT_EQ(uuidx::embedded_unix_us(with_variant_bits(u, 0xC0, 0xE0)).error, Errc::unexpected_version);
        EXPECT_EQ(uuidx::embedded_unix_us(with_variant_bits(u, 0xE0, 0xE0)).error, Errc::unexpected_version);
    }
}

// --- text form -------------------------------------------------------------------------

TEST(FormatCanonical, WritesLowerCaseHexWithDashesAndATerminatingNul) {
    char text[37];
    std::fill(std::begin(text), std::end(text), 'x');
    uuidx::format_canonical(kA1V1, text);
    EXPECT_EQ(text[36], '\0');
    EXPECT_EQ(std::string(text), "c232ab00-9414-11ec-b3c8-9f6bdeced846");
    EXPECT_EQ(canonical(uuidx::kNilUuid), "00000000-0000-0000-0000-000000000000");
    EXPECT_EQ(canonical(uuidx::kMaxUuid), "ffffffff-ffff-ffff-ffff-ffffffffffff");
}

TEST(FormatCanonical, RoundTripsEveryVectorAndLowerCasesUpperCaseInput) {
    EXPECT_EQ(canonical(kA5V6), "1ec9414c-232a-6b00-b3c8-9f6bdeced846");
    EXPECT_EQ(canonical(kA6V7), "017f22e2-79b0-7cc3-98c4-dc0c0c07398f");
    EXPECT_EQ(canonical(kB2V8), "5c146b14-3c52-8afd-938a-375d0df1fbf6");
    constexpr Uuid upper = uuid_from_canonical("017F22E2-79B0-7CC3-98C4-DC0C0C07398F");
    EXPECT_EQ(upper, kA6V7);
    EXPECT_EQ(canonical(upper), "017f22e2-79b0-7cc3-98c4-dc0c0c07398f");
}

TEST(ParseCanonical, RejectsMisplacedDashesAndNonHexDigits) {
    Uuid u{};
    EXPECT_TRUE(uuidx::parse_canonical("c232ab00-9414-11ec-b3c8-9f6bdeced846", u));
    EXPECT_EQ(u, kA1V1);
    EXPECT_FALSE(uuidx::parse_canonical("c232ab0009414-11ec-b3c8-9f6bdeced846", u));
    EXPECT_FALSE(uuidx::parse_canonical("c232ab00-9414-11ec-b3c8-9f6bdeced84g", u));
    EXPECT_FALSE(uuidx::parse_canonical("c232ab00-9414-11ec-b3c89-f6bdeced846", u));
    EXPECT_FALSE(uuidx::parse_canonical("{232ab00-9414-11ec-b3c8-9f6bdeced846", u));
}

}  // namespace
