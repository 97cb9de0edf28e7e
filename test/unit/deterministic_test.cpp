// The deterministic members of the family (family.hpp, digest.hpp): name-based v3/v5/v8,
// v8 from bytes, namespace and digest names, v1 <-> v6, the v7 bounds of a millisecond, the
// v4 -> v7 migration mapping, and the tick arithmetic of uuidv7(interval). Expected values
// come from RFC 9562 (copied from /work/shared/rfc9562/vectors.json) or from OpenSSL's
// one-shot functions called here, never from the code under test.
#include <gtest/gtest.h>

#include <openssl/evp.h>
#include <openssl/sha.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "digest.hpp"
#include "fakes.hpp"
#include "deterministic.hpp"
#include "layout.hpp"
#include "test_util.hpp"
#include "uuid.hpp"

namespace {

using namespace uuidx_test;  // the RFC 9562 vectors and the shared helpers
using uuidx::Digest;
using uuidx::Errc;
using uuidx::GregorianFields;
using uuidx::Uuid;
using uuidx::uuid_from_canonical;

// vectors.json "namespaces", written out again rather than taken from family.hpp.
constexpr Uuid kDns = uuid_from_canonical("6ba7b810-9dad-11d1-80b4-00c04fd430c8");
constexpr Uuid kUrl = uuid_from_canonical("6ba7b811-9dad-11d1-80b4-00c04fd430c8");
constexpr Uuid kOid = uuid_from_canonical("6ba7b812-9dad-11d1-80b4-00c04fd430c8");
constexpr Uuid kX500 = uuid_from_canonical("6ba7b814-9dad-11d1-80b4-00c04fd430c8");

constexpr std::string_view kExampleName = "www.example.com";

const uint8_t* bytes_of(std::string_view s) { return reinterpret_cast<const uint8_t*>(s.data()); }

Uuid name_based(int version, Digest digest, const Uuid& ns, std::string_view name) {
    const auto r = uuidx::name_based(version, digest, ns, bytes_of(name), name.size());
    EXPECT_TRUE(r) << uuidx::errc_name(r.error);
    return r.value;
}

// Version and variant written from RFC 9562 section 4.1/4.2, not with Uuid's own setter:
// octet 6 high nibble is the version, octet 8 top bits are 10.
Uuid stamped(const unsigned char* digest_output, int version) {
    Uuid u{};
    std::memcpy(u.bytes.data(), digest_output, 16);
    u.bytes[6] = static_cast<uint8_t>((u.bytes[6] & 0x0F) | (version << 4));
    u.bytes[8] = static_cast<uint8_t>((u.bytes[8] & 0x3F) | 0x80);
    return u;
}

std::vector<uint8_t> concat(const Uuid& ns, std::string_view name) {
    std::vector<uint8_t> input(ns.bytes.begin(), ns.bytes.end());
    input.insert(input.end(), name.begin(), name.end());
    return input;
}

// The name-based UUID computed independently: OpenSSL's one-shot EVP_Digest, looked up by
// the classic short name (not the "SHA2-256" style names digest.cpp fetches).
Uuid independent_name_based(const char* openssl_short_name, int version, const Uuid& ns, std::string_view name) {
    const EVP_MD* md = EVP_get_digestbyname(openssl_short_name);
    EXPECT_NE(md, nullptr) << openssl_short_name;
    if (md == nullptr) return Uuid{};
    const std::vector<uint8_t> input = concat(ns, name);
    unsigned char out[EVP_MAX_MD_SIZE];
    unsigned int out_length = 0;
    EXPECT_EQ(EVP_Digest(input.data(), input.size(), out, &out_length, md, nullptr), 1);
    EXPECT_GE(out_length, 16u);
    return stamped(out, version);
}

struct V8Digest {
    Digest digest;
    const char* sql_name;      // what uuid_generate_v8_name() accepts
    const char* openssl_name;  // for the independent computation
};
constexpr V8Digest kV8Digests[] = {
    {Digest::sha256, "sha256", "SHA256"},       {Digest::sha384, "sha384", "SHA384"},
    {Digest::sha512, "sha512", "SHA512"},       {Digest::sha3_256, "sha3-256", "SHA3-256"},
    {Digest::sha3_512, "sha3-512", "SHA3-512"},
};

uint64_t next_u64(FakeRandom& random) {
    uint8_t b[8];
    random.fill(b, sizeof b);
    uint64_t v = 0;
    for (uint8_t x : b) v = (v << 8) | x;
    return v;
}

// --- name-based v3 / v5 / v8 ----------------------------------------------------------

TEST(NameBased, RfcA2IsVersion3WithMd5OfDnsAndWwwExampleCom) {
    EXPECT_EQ(name_based(3, Digest::md5, kDns, kExampleName), kA2V3);
}

TEST(NameBased, RfcA4IsVersion5WithSha1OfDnsAndWwwExampleCom) {
    EXPECT_EQ(name_based(5, Digest::sha1, kDns, kExampleName), kA4V5);
}

TEST(NameBased, RfcB2IsVersion8WithSha256OfDnsAndWwwExampleCom) {
    EXPECT_EQ(name_based(8, Digest::sha256, kDns, kExampleName), kB2V8);
}

TEST(NameBased, EmptyNameHashesTheNamespaceAlone) {
    const auto with_null = uuidx::name_based(5, Digest::sha1, kDns, nullptr, 0);
    ASSERT_TRUE(with_null) << uuidx::errc_name(with_null.error);
    unsigned char sha1[SHA_DIGEST_LENGTH];
    SHA1(kDns.bytes.data(), kDns.bytes.size(), sha1);
    EXPECT_EQ(with_null.value, stamped(sha1, 5));
    // A non-null pointer to zero bytes (an empty text datum) gives the same UUID.
    EXPECT_EQ(name_based(5, Digest::sha1, kDns, ""), with_null.value);
    EXPECT_EQ(name_based(3, Digest::md5, kDns, ""), independent_name_based("MD5", 3, kDns, ""));
    EXPECT_EQ(name_based(8, Digest::sha256, kDns, ""), independent_name_based("SHA256", 8, kDns, ""));
}

TEST(NameBased, NameWithNulAndNonAsciiBytesIsHashedByteForByte) {
    // A NUL in the middle would end a C string early, and bytes >= 0x80 are negative chars:
    // both must reach the digest unchanged.
    static constexpr char kRaw[] = {'a', '\0', 'b', '\xC3', '\xA9', '\xFF', '\x80', '\0'};
    const std::string_view name(kRaw, sizeof kRaw);
    const std::vector<uint8_t> input = concat(kUrl, name);
    unsigned char sha1[SHA_DIGEST_LENGTH];
    SHA1(input.data(), input.size(), sha1);
    EXPECT_EQ(name_based(5, Digest::sha1, kUrl, name), stamped(sha1, 5));
    // Stopping at the first NUL would give the hash of "a".
    EXPECT_NE(name_based(5, Digest::sha1, kUrl, name), name_based(5, Digest::sha1, kUrl, "a"));
}

TEST(NameBased, EveryV8DigestIsItsFirst16BytesWithVersion8AndTheRfcVariant) {
    for (const V8Digest& d : kV8Digests) {
        for (std::string_view name : {kExampleName, std::string_view("")}) {
            const Uuid u = name_based(8, d.digest, kOid, name);
            EXPECT_EQ(u.version_nibble(), 8) << d.sql_name;
            EXPECT_EQ(u.variant(), 2) << d.sql_name;
            EXPECT_EQ(u, independent_name_based(d.openssl_name, 8, kOid, name)) << d.sql_name << " '" << name << "'";
        }
    }
}

TEST(NameBased, DifferentDigestsGiveDifferentUuids) {
    std::vector<Uuid> all = {name_based(3, Digest::md5, kDns, kExampleName),
                             name_based(5, Digest::sha1, kDns, kExampleName)};
    for (const V8Digest& d : kV8Digests) all.push_back(name_based(8, d.digest, kDns, kExampleName));
    std::sort(all.begin(), all.end());
    EXPECT_EQ(std::adjacent_find(all.begin(), all.end()), all.end());
    EXPECT_EQ(all.size(), 7u);
}

TEST(NameBased, OneBitOfTheNameOrNamespaceChangesV3V5AndV8) {
    // Shows that the equality checks above are not vacuous: 'w' (0x77) -> 'v' (0x76) in the
    // name, or one bit of the namespace, gives other UUIDs (and other than the vectors).
    const std::string_view flipped_name = "vww.example.com";
    Uuid flipped_ns = kDns;
    flipped_ns.bytes[15] ^= 0x01;
    EXPECT_NE(name_based(3, Digest::md5, kDns, flipped_name), kA2V3);
    EXPECT_NE(name_based(5, Digest::sha1, kDns, flipped_name), kA4V5);
    EXPECT_NE(name_based(8, Digest::sha256, kDns, flipped_name), kB2V8);
    EXPECT_NE(name_based(3, Digest::md5, flipped_ns, kExampleName), kA2V3);
    EXPECT_NE(name_based(5, Digest::sha1, flipped_ns, kExampleName), kA4V5);
    EXPECT_NE(name_based(8, Digest::sha256, flipped_ns, kExampleName), kB2V8);
}

// --- v8_digest_from_name ---------------------------------------------------------------

TEST(V8DigestFromName, AcceptsEveryDocumentedNameInAnyAsciiCase) {
    for (const V8Digest& d : kV8Digests) {
        std::string upper = d.sql_name;
        for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        std::string mixed = d.sql_name;
        mixed[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(mixed[0])));
        for (const std::string& name : {std::string(d.sql_name), upper, mixed}) {
            const auto r = uuidx::v8_digest_from_name(name);
            ASSERT_TRUE(r) << name;
            EXPECT_EQ(r.value, d.digest) << name;
        }
    }
    EXPECT_EQ(uuidx::v8_digest_from_name("SHA3-256").value, Digest::sha3_256);
    EXPECT_EQ(uuidx::v8_digest_from_name("Sha3-512").value, Digest::sha3_512);
}

