// uuid_v4_to_v7()'s mapping (v4_to_v7) over any old UUID and any millisecond: within
// 48 bits, a v7 of that millisecond whose other bits are SHA-256(migration key || old), the
// same for the same input; beyond, time_out_of_range.
#include "deterministic.hpp"
#include "properties.hpp"

namespace {

// Written out again: the key is frozen (changing it would change every migrated key).
constexpr uuidx::Uuid kMigrationKey = uuidx::uuid_from_canonical("5d2b7c1e-4f0a-8c33-9e61-0b7a2d4c8f15");
constexpr uint64_t kLastUnixMs = (uint64_t{1} << 48) - 1;

}  // namespace

// Input: the old UUID (16 bytes), then the millisecond (8 bytes, native order).
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    uuidx_fuzz::InputReader input(data, size);
    const uuidx::Uuid old = input.uuid();
    const uint64_t unix_ms = input.u64();

    const auto r = uuidx::v4_to_v7(old, unix_ms);
    if (unix_ms > kLastUnixMs) {
        FUZZ_CHECK(r.error == uuidx::Errc::time_out_of_range);
        return 0;
    }
    FUZZ_CHECK(r);
    FUZZ_CHECK(uuidx_fuzz::has_version_and_rfc_variant(r.value, 7));

    uuidx_fuzz::DigestOutput expected;
    FUZZ_CHECK(uuidx_fuzz::one_shot_digest("SHA256", kMigrationKey, old.bytes.data(), 16, expected));
    for (int i = 0; i < 6; ++i) expected.bytes[i] = static_cast<unsigned char>(unix_ms >> (40 - 8 * i));
    FUZZ_CHECK(uuidx_fuzz::same_but_version_and_variant(r.value, expected.bytes));

    const auto again = uuidx::v4_to_v7(old, unix_ms);
    FUZZ_CHECK(again && again.value == r.value);
    return 0;
}
