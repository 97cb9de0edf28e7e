// The reference base32 codec of the TypeID and ULID tests (test/unit/text_forms_test.cpp)
// and fuzz target (test/fuzz/text_forms.cpp): the UUID as a 16-byte big number divided
// by 32, and 26 digits multiplied back, with none of the core's bit shifting, so that the
// two can be compared.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "uuid.hpp"

namespace uuidx_test {

// The 26 digits of `u` in `alphabet` (32 characters), most significant first.
inline std::string base32_reference_encode(const uuidx::Uuid& u, std::string_view alphabet) {
    std::array<uint8_t, 16> number = u.bytes;
    std::string digits(26, '?');
    for (int position = 25; position >= 0; --position) {
        unsigned remainder = 0;
        for (uint8_t& byte : number) {
            const unsigned value = (remainder << 8) | byte;
            byte = static_cast<uint8_t>(value / 32);
            remainder = value % 32;
        }
        digits[static_cast<size_t>(position)] = alphabet[remainder];
    }
    return digits;
}

// Multiplies a 17-byte big number by 32 and adds each digit; the value fits 128 bits when
// the 17th (top) byte stays zero. Empty when the text is not 26 digits of `alphabet` or
// does not fit.
inline std::optional<uuidx::Uuid> base32_reference_decode(std::string_view digits, std::string_view alphabet) {
    if (digits.size() != 26) return std::nullopt;
    std::array<unsigned, 17> number{};
    for (const char c : digits) {
        const size_t digit = alphabet.find(c);
        if (c == '\0' || digit == std::string_view::npos) return std::nullopt;
        unsigned carry = static_cast<unsigned>(digit);
        for (int i = 16; i >= 0; --i) {
            const unsigned value = number[static_cast<size_t>(i)] * 32 + carry;
            number[static_cast<size_t>(i)] = value & 0xFF;
            carry = value >> 8;
        }
    }
    if (number[0] != 0) return std::nullopt;
    uuidx::Uuid u{};
    for (size_t i = 0; i < 16; ++i) u.bytes[i] = static_cast<uint8_t>(number[i + 1]);
    return u;
}

}  // namespace uuidx_test