TEST(V8DigestFromName, DocumentedListNamesExactlyTheAcceptedDigests) {
    // kV8DigestNames is what the error message lists: it must match the table above.
    std::string expected;
    for (const V8Digest& d : kV8Digests) expected += (expected.empty() ? "" : ", ") + std::string(d.sql_name);
    EXPECT_EQ(std::string(uuidx::kV8DigestNames), expected);
}

TEST(V8DigestFromName, RejectsOtherNamesWithUnknownAlgorithm) {
    // md5 and sha1 are digests, but not v8 ones (they have v3 and v5); "sha-256" is
    // OpenSSL's spelling, not this API's; a control character that would become '2', '5',
    // '6' or '-' by OR-ing 0x20 must not pass for one.
    const std::string_view rejected[] = {"",
                                         "md5",
                                         "sha1",
                                         "sha256 ",
                                         " sha256",
                                         "sha-256",
                                         "sha2-256",
                                         "sha3_256",
                                         "sha25",
                                         "sha2566",
                                         "SHA-512",
                                         "sha\x12\x15\x16",
                                         "sha3\x0d"
                                         "256",
                                         std::string_view("sha256\0", 7)};
    for (std::string_view name : rejected) {
        const auto r = uuidx::v8_digest_from_name(name);
        EXPECT_FALSE(r) << '"' << name << '"';
        EXPECT_EQ(r.error, Errc::unknown_algorithm) << '"' << name << '"';
    }
}

