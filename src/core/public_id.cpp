#include "public_id.hpp"

#include "siphash.hpp"

namespace uuidx {

namespace {

constexpr uint64_t kLow48Bits = (uint64_t{1} << 48) - 1;

constexpr bool is_rfc_version(const Uuid& u, int version) { return u.is_rfc9562() && u.version_nibble() == version; }

// uuidv47's SipHash message: the 12 bits of rand_a and the 62 of rand_b, packed into whole
// bytes with the version and variant bits cleared. Those bits are the same in a v7 and in
// its façade, so both directions derive the same mask.
uint64_t timestamp_mask(const Uuid& u, const PublicIdKey& key) noexcept {
    const uint8_t random_bits[10] = {
        static_cast<uint8_t>(u.bytes[6] & 0x0F),
        u.bytes[7],
        static_cast<uint8_t>(u.bytes[8] & 0x3F),
        u.bytes[9],
        u.bytes[10],
        u.bytes[11],
        u.bytes[12],
        u.bytes[13],
        u.bytes[14],
        u.bytes[15],
    };
    return siphash24(random_bits, sizeof random_bits, key.k0, key.k1) & kLow48Bits;
}

// XOR is its own inverse: the same step masks a v7's time and unmasks a façade's.
Uuid with_time_field_xored(Uuid u, uint64_t mask48, int version) noexcept {
    for (int i = 0; i < 6; ++i) u.bytes[i] ^= static_cast<uint8_t>(mask48 >> (40 - 8 * i));
    u.set_version_and_variant(version);
    return u;
}

// Eight key bytes written as 16 hex digits, read little-endian (as uuidv47's GUC does).
bool parse_key_word(std::string_view digits, uint64_t& word) noexcept {
    word = 0;
    for (int byte = 7; byte >= 0; --byte) {
        const int hi = detail::hex_value(digits[2 * byte]);
        const int lo = detail::hex_value(digits[2 * byte + 1]);
        if (hi < 0 || lo < 0) return false;
        word = (word << 8) | static_cast<uint64_t>(hi * 16 + lo);
    }
    return true;
}

}  // namespace

Result<PublicIdKey> parse_public_id_key(std::string_view text) noexcept {
    constexpr std::size_t kDigitsPerWord = 16;
    if (text.size() != kPublicIdKeyTextLength || text[kDigitsPerWord] != ':')
        return Result<PublicIdKey>::failure(Errc::invalid_text_form);
    PublicIdKey key;
    if (!parse_key_word(text.substr(0, kDigitsPerWord), key.k0) ||
        !parse_key_word(text.substr(kDigitsPerWord + 1), key.k1))
        return Result<PublicIdKey>::failure(Errc::invalid_text_form);
    return {key};
}

Result<Uuid> to_public_id(const Uuid& v7, const PublicIdKey& key) noexcept {
    if (!is_rfc_version(v7, 7)) return Result<Uuid>::failure(Errc::unexpected_version);
    return {with_time_field_xored(v7, timestamp_mask(v7, key), 4)};
}

Result<Uuid> from_public_id(const Uuid& facade, const PublicIdKey& key) noexcept {
    if (!is_rfc_version(facade, 4)) return Result<Uuid>::failure(Errc::unexpected_version);
    return {with_time_field_xored(facade, timestamp_mask(facade, key), 7)};
}

}  // namespace uuidx
