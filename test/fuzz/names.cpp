// namespace_from_name() and v8_digest_from_name() over any bytes, as SQL users type them:
// a name is found exactly when its ASCII lower-case form is one of RFC 9562's namespaces
// (or a v8 digest), with the right ID; every other input is the one error of its kind.
#include <string>
#include <string_view>

#include "../unit/test_util.hpp"
#include "digest.hpp"
#include "deterministic.hpp"
#include "properties.hpp"

namespace {

using uuidx::Digest;
using uuidx::Errc;
using uuidx::Uuid;
using uuidx::uuid_from_canonical;

// Written out from RFC 9562 section 6.6 rather than taken from family.hpp.
struct KnownNamespace {
    std::string_view name;
    Uuid id;
};
constexpr KnownNamespace kNamespaces[] = {
    {"dns", uuid_from_canonical("6ba7b810-9dad-11d1-80b4-00c04fd430c8")},
    {"url", uuid_from_canonical("6ba7b811-9dad-11d1-80b4-00c04fd430c8")},
    {"oid", uuid_from_canonical("6ba7b812-9dad-11d1-80b4-00c04fd430c8")},
    {"x500", uuid_from_canonical("6ba7b814-9dad-11d1-80b4-00c04fd430c8")},
};

struct KnownDigest {
    std::string_view name;
    Digest digest;
};
constexpr KnownDigest kDigests[] = {
    {"sha256", Digest::sha256},     {"sha384", Digest::sha384},     {"sha512", Digest::sha512},
    {"sha3-256", Digest::sha3_256}, {"sha3-512", Digest::sha3_512},
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const std::string lower = uuidx_test::ascii_lower(text);

    const uuidx::Result<Uuid> name_space = uuidx::namespace_from_name(text);
    const KnownNamespace* expected_namespace = nullptr;
    for (const KnownNamespace& known : kNamespaces)
        if (lower == known.name) expected_namespace = &known;
    if (expected_namespace != nullptr) {
        FUZZ_CHECK(name_space);
        FUZZ_CHECK(name_space.value == expected_namespace->id);
    } else {
        FUZZ_CHECK(name_space.error == Errc::unknown_namespace);
    }

    const uuidx::Result<Digest> digest = uuidx::v8_digest_from_name(text);
    const KnownDigest* expected_digest = nullptr;
    for (const KnownDigest& known : kDigests)
        if (lower == known.name) expected_digest = &known;
    if (expected_digest != nullptr) {
        FUZZ_CHECK(digest);
        FUZZ_CHECK(digest.value == expected_digest->digest);
    } else {
        FUZZ_CHECK(digest.error == Errc::unknown_algorithm);
    }
    return 0;
}