// --- namespace_from_name ----------------------------------------------------------------

TEST(NamespaceFromName, EachNameGivesTheRfcNamespaceInAnyAsciiCase) {
    const struct {
        const char* lower;
        const char* upper;
        const char* mixed;
        Uuid id;
    } cases[] = {{"dns", "DNS", "Dns", kDns},
                 {"url", "URL", "uRl", kUrl},
                 {"oid", "OID", "oiD", kOid},
                 {"x500", "X500", "X500", kX500}};
    for (const auto& c : cases) {
        for (const char* name : {c.lower, c.upper, c.mixed}) {
            const auto r = uuidx::namespace_from_name(name);
            ASSERT_TRUE(r) << name;
            EXPECT_EQ(r.value, c.id) << name;
        }
    }
    EXPECT_EQ(uuidx::kNamespaceDns, kDns);
    EXPECT_EQ(uuidx::kNamespaceUrl, kUrl);
    EXPECT_EQ(uuidx::kNamespaceOid, kOid);
    EXPECT_EQ(uuidx::kNamespaceX500, kX500);
}

TEST(NamespaceFromName, RejectsOtherNamesWithUnknownNamespace) {
    // "\x04ns" is "dns" if 0x60 is OR-ed in, "x5\x10\x10" is "x500" if 0x20 is: case
    // folding must touch A-Z only.
    const std::string_view rejected[] = {"",
                                         "dns ",
                                         " dns",
                                         "x5",
                                         "x500x",
                                         "x50",
                                         "d",
                                         "dn",
                                         "dnss",
                                         "urn",
                                         "x.500",
                                         "6ba7b810",
                                         "\x04ns",
                                         "\x04NS",
                                         "x5\x10\x10",
                                         "\x0fid",
                                         std::string_view("dns\0", 4)};
    for (std::string_view name : rejected) {
        const auto r = uuidx::namespace_from_name(name);
        EXPECT_FALSE(r) << '"' << name << '"';
        EXPECT_EQ(r.error, Errc::unknown_namespace) << '"' << name << '"';
    }
}

