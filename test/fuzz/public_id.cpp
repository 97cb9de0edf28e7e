// Public ids (public_id.hpp). The key parser over any bytes: it accepts exactly the text
// "16 hex digits:16 hex digits" (either case), and each side is the key's 8 bytes in order,
// read little-endian, as an oracle written here reads them. Then, with the first 16 bytes
// of the input as a key and the next 16 as a UUID: a v7 of the RFC variant gives a v4
// façade that differs from it only in the time and the version, and decodes back to it;
// any other UUID is refused; every RFC v4 decodes to a v7 whose façade it is.
#include <string_view>

#include "properties.hpp"
#include "public_id.hpp"

namespace {

int hex_value(uint8_t c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// The key the text means, or false.
bool oracle_key(const uint8_t* text, size_t size, uint64_t& k0, uint64_t& k1) {
    if (size != 33 || text[16] != ':') return false;
    uint64_t words[2] = {0, 0};
    for (int side = 0; side < 2; ++side) {
        for (int byte = 0; byte < 8; ++byte) {
            const int high = hex_value(text[side * 17 + byte * 2]);
            const int low = hex_value(text[side * 17 + byte * 2 + 1]);
            if (high < 0 || low < 0) return false;
            words[side] |= static_cast<uint64_t>(high * 16 + low) << (8 * byte);
        }
    }
    k0 = words[0];
    k1 = words[1];
    return true;
}

void check_key_text(const uint8_t* data, size_t size) {
    const auto parsed = uuidx::parse_public_id_key(std::string_view(reinterpret_cast<const char*>(data), size));
    uint64_t k0 = 0, k1 = 0;
    const bool valid = oracle_key(data, size, k0, k1);
    FUZZ_CHECK(static_cast<bool>(parsed) == valid);
    if (valid)
        FUZZ_CHECK(parsed.value.k0 == k0 && parsed.value.k1 == k1);
    else
        FUZZ_CHECK(parsed.error == uuidx::Errc::invalid_text_form);
}

void check_mapping(uuidx_fuzz::InputReader& input) {
    uuidx::PublicIdKey key;
    key.k0 = input.u64();
    key.k1 = input.u64();
    const uuidx::Uuid u = input.uuid();

    const auto facade = uuidx::to_public_id(u, key);
    if (uuidx_fuzz::has_version_and_rfc_variant(u, 7)) {
        FUZZ_CHECK(facade);
        FUZZ_CHECK(uuidx_fuzz::has_version_and_rfc_variant(facade.value, 4));
        for (size_t i = 6; i < 16; ++i)  // only the time (bytes 0-5) and the version change
            FUZZ_CHECK((facade.value.bytes[i] & (i == 6 ? 0x0F : 0xFF)) == (u.bytes[i] & (i == 6 ? 0x0F : 0xFF)));
        const auto back = uuidx::from_public_id(facade.value, key);
        FUZZ_CHECK(back && back.value == u);
    } else {
        FUZZ_CHECK(facade.error == uuidx::Errc::unexpected_version);
    }

    const auto decoded = uuidx::from_public_id(u, key);
    if (uuidx_fuzz::has_version_and_rfc_variant(u, 4)) {
        FUZZ_CHECK(decoded && uuidx_fuzz::has_version_and_rfc_variant(decoded.value, 7));
        const auto again = uuidx::to_public_id(decoded.value, key);
        FUZZ_CHECK(again && again.value == u);
    } else {
        FUZZ_CHECK(decoded.error == uuidx::Errc::unexpected_version);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    check_key_text(data, size);
    uuidx_fuzz::InputReader input(data, size);
    check_mapping(input);
    return 0;
}
