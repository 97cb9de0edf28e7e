// TypeID (spec 0.3) and ULID text forms (text_forms.hpp). Expected values come from the
// published examples — jetify-com/typeid spec/valid.yml, spec/invalid.yml and
// spec/README.md; ulid/spec README.md and ulid/javascript test/node/uuid.spec.ts — or from
// the reference codec below (big-number arithmetic in base 32, not the bit shifting of the
// core). Where a spec example names no UUID, the UUID was computed once with Python's
// int(text, 32)-style arithmetic and written here.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "base32_reference.hpp"
#include "result.hpp"
#include "test_util.hpp"
#include "text_forms.hpp"
#include "uuid.hpp"

namespace {

using uuidx_test::ascii_lower;
using uuidx_test::ascii_upper;
using uuidx_test::base32_reference_decode;
using uuidx_test::base32_reference_encode;
using uuidx_test::canonical;

using uuidx::Errc;
using uuidx::Uuid;
using uuidx::uuid_from_canonical;

constexpr std::string_view kTypeIdAlphabet = "0123456789abcdefghjkmnpqrstvwxyz";
constexpr std::string_view kUlidAlphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

TEST(TextFormsReference, ReferenceCodecAgreesWithPythonOnTheSpecExample) {
    // Checks the oracle itself before it checks anything else.
    const Uuid example = uuid_from_canonical("01890a5d-ac96-774b-bcce-b302099a8057");
    EXPECT_EQ(base32_reference_encode(example, kTypeIdAlphabet), "01h455vb4pex5vsknk084sn02q");
    const std::optional<Uuid> back = base32_reference_decode("01h455vb4pex5vsknk084sn02q", kTypeIdAlphabet);
    ASSERT_TRUE(back.has_value());
    EXPECT_EQ(canonical(*back), "01890a5d-ac96-774b-bcce-b302099a8057");
    EXPECT_FALSE(base32_reference_decode("80000000000000000000000000", kTypeIdAlphabet).has_value());
}

// --- calling the code under test ---------------------------------------------------------

// A reason the call must overwrite: a stale reason from an earlier call must not survive.
const char kStaleReason[] = "stale";

struct TypeIdOutcome {
    uuidx::Result<uuidx::DecodedTypeId> result;
    const char* reason;
};
TypeIdOutcome decode_typeid(std::string_view text) {
    const char* reason = kStaleReason;
    const auto result = uuidx::uuid_from_typeid(text, reason);
    return {result, reason};
}

struct UlidOutcome {
    uuidx::Result<Uuid> result;
    const char* reason;
};
UlidOutcome decode_ulid(std::string_view text) {
    const char* reason = kStaleReason;
    const auto result = uuidx::uuid_from_ulid(text, reason);
    return {result, reason};
}

std::string encode_typeid(std::string_view prefix, const Uuid& u) {
    const char* reason = kStaleReason;
    const auto result = uuidx::typeid_from_uuid(prefix, u, reason);
    EXPECT_TRUE(result) << "prefix '" << prefix << "': " << (reason ? reason : "(null)");
    EXPECT_EQ(reason, nullptr);
    EXPECT_EQ(std::strlen(result.value.chars), result.value.length) << "NUL-terminated at its length";
    return std::string(result.value.view());
}

std::string encode_ulid(const Uuid& u) {
    const uuidx::UlidText text = uuidx::ulid_from_uuid(u);
    EXPECT_EQ(std::strlen(text.chars), 26u);
    return std::string(text.view());
}

void expect_typeid(std::string_view text, std::string_view prefix, const char* uuid) {
    SCOPED_TRACE(std::string("TypeID '") + std::string(text) + "'");
    const TypeIdOutcome decoded = decode_typeid(text);
    ASSERT_TRUE(decoded.result) << decoded.reason;
    EXPECT_EQ(decoded.reason, nullptr);
    EXPECT_EQ(canonical(decoded.result.value.uuid), uuid);
    EXPECT_EQ(text.substr(0, decoded.result.value.prefix_length), prefix);
    const char* reason = kStaleReason;
    const auto prefix_only = uuidx::typeid_prefix(text, reason);
    ASSERT_TRUE(prefix_only);
    EXPECT_EQ(reason, nullptr);
    EXPECT_EQ(prefix_only.value.view(), prefix);
    EXPECT_EQ(std::strlen(prefix_only.value.chars), prefix.size());
    EXPECT_EQ(encode_typeid(prefix, decoded.result.value.uuid), text);
}

void expect_invalid_typeid(std::string_view text, const char* expected_reason) {
    SCOPED_TRACE("TypeID '" + std::string(text.substr(0, 120)) + "' (" + std::to_string(text.size()) + " bytes)");
    const TypeIdOutcome decoded = decode_typeid(text);
    EXPECT_FALSE(decoded.result);
    EXPECT_EQ(decoded.result.error, Errc::invalid_text_form);
    EXPECT_STREQ(decoded.reason, expected_reason);
    EXPECT_EQ(decoded.result.value.uuid, uuidx::kNilUuid);
    const char* reason = kStaleReason;
    const auto prefix_only = uuidx::typeid_prefix(text, reason);
    EXPECT_FALSE(prefix_only);
    EXPECT_EQ(prefix_only.error, Errc::invalid_text_form);
    EXPECT_STREQ(reason, expected_reason);
}

void expect_invalid_ulid(std::string_view text, const char* expected_reason) {
    SCOPED_TRACE("ULID '" + std::string(text.substr(0, 120)) + "' (" + std::to_string(text.size()) + " bytes)");
    const UlidOutcome decoded = decode_ulid(text);
    EXPECT_FALSE(decoded.result);
    EXPECT_EQ(decoded.result.error, Errc::invalid_text_form);
    EXPECT_STREQ(decoded.reason, expected_reason);
}

Uuid random_uuid(std::mt19937_64& random) {
    Uuid u;
    const uint64_t high = random();
    const uint64_t low = random();
    for (int i = 0; i < 8; ++i) {
        u.bytes[static_cast<size_t>(i)] = static_cast<uint8_t>(high >> (56 - 8 * i));
        u.bytes[static_cast<size_t>(i) + 8] = static_cast<uint8_t>(low >> (56 - 8 * i));
    }
    return u;
}

std::string with_nul(std::string text, size_t at) {
    text[at] = '\0';
    return text;
}

constexpr const char* kAllReasons[] = {
    uuidx::kEmptyTextReason,
    uuidx::kTypeIdSeparatorWithoutPrefixReason,
    uuidx::kTypeIdPrefixTooLongReason,
    uuidx::kTypeIdPrefixCharacterReason,
    uuidx::kTypeIdPrefixEdgeUnderscoreReason,
    uuidx::kTypeIdSuffixLengthReason,
    uuidx::kTypeIdWithoutPrefixLengthReason,
    uuidx::kTypeIdSuffixUpperCaseReason,
    uuidx::kTypeIdSuffixAlphabetReason,
    uuidx::kTypeIdSuffixOverflowReason,
    uuidx::kUlidLengthReason,
    uuidx::kUlidExcludedLetterReason,
    uuidx::kUlidAlphabetReason,
    uuidx::kUlidOverflowReason,
    uuidx::kBase32HexWhiteSpaceReason,
    uuidx::kBase32HexLengthReason,
    uuidx::kBase32HexPaddingReason,
    uuidx::kBase32HexAlphabetReason,
    uuidx::kBase32HexTrailingBitsReason,
};

const std::string kMaxPrefix = "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijk";  // 63

// --- TypeID: the specification's examples ---------------------------------------------------

TEST(TypeIdSpec, ValidYmlDecodesAndEncodesBothWays) {
    // spec/valid.yml of version 0.3.0, every entry.
    expect_typeid("00000000000000000000000000", "", "00000000-0000-0000-0000-000000000000");
    expect_typeid("00000000000000000000000001", "", "00000000-0000-0000-0000-000000000001");
    expect_typeid("0000000000000000000000000a", "", "00000000-0000-0000-0000-00000000000a");
    expect_typeid("0000000000000000000000000g", "", "00000000-0000-0000-0000-000000000010");
    expect_typeid("00000000000000000000000010", "", "00000000-0000-0000-0000-000000000020");
    expect_typeid("7zzzzzzzzzzzzzzzzzzzzzzzzz", "", "ffffffff-ffff-ffff-ffff-ffffffffffff");
    expect_typeid("prefix_0123456789abcdefghjkmnpqrs", "prefix", "0110c853-1d09-52d8-d73e-1194e95b5f19");
    expect_typeid("prefix_01h455vb4pex5vsknk084sn02q", "prefix", "01890a5d-ac96-774b-bcce-b302099a8057");
    expect_typeid("pre_fix_00000000000000000000000000", "pre_fix", "00000000-0000-0000-0000-000000000000");
}

TEST(TypeIdSpec, ReadmeExamplesOfEveryPrefixShape) {
    // spec/README.md "Examples" (no UUID given there: computed with Python, see the top).
    const char* const uuid = "01895f99-bf33-23ec-ebf2-b9f7cb1914ba";
    expect_typeid("01h5fskfsk4fpeqwnsyz5hj55t", "", uuid);
    expect_typeid("user_01h5fskfsk4fpeqwnsyz5hj55t", "user", uuid);
    expect_typeid("my_type_01h5fskfsk4fpeqwnsyz5hj55t", "my_type", uuid);
    expect_typeid("a_b_c_01h5fskfsk4fpeqwnsyz5hj55t", "a_b_c", uuid);
    expect_typeid("my__type_01h5fskfsk4fpeqwnsyz5hj55t", "my__type", uuid);
    expect_typeid("a_01h5fskfsk4fpeqwnsyz5hj55t", "a", uuid);
    expect_typeid(kMaxPrefix + "_01h5fskfsk4fpeqwnsyz5hj55t", kMaxPrefix, uuid);
    EXPECT_EQ((kMaxPrefix + "_01h5fskfsk4fpeqwnsyz5hj55t").size(), uuidx::kTypeIdMaxLength);
    // The overview's example.
    expect_typeid("user_2x4y6z8a0b1c2d3e4f5g6h7j8k", "user", "5d278df4-280b-0b04-d1b8-8f2c0d13c913");
}

TEST(TypeIdSpec, InvalidYmlIsRefusedWithTheRightReason) {
    // spec/invalid.yml of version 0.3.0 (2024-05-18), every entry, in its order.
    using namespace uuidx;
    expect_invalid_typeid("PREFIX_00000000000000000000000000", kTypeIdPrefixCharacterReason);
    expect_invalid_typeid("12345_00000000000000000000000000", kTypeIdPrefixCharacterReason);
    expect_invalid_typeid("pre.fix_00000000000000000000000000", kTypeIdPrefixCharacterReason);
    expect_invalid_typeid(
        "pr\xC3\xA9"
        "fix_00000000000000000000000000",
        kTypeIdPrefixCharacterReason);  // préfix
    expect_invalid_typeid("  prefix_00000000000000000000000000", kTypeIdPrefixCharacterReason);
    expect_invalid_typeid("abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijkl_00000000000000000000000000",
                          kTypeIdPrefixTooLongReason);
    expect_invalid_typeid("_00000000000000000000000000", kTypeIdSeparatorWithoutPrefixReason);
    expect_invalid_typeid("_", kTypeIdSeparatorWithoutPrefixReason);
    expect_invalid_typeid("prefix_1234567890123456789012345", kTypeIdSuffixLengthReason);
    expect_invalid_typeid("prefix_123456789012345678901234567", kTypeIdSuffixLengthReason);
    expect_invalid_typeid("prefix_1234567890123456789012345 ", kTypeIdSuffixAlphabetReason);
    expect_invalid_typeid("prefix_0123456789ABCDEFGHJKMNPQRS", kTypeIdSuffixUpperCaseReason);
    expect_invalid_typeid("prefix_123456789-123456789-123456", kTypeIdSuffixAlphabetReason);
    expect_invalid_typeid("prefix_ooooooiiiiiiuuuuuuulllllll", kTypeIdSuffixAlphabetReason);
    expect_invalid_typeid("prefix_i23456789ol23456789oi23456", kTypeIdSuffixAlphabetReason);
    expect_invalid_typeid("prefix_123456789-0123456789-0123456", kTypeIdSuffixLengthReason);
    expect_invalid_typeid("prefix_8zzzzzzzzzzzzzzzzzzzzzzzzz", kTypeIdSuffixOverflowReason);
    expect_invalid_typeid("_prefix_00000000000000000000000000", kTypeIdPrefixEdgeUnderscoreReason);
    expect_invalid_typeid("prefix__00000000000000000000000000", kTypeIdPrefixEdgeUnderscoreReason);
    expect_invalid_typeid("", kEmptyTextReason);
    expect_invalid_typeid("prefix_", kTypeIdSuffixLengthReason);
    // No "_" at all: the whole text is the suffix, and the reason says so rather than
    // pointing "after the last _".
    expect_invalid_typeid("garbage", kTypeIdWithoutPrefixLengthReason);
    expect_invalid_typeid("01h455vb4pex5vsknk084sn02", kTypeIdWithoutPrefixLengthReason);
}

TEST(TypeIdSpec, ReadmeInvalidTableIsRefusedWithTheRightReason) {
    using namespace uuidx;
    expect_invalid_typeid("PREFIX_01h5fskfsk4fpeqwnsyz5hj55t", kTypeIdPrefixCharacterReason);
    expect_invalid_typeid("12345_01h5fskfsk4fpeqwnsyz5hj55t", kTypeIdPrefixCharacterReason);
    expect_invalid_typeid("_prefix_01h5fskfsk4fpeqwnsyz5hj55t", kTypeIdPrefixEdgeUnderscoreReason);
    expect_invalid_typeid("prefix__01h5fskfsk4fpeqwnsyz5hj55t", kTypeIdPrefixEdgeUnderscoreReason);
    expect_invalid_typeid("prefix_0123456789ABCDEFGHJKMNPQRS", kTypeIdSuffixUpperCaseReason);
    expect_invalid_typeid("prefix_8zzzzzzzzzzzzzzzzzzzzzzzzz", kTypeIdSuffixOverflowReason);
}

// --- TypeID: each rule at its boundary --------------------------------------------------------

TEST(TypeIdPrefix, SixtyThreeCharactersPassAndSixtyFourFailBothWays) {
    const Uuid u = uuid_from_canonical("01890a5d-ac96-774b-bcce-b302099a8057");
    EXPECT_EQ(encode_typeid(kMaxPrefix, u), kMaxPrefix + "_01h455vb4pex5vsknk084sn02q");
    const std::string too_long = kMaxPrefix + "l";
    const char* reason = kStaleReason;
    const auto refused = uuidx::typeid_from_uuid(too_long, u, reason);
    EXPECT_FALSE(refused);
    EXPECT_EQ(refused.error, Errc::invalid_text_form);
    EXPECT_STREQ(reason, uuidx::kTypeIdPrefixTooLongReason);
    EXPECT_EQ(refused.value.length, 0);
    expect_invalid_typeid(too_long + "_01h455vb4pex5vsknk084sn02q", uuidx::kTypeIdPrefixTooLongReason);
    // Length is checked before characters: a long prefix of anything is "too long".
    expect_invalid_typeid(std::string(64, '!') + "_01h455vb4pex5vsknk084sn02q", uuidx::kTypeIdPrefixTooLongReason);
}

TEST(TypeIdPrefix, ProblemOfEachPrefixShape) {
    using namespace uuidx;
    const struct {
        std::string_view prefix;
        const char* reason;
    } cases[] = {
        {"", nullptr},
        {"a", nullptr},
        {"z", nullptr},
        {"user", nullptr},
        {"a_b", nullptr},
        {"a__b", nullptr},
        {"a___________b", nullptr},
        {"_", kTypeIdPrefixEdgeUnderscoreReason},
        {"__", kTypeIdPrefixEdgeUnderscoreReason},
        {"_a", kTypeIdPrefixEdgeUnderscoreReason},
        {"a_", kTypeIdPrefixEdgeUnderscoreReason},
        {"A", kTypeIdPrefixCharacterReason},
        {"userA", kTypeIdPrefixCharacterReason},
        {"user1", kTypeIdPrefixCharacterReason},
        {"us-er", kTypeIdPrefixCharacterReason},
        {"us er", kTypeIdPrefixCharacterReason},
        {"`", kTypeIdPrefixCharacterReason},  // 'a' - 1
        {"{", kTypeIdPrefixCharacterReason},  // 'z' + 1
        {"^", kTypeIdPrefixCharacterReason},  // '_' - 1
        {std::string_view("us\0er", 5), kTypeIdPrefixCharacterReason},
        {"us\x80"
         "er",
         kTypeIdPrefixCharacterReason},
        {"us\xFF"
         "er",
         kTypeIdPrefixCharacterReason},
        {"\xE1", kTypeIdPrefixCharacterReason},  // 'a' | 0x80
        {"_1", kTypeIdPrefixCharacterReason},    // characters before the edges
        {kMaxPrefix, nullptr},
    };
    const Uuid u = uuid_from_canonical("01890a5d-ac96-774b-bcce-b302099a8057");
    for (const auto& c : cases) {
        SCOPED_TRACE("prefix '" + std::string(c.prefix) + "'");
        EXPECT_EQ(typeid_prefix_problem(c.prefix), c.reason);
        const char* reason = kStaleReason;
        const auto encoded = typeid_from_uuid(c.prefix, u, reason);
        EXPECT_EQ(static_cast<bool>(encoded), c.reason == nullptr);
        EXPECT_EQ(reason, c.reason);
        const std::string text = std::string(c.prefix) + "_01h455vb4pex5vsknk084sn02q";
        if (c.prefix.empty()) {
            expect_invalid_typeid(text, kTypeIdSeparatorWithoutPrefixReason);
        } else if (c.reason == nullptr) {
            expect_typeid(text, c.prefix, "01890a5d-ac96-774b-bcce-b302099a8057");
        } else {
            expect_invalid_typeid(text, c.reason);
        }
    }
}

TEST(TypeIdPrefix, EncodedTextIsPrefixSeparatorSuffixOrTheSuffixAlone) {
    const Uuid u = uuid_from_canonical("0110c853-1d09-52d8-d73e-1194e95b5f19");
    EXPECT_EQ(encode_typeid("", u), "0123456789abcdefghjkmnpqrs");
    EXPECT_EQ(encode_typeid("prefix", u), "prefix_0123456789abcdefghjkmnpqrs");
    EXPECT_EQ(encode_typeid("pre_fix", u), "pre_fix_0123456789abcdefghjkmnpqrs");
    const char* reason = nullptr;
    EXPECT_EQ(uuidx::typeid_from_uuid("", u, reason).value.length, 26);
    EXPECT_EQ(uuidx::typeid_from_uuid("prefix", u, reason).value.length, 33);
}

TEST(TypeIdSuffix, FirstCharacterZeroToSevenPassesAndEveryOtherDigitOverflows) {
    for (const char first : kTypeIdAlphabet) {
        const std::string suffix = first + std::string("zzzzzzzzzzzzzzzzzzzzzzzzz");
        SCOPED_TRACE(suffix);
        if (first <= '7') {
            const TypeIdOutcome decoded = decode_typeid("x_" + suffix);
            ASSERT_TRUE(decoded.result) << decoded.reason;
            // The first digit's 3 bits are the UUID's top 3 bits; all others are ones.
            EXPECT_EQ(decoded.result.value.uuid.bytes[0], ((first - '0') << 5) | 0x1F);
            for (size_t i = 1; i < 16; ++i) EXPECT_EQ(decoded.result.value.uuid.bytes[i], 0xFF);
        } else {
            expect_invalid_typeid("x_" + suffix, uuidx::kTypeIdSuffixOverflowReason);
            expect_invalid_typeid(suffix, uuidx::kTypeIdSuffixOverflowReason);
        }
    }
    expect_invalid_typeid("80000000000000000000000000", uuidx::kTypeIdSuffixOverflowReason);
    // A bad character anywhere is reported before the overflow.
    expect_invalid_typeid("8000000000000000000000000!", uuidx::kTypeIdSuffixAlphabetReason);
}

TEST(TypeIdSuffix, EveryByteInEveryPositionIsAcceptedExactlyWhenInTheAlphabet) {
    // Position 0 takes digits 0-7 only; elsewhere the 32 lower-case digits.
    for (size_t position = 0; position < 26; ++position) {
        for (int byte = 0; byte < 256; ++byte) {
            std::string suffix(26, '0');
            suffix[position] = static_cast<char>(byte);
            const char c = static_cast<char>(byte);
            const bool in_alphabet = byte != 0 && kTypeIdAlphabet.find(c) != std::string_view::npos;
            const TypeIdOutcome decoded = decode_typeid("p_" + suffix);
            if (in_alphabet && (position > 0 || kTypeIdAlphabet.find(c) <= 7)) {
                ASSERT_TRUE(decoded.result) << position << " " << byte;
                EXPECT_EQ(decoded.result.value.uuid, *base32_reference_decode(suffix, kTypeIdAlphabet));
            } else if (in_alphabet) {
                EXPECT_STREQ(decoded.reason, uuidx::kTypeIdSuffixOverflowReason) << byte;
            } else if (c >= 'A' && c <= 'Z' &&
                       kTypeIdAlphabet.find(static_cast<char>(c - 'A' + 'a')) != std::string_view::npos) {
                EXPECT_STREQ(decoded.reason, uuidx::kTypeIdSuffixUpperCaseReason) << position << " " << byte;
            } else if (c == '_') {
                // An '_' in the suffix becomes the separator: the suffix is then shorter.
                EXPECT_FALSE(decoded.result);
            } else {
                EXPECT_STREQ(decoded.reason, uuidx::kTypeIdSuffixAlphabetReason) << position << " " << byte;
            }
        }
    }
}

TEST(TypeIdCase, UpperCaseIsRefusedEverywhere) {
    using namespace uuidx;
    expect_invalid_typeid("01H455VB4PEX5VSKNK084SN02Q", kTypeIdSuffixUpperCaseReason);
    expect_invalid_typeid("prefix_01H455vb4pex5vsknk084sn02q", kTypeIdSuffixUpperCaseReason);
    expect_invalid_typeid("Prefix_01h455vb4pex5vsknk084sn02q", kTypeIdPrefixCharacterReason);
    // I, L, O and U are not TypeID digits in either case.
    expect_invalid_typeid("0000000000000000000000000I", kTypeIdSuffixAlphabetReason);
    expect_invalid_typeid("0000000000000000000000000L", kTypeIdSuffixAlphabetReason);
    expect_invalid_typeid("0000000000000000000000000O", kTypeIdSuffixAlphabetReason);
    expect_invalid_typeid("0000000000000000000000000U", kTypeIdSuffixAlphabetReason);
    // The ULID of the spec's v7 example is its TypeID suffix in upper case.
    const Uuid u = uuid_from_canonical("01890a5d-ac96-774b-bcce-b302099a8057");
    expect_invalid_typeid(encode_ulid(u), kTypeIdSuffixUpperCaseReason);
}

TEST(TypeIdBytes, EmbeddedNulAndNonAsciiAreRefusedNotCutShort) {
    using namespace uuidx;
    const std::string valid = "prefix_01h455vb4pex5vsknk084sn02q";
    // A NUL in the prefix, in the suffix, and one byte after a valid text (a C string
    // reader would stop at the NUL and accept).
    expect_invalid_typeid(with_nul(valid, 3), kTypeIdPrefixCharacterReason);
    expect_invalid_typeid(with_nul(valid, 20), kTypeIdSuffixAlphabetReason);
    expect_invalid_typeid(valid + std::string(1, '\0'), kTypeIdSuffixLengthReason);
    expect_invalid_typeid(std::string(1, '\0') + valid, kTypeIdPrefixCharacterReason);
    expect_invalid_typeid(std::string(26, '\0'), kTypeIdSuffixAlphabetReason);
    // Non-ASCII: UTF-8 é for the last digit (two bytes for one character, so the length
    // is wrong first), Latin-1 é for it, bytes >= 0x80 that are digits | 0x80.
    expect_invalid_typeid("prefix_01h455vb4pex5vsknk084sn02\xC3\xA9", kTypeIdSuffixLengthReason);
    expect_invalid_typeid("prefix_01h455vb4pex5vsknk084sn02\xE9", kTypeIdSuffixAlphabetReason);
    expect_invalid_typeid("prefix_01h455vb4pex5vsknk084sn0\xC3\xA9", kTypeIdSuffixAlphabetReason);
    expect_invalid_typeid(
        "prefix_\xB0"
        "1h455vb4pex5vsknk084sn02q",
        kTypeIdSuffixAlphabetReason);
    expect_invalid_typeid("\xF0\xE5\xE6_01h455vb4pex5vsknk084sn02q", kTypeIdPrefixCharacterReason);
    expect_invalid_typeid(std::string(26, '\xFF'), kTypeIdSuffixAlphabetReason);
}

TEST(TypeIdBytes, HugeInputsAreRefusedByLength) {
    using namespace uuidx;
    const std::string suffix = "01h455vb4pex5vsknk084sn02q";
    expect_invalid_typeid(std::string(1 << 20, 'a') + "_" + suffix, kTypeIdPrefixTooLongReason);
    expect_invalid_typeid(std::string(1 << 20, '0'), kTypeIdWithoutPrefixLengthReason);
    expect_invalid_typeid("user_" + std::string(1 << 20, '0'), kTypeIdSuffixLengthReason);
    expect_invalid_typeid(std::string(1 << 20, '_'), kTypeIdPrefixTooLongReason);
}

TEST(TypeIdReason, SuccessClearsAStaleReason) {
    const char* reason = kStaleReason;
    ASSERT_TRUE(uuidx::uuid_from_typeid("prefix_01h455vb4pex5vsknk084sn02q", reason));
    EXPECT_EQ(reason, nullptr);
    reason = kStaleReason;
    ASSERT_TRUE(uuidx::typeid_from_uuid("user", uuidx::kMaxUuid, reason));
    EXPECT_EQ(reason, nullptr);
    reason = kStaleReason;
    ASSERT_TRUE(uuidx::uuid_from_ulid("01ARZ3NDEKTSV4RRFFQ69G5FAV", reason));
    EXPECT_EQ(reason, nullptr);
}

TEST(TextFormReasons, AreDistinctSentencesInErrdetailStyle) {
    std::vector<std::string> seen;
    for (const char* reason : kAllReasons) {
        const std::string text(reason);
        ASSERT_GT(text.size(), 10u);
        EXPECT_TRUE(text[0] >= 'A' && text[0] <= 'Z') << text;
        EXPECT_EQ(text.back(), '.') << text;
        EXPECT_EQ(std::find(seen.begin(), seen.end(), text), seen.end()) << text;
        seen.push_back(text);
    }
    EXPECT_EQ(seen.size(), 19u);
}

// --- ULID ------------------------------------------------------------------------------------

TEST(UlidSpec, PublishedUuidPairsConvertBothWays) {
    // ulid/javascript test/node/uuid.spec.ts.
    const struct {
        const char* ulid;
        const char* uuid;
    } pairs[] = {
        {"01ARYZ6S41TSV4RRFFQ69G5FAV", "01563df3-6481-d676-4c61-efb99302bd5b"},
        {"01JQ4T23H220KM7X0B3V1109DQ", "0195c9a1-0e22-1027-43f4-0b1ec21025b7"},
        {"01JQ4T8BHJR0A5YKX7SVTVX0YN", "0195c9a4-2e32-c014-5f4f-a7cef5be83d5"},
        {"01JQ4T8X6CA54VSH0AANN0SWCX", "0195c9a4-74cc-5149-bcc4-0a556a0cf19d"},
    };
    for (const auto& pair : pairs) {
        SCOPED_TRACE(pair.ulid);
        const UlidOutcome decoded = decode_ulid(pair.ulid);
        ASSERT_TRUE(decoded.result) << decoded.reason;
        EXPECT_EQ(decoded.reason, nullptr);
        EXPECT_EQ(canonical(decoded.result.value), pair.uuid);
        EXPECT_EQ(encode_ulid(decoded.result.value), pair.ulid);
    }
}

uint64_t unix_ms_of(const Uuid& u) {
    uint64_t ms = 0;
    for (int i = 0; i < 6; ++i) ms = (ms << 8) | u.bytes[static_cast<size_t>(i)];
    return ms;
}

TEST(UlidSpec, TimestampExamplesAreTheFirst48Bits) {
    // ulid/spec README and ulid/javascript: ulid(1469918176385) starts "01ARYZ6S41";
    // decodeTime("01ARZ3NDEKTSV4RRFFQ69G5FAV") is 1469922850259; the largest ULID
    // 7ZZZZZZZZZZZZZZZZZZZZZZZZZ has time 2^48 - 1.
    Uuid at_time{};
    const uint64_t ms = 1469918176385;
    for (int i = 0; i < 6; ++i) at_time.bytes[static_cast<size_t>(i)] = static_cast<uint8_t>(ms >> (40 - 8 * i));
    EXPECT_EQ(encode_ulid(at_time), "01ARYZ6S410000000000000000");
    EXPECT_EQ(encode_ulid(at_time).substr(0, 10), "01ARYZ6S41");

    const UlidOutcome example = decode_ulid("01ARZ3NDEKTSV4RRFFQ69G5FAV");
    ASSERT_TRUE(example.result);
    EXPECT_EQ(unix_ms_of(example.result.value), 1469922850259u);

    const UlidOutcome largest = decode_ulid("7ZZZZZZZZZZZZZZZZZZZZZZZZZ");
    ASSERT_TRUE(largest.result);
    EXPECT_EQ(largest.result.value, uuidx::kMaxUuid);
    EXPECT_EQ(unix_ms_of(largest.result.value), 281474976710655u);

    // The README's other examples decode (their UUIDs: the reference codec's).
    for (const char* text :
         {"01AN4Z07BY79KA1307SR9X4MV3", "01BX5ZZKBKACTAV9WEVGEMMVRZ", "01BX5ZZKBKZZZZZZZZZZZZZZZZ"}) {
        const UlidOutcome decoded = decode_ulid(text);
        ASSERT_TRUE(decoded.result) << text;
        EXPECT_EQ(decoded.result.value, *base32_reference_decode(text, kUlidAlphabet)) << text;
    }
    // Monotonic successors of the README differ in the last character and sort in order.
    EXPECT_LT(decode_ulid("01BX5ZZKBKACTAV9WEVGEMMVRZ").result.value,
              decode_ulid("01BX5ZZKBKACTAV9WEVGEMMVS0").result.value);
}

TEST(UlidSpec, AV7CarriesItsMillisecondInTheFirstTenCharacters) {
    // RFC 9562 A.6: unix_ts_ms 0x017F22E279B0 = 1645557742000.
    const Uuid rfc_v7 = uuid_from_canonical("017f22e2-79b0-7cc3-98c4-dc0c0c07398f");
    const std::string ulid = encode_ulid(rfc_v7);
    EXPECT_EQ(ulid, "01FWHE4YDGFK1SHH6W1G60EECF");
    // The first 10 characters are 50 bits: the two padding zeros and the 48-bit time.
    uint64_t time = 0;
    for (size_t i = 0; i < 10; ++i) time = time * 32 + kUlidAlphabet.find(ulid[i]);
    EXPECT_EQ(time, 1645557742000u);
    std::mt19937_64 random(0x5EED0007);
    for (int n = 0; n < 10000; ++n) {
        Uuid v7 = random_uuid(random);
        v7.set_version_and_variant(7);
        const std::string text = encode_ulid(v7);
        uint64_t decoded_time = 0;
        for (size_t i = 0; i < 10; ++i) decoded_time = decoded_time * 32 + kUlidAlphabet.find(text[i]);
        ASSERT_EQ(decoded_time, unix_ms_of(v7)) << text;
    }
}

TEST(UlidCase, LowerAndMixedCaseAreReadAndUpperCaseIsWritten) {
    const char* const uuid = "01563df3-6481-d676-4c61-efb99302bd5b";
    for (const char* text :
         {"01ARYZ6S41TSV4RRFFQ69G5FAV", "01aryz6s41tsv4rrffq69g5fav", "01aRyZ6s41TsV4rRfFq69G5fAv"}) {
        const UlidOutcome decoded = decode_ulid(text);
        ASSERT_TRUE(decoded.result) << text;
        EXPECT_EQ(canonical(decoded.result.value), uuid) << text;
        EXPECT_EQ(encode_ulid(decoded.result.value), "01ARYZ6S41TSV4RRFFQ69G5FAV");
    }
    const UlidOutcome max_lower = decode_ulid("7zzzzzzzzzzzzzzzzzzzzzzzzz");
    ASSERT_TRUE(max_lower.result);
    EXPECT_EQ(max_lower.result.value, uuidx::kMaxUuid);
}

TEST(UlidAlphabet, ILOAndUAreRefusedInEitherCaseNotReadAsOneOrZero) {
    // General Crockford decoding reads I and L as 1 and O as 0; the ULID alphabet has none
    // of the four.
    for (const char letter : std::string_view("ILOUilou")) {
        for (size_t position : {size_t{0}, size_t{1}, size_t{13}, size_t{25}}) {
            std::string text = "01ARYZ6S41TSV4RRFFQ69G5FAV";
            text[position] = letter;
            expect_invalid_ulid(text, uuidx::kUlidExcludedLetterReason);
        }
    }
    expect_invalid_ulid("0IARYZ6S41TSV4RRFFQ69G5FAV", uuidx::kUlidExcludedLetterReason);
    expect_invalid_ulid("O1ARYZ6S41TSV4RRFFQ69G5FAV", uuidx::kUlidExcludedLetterReason);
}

TEST(UlidAlphabet, EveryByteInEveryPositionIsAcceptedExactlyWhenInTheAlphabet) {
    for (size_t position = 0; position < 26; ++position) {
        for (int byte = 0; byte < 256; ++byte) {
            std::string text(26, '0');
            const char c = static_cast<char>(byte);
            text[position] = c;
            const size_t upper_digit = kUlidAlphabet.find(ascii_upper(std::string(1, c))[0]);
            const bool in_alphabet = byte != 0 && upper_digit != std::string_view::npos;
            const UlidOutcome decoded = decode_ulid(text);
            if (in_alphabet && (position > 0 || upper_digit <= 7)) {
                ASSERT_TRUE(decoded.result) << position << " " << byte;
                EXPECT_EQ(decoded.result.value, *base32_reference_decode(ascii_upper(text), kUlidAlphabet));
            } else if (in_alphabet) {
                EXPECT_STREQ(decoded.reason, uuidx::kUlidOverflowReason) << byte;
            } else if (std::string_view("ILOUilou").find(c) != std::string_view::npos && byte != 0) {
                EXPECT_STREQ(decoded.reason, uuidx::kUlidExcludedLetterReason) << byte;
            } else {
                EXPECT_STREQ(decoded.reason, uuidx::kUlidAlphabetReason) << position << " " << byte;
            }
        }
    }
}

TEST(UlidAlphabet, FirstCharacterAboveSevenOverflows) {
    for (const char first : kUlidAlphabet) {
        const std::string text = first + std::string("0000000000000000000000000");
        if (first <= '7') {
            ASSERT_TRUE(decode_ulid(text).result) << text;
            ASSERT_TRUE(decode_ulid(ascii_lower(text)).result) << text;
        } else {
            expect_invalid_ulid(text, uuidx::kUlidOverflowReason);
            expect_invalid_ulid(ascii_lower(text), uuidx::kUlidOverflowReason);
        }
    }
    expect_invalid_ulid("8ZZZZZZZZZZZZZZZZZZZZZZZZZ", uuidx::kUlidOverflowReason);
    expect_invalid_ulid("80000000000000000000000000", uuidx::kUlidOverflowReason);
    // A bad character anywhere is reported before the overflow.
    expect_invalid_ulid("8000000000000000000000000U", uuidx::kUlidExcludedLetterReason);
}

TEST(UlidBytes, LengthNulNonAsciiAndSeparatorsAreRefused) {
    using namespace uuidx;
    const std::string valid = "01ARYZ6S41TSV4RRFFQ69G5FAV";
    expect_invalid_ulid("", kEmptyTextReason);
    expect_invalid_ulid(valid.substr(0, 25), kUlidLengthReason);
    expect_invalid_ulid(valid + "0", kUlidLengthReason);
    expect_invalid_ulid(valid + std::string(1, '\0'), kUlidLengthReason);
    expect_invalid_ulid(std::string(1 << 20, '0'), kUlidLengthReason);
    expect_invalid_ulid(with_nul(valid, 0), kUlidAlphabetReason);
    expect_invalid_ulid(with_nul(valid, 12), kUlidAlphabetReason);
    expect_invalid_ulid(std::string(26, '\0'), kUlidAlphabetReason);
    expect_invalid_ulid("01ARYZ6S41TSV4RRFFQ69G5FA\xC9", kUlidAlphabetReason);     // 'I' | 0x80
    expect_invalid_ulid("01ARYZ6S41TSV4RRFFQ69G5F\xC3\x89", kUlidAlphabetReason);  // É in UTF-8
    expect_invalid_ulid("01ARYZ6S41-TSV4RRFFQ69G5FA", kUlidAlphabetReason);
    expect_invalid_ulid(" 1ARYZ6S41TSV4RRFFQ69G5FAV", kUlidAlphabetReason);
    expect_invalid_ulid("01ARYZ6S41_SV4RRFFQ69G5FAV", kUlidAlphabetReason);
    expect_invalid_ulid("01ARYZ6S41TSV4RRFFQ69G5FA*", kUlidAlphabetReason);
    expect_invalid_ulid("01ARYZ6S41TSV4RRFFQ69G5FA~", kUlidAlphabetReason);  // Crockford's check symbols
    expect_invalid_ulid("01ARYZ6S41TSV4RRFFQ69G5FA$", kUlidAlphabetReason);
}

// --- both: round trips, agreement with the reference, order ----------------------------------

TEST(TextFormsRoundTrip, TwoMillionRandomUuidsComeBackThroughBothForms) {
    std::mt19937_64 random(0x7E57F0A5);
    const std::string_view prefixes[] = {"", "user", "a_b", kMaxPrefix};
    constexpr int kCount = 2'000'000;
    int checked_against_reference = 0;
    for (int n = 0; n < kCount; ++n) {
        const Uuid u = random_uuid(random);
        const std::string_view prefix = prefixes[n % 4];
        const char* reason = kStaleReason;
        const auto typeid_text = uuidx::typeid_from_uuid(prefix, u, reason);
        ASSERT_TRUE(typeid_text);
        const std::string_view text = typeid_text.value.view();
        const auto decoded = uuidx::uuid_from_typeid(text, reason);
        ASSERT_TRUE(decoded) << text << ": " << reason;
        ASSERT_EQ(decoded.value.uuid, u) << text;
        ASSERT_EQ(decoded.value.prefix_length, prefix.size()) << text;
        const std::string_view suffix = text.substr(text.size() - 26);
        ASSERT_LE(suffix[0], '7') << text;

        const uuidx::UlidText ulid = uuidx::ulid_from_uuid(u);
        // Same bits, same alphabet order: the ULID is the TypeID suffix in upper case.
        ASSERT_EQ(ulid.view(), ascii_upper(suffix));
        const auto from_ulid = uuidx::uuid_from_ulid(n % 2 ? ulid.view() : std::string_view(suffix), reason);
        ASSERT_TRUE(from_ulid) << ulid.chars << ": " << reason;
        ASSERT_EQ(from_ulid.value, u) << ulid.chars;

        if (n % 8 == 0) {
            ASSERT_EQ(suffix, base32_reference_encode(u, kTypeIdAlphabet)) << canonical(u);
            ++checked_against_reference;
        }
    }
    EXPECT_EQ(checked_against_reference, kCount / 8);
}

TEST(TextFormsRoundTrip, EdgeUuidsAgreeWithTheReference) {
    std::vector<Uuid> edges = {uuidx::kNilUuid, uuidx::kMaxUuid};
    for (int bit = 0; bit < 128; ++bit) {
        Uuid one{};
        one.bytes[static_cast<size_t>(bit / 8)] = static_cast<uint8_t>(0x80 >> (bit % 8));
        Uuid all_but_one = uuidx::kMaxUuid;
        all_but_one.bytes[static_cast<size_t>(bit / 8)] ^= static_cast<uint8_t>(0x80 >> (bit % 8));
        edges.push_back(one);
        edges.push_back(all_but_one);
    }
    for (const Uuid& u : edges) {
        const std::string expected = base32_reference_encode(u, kTypeIdAlphabet);
        EXPECT_EQ(encode_typeid("", u), expected) << canonical(u);
        EXPECT_EQ(encode_ulid(u), ascii_upper(expected)) << canonical(u);
        EXPECT_EQ(decode_typeid(expected).result.value.uuid, u) << expected;
        EXPECT_EQ(decode_ulid(expected).result.value, u) << expected;
    }
    EXPECT_EQ(encode_ulid(uuidx::kNilUuid), "00000000000000000000000000");
    EXPECT_EQ(encode_ulid(uuidx::kMaxUuid), "7ZZZZZZZZZZZZZZZZZZZZZZZZZ");
}

// Random UUIDs, many sharing leading bytes so that texts differ late as well as early.
std::vector<Uuid> clustered_random_uuids(std::mt19937_64& random, int count) {
    std::vector<Uuid> uuids;
    Uuid base = random_uuid(random);
    for (int n = 0; n < count; ++n) {
        Uuid u = random_uuid(random);
        const size_t shared = static_cast<size_t>(random() % 17);  // 0..16 leading bytes of `base`
        for (size_t i = 0; i < shared; ++i) u.bytes[i] = base.bytes[i];
        if (shared == 16 && n % 2) u.bytes[15] ^= static_cast<uint8_t>(1u << (random() % 8));  // one bit apart
        if (n % 100 == 0) base = random_uuid(random);
        uuids.push_back(u);
    }
    return uuids;
}

TEST(TextFormsOrder, TextsSortBytewiseLikeTheirUuids) {
    std::mt19937_64 random(0x0DE7);
    for (int round = 0; round < 20; ++round) {
        std::vector<Uuid> uuids = clustered_random_uuids(random, 5000);
        uuids.push_back(uuidx::kNilUuid);
        uuids.push_back(uuidx::kMaxUuid);
        std::sort(uuids.begin(), uuids.end());
        uuids.erase(std::unique(uuids.begin(), uuids.end()), uuids.end());
        std::vector<std::string> ulids, bare_typeids, user_typeids;
        for (const Uuid& u : uuids) {
            ulids.push_back(encode_ulid(u));
            bare_typeids.push_back(encode_typeid("", u));
            user_typeids.push_back(encode_typeid("user", u));
        }
        // Strictly increasing under std::string's order (char_traits compares as unsigned
        // char, i.e. memcmp: the C collation).
        for (size_t i = 1; i < uuids.size(); ++i) {
            ASSERT_LT(ulids[i - 1], ulids[i]) << canonical(uuids[i - 1]) << " " << canonical(uuids[i]);
            ASSERT_LT(bare_typeids[i - 1], bare_typeids[i]);
            ASSERT_LT(user_typeids[i - 1], user_typeids[i]);
            ASSERT_LT(std::memcmp(ulids[i - 1].data(), ulids[i].data(), 26), 0);
            // Lower case ULID input (the form TypeID uses) sorts the same way.
            ASSERT_LT(ascii_lower(ulids[i - 1]), ascii_lower(ulids[i]));
        }
    }
}

TEST(TextFormsOrder, ShuffledTextsSortBackToTheUuidOrder) {
    std::mt19937_64 random(0x50F7);
    std::vector<Uuid> uuids = clustered_random_uuids(random, 20000);
    std::vector<std::pair<std::string, Uuid>> by_ulid, by_typeid;
    for (const Uuid& u : uuids) {
        by_ulid.emplace_back(encode_ulid(u), u);
        by_typeid.emplace_back(encode_typeid("order_test", u), u);
    }
    const auto text_less = [](const auto& a, const auto& b) { return a.first < b.first; };
    std::sort(by_ulid.begin(), by_ulid.end(), text_less);
    std::sort(by_typeid.begin(), by_typeid.end(), text_less);
    std::sort(uuids.begin(), uuids.end());
    for (size_t i = 0; i < uuids.size(); ++i) {
        ASSERT_EQ(by_ulid[i].second, uuids[i]) << i;
        ASSERT_EQ(by_typeid[i].second, uuids[i]) << i;
    }
}

TEST(TextFormsOrder, V7sOfIncreasingMillisecondsGiveIncreasingTexts) {
    std::mt19937_64 random(0x77);
    std::string previous_ulid, previous_typeid;
    uint64_t ms = 1645557742000;
    for (int n = 0; n < 10000; ++n) {
        ms += random() % 3 + 1;
        Uuid v7 = random_uuid(random);
        for (int i = 0; i < 6; ++i) v7.bytes[static_cast<size_t>(i)] = static_cast<uint8_t>(ms >> (40 - 8 * i));
        v7.set_version_and_variant(7);
        const std::string ulid = encode_ulid(v7);
        const std::string typeid_text = encode_typeid("user", v7);
        ASSERT_LT(previous_ulid, ulid);
        ASSERT_LT(previous_typeid, typeid_text);
        previous_ulid = ulid;
        previous_typeid = typeid_text;
    }
}

}  // namespace