// --- v8_from_bytes -------------------------------------------------------------------------

// Every bit of `in` other than the 4 version bits and the 2 variant bits survives.
void expect_v8_of(const uint8_t (&in)[16], const Uuid& u) {
    EXPECT_EQ(u.version_nibble(), 8);
    EXPECT_EQ(u.variant(), 2);
    for (int i = 0; i < 16; ++i) {
        const uint8_t kept = i == 6 ? 0x0F : i == 8 ? 0x3F : 0xFF;
        EXPECT_EQ(u.bytes[i] & kept, in[i] & kept) << "octet " << i;
    }
}

TEST(V8FromBytes, KeepsEveryBitButVersionAndVariant) {
    uint8_t zeros[16] = {};
    uint8_t ones[16];
    std::memset(ones, 0xFF, sizeof ones);
    const auto z = uuidx::v8_from_bytes(zeros, 16);
    const auto o = uuidx::v8_from_bytes(ones, 16);
    ASSERT_TRUE(z);
    ASSERT_TRUE(o);
    EXPECT_EQ(canonical(z.value), "00000000-0000-8000-8000-000000000000");
    EXPECT_EQ(canonical(o.value), "ffffffff-ffff-8fff-bfff-ffffffffffff");
    FakeRandom random(8);
    for (int n = 0; n < 1000; ++n) {
        uint8_t in[16];
        random.fill(in, sizeof in);
        const auto r = uuidx::v8_from_bytes(in, sizeof in);
        ASSERT_TRUE(r);
        expect_v8_of(in, r.value);
    }
}

TEST(V8FromBytes, RfcB1RoundTrips) {
    const auto r = uuidx::v8_from_bytes(kB1V8.bytes.data(), kB1V8.bytes.size());
    ASSERT_TRUE(r);
    EXPECT_EQ(r.value, kB1V8);
}

TEST(V8FromBytes, AnyLengthButSixteenFailsWithInvalidLength) {
    const uint8_t buffer[32] = {};
    for (size_t length : {size_t{0}, size_t{1}, size_t{15}, size_t{17}, size_t{32}}) {
        const auto r = uuidx::v8_from_bytes(buffer, length);
        EXPECT_FALSE(r) << length;
        EXPECT_EQ(r.error, Errc::invalid_length) << length;
    }
    EXPECT_EQ(uuidx::v8_from_bytes(nullptr, 0).error, Errc::invalid_length);
}

