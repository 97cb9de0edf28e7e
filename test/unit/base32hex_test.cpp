// base32hex (RFC 4648 section 7) of UUIDs: PostgreSQL 19's encode(id::bytea, 'base32hex')
// without its padding, checked against a reference written from the RFC's description (the
// bits as a string of '0' and '1', two zero bits appended, cut in fives), against values
// PostgreSQL 19 printed, and for every refusal the header documents.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "test_util.hpp"
#include "text_forms.hpp"

namespace {

using uuidx::Uuid;
constexpr std::string_view kAlphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUV";
constexpr const char* kStaleReason = "stale";

std::string reference_encode(const Uuid& u) {
    std::string bits;
    for (const uint8_t byte : u.bytes)
        for (int bit = 7; bit >= 0; --bit) bits += ((byte >> bit) & 1) ? '1' : '0';
    bits += "00";  // RFC 4648: the last group is padded with zero bits
    std::string text;
    for (size_t at = 0; at < bits.size(); at += 5) text += kAlphabet[std::stoul(bits.substr(at, 5), nullptr, 2)];
    return text;
}

Uuid random_uuid(std::mt19937_64& random) {
    Uuid u{};
    for (uint8_t& byte : u.bytes) byte = static_cast<uint8_t>(random());
    return u;
}

std::string lower(std::string text) {
    std::transform(text.begin(), text.end(), text.begin(),
                   [](char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; });
    return text;
}

void expect_refused(std::string_view text, const char* reason) {
    const char* got = kStaleReason;
    const auto decoded = uuidx::uuid_from_base32hex(text, got);
    EXPECT_FALSE(decoded) << "'" << text << "' was accepted";
    EXPECT_EQ(decoded.error, uuidx::Errc::invalid_text_form) << text;
    EXPECT_STREQ(got, reason) << "'" << text << "'";
}

TEST(Base32Hex, ValuesPostgreSql19Printed) {
    // rtrim(encode(id::bytea, 'base32hex'), '=') on PostgreSQL 19~rc1.
    EXPECT_EQ(uuidx::base32hex_from_uuid(uuidx::uuid_from_canonical("017f22e2-79b0-7cc3-98c4-dc0c0c07398f")).view(),
              "05VI5OJPM1UC7664RG60O1PPHS");
    EXPECT_EQ(uuidx::base32hex_from_uuid(uuidx::kNilUuid).view(), "00000000000000000000000000");
    EXPECT_EQ(uuidx::base32hex_from_uuid(uuidx::kMaxUuid).view(), "VVVVVVVVVVVVVVVVVVVVVVVVVS");
}

TEST(Base32Hex, AMillionRandomUuidsAgreeWithTheReferenceAndComeBackInEveryAcceptedSpelling) {
    std::mt19937_64 random(0xB32E);
    for (int n = 0; n < 1'000'000; ++n) {
        const Uuid u = random_uuid(random);
        const uuidx::Base32HexText text = uuidx::base32hex_from_uuid(u);
        ASSERT_EQ(text.chars[26], '\0');
        if (n % 4 == 0) {
            ASSERT_EQ(text.view(), reference_encode(u));
        }
        const std::string spellings[] = {std::string(text.view()), lower(std::string(text.view())),
                                         std::string(text.view()) + "======"};
        for (const std::string& spelling : spellings) {
            const char* reason = kStaleReason;
            const auto decoded = uuidx::uuid_from_base32hex(spelling, reason);
            ASSERT_TRUE(decoded) << spelling << ": " << reason;
            ASSERT_EQ(decoded.value, u) << spelling;
            ASSERT_EQ(reason, nullptr);
        }
    }
}

TEST(Base32Hex, EverySingleBitAgreesWithTheReference) {
    for (int bit = 0; bit < 128; ++bit) {
        Uuid one{};
        one.bytes[static_cast<size_t>(bit / 8)] = static_cast<uint8_t>(0x80 >> (bit % 8));
        EXPECT_EQ(uuidx::base32hex_from_uuid(one).view(), reference_encode(one)) << bit;
    }
}

TEST(Base32Hex, TextsSortLikeTheirUuids) {
    std::mt19937_64 random(0x50F7);
    std::vector<Uuid> uuids = {uuidx::kNilUuid, uuidx::kMaxUuid};
    for (int n = 0; n < 20'000; ++n) uuids.push_back(random_uuid(random));
    std::sort(uuids.begin(), uuids.end());
    for (size_t i = 1; i < uuids.size(); ++i)
        ASSERT_LE(uuidx::base32hex_from_uuid(uuids[i - 1]).view(), uuidx::base32hex_from_uuid(uuids[i]).view());
}

TEST(Base32Hex, EachRefusalHasItsReasonInTheDocumentedOrder) {
    const std::string valid = "05VI5OJPM1UC7664RG60O1PPHS";
    expect_refused("", uuidx::kEmptyTextReason);
    // White space anywhere, even where PostgreSQL 19's decode() would skip it, and before
    // the length is judged.
    expect_refused(" " + valid, uuidx::kBase32HexWhiteSpaceReason);
    expect_refused(valid.substr(0, 13) + "\n" + valid.substr(13), uuidx::kBase32HexWhiteSpaceReason);
    expect_refused(valid + "\t", uuidx::kBase32HexWhiteSpaceReason);
    expect_refused(valid.substr(0, 25), uuidx::kBase32HexLengthReason);
    expect_refused(valid + "0", uuidx::kBase32HexLengthReason);
    expect_refused(valid + "=", uuidx::kBase32HexLengthReason);
    expect_refused(valid + "=====", uuidx::kBase32HexLengthReason);
    expect_refused(valid + "=======", uuidx::kBase32HexLengthReason);
    expect_refused(valid + "=====0", uuidx::kBase32HexPaddingReason);
    expect_refused(valid + "0=====", uuidx::kBase32HexPaddingReason);
    expect_refused(valid.substr(0, 25) + "W", uuidx::kBase32HexAlphabetReason);
    expect_refused("W" + valid.substr(1), uuidx::kBase32HexAlphabetReason);
    expect_refused(valid.substr(0, 10) + "=" + valid.substr(11), uuidx::kBase32HexAlphabetReason);
    expect_refused(std::string(1, '\0') + valid.substr(1), uuidx::kBase32HexAlphabetReason);
    expect_refused(valid.substr(0, 5) + "\xC3\xA9" + valid.substr(7), uuidx::kBase32HexAlphabetReason);
    // The last character carries 3 bits and 2 zero bits: only 0, 4, 8, C, G, K, O, S.
    for (const char last : kAlphabet) {
        const std::string text = valid.substr(0, 25) + last;
        const char* reason = kStaleReason;
        const bool accepted = static_cast<bool>(uuidx::uuid_from_base32hex(text, reason));
        EXPECT_EQ(accepted, std::string_view("048CGKOS").find(last) != std::string_view::npos) << text;
        if (!accepted) {
            EXPECT_STREQ(reason, uuidx::kBase32HexTrailingBitsReason) << text;
        }
    }
}

TEST(Base32Hex, EveryByteInEveryPositionIsReadExactlyWhenInTheAlphabetInEitherCase) {
    const std::string valid = "05VI5OJPM1UC7664RG60O1PPHS";
    for (size_t position = 0; position < 25; ++position) {
        for (int byte = 0; byte < 256; ++byte) {
            std::string text = valid;
            text[position] = static_cast<char>(byte);
            const char c = static_cast<char>(byte);
            const bool white = c == ' ' || (c >= '\t' && c <= '\r');
            const bool digit = kAlphabet.find(c) != std::string_view::npos || (c >= 'a' && c <= 'v');
            const char* reason = kStaleReason;
            const auto decoded = uuidx::uuid_from_base32hex(text, reason);
            ASSERT_EQ(static_cast<bool>(decoded), digit) << position << " " << byte;
            if (!digit) {
                ASSERT_STREQ(reason, white ? uuidx::kBase32HexWhiteSpaceReason : uuidx::kBase32HexAlphabetReason);
            }
        }
    }
}

}  // namespace
