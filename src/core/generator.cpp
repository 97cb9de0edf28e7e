#include "generator.hpp"

namespace uuidx {

Result<Uuid> Generator::v4() noexcept {
    Uuid u{};
    if (!random_.take(u.bytes.data(), u.bytes.size())) return Result<Uuid>::failure(Errc::random_unavailable);
    u.set_version_and_variant(4);
    return {u};
}

Result<uint64_t> Generator::next_gregorian() noexcept {
    const Result<uint64_t> now = gregorian_from_unix_ns(clock_.unix_ns());
    if (!now) return now;
    return gregorian_ticks_.next(now.value);
}

Result<Uuid> Generator::v6() noexcept {
    const Result<uint64_t> time = next_gregorian();
    if (!time) return Result<Uuid>::failure(time.error);
    uint8_t fresh[8];  // 14 bits of clock_seq, 48 bits of node
    if (!random_.take(fresh, sizeof fresh)) return Result<Uuid>::failure(Errc::random_unavailable);
    const uint16_t clock_seq = static_cast<uint16_t>(((fresh[0] << 8) | fresh[1]) & 0x3FFF);
    const uint8_t node_bytes[6] = {fresh[2], fresh[3], fresh[4], fresh[5], fresh[6], fresh[7]};
    return {encode_v6({time.value, clock_seq, random_node_from(node_bytes)})};
}

Result<Uuid> Generator::v1() noexcept {
    if (!v1_identity_known_) {
        uint8_t fresh[8];
        if (!random_.take(fresh, sizeof fresh)) return Result<Uuid>::failure(Errc::random_unavailable);
        v1_clock_seq_ = static_cast<uint16_t>(((fresh[0] << 8) | fresh[1]) & 0x3FFF);
        const uint8_t node_bytes[6] = {fresh[2], fresh[3], fresh[4], fresh[5], fresh[6], fresh[7]};
        v1_node_ = random_node_from(node_bytes);
        v1_identity_known_ = true;
    }
    const Result<uint64_t> time = next_gregorian();
    if (!time) return Result<Uuid>::failure(time.error);
    return {encode_v1({time.value, v1_clock_seq_, v1_node_})};
}

}  // namespace uuidx