// --- v1_to_v6 / v6_to_v1 ---------------------------------------------------------------------

TEST(V1V6, RfcA1AndA5ConvertIntoEachOther) {
    const auto v6 = uuidx::v1_to_v6(kA1V1);
    const auto v1 = uuidx::v6_to_v1(kA5V6);
    ASSERT_TRUE(v6);
    ASSERT_TRUE(v1);
    EXPECT_EQ(v6.value, kA5V6);
    EXPECT_EQ(v1.value, kA1V1);
}

TEST(V1V6, RoundTripsKeepTimestampClockSeqAndNode) {
    FakeRandom random(16);
    std::vector<GregorianFields> samples;
    for (uint64_t t : {uint64_t{0}, uuidx::kGregorianMax100ns})
        for (uint16_t seq : {uint16_t{0}, uint16_t{0x3FFF}})
            for (uint64_t node : {uint64_t{0}, uint64_t{0xFFFFFFFFFFFF}}) samples.push_back({t, seq, node});
    for (int n = 0; n < 2000; ++n)
        samples.push_back({next_u64(random) & uuidx::kGregorianMax100ns,
                           static_cast<uint16_t>(next_u64(random) & 0x3FFF), next_u64(random) & 0xFFFFFFFFFFFF});
    for (const GregorianFields& f : samples) {
        const Uuid v1 = uuidx::encode_v1(f);
        const auto v6 = uuidx::v1_to_v6(v1);
        ASSERT_TRUE(v6) << canonical(v1);
        EXPECT_EQ(v6.value.version_nibble(), 6);
        EXPECT_EQ(v6.value.variant(), 2);
        const GregorianFields back = uuidx::decode_gregorian(v6.value);
        ASSERT_EQ(back.timestamp_100ns, f.timestamp_100ns) << canonical(v1);
        ASSERT_EQ(back.clock_seq, f.clock_seq) << canonical(v1);
        ASSERT_EQ(back.node, f.node) << canonical(v1);
        const auto again = uuidx::v6_to_v1(v6.value);
        ASSERT_TRUE(again);
        ASSERT_EQ(again.value, v1);
    }
}

TEST(V1V6, OtherVersionsAndVariantsFailWithUnexpectedVersion) {
    Uuid microsoft_v1 = kA1V1;
    microsoft_v1.bytes[8] = static_cast<uint8_t>(0xC0 | (microsoft_v1.bytes[8] & 0x1F));  // 110x
    ASSERT_EQ(microsoft_v1.variant(), 6);
    ASSERT_EQ(microsoft_v1.version_nibble(), 1);
    Uuid microsoft_v6 = kA5V6;
    microsoft_v6.bytes[8] = static_cast<uint8_t>(0xC0 | (microsoft_v6.bytes[8] & 0x1F));
    for (const Uuid& u : {kA3V4, kA6V7, uuidx::kNilUuid, uuidx::kMaxUuid, microsoft_v1, kA5V6}) {
        const auto r = uuidx::v1_to_v6(u);
        EXPECT_FALSE(r) << canonical(u);
        EXPECT_EQ(r.error, Errc::unexpected_version) << canonical(u);
    }
    for (const Uuid& u : {kA3V4, kA6V7, uuidx::kNilUuid, uuidx::kMaxUuid, microsoft_v6, kA1V1}) {
        const auto r = uuidx::v6_to_v1(u);
        EXPECT_FALSE(r) << canonical(u);
        EXPECT_EQ(r.error, Errc::unexpected_version) << canonical(u);
    }
}

// Uuid has only operator<, the order PostgreSQL's uuid type uses.
bool between(const Uuid& lo, const Uuid& u, const Uuid& hi) { return !(u < lo) && !(hi < u); }

// --- v7_min / v7_max ------------------------------------------------------------------------

