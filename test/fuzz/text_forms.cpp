// uuid_from_typeid(), typeid_prefix() and uuid_from_ulid() over any bytes, and the encoders
// over a UUID and a prefix cut from the input. The oracles are written here from the
// specifications, not from text_forms.cpp: validity from the grammars (TypeID 0.3: prefix
// ^([a-z]([a-z_]{0,61}[a-z])?)?$, then "_" unless empty, then [0-7] and 25 digits of
// 0123456789abcdefghjkmnpqrstvwxyz; ULID: the same 26 digits of
// 0123456789ABCDEFGHJKMNPQRSTVWXYZ in either case), values by big-number arithmetic in
// base 32 (the core shifts bits), and the reason of a refusal from the order of checks
// text_forms.hpp documents. A text that decodes encodes back to itself (upper case for a
// ULID); an encoded text decodes back to its UUID; texts sort like their UUIDs.
#include <array>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>

#include "../unit/base32_reference.hpp"
#include "properties.hpp"
#include "text_forms.hpp"

namespace {

using uuidx::Errc;
using uuidx::Uuid;

constexpr std::string_view kTypeIdDigits = "0123456789abcdefghjkmnpqrstvwxyz";
constexpr std::string_view kUlidDigits = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

// The digit's value, or -1. string_view::find, not a table: another way to the same answer.
int digit_value(std::string_view alphabet, char c) {
    const size_t at = alphabet.find(c);
    return at == std::string_view::npos ? -1 : static_cast<int>(at);
}

bool is_lower_letter(char c) { return c >= 'a' && c <= 'z'; }
char upper(char c) { return is_lower_letter(c) ? static_cast<char>(c - 'a' + 'A') : c; }
char lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

// The documented reason for a prefix, null when it is valid.
const char* expected_prefix_problem(std::string_view prefix) {
    if (prefix.size() > 63) return uuidx::kTypeIdPrefixTooLongReason;
    for (const char c : prefix)
        if (!is_lower_letter(c) && c != '_') return uuidx::kTypeIdPrefixCharacterReason;
    if (!prefix.empty() && (!is_lower_letter(prefix.front()) || !is_lower_letter(prefix.back())))
        return uuidx::kTypeIdPrefixEdgeUnderscoreReason;
    return nullptr;
}

// What a TypeID should decode to: the reason (null if valid), else the UUID and the prefix.
struct ExpectedTypeId {
    const char* reason = nullptr;
    Uuid uuid{};
    std::string_view prefix;
};

ExpectedTypeId expected_typeid(std::string_view text) {
    ExpectedTypeId expected;
    if (text.empty()) {
        expected.reason = uuidx::kEmptyTextReason;
        return expected;
    }
    size_t separator = text.size();  // none
    for (size_t i = text.size(); i-- > 0;)
        if (text[i] == '_') {
            separator = i;
            break;
        }
    std::string_view suffix = text;
    if (separator < text.size()) {
        if (separator == 0) {
            expected.reason = uuidx::kTypeIdSeparatorWithoutPrefixReason;
            return expected;
        }
        expected.prefix = text.substr(0, separator);
        suffix = text.substr(separator + 1);
        if ((expected.reason = expected_prefix_problem(expected.prefix))) return expected;
    }
    if (suffix.size() != 26) {
        // With no separator the whole text is the suffix, and the reason says so.
        expected.reason =
            separator < text.size() ? uuidx::kTypeIdSuffixLengthReason : uuidx::kTypeIdWithoutPrefixLengthReason;
        return expected;
    }
    for (const char c : suffix) {
        if (c != '\0' && digit_value(kTypeIdDigits, c) >= 0) continue;
        const bool upper_case_digit = c >= 'A' && c <= 'Z' && digit_value(kTypeIdDigits, lower(c)) >= 0;
        expected.reason = upper_case_digit ? uuidx::kTypeIdSuffixUpperCaseReason : uuidx::kTypeIdSuffixAlphabetReason;
        return expected;
    }
    const std::optional<Uuid> decoded = uuidx_test::base32_reference_decode(suffix, kTypeIdDigits);
    const bool fits = decoded.has_value();
    if (fits) expected.uuid = *decoded;
    // The spec's rule and the arithmetic agree: more than 128 bits exactly when the
    // first digit is above 7.
    FUZZ_CHECK(fits == (digit_value(kTypeIdDigits, suffix[0]) <= 7));
    if (!fits) expected.reason = uuidx::kTypeIdSuffixOverflowReason;
    return expected;
}

struct ExpectedUlid {
    const char* reason = nullptr;
    Uuid uuid{};
};

ExpectedUlid expected_ulid(std::string_view text) {
    ExpectedUlid expected;
    if (text.empty()) {
        expected.reason = uuidx::kEmptyTextReason;
        return expected;
    }
    if (text.size() != 26) {
        expected.reason = uuidx::kUlidLengthReason;
        return expected;
    }
    std::string upper_text(text);
    for (char& c : upper_text) {
        c = upper(c);
        if (c != '\0' && digit_value(kUlidDigits, c) >= 0) continue;
        const bool excluded = c == 'I' || c == 'L' || c == 'O' || c == 'U';
        expected.reason = excluded ? uuidx::kUlidExcludedLetterReason : uuidx::kUlidAlphabetReason;
        return expected;
    }
    const std::optional<Uuid> decoded = uuidx_test::base32_reference_decode(upper_text, kUlidDigits);
    const bool fits = decoded.has_value();
    if (fits) expected.uuid = *decoded;
    FUZZ_CHECK(fits == (digit_value(kUlidDigits, upper_text[0]) <= 7));
    if (!fits) expected.reason = uuidx::kUlidOverflowReason;
    return expected;
}

bool same_reason(const char* actual, const char* expected) {
    return actual == expected || (actual != nullptr && expected != nullptr && std::strcmp(actual, expected) == 0);
}

void check_typeid_decoding(std::string_view text) {
    const ExpectedTypeId expected = expected_typeid(text);
    const char* reason = "stale";
    const uuidx::Result<uuidx::DecodedTypeId> decoded = uuidx::uuid_from_typeid(text, reason);
    FUZZ_CHECK(same_reason(reason, expected.reason));
    const char* prefix_reason = "stale";
    const uuidx::Result<uuidx::TypeIdPrefix> prefix = uuidx::typeid_prefix(text, prefix_reason);
    FUZZ_CHECK(same_reason(prefix_reason, expected.reason));
    if (expected.reason != nullptr) {
        FUZZ_CHECK(!decoded && decoded.error == Errc::invalid_text_form);
        FUZZ_CHECK(!prefix && prefix.error == Errc::invalid_text_form);
        return;
    }
    FUZZ_CHECK(decoded && decoded.value.uuid == expected.uuid);
    FUZZ_CHECK(decoded.value.prefix_length == expected.prefix.size());
    FUZZ_CHECK(prefix && prefix.value.view() == expected.prefix && prefix.value.chars[prefix.value.length] == '\0');

    // Decoded, then encoded: the same text, byte for byte.
    const uuidx::Result<uuidx::TypeIdText> again = uuidx::typeid_from_uuid(expected.prefix, decoded.value.uuid, reason);
    FUZZ_CHECK(again && reason == nullptr);
    FUZZ_CHECK(again.value.view() == text);
    FUZZ_CHECK(again.value.chars[again.value.length] == '\0');
}

void check_ulid_decoding(std::string_view text) {
    const ExpectedUlid expected = expected_ulid(text);
    const char* reason = "stale";
    const uuidx::Result<Uuid> decoded = uuidx::uuid_from_ulid(text, reason);
    FUZZ_CHECK(same_reason(reason, expected.reason));
    if (expected.reason != nullptr) {
        FUZZ_CHECK(!decoded && decoded.error == Errc::invalid_text_form);
        return;
    }
    FUZZ_CHECK(decoded && decoded.value == expected.uuid);
    // Decoded, then encoded: the text in upper case (the canonical form).
    const uuidx::UlidText again = uuidx::ulid_from_uuid(decoded.value);
    FUZZ_CHECK(again.view().size() == text.size() && again.chars[26] == '\0');
    for (size_t i = 0; i < text.size(); ++i) FUZZ_CHECK(again.chars[i] == upper(text[i]));
}

void check_encoding(std::string_view prefix, const Uuid& u) {
    const std::string digits = uuidx_test::base32_reference_encode(u, kTypeIdDigits);

    const char* reason = "stale";
    const uuidx::Result<uuidx::TypeIdText> encoded = uuidx::typeid_from_uuid(prefix, u, reason);
    const char* problem = expected_prefix_problem(prefix);
    FUZZ_CHECK(same_reason(reason, problem));
    FUZZ_CHECK(same_reason(uuidx::typeid_prefix_problem(prefix), problem));
    if (problem != nullptr) {
        FUZZ_CHECK(!encoded && encoded.error == Errc::invalid_text_form);
    } else {
        const std::string expected_text = prefix.empty() ? digits : std::string(prefix) + "_" + digits;
        FUZZ_CHECK(encoded && encoded.value.view() == expected_text);
        FUZZ_CHECK(encoded.value.length <= uuidx::kTypeIdMaxLength &&
                   encoded.value.chars[encoded.value.length] == '\0');
        const uuidx::Result<uuidx::DecodedTypeId> back = uuidx::uuid_from_typeid(encoded.value.view(), reason);
        FUZZ_CHECK(back && back.value.uuid == u && back.value.prefix_length == prefix.size());
    }

    // The ULID is the same digits in upper case; it decodes back in either case.
    const uuidx::UlidText ulid = uuidx::ulid_from_uuid(u);
    FUZZ_CHECK(ulid.chars[26] == '\0');
    for (size_t i = 0; i < 26; ++i) FUZZ_CHECK(ulid.chars[i] == upper(digits[i]));
    const uuidx::Result<Uuid> from_upper = uuidx::uuid_from_ulid(ulid.view(), reason);
    const uuidx::Result<Uuid> from_lower = uuidx::uuid_from_ulid(digits, reason);
    FUZZ_CHECK(from_upper && from_upper.value == u);
    FUZZ_CHECK(from_lower && from_lower.value == u);
}

int sign_of_memcmp(const void* a, const void* b, size_t n) {
    const int c = std::memcmp(a, b, n);
    return (c > 0) - (c < 0);
}

// Bytewise (C collation) order of the texts is the order of the UUIDs.
void check_order(const Uuid& a, const Uuid& b) {
    const int uuid_order = sign_of_memcmp(a.bytes.data(), b.bytes.data(), 16);
    const uuidx::UlidText ulid_a = uuidx::ulid_from_uuid(a);
    const uuidx::UlidText ulid_b = uuidx::ulid_from_uuid(b);
    FUZZ_CHECK(sign_of_memcmp(ulid_a.chars, ulid_b.chars, 26) == uuid_order);
    const char* reason = nullptr;
    const uuidx::Result<uuidx::TypeIdText> typeid_a = uuidx::typeid_from_uuid("order", a, reason);
    const uuidx::Result<uuidx::TypeIdText> typeid_b = uuidx::typeid_from_uuid("order", b, reason);
    FUZZ_CHECK(typeid_a && typeid_b && typeid_a.value.length == typeid_b.value.length);
    FUZZ_CHECK(sign_of_memcmp(typeid_a.value.chars, typeid_b.value.chars, typeid_a.value.length) == uuid_order);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    // The whole input as text, for both decoders.
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    check_typeid_decoding(text);
    check_ulid_decoding(text);

    // The input again: a UUID, then the rest as a prefix (and as a second UUID to order).
    uuidx_fuzz::InputReader input(data, size);
    const Uuid u = input.uuid();
    const std::string_view prefix(reinterpret_cast<const char*>(input.rest()), input.rest_size());
    check_encoding(prefix, u);
    const Uuid other = input.uuid();
    check_order(u, other);
    return 0;
}
