// inspect() (inspect.hpp): variant, version, embedded time and the named fields of each
// layout, for the RFC 9562 vectors and the special values, and a proof that the fields
// of every layout cover all 122 bits that are not version or variant: the UUID is rebuilt
// from them with RFC 9562's bit positions and must come out unchanged.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <string>
#include <vector>

#include "fakes.hpp"
#include "inspect.hpp"
#include "layout.hpp"
#include "test_util.hpp"
#include "uuid.hpp"

namespace {

using namespace uuidx_test;  // the RFC 9562 vectors and the shared helpers
using uuidx::Errc;
using uuidx::Inspection;
using uuidx::Uuid;
using uuidx::uuid_from_canonical;

struct ExpectedField {
    const char* name;
    uint64_t value;
    bool is_node;
};

void expect_fields(const Inspection& info, std::initializer_list<ExpectedField> expected) {
    ASSERT_EQ(info.field_count, static_cast<int>(expected.size()));
    int i = 0;
    for (const ExpectedField& e : expected) {
        EXPECT_EQ(std::string(info.fields[i].name), e.name) << "field " << i;
        EXPECT_EQ(info.fields[i].value, e.value) << e.name;
        EXPECT_EQ(info.fields[i].is_node, e.is_node) << e.name;
        ++i;
    }
}

void expect_header(const Inspection& info, int variant, const char* variant_name, int version,
                   const char* version_name) {
    EXPECT_EQ(info.variant, variant);
    EXPECT_EQ(std::string(info.variant_name), variant_name);
    EXPECT_EQ(info.version, version);
    EXPECT_EQ(std::string(info.version_name), version_name);
}

void expect_no_time(const Inspection& info) {
    EXPECT_FALSE(info.unix_us);
    EXPECT_EQ(info.unix_us.error, Errc::unexpected_version);
}

Uuid with_microsoft_variant(Uuid u) {
    u.bytes[8] = static_cast<uint8_t>(0xC0 | (u.bytes[8] & 0x1F));  // 110x
    return u;
}

// --- the vectors, field by field -------------------------------------------------------

TEST(Inspect, RfcA1IsAVersion1WithGregorianFieldsAndItsTime) {
    const Inspection info = uuidx::inspect(kA1V1);
    expect_header(info, 2, "RFC 9562", 1, "time-based (Gregorian)");
    ASSERT_TRUE(info.unix_us);
    EXPECT_EQ(info.unix_us.value, kVectorUnixUs);
    expect_fields(info, {{"time_low", 0xc232ab00, false},
                         {"time_mid", 0x9414, false},
                         {"time_high", 0x1ec, false},
                         {"clock_seq", 13256, false},
                         {"node", 0x9f6bdeced846, true}});
}

TEST(Inspect, RfcA5IsAVersion6WithItsFieldsHighFirst) {
    const Inspection info = uuidx::inspect(kA5V6);
    expect_header(info, 2, "RFC 9562", 6, "reordered time-based (Gregorian)");
    ASSERT_TRUE(info.unix_us);
    EXPECT_EQ(info.unix_us.value, kVectorUnixUs);
    expect_fields(info, {{"time_high", 0x1ec9414c, false},
                         {"time_mid", 0x232a, false},
                         {"time_low", 0xb00, false},
                         {"clock_seq", 13256, false},
                         {"node", 0x9f6bdeced846, true}});
}

TEST(Inspect, RfcA6IsAVersion7WithUnixMillisecondsAndRandomBits) {
    const Inspection info = uuidx::inspect(kA6V7);
    expect_header(info, 2, "RFC 9562", 7, "Unix time-based");
    ASSERT_TRUE(info.unix_us);
    EXPECT_EQ(info.unix_us.value, kVectorUnixUs);
    expect_fields(
        info, {{"unix_ts_ms", 1645557742000, false}, {"rand_a", 3267, false}, {"rand_b", 0x18c4dc0c0c07398f, false}});
}

TEST(Inspect, RfcA3IsAVersion4WithoutTime) {
    const Inspection info = uuidx::inspect(kA3V4);
    expect_header(info, 2, "RFC 9562", 4, "random");
    expect_no_time(info);
    expect_fields(
        info,
        {{"random_a", 0x919108f752d1, false}, {"random_b", 0x320, false}, {"random_c", 0x1bacf847db4148a8, false}});
}

TEST(Inspect, RfcA2IsAVersion3WithTheMd5Bits) {
    const Inspection info = uuidx::inspect(kA2V3);
    expect_header(info, 2, "RFC 9562", 3, "name-based (MD5)");
    expect_no_time(info);
    // vectors.json: md5 = 5df418813aed051548a72f4a814cf09e; version and variant replace
    // the nibble 0 and the top two bits of 0x48.
    expect_fields(
        info, {{"md5_high", 0x5df418813aed, false}, {"md5_mid", 0x515, false}, {"md5_low", 0x08a72f4a814cf09e, false}});
}

TEST(Inspect, RfcA4IsAVersion5WithTheSha1Bits) {
    const Inspection info = uuidx::inspect(kA4V5);
    expect_header(info, 2, "RFC 9562", 5, "name-based (SHA-1)");
    expect_no_time(info);
    expect_fields(
        info,
        {{"sha1_high", 0x2ed6657de927, false}, {"sha1_mid", 0x68b, false}, {"sha1_low", 0x15e12665a8aea6a2, false}});
}

TEST(Inspect, RfcB1AndB2AreVersion8WithCustomFieldsAndNoTime) {
    // B.1 holds a time, but in a custom layout: inspect() must not guess it.
    const Inspection b1 = uuidx::inspect(kB1V8);
    expect_header(b1, 2, "RFC 9562", 8, "custom");
    expect_no_time(b1);
    expect_fields(
        b1, {{"custom_a", 0x2489e9ad2ee2, false}, {"custom_b", 0xe00, false}, {"custom_c", 0x0ec932d5f69181c0, false}});
    const Inspection b2 = uuidx::inspect(kB2V8);
    expect_header(b2, 2, "RFC 9562", 8, "custom");
    expect_no_time(b2);
    expect_fields(
        b2, {{"custom_a", 0x5c146b143c52, false}, {"custom_b", 0xafd, false}, {"custom_c", 0x138a375d0df1fbf6, false}});
}

// --- special values and other variants ------------------------------------------------

TEST(Inspect, NilUuidHasNoVersionNoTimeAndNoFields) {
    const Inspection info = uuidx::inspect(uuidx::kNilUuid);
    expect_header(info, 0, "NCS (reserved)", -1, "nil UUID");
    expect_no_time(info);
    EXPECT_EQ(info.field_count, 0);
}

TEST(Inspect, MaxUuidHasNoVersionNoTimeAndNoFields) {
    const Inspection info = uuidx::inspect(uuidx::kMaxUuid);
    expect_header(info, 7, "future (reserved)", -1, "max UUID");
    expect_no_time(info);
    EXPECT_EQ(info.field_count, 0);
}

TEST(Inspect, MicrosoftVariantHasNoVersionEvenWithNibble1) {
    // The version nibble means nothing outside the RFC 9562 variant: A.1's bits with the
    // Microsoft variant are not a v1, so neither its time nor its fields are reported.
    const Uuid u = with_microsoft_variant(kA1V1);
    ASSERT_EQ(u.version_nibble(), 1);
    const Inspection info = uuidx::inspect(u);
    expect_header(info, 6, "Microsoft (reserved)", -1, "none (not the RFC 9562 variant)");
    expect_no_time(info);
    EXPECT_EQ(info.field_count, 0);
}

TEST(Inspect, NcsAndFutureVariantsWithAVersionNibbleAreNotVersions) {
    Uuid ncs = kA6V7;
    ncs.bytes[8] &= 0x7F;  // 0xxx
    Uuid future = kA6V7;
    future.bytes[8] |= 0xE0;  // 111x
    expect_header(uuidx::inspect(ncs), 0, "NCS (reserved)", -1, "none (not the RFC 9562 variant)");
    expect_header(uuidx::inspect(future), 7, "future (reserved)", -1, "none (not the RFC 9562 variant)");
    expect_no_time(uuidx::inspect(ncs));
    EXPECT_EQ(uuidx::inspect(future).field_count, 0);
}

TEST(Inspect, Version2IsNamedButHasNoFieldsOrTime) {
    Uuid v2 = kA1V1;
    v2.set_version_and_variant(2);
    const Inspection info = uuidx::inspect(v2);
    expect_header(info, 2, "RFC 9562", 2, "DCE security");
    expect_no_time(info);
    EXPECT_EQ(info.field_count, 0);
}

TEST(Inspect, UnassignedVersionsOfTheRfcVariantAreNamedSo) {
    for (int version : {0, 9, 10, 11, 12, 13, 14, 15}) {
        Uuid u = kA3V4;
        u.set_version_and_variant(version);
        const Inspection info = uuidx::inspect(u);
        expect_header(info, 2, "RFC 9562", version, "unassigned");
        expect_no_time(info);
        EXPECT_EQ(info.field_count, 0) << version;
    }
}

// --- the fields cover exactly the 122 free bits ------------------------------------------

struct FieldPosition {
    const char* name;
    int first_bit;  // from the most significant bit of octet 0, as RFC 9562's figures
    int width;
};

// RFC 9562 sections 5.1 (v1), 5.6 (v6), 5.7 (v7) and the 48/12/62 split of 5.3-5.5, 5.8
// (ver at bits 48..51, var at 64..65 in every one).
std::vector<FieldPosition> layout_of(int version) {
    switch (version) {
        case 1:
            return {{"time_low", 0, 32},
                    {"time_mid", 32, 16},
                    {"time_high", 52, 12},
                    {"clock_seq", 66, 14},
                    {"node", 80, 48}};
        case 6:
            return {{"time_high", 0, 32},
                    {"time_mid", 32, 16},
                    {"time_low", 52, 12},
                    {"clock_seq", 66, 14},
                    {"node", 80, 48}};
        case 3: return {{"md5_high", 0, 48}, {"md5_mid", 52, 12}, {"md5_low", 66, 62}};
        case 4: return {{"random_a", 0, 48}, {"random_b", 52, 12}, {"random_c", 66, 62}};
        case 5: return {{"sha1_high", 0, 48}, {"sha1_mid", 52, 12}, {"sha1_low", 66, 62}};
        case 7: return {{"unix_ts_ms", 0, 48}, {"rand_a", 52, 12}, {"rand_b", 66, 62}};
        case 8: return {{"custom_a", 0, 48}, {"custom_b", 52, 12}, {"custom_c", 66, 62}};
        default: return {};
    }
}

unsigned __int128 as_u128(const Uuid& u) {
    unsigned __int128 v = 0;
    for (uint8_t b : u.bytes) v = (v << 8) | b;
    return v;
}

std::string hex128(unsigned __int128 v) {
    char text[33];
    for (int i = 31; i >= 0; --i, v >>= 4) text[i] = "0123456789abcdef"[static_cast<int>(v & 0xF)];
    text[32] = '\0';
    return text;
}

// Rebuilds `u` from inspect()'s fields: each value must fit its width, the widths must add
// up to 122, and with version and variant OR-ed back in the 128 bits must be `u` again.
void expect_fields_rebuild(const Uuid& u) {
    const Inspection info = uuidx::inspect(u);
    const std::vector<FieldPosition> layout = layout_of(info.version);
    ASSERT_EQ(info.field_count, static_cast<int>(layout.size())) << canonical(u);
    ASSERT_GT(info.field_count, 0) << canonical(u);
    int total_width = 0;
    unsigned __int128 rebuilt =
        (static_cast<unsigned __int128>(info.version) << 76) | (static_cast<unsigned __int128>(2) << 62);
    for (int i = 0; i < info.field_count; ++i) {
        const FieldPosition& p = layout[i];
        ASSERT_EQ(std::string(info.fields[i].name), p.name) << canonical(u);
        ASSERT_EQ(info.fields[i].value >> (p.width - 1) >> 1, 0u) << p.name << " wider than " << p.width;
        total_width += p.width;
        rebuilt |= static_cast<unsigned __int128>(info.fields[i].value) << (128 - p.first_bit - p.width);
    }
    EXPECT_EQ(total_width, 122) << info.version;
    EXPECT_EQ(hex128(rebuilt), hex128(as_u128(u))) << canonical(u);
}

TEST(InspectFields, EveryVectorIsRebuiltFromItsFields) {
    for (const Uuid& u : {kA1V1, kA2V3, kA3V4, kA4V5, kA5V6, kA6V7, kB1V8, kB2V8}) expect_fields_rebuild(u);
}

TEST(InspectFields, RandomUuidsOfEveryVersionWithALayoutAreRebuiltFromTheirFields) {
    // All-zero and all-one free bits catch a field that is cut short or reaches into the
    // version or variant; random bits catch a field read from the wrong place.
    FakeRandom random(9562);
    for (int version : {1, 3, 4, 5, 6, 7, 8}) {
        Uuid zeros = uuidx::kNilUuid;
        Uuid ones = uuidx::kMaxUuid;
        zeros.set_version_and_variant(version);
        ones.set_version_and_variant(version);
        expect_fields_rebuild(zeros);
        expect_fields_rebuild(ones);
        for (int n = 0; n < 500; ++n) {
            Uuid u{};
            random.fill(u.bytes.data(), u.bytes.size());
            u.set_version_and_variant(version);
            expect_fields_rebuild(u);
            if (HasFatalFailure()) return;
        }
    }
}

TEST(InspectFields, TimeOfV7AndGregorianVersionsAgreesWithTheirFields) {
    FakeRandom random(1582);
    for (int n = 0; n < 200; ++n) {
        Uuid u{};
        random.fill(u.bytes.data(), u.bytes.size());
        u.set_version_and_variant(7);
        const Inspection v7 = uuidx::inspect(u);
        ASSERT_TRUE(v7.unix_us);
        EXPECT_EQ(v7.unix_us.value, static_cast<int64_t>(v7.fields[0].value * 1000));

        u.set_version_and_variant(1);
        const Inspection v1 = uuidx::inspect(u);
        const uint64_t t100ns = (v1.fields[2].value << 48) | (v1.fields[1].value << 32) | v1.fields[0].value;
        ASSERT_TRUE(v1.unix_us);
        EXPECT_EQ(v1.unix_us.value, static_cast<int64_t>(t100ns / 10) - uuidx::kGregorianToUnix100ns / 10);
    }
}

}  // namespace