TEST(V7Bounds, RfcA6MillisecondGivesTheDocumentedBounds) {
    EXPECT_EQ(canonical(uuidx::v7_min(kVectorUnixMs)), "017f22e2-79b0-7000-8000-000000000000");
    EXPECT_EQ(canonical(uuidx::v7_max(kVectorUnixMs)), "017f22e2-79b0-7fff-bfff-ffffffffffff");
    EXPECT_TRUE(between(uuidx::v7_min(kVectorUnixMs), kA6V7, uuidx::v7_max(kVectorUnixMs)));
}

TEST(V7Bounds, FirstAndLastMillisecondsOfTheRange) {
    EXPECT_EQ(canonical(uuidx::v7_min(0)), "00000000-0000-7000-8000-000000000000");
    EXPECT_EQ(canonical(uuidx::v7_max(0)), "00000000-0000-7fff-bfff-ffffffffffff");
    EXPECT_EQ(canonical(uuidx::v7_min(kMaxUnixMs)), "ffffffff-ffff-7000-8000-000000000000");
    EXPECT_EQ(canonical(uuidx::v7_max(kMaxUnixMs)), "ffffffff-ffff-7fff-bfff-ffffffffffff");
}

TEST(V7Bounds, EveryV7OfAMillisecondLiesBetweenItsBoundsWhichAreValidV7s) {
    FakeRandom random(7);
    const uint64_t millis[] = {0, 1, kVectorUnixMs, kMaxUnixMs - 1, kMaxUnixMs};
    for (uint64_t ms : millis) {
        const Uuid lo = uuidx::v7_min(ms);
        const Uuid hi = uuidx::v7_max(ms);
        for (const Uuid& bound : {lo, hi}) {
            EXPECT_EQ(bound.version_nibble(), 7) << canonical(bound);
            EXPECT_EQ(bound.variant(), 2) << canonical(bound);
            EXPECT_EQ(uuidx::unix_ts_ms(bound), ms) << canonical(bound);
        }
        if (ms < kMaxUnixMs) {
            EXPECT_LT(hi, uuidx::v7_min(ms + 1)) << ms;
        }
        for (int n = 0; n < 2000; ++n) {
            uint8_t tail[8];
            random.fill(tail, sizeof tail);
            const uint64_t fraction = n == 0 ? 0 : n == 1 ? 0xFFFF : next_u64(random) & 0xFFFF;
            const Uuid u = uuidx::encode_v7(uuidx::v7_ticks(ms, fraction), tail);
            ASSERT_TRUE(between(lo, u, hi)) << canonical(u);
        }
    }
}

// --- v4_to_v7 (v4 -> v7 migration) -------------------------------------------------

TEST(V7FromLegacy, PinnedVectorNeverChanges) {
    // Users re-run migrations and expect the same keys: this value is part of the API.
    const auto r = uuidx::v4_to_v7(kA3V4, kVectorUnixMs);
    ASSERT_TRUE(r);
    EXPECT_EQ(canonical(r.value), "017f22e2-79b0-7056-a48c-2acb4aaffbd0");
}

TEST(V7FromLegacy, IsAVersion7CarryingTheGivenMillisecond) {
    for (uint64_t ms : {uint64_t{0}, uint64_t{1}, kVectorUnixMs, kMaxUnixMs}) {
        const auto r = uuidx::v4_to_v7(kA3V4, ms);
        ASSERT_TRUE(r) << ms;
        EXPECT_EQ(r.value.version_nibble(), 7) << ms;
        EXPECT_EQ(r.value.variant(), 2) << ms;
        EXPECT_EQ(uuidx::unix_ts_ms(r.value), ms);
        EXPECT_EQ(uuidx::embedded_unix_us(r.value).value, static_cast<int64_t>(ms * 1000));
    }
}

TEST(V7FromLegacy, IsDeterministicAndOnlyTheFirstSixBytesFollowTheMillisecond) {
    const Uuid first = uuidx::v4_to_v7(kA3V4, kVectorUnixMs).value;
    EXPECT_EQ(uuidx::v4_to_v7(kA3V4, kVectorUnixMs).value, first);
    for (uint64_t ms : {uint64_t{0}, kVectorUnixMs + 1, kMaxUnixMs}) {
        const Uuid other = uuidx::v4_to_v7(kA3V4, ms).value;
        EXPECT_NE(other, first);
        for (int i = 6; i < 16; ++i) EXPECT_EQ(other.bytes[i], first.bytes[i]) << "octet " << i << ", ms " << ms;
    }
}

