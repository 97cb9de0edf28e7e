#include "text_forms.hpp"

namespace uuidx {

namespace {

constexpr char kBase32HexAlphabet[] = "0123456789ABCDEFGHIJKLMNOPQRSTUV";
static_assert(base32::ascending(kBase32HexAlphabet), "texts must sort like the UUIDs");
constexpr base32::DigitTable kBase32HexDigits = base32::digit_table(kBase32HexAlphabet, true);
constexpr size_t kPaddedLength = 32;  // RFC 4648 pads to a multiple of 8 characters

constexpr bool is_white_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

constexpr const char* base32hex_problem(std::string_view text) {
    if (text.empty()) return kEmptyTextReason;
    for (const char c : text)
        if (is_white_space(c)) return kBase32HexWhiteSpaceReason;
    if (text.size() != kBase32UuidLength && text.size() != kPaddedLength) return kBase32HexLengthReason;
    for (size_t i = kBase32UuidLength; i < text.size(); ++i)
        if (text[i] != '=') return kBase32HexPaddingReason;
    for (size_t i = 0; i < kBase32UuidLength; ++i)
        if (kBase32HexDigits.of(text[i]) == base32::kNotADigit) return kBase32HexAlphabetReason;
    if ((kBase32HexDigits.of(text[kBase32UuidLength - 1]) & 0x03) != 0) return kBase32HexTrailingBitsReason;
    return nullptr;
}

// RFC 4648 section 10's test vectors are of strings, not UUIDs; these are PostgreSQL 19's
// encode(id::bytea, 'base32hex') of RFC 9562 A.6, nil and max, with the padding trimmed.
constexpr bool encodes_to(const Uuid& uuid, std::string_view expected) {
    char digits[kBase32UuidLength] = {};
    base32::encode(uuid, kBase32HexAlphabet, base32::SpareBits::at_the_end, digits);
    return std::string_view(digits, kBase32UuidLength) == expected;
}
static_assert(encodes_to(uuid_from_canonical("017f22e2-79b0-7cc3-98c4-dc0c0c07398f"), "05VI5OJPM1UC7664RG60O1PPHS"));
static_assert(encodes_to(kNilUuid, "00000000000000000000000000"));
static_assert(encodes_to(kMaxUuid, "VVVVVVVVVVVVVVVVVVVVVVVVVS"));
static_assert(base32hex_problem("VVVVVVVVVVVVVVVVVVVVVVVVVT") == kBase32HexTrailingBitsReason);

}  // namespace

Base32HexText base32hex_from_uuid(const Uuid& uuid) noexcept {
    Base32HexText text{};
    base32::encode(uuid, kBase32HexAlphabet, base32::SpareBits::at_the_end, text.chars);
    text.chars[kBase32UuidLength] = '\0';
    return text;
}

Result<Uuid> uuid_from_base32hex(std::string_view text, const char*& reason) noexcept {
    if (const char* problem = base32hex_problem(text)) {
        reason = problem;
        return Result<Uuid>::failure(Errc::invalid_text_form);
    }
    reason = nullptr;
    return {base32::decode(text, kBase32HexDigits, base32::SpareBits::at_the_end)};
}

}  // namespace uuidx
