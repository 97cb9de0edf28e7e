// Any 16 bytes read as a UUID: v1 <-> v6 conversion, the embedded timestamp, the ordered
// time an order floor is raised to, and uuid_inspect()'s fields, checked against the RFC
// 9562 layouts decoded here bit by bit. v1 -> v6 -> v1 and v6 -> v1 -> v6 give back the
// input; every other input is unexpected_version; a v7 or v6 made from the next tick of a
// key's ordered time sorts after the key; inspect()'s fields put back together are the
// input's bits.
#include "deterministic.hpp"
#include "inspect.hpp"
#include "layout.hpp"
#include "properties.hpp"

namespace {

using uuidx::Errc;
using uuidx::Uuid;

// 100-ns intervals from 1582-10-15 to 1970-01-01, divided by 10 (RFC 9562 section 5.1).
constexpr int64_t kGregorianToUnixUs = 12219292800000000;

uint64_t big_endian(const Uuid& u, int first, int count) {
    uint64_t value = 0;
    for (int i = first; i < first + count; ++i) value = (value << 8) | u.bytes[i];
    return value;
}

// The 60-bit timestamp of a v1 (time_low, time_mid, time_high) or of a v6 (high to low).
uint64_t v1_timestamp(const Uuid& u) {
    return ((big_endian(u, 6, 2) & 0x0FFF) << 48) | (big_endian(u, 4, 2) << 32) | big_endian(u, 0, 4);
}
uint64_t v6_timestamp(const Uuid& u) { return (big_endian(u, 0, 6) << 12) | (big_endian(u, 6, 2) & 0x0FFF); }

// Appends fields most significant bit first, to rebuild 128 bits from inspect()'s fields.
class BitWriter {
public:
    void put(uint64_t value, int width) {
        FUZZ_CHECK(width == 64 || value >> width == 0);
        for (int bit = width - 1; bit >= 0; --bit, ++position_)
            if ((value >> bit) & 1) bytes_[position_ / 8] |= static_cast<uint8_t>(0x80 >> (position_ % 8));
    }
    bool equals(const Uuid& u) const { return position_ == 128 && Uuid{bytes_} == u; }

private:
    std::array<uint8_t, 16> bytes_{};
    int position_ = 0;
};

void check_reordering(const Uuid& u, bool rfc_variant, int version) {
    const auto v6 = uuidx::v1_to_v6(u);
    if (rfc_variant && version == 1) {
        FUZZ_CHECK(v6);
        FUZZ_CHECK(uuidx_fuzz::has_version_and_rfc_variant(v6.value, 6));
        FUZZ_CHECK(v6_timestamp(v6.value) == v1_timestamp(u));
        FUZZ_CHECK(big_endian(v6.value, 8, 8) == big_endian(u, 8, 8));  // clock_seq and node
        const auto back = uuidx::v6_to_v1(v6.value);
        FUZZ_CHECK(back && back.value == u);
    } else {
        FUZZ_CHECK(v6.error == Errc::unexpected_version);
    }

    const auto v1 = uuidx::v6_to_v1(u);
    if (rfc_variant && version == 6) {
        FUZZ_CHECK(v1);
        FUZZ_CHECK(uuidx_fuzz::has_version_and_rfc_variant(v1.value, 1));
        FUZZ_CHECK(v1_timestamp(v1.value) == v6_timestamp(u));
        FUZZ_CHECK(big_endian(v1.value, 8, 8) == big_endian(u, 8, 8));
        const auto back = uuidx::v1_to_v6(v1.value);
        FUZZ_CHECK(back && back.value == u);
    } else {
        FUZZ_CHECK(v1.error == Errc::unexpected_version);
    }
}

void check_timestamp(const Uuid& u, bool rfc_variant, int version) {
    const auto unix_us = uuidx::embedded_unix_us(u);
    if (rfc_variant && version == 7) {
        FUZZ_CHECK(unix_us && unix_us.value == static_cast<int64_t>(big_endian(u, 0, 6) * 1000));
    } else if (rfc_variant && (version == 1 || version == 6)) {
        const uint64_t timestamp = version == 1 ? v1_timestamp(u) : v6_timestamp(u);
        FUZZ_CHECK(unix_us && unix_us.value == static_cast<int64_t>(timestamp / 10) - kGregorianToUnixUs);
    } else {
        FUZZ_CHECK(unix_us.error == Errc::unexpected_version);
    }
}

// The time uuidx_raise_order_floor() raises a cell to: a v7's 64 bits from unix_ts_ms to the
// 4 bits after the variant (version and variant left out), a v1's or v6's 60-bit count. The
// next value of the cell makes a key that sorts after the input, whatever its random bits.
void check_ordered_time(const Uuid& u, bool rfc_variant, int version, const uint8_t (&tail)[8]) {
    const auto time = uuidx::ordered_time_of(u);
    if (rfc_variant && version == 7) {
        const uint64_t ticks =
            (big_endian(u, 0, 6) << 16) | ((big_endian(u, 6, 2) & 0x0FFF) << 4) | ((u.bytes[8] >> 2) & 0x0F);
        FUZZ_CHECK(time && time.value.family == uuidx::OrderFamily::v7 && time.value.value == ticks);
        if (ticks != ~uint64_t{0}) FUZZ_CHECK(u < uuidx::encode_v7(ticks + 1, tail));
    } else if (rfc_variant && (version == 1 || version == 6)) {
        const uint64_t timestamp = version == 1 ? v1_timestamp(u) : v6_timestamp(u);
        FUZZ_CHECK(time && time.value.family == uuidx::OrderFamily::gregorian && time.value.value == timestamp);
        if (version == 6 && timestamp != uuidx::kGregorianMax100ns) {
            uint64_t node = 0;
            for (int i = 2; i < 8; ++i) node = (node << 8) | tail[i];
            const uuidx::GregorianFields next{timestamp + 1, static_cast<uint16_t>(((tail[0] << 8) | tail[1]) & 0x3FFF),
                                              node};
            FUZZ_CHECK(u < uuidx::encode_v6(next));
        }
    } else {
        FUZZ_CHECK(time.error == Errc::unexpected_version);
    }
}

void check_inspection(const Uuid& u, bool rfc_variant, int version) {
    const uuidx::Inspection info = uuidx::inspect(u);
    const int top_bits = u.bytes[8] >> 5;
    FUZZ_CHECK(info.variant == (top_bits < 4 ? 0 : top_bits < 6 ? 2 : top_bits == 6 ? 6 : 7));
    FUZZ_CHECK(info.version == (rfc_variant ? version : -1));
    FUZZ_CHECK(info.variant_name != nullptr && info.version_name != nullptr);
    const auto unix_us = uuidx::embedded_unix_us(u);
    FUZZ_CHECK(info.unix_us.error == unix_us.error && info.unix_us.value == unix_us.value);
    for (int i = 0; i < info.field_count; ++i) FUZZ_CHECK(info.fields[i].name != nullptr);

    switch (info.version) {
        case 1:
        case 6: {
            FUZZ_CHECK(info.field_count == 5);
            const uuidx::InspectedField* f = info.fields;
            const uint64_t timestamp = version == 1 ? v1_timestamp(u) : v6_timestamp(u);
            const uint64_t rebuilt = version == 1 ? f[0].value | (f[1].value << 32) | (f[2].value << 48)
                                                  : (f[0].value << 28) | (f[1].value << 12) | f[2].value;
            FUZZ_CHECK(rebuilt == timestamp);
            FUZZ_CHECK(f[3].value == (big_endian(u, 8, 2) & 0x3FFF));
            FUZZ_CHECK(f[4].value == big_endian(u, 10, 6));
            FUZZ_CHECK(f[4].is_node && !f[0].is_node && !f[1].is_node && !f[2].is_node && !f[3].is_node);
            break;
        }
        case 3:
        case 4:
        case 5:
        case 7:
        case 8: {
            // Every bit but version and variant, split 48 / 12 / 62.
            FUZZ_CHECK(info.field_count == 3);
            BitWriter bits;
            bits.put(info.fields[0].value, 48);
            bits.put(static_cast<uint64_t>(version), 4);
            bits.put(info.fields[1].value, 12);
            bits.put(2, 2);
            bits.put(info.fields[2].value, 62);
            FUZZ_CHECK(bits.equals(u));
            for (int i = 0; i < 3; ++i) FUZZ_CHECK(!info.fields[i].is_node);
            break;
        }
        default: FUZZ_CHECK(info.field_count == 0); break;
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    uuidx_fuzz::InputReader input(data, size);
    const Uuid u = input.uuid();
    const bool rfc_variant = (u.bytes[8] & 0xC0) == 0x80;
    const int version = u.bytes[6] >> 4;
    check_reordering(u, rfc_variant, version);
    check_timestamp(u, rfc_variant, version);
    uint8_t tail[8];
    input.take(tail, sizeof tail);
    check_ordered_time(u, rfc_variant, version, tail);
    check_inspection(u, rfc_variant, version);
    return 0;
}
