// Name-based v3, v5 and v8 (every v8 digest) over any namespace and any name: the result is
// the first 16 bytes of OpenSSL's one-shot digest of namespace || name with the version
// and the RFC 9562 variant stamped, or digest_unavailable exactly when OpenSSL refuses the
// algorithm; the same input always gives the same UUID.
#include "digest.hpp"
#include "deterministic.hpp"
#include "properties.hpp"

namespace {

using uuidx::Digest;
using uuidx::Errc;

struct Algorithm {
    int version;
    Digest digest;
    const char* openssl_name;
};
constexpr Algorithm kAlgorithms[] = {
    {3, Digest::md5, "MD5"},           {5, Digest::sha1, "SHA1"},     {8, Digest::sha256, "SHA256"},
    {8, Digest::sha384, "SHA384"},     {8, Digest::sha512, "SHA512"}, {8, Digest::sha3_256, "SHA3-256"},
    {8, Digest::sha3_512, "SHA3-512"},
};

}  // namespace

// Input: one byte choosing the algorithm, 16 bytes of namespace, then the name.
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    uuidx_fuzz::InputReader input(data, size);
    const Algorithm& algorithm = kAlgorithms[input.byte() % (sizeof kAlgorithms / sizeof kAlgorithms[0])];
    const uuidx::Uuid name_space = input.uuid();
    const uint8_t* name = input.rest();
    const size_t name_length = input.rest_size();

    const auto r = uuidx::name_based(algorithm.version, algorithm.digest, name_space, name, name_length);
    uuidx_fuzz::DigestOutput expected;
    const bool openssl_offers =
        uuidx_fuzz::one_shot_digest(algorithm.openssl_name, name_space, name, name_length, expected);
    if (!openssl_offers) {
        FUZZ_CHECK(r.error == Errc::digest_unavailable);
        return 0;
    }
    FUZZ_CHECK(r);
    FUZZ_CHECK(expected.length >= 16);
    FUZZ_CHECK(uuidx_fuzz::has_version_and_rfc_variant(r.value, algorithm.version));
    FUZZ_CHECK(uuidx_fuzz::same_but_version_and_variant(r.value, expected.bytes));

    const auto again = uuidx::name_based(algorithm.version, algorithm.digest, name_space, name, name_length);
    FUZZ_CHECK(again && again.value == r.value);
    return 0;
}
