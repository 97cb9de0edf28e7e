// uuid_from_base32hex() over any bytes, and base32hex_from_uuid() over a UUID cut from the
// input. The oracle is written here from RFC 4648 section 7, not from the core: a text is
// valid when it is 26 characters of 0-9A-V (either case), alone or followed by exactly six
// "=", with no white space and a last character whose two low bits are zero; its value is
// the bits of its digits in order, the last two dropped. The reason of a refusal follows
// the order text_forms.hpp documents. A decoded text encodes back to its upper-case,
// unpadded self; an encoded UUID decodes back to it.
#include <string>
#include <string_view>

#include "../unit/test_util.hpp"
#include "properties.hpp"
#include "text_forms.hpp"

namespace {

using uuidx::Uuid;

int digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'A' && c <= 'V') return c - 'A' + 10;
    if (c >= 'a' && c <= 'v') return c - 'a' + 10;
    return -1;
}

const char* expected_reason(std::string_view text) {
    if (text.empty()) return uuidx::kEmptyTextReason;
    if (text.find_first_of(std::string_view(" \t\n\r\f\v", 6)) != std::string_view::npos)
        return uuidx::kBase32HexWhiteSpaceReason;
    if (text.size() != 26 && text.size() != 32) return uuidx::kBase32HexLengthReason;
    if (text.size() == 32 && text.substr(26) != "======") return uuidx::kBase32HexPaddingReason;
    for (size_t i = 0; i < 26; ++i)
        if (digit(text[i]) < 0) return uuidx::kBase32HexAlphabetReason;
    if (digit(text[25]) % 4 != 0) return uuidx::kBase32HexTrailingBitsReason;
    return nullptr;
}

// The value of 26 valid digits: bit by bit, the 128 first bits of the 130.
Uuid expected_value(std::string_view text) {
    Uuid u{};
    for (int bit = 0; bit < 128; ++bit)
        if ((digit(text[static_cast<size_t>(bit / 5)]) >> (4 - bit % 5)) & 1)
            u.bytes[static_cast<size_t>(bit / 8)] |= static_cast<uint8_t>(0x80 >> (bit % 8));
    return u;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const char* reason = "stale";
    const auto decoded = uuidx::uuid_from_base32hex(text, reason);
    const char* expected = expected_reason(text);
    FUZZ_CHECK(static_cast<bool>(decoded) == (expected == nullptr));
    FUZZ_CHECK(reason == expected);
    if (decoded) {
        FUZZ_CHECK(decoded.value == expected_value(text));
        FUZZ_CHECK(uuidx::base32hex_from_uuid(decoded.value).view() == uuidx_test::ascii_upper(text.substr(0, 26)));
    }

    uuidx_fuzz::InputReader input(data, size);
    const Uuid u = input.uuid();
    const uuidx::Base32HexText encoded = uuidx::base32hex_from_uuid(u);
    FUZZ_CHECK(encoded.chars[26] == '\0' && expected_reason(encoded.view()) == nullptr);
    FUZZ_CHECK(expected_value(encoded.view()) == u);
    const auto back = uuidx::uuid_from_base32hex(encoded.view(), reason);
    FUZZ_CHECK(back && back.value == u && reason == nullptr);
    return 0;
}