TEST(V7FromLegacy, DistinctOldKeysOfOneMillisecondGiveDistinctResults) {
    // Old keys as a migration sees them: v4s that differ in few bits (a counter).
    constexpr uint32_t kCount = 100000;
    std::vector<Uuid> out;
    out.reserve(kCount);
    for (uint32_t i = 0; i < kCount; ++i) {
        Uuid old = kA3V4;
        for (int b = 0; b < 4; ++b) old.bytes[12 + b] = static_cast<uint8_t>(i >> (24 - 8 * b));
        const auto r = uuidx::v4_to_v7(old, kVectorUnixMs);
        ASSERT_TRUE(r);
        out.push_back(r.value);
    }
    std::sort(out.begin(), out.end());
    EXPECT_EQ(std::adjacent_find(out.begin(), out.end()), out.end());
}

TEST(V7FromLegacy, MillisecondBeyond48BitsFailsWithTimeOutOfRange) {
    EXPECT_TRUE(uuidx::v4_to_v7(kA3V4, kMaxUnixMs));
    for (uint64_t ms : {kMaxUnixMs + 1, uint64_t{1} << 63, ~uint64_t{0}}) {
        const auto r = uuidx::v4_to_v7(kA3V4, ms);
        EXPECT_FALSE(r) << ms;
        EXPECT_EQ(r.error, Errc::time_out_of_range) << ms;
    }
}

TEST(V7FromLegacy, TailIsSha256OfMigrationKeyAndOldKey) {
    FakeRandom random(74);
    std::vector<Uuid> olds = {kA3V4, uuidx::kNilUuid, uuidx::kMaxUuid};
    for (int n = 0; n < 50; ++n) {
        Uuid u{};
        random.fill(u.bytes.data(), u.bytes.size());
        olds.push_back(u);
    }
    const Uuid key = uuid_from_canonical("5d2b7c1e-4f0a-8c33-9e61-0b7a2d4c8f15");
    EXPECT_EQ(uuidx::kMigrationKey, key);
    for (const Uuid& old : olds) {
        unsigned char input[32];
        std::memcpy(input, key.bytes.data(), 16);
        std::memcpy(input + 16, old.bytes.data(), 16);
        unsigned char sha[SHA256_DIGEST_LENGTH];
        SHA256(input, sizeof input, sha);
        const Uuid expected_tail = stamped(sha, 7);
        const Uuid got = uuidx::v4_to_v7(old, kVectorUnixMs).value;
        for (int i = 6; i < 16; ++i)
            EXPECT_EQ(got.bytes[i], expected_tail.bytes[i]) << canonical(old) << " octet " << i;
    }
}

// --- uuidv7(interval): the sub-microsecond residue ---------------------------------------
// uuidv7(interval) turns the current tick count t into whole microseconds, shifts those by
// the interval, and adds back the residue r = t - from_us(to_us(t)) (v7_ticks_moved_to).
// r reaches 66 while the last microsecond of a millisecond starts at tick 65470, so the
// sum must be capped to stay in the millisecond. The literals below (65536 ticks,
// 65, 66, 65470) are deliberate: with a shorter fraction the loop over 65536 ticks would
// leave the millisecond and the pinned values would not be reached.

// The shift of generate.cpp (uuidv7(interval)) for a shift of whole microseconds.
uint64_t shifted_ticks(uint64_t ticks, int64_t shift_us) {
    return uuidx::v7_ticks_moved_to(ticks, uuidx::v7_ticks_to_unix_us(ticks) + shift_us).value;
}

