// SipHash-2-4 (Aumasson and Bernstein, "SipHash: a fast short-input PRF", 2012): a keyed
// pseudo-random function with a 128-bit key and a 64-bit output. The core uses it only for
// the public form of v7 keys (public_id.hpp), whose masks must equal uuidv47's bit for bit,
// so this is the paper's algorithm exactly: key words and message words little-endian,
// 2 compression rounds a word, 4 finalization rounds. constexpr, so that a few of the
// paper's vectors are checked at compile time below (all 64 in test/unit/public_id_test.cpp).
#pragma once
#include "cpp_only.hpp"

#include <cstddef>
#include <cstdint>

namespace uuidx {

namespace detail {

constexpr uint64_t rotate_left(uint64_t x, int bits) { return (x << bits) | (x >> (64 - bits)); }

constexpr uint64_t load_le64(const uint8_t* p) {
    uint64_t word = 0;
    for (int i = 7; i >= 0; --i) word = (word << 8) | p[i];
    return word;
}

struct SipState {
    uint64_t v0, v1, v2, v3;

    constexpr void round() {
        v0 += v1;
        v2 += v3;
        v1 = rotate_left(v1, 13);
        v3 = rotate_left(v3, 16);
        v1 ^= v0;
        v3 ^= v2;
        v0 = rotate_left(v0, 32);
        v2 += v1;
        v0 += v3;
        v1 = rotate_left(v1, 17);
        v3 = rotate_left(v3, 21);
        v1 ^= v2;
        v3 ^= v0;
        v2 = rotate_left(v2, 32);
    }

    constexpr void absorb(uint64_t word) {
        v3 ^= word;
        round();
        round();
        v0 ^= word;
    }
};

}  // namespace detail

// k0 and k1 are the key's bytes 0-7 and 8-15 read little-endian, as in the paper.
constexpr uint64_t siphash24(const uint8_t* message, std::size_t length, uint64_t k0, uint64_t k1) {
    detail::SipState s{0x736f6d6570736575 ^ k0, 0x646f72616e646f6d ^ k1, 0x6c7967656e657261 ^ k0,
                       0x7465646279746573 ^ k1};
    const std::size_t whole_words = length / 8;
    for (std::size_t w = 0; w < whole_words; ++w) s.absorb(detail::load_le64(message + 8 * w));

    // The last word: the 0-7 remaining bytes, little-endian, under the length's low byte.
    uint64_t last = static_cast<uint64_t>(length) << 56;
    for (std::size_t i = 8 * whole_words, shift = 0; i < length; ++i, shift += 8)
        last |= static_cast<uint64_t>(message[i]) << shift;
    s.absorb(last);

    s.v2 ^= 0xff;
    for (int i = 0; i < 4; ++i) s.round();
    return s.v0 ^ s.v1 ^ s.v2 ^ s.v3;
}

// --- The paper's vectors (Appendix A; vectors_sip64 of the reference code) --------------
// Key 00 01 .. 0f, message 00 01 .. of each length; the expected bytes read little-endian.
namespace vectors {
inline constexpr uint8_t kSipPaperMessage[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
inline constexpr uint64_t kSipPaperK0 = 0x0706050403020100;
inline constexpr uint64_t kSipPaperK1 = 0x0f0e0d0c0b0a0908;
static_assert(siphash24(kSipPaperMessage, 0, kSipPaperK0, kSipPaperK1) == 0x726fdb47dd0e0e31);
static_assert(siphash24(kSipPaperMessage, 10, kSipPaperK0, kSipPaperK1) == 0x7a5dbbc594ddb9f3);
static_assert(siphash24(kSipPaperMessage, 15, kSipPaperK0, kSipPaperK1) == 0xa129ca6149be45e5);
}  // namespace vectors

}  // namespace uuidx
