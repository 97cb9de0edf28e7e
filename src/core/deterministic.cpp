#include "deterministic.hpp"

#include "ascii.hpp"

#include <cstring>

namespace uuidx {

Result<Uuid> namespace_from_name(std::string_view name) noexcept {
    struct Entry {
        std::string_view name;
        Uuid id;
    };
    static constexpr Entry kEntries[] = {
        {"dns", kNamespaceDns}, {"url", kNamespaceUrl}, {"oid", kNamespaceOid}, {"x500", kNamespaceX500}};
    for (const Entry& e : kEntries)
        if (ascii_iequals(name, e.name)) return {e.id};
    return Result<Uuid>::failure(Errc::unknown_namespace);
}

Result<Uuid> name_based(int version, Digest digest, const Uuid& name_space, const uint8_t* name, size_t name_length) {
    Result<Uuid> r = digest_prefix(digest, name_space, name, name_length);
    if (r) r.value.set_version_and_variant(version);
    return r;
}

Result<Uuid> v4_to_v7(const Uuid& old, uint64_t unix_ms) {
    if (unix_ms > kV7MaxUnixMs) return Result<Uuid>::failure(Errc::time_out_of_range);
    Result<Uuid> r = digest_prefix(Digest::sha256, kMigrationKey, old.bytes.data(), old.bytes.size());
    if (!r) return r;
    for (int i = 0; i < 6; ++i) r.value.bytes[i] = static_cast<uint8_t>(unix_ms >> (40 - 8 * i));
    r.value.set_version_and_variant(7);
    return r;
}

Result<Uuid> v8_from_bytes(const uint8_t* bytes, size_t length) noexcept {
    if (length != 16) return Result<Uuid>::failure(Errc::invalid_length);
    Uuid u{};
    std::memcpy(u.bytes.data(), bytes, 16);
    u.set_version_and_variant(8);
    return {u};
}

}  // namespace uuidx