TEST(V7ShiftResidue, ResidueOfEveryTickOfAMillisecondIsAtMost66AndReaches66) {
    // One microsecond is 65.536 ticks, but both conversions round down: tick 131 is
    // microsecond 1 (1.9989 us), which starts at tick floor(65.536) = 65, so r = 66.
    // 528 of the 65536 ticks have r = 66, one more than fits after tick 65470: hence the cap.
    for (uint64_t ms : {uint64_t{0}, kVectorUnixMs, kMaxUnixMs}) {
        const uint64_t first_tick = ms << 16;
        uint64_t max_residue = 0;
        uint64_t first_tick_of_max = 0;
        int ticks_at_66 = 0;
        // Counted by fraction: at ms 2^48 - 1 the tick itself would wrap after the last one.
        for (uint64_t fraction = 0; fraction < 65536; ++fraction) {
            const uint64_t t = first_tick + fraction;
            ASSERT_EQ(uuidx::v7_ticks_unix_ms(t), ms) << "tick " << fraction << " left the millisecond";
            const auto back = uuidx::v7_ticks_from_unix_us(uuidx::v7_ticks_to_unix_us(t));
            ASSERT_TRUE(back);
            ASSERT_LE(back.value, t);  // unsigned: a negative residue would wrap
            const uint64_t residue = t - back.value;
            ASSERT_LE(residue, 66u) << "tick " << t - first_tick;
            if (residue == 66) ++ticks_at_66;
            if (residue > max_residue) {
                max_residue = residue;
                first_tick_of_max = t - first_tick;
            }
        }
        EXPECT_EQ(max_residue, 66u) << ms;
        EXPECT_EQ(first_tick_of_max, 131u) << ms;
        EXPECT_EQ(ticks_at_66, 528) << ms;
    }
}

TEST(V7ShiftResidue, LastMicrosecondOfAMillisecondStartsAtTick65470) {
    for (uint64_t ms : {uint64_t{0}, kVectorUnixMs, kMaxUnixMs}) {
        uint64_t last_fraction = 0;
        for (uint64_t f = 0; f < 1000; ++f) {
            const auto ticks = uuidx::v7_ticks_from_unix_us(static_cast<int64_t>(ms * 1000 + f));
            ASSERT_TRUE(ticks);
            ASSERT_EQ(ticks.value >> 16, ms) << f;
            const uint64_t fraction = ticks.value & 0xFFFF;
            ASSERT_GE(fraction, last_fraction) << f;
            // What generate.cpp relies on holds for residues up to 65 ...
            ASSERT_LT(fraction + 65, 65536u) << "microsecond " << f;
            last_fraction = fraction;
        }
        EXPECT_EQ(last_fraction, 65470u) << ms;
        // ... but not for 66, which the test above shows occurs.
        EXPECT_EQ(last_fraction + 66, 65536u);
    }
}

// Tick 65470 is microsecond 998 (998.99 us) with residue 66; shifted by +1 us to microsecond
// 999 (tick 65470), an uncapped sum would be 65536, fraction 0 of the NEXT millisecond,
// although the shifted time (999.99 us) is still in this one; at the last millisecond
// (2^48 - 1) it would wrap the uint64 to a 1970 UUID.
TEST(V7ShiftResidue, NoShiftedMicrosecondPlusAResidueSpillsIntoTheNextMillisecond) {
    for (uint64_t ms : {uint64_t{0}, kVectorUnixMs, kMaxUnixMs}) {
        EXPECT_EQ(uuidx::v7_ticks_unix_ms(shifted_ticks(uuidx::v7_ticks(ms, 65470), 1)), ms)
            << "tick 65470 of ms " << ms << " shifted by +1 us";
        // Every tick of the millisecond, shifted to land on the last microsecond.
        for (uint64_t fraction = 0; fraction < 65536; ++fraction) {
            const uint64_t t = (ms << 16) + fraction;
            const int64_t to_last_us = 999 - uuidx::v7_ticks_to_unix_us(t) % 1000;
            ASSERT_EQ(uuidx::v7_ticks_unix_ms(shifted_ticks(t, to_last_us)), ms)
                << "tick " << (t & 0xFFFF) << " of ms " << ms << " shifted by +" << to_last_us << " us";
        }
    }
}

}  // namespace
