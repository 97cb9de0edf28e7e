// v8_from_bytes() over byte strings of any length: exactly 16 bytes give a v8 of the RFC
// 9562 variant that keeps every other bit of the input; any other length is invalid_length.
#include "deterministic.hpp"
#include "properties.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const auto r = uuidx::v8_from_bytes(data, size);
    if (size != 16) {
        FUZZ_CHECK(r.error == uuidx::Errc::invalid_length);
        return 0;
    }
    FUZZ_CHECK(r);
    FUZZ_CHECK(uuidx_fuzz::has_version_and_rfc_variant(r.value, 8));
    FUZZ_CHECK(uuidx_fuzz::same_but_version_and_variant(r.value, data));
    return 0;
}
