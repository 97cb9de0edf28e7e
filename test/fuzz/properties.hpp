// Shared by the libFuzzer targets (built by test/hardening.mk, run by test/run-hardening.sh):
// property checks that turn a violated property into a crash libFuzzer saves, a reader that
// cuts a fuzz input into typed arguments, and oracles written independently of the core.
#pragma once

#include <openssl/evp.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "result.hpp"
#include "uuid.hpp"

// A property of the code under test: when it does not hold, the input is a crash.
#define FUZZ_CHECK(condition)                                                                     \
    do {                                                                                          \
        if (!(condition)) {                                                                       \
            std::fprintf(stderr, "%s:%d: property failed: %s\n", __FILE__, __LINE__, #condition); \
            std::abort();                                                                         \
        }                                                                                         \
    } while (0)

namespace uuidx_fuzz {

// Takes typed values off the front of the input; past its end, values are zero, so that
// every input, however short, is a complete call.
class InputReader {
public:
    InputReader(const uint8_t* data, size_t size) : data_(data), size_(size) {}

    void take(void* out, size_t n) {
        const size_t available = n < size_ ? n : size_;
        std::memset(out, 0, n);
        if (available > 0) std::memcpy(out, data_, available);
        data_ += available;
        size_ -= available;
    }
    uint8_t byte() {
        uint8_t b;
        take(&b, 1);
        return b;
    }
    uint64_t u64() {
        uint64_t v;
        take(&v, sizeof v);
        return v;
    }
    int64_t i64() { return static_cast<int64_t>(u64()); }
    uuidx::Uuid uuid() {
        uuidx::Uuid u;
        take(u.bytes.data(), u.bytes.size());
        return u;
    }

    // The unread rest of the input.
    const uint8_t* rest() const { return data_; }
    size_t rest_size() const { return size_; }

private:
    const uint8_t* data_;
    size_t size_;
};

// RFC 9562 section 4.1/4.2, written out rather than taken from Uuid: version in the high
// nibble of octet 6, variant 10 in the top bits of octet 8.
inline bool has_version_and_rfc_variant(const uuidx::Uuid& u, int version) {
    return (u.bytes[6] >> 4) == version && (u.bytes[8] & 0xC0) == 0x80;
}

// a and b agree on every bit but the version nibble and the two variant bits.
inline bool same_but_version_and_variant(const uuidx::Uuid& a, const uint8_t* b) {
    for (int i = 0; i < 16; ++i) {
        const uint8_t mask = i == 6 ? 0x0F : i == 8 ? 0x3F : 0xFF;
        if ((a.bytes[i] & mask) != (b[i] & mask)) return false;
    }
    return true;
}

// OpenSSL's one-shot digest of prefix || name, the oracle of the name-based versions (the
// core streams the two parts through a context instead).
struct DigestOutput {
    unsigned char bytes[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
};
inline bool one_shot_digest(const char* openssl_name, const uuidx::Uuid& prefix, const uint8_t* name,
                            size_t name_length, DigestOutput& out) {
    unsigned char* joined = static_cast<unsigned char*>(std::malloc(16 + name_length + 1));
    if (joined == nullptr) return false;
    std::memcpy(joined, prefix.bytes.data(), 16);
    if (name_length > 0) std::memcpy(joined + 16, name, name_length);
    const bool ok =
        EVP_Digest(joined, 16 + name_length, out.bytes, &out.length, EVP_get_digestbyname(openssl_name), nullptr) == 1;
    std::free(joined);
    return ok;
}

}  // namespace uuidx_fuzz
