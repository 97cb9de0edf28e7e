// The 26-digit base32 machinery of the text forms (text_forms.hpp): 16 bytes are 128 bits,
// 26 digits of 5 bits are 130, so two bits are spare. TypeID and ULID put them on top (the
// first digit is at most 7); base32hex (RFC 4648 section 7) puts them at the end (the last
// digit's two low bits are zero). Either way the digits are the bits in order, so with an
// alphabet in ASCII order a text sorts bytewise like its UUID.
#pragma once
#include "cpp_only.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "uuid.hpp"

namespace uuidx::base32 {

inline constexpr size_t kUuidDigits = 26;  // 130 bits / 5

enum class SpareBits { on_top, at_the_end };

constexpr bool ascending(const char* alphabet) {
    for (int i = 1; i < 32; ++i)
        if (alphabet[i - 1] >= alphabet[i]) return false;
    return true;
}

// A byte's digit value, or kNotADigit: one load a character whatever the byte (NUL and
// bytes above 0x7F included), built from the alphabet so the two cannot disagree.
inline constexpr int8_t kNotADigit = -1;
struct DigitTable {
    int8_t value[256];
    constexpr int of(char c) const { return value[static_cast<unsigned char>(c)]; }
};

constexpr DigitTable digit_table(const char* alphabet, bool lower_case_too) {
    DigitTable table{};
    for (int8_t& v : table.value) v = kNotADigit;
    for (int8_t v = 0; v < 32; ++v) {
        const char c = alphabet[v];
        table.value[static_cast<unsigned char>(c)] = v;
        if (lower_case_too && c >= 'A' && c <= 'Z') table.value[static_cast<unsigned char>(c - 'A' + 'a')] = v;
    }
    return table;
}

// The 26 digits of the UUID's 128 bits and the two spare zero bits, most significant first.
constexpr void encode(const Uuid& uuid, const char* alphabet, SpareBits spare, char* out) {
    uint32_t pending = 0;  // only the low pending_bits bits are meaningful
    int pending_bits = spare == SpareBits::on_top ? 2 : 0;
    int position = 0;
    for (const uint8_t byte : uuid.bytes) {
        pending = (pending << 8) | byte;
        pending_bits += 8;
        while (pending_bits >= 5) {
            pending_bits -= 5;
            out[position++] = alphabet[(pending >> pending_bits) & 0x1F];
        }
    }
    if (pending_bits > 0) out[position] = alphabet[(pending << (5 - pending_bits)) & 0x1F];
}

// The inverse, for 26 digits already checked against `table` (the spare bits are not read:
// the caller checks that they are zero).
constexpr Uuid decode(std::string_view digits, const DigitTable& table, SpareBits spare) {
    Uuid uuid{};
    uint32_t pending = 0;  // bits above pending_bits + 8 fall off; the cast below keeps 8
    int pending_bits = spare == SpareBits::on_top ? -2 : 0;
    size_t byte = 0;
    for (size_t i = 0; i < kUuidDigits && byte < uuid.bytes.size(); ++i) {
        pending = (pending << 5) | static_cast<uint32_t>(table.of(digits[i]));
        pending_bits += 5;
        if (pending_bits >= 8) {
            pending_bits -= 8;
            uuid.bytes[byte++] = static_cast<uint8_t>(pending >> pending_bits);
        }
    }
    return uuid;
}

}  // namespace uuidx::base32
