#include "inspect.hpp"

namespace uuidx {

namespace {

uint64_t bits(const Uuid& u, int first_bit, int count) noexcept {
    uint64_t value = 0;
    for (int bit = first_bit; bit < first_bit + count; ++bit)
        value = (value << 1) | ((u.bytes[bit / 8] >> (7 - bit % 8)) & 1);
    return value;
}

const char* variant_name(int variant) noexcept {
    switch (variant) {
        case 0: return "NCS (reserved)";
        case 2: return "RFC 9562";
        case 6: return "Microsoft (reserved)";
        default: return "future (reserved)";
    }
}

const char* version_name(int version) noexcept {
    switch (version) {
        case 1: return "time-based (Gregorian)";
        case 2: return "DCE security";
        case 3: return "name-based (MD5)";
        case 4: return "random";
        case 5: return "name-based (SHA-1)";
        case 6: return "reordered time-based (Gregorian)";
        case 7: return "Unix time-based";
        case 8: return "custom";
        default: return "unassigned";
    }
}

// The 48 / 12 / 62-bit split shared by v3, v4, v5, v7 and v8 (all bits but ver and var).
void split_48_12_62(const Uuid& u, const char* a, const char* b, const char* c, Inspection& out) noexcept {
    out.fields[0] = {a, bits(u, 0, 48), false};
    out.fields[1] = {b, bits(u, 52, 12), false};
    out.fields[2] = {c, bits(u, 66, 62), false};
    out.field_count = 3;
}

}  // namespace

Inspection inspect(const Uuid& u) noexcept {
    Inspection out{};
    out.variant = u.variant();
    out.variant_name = variant_name(out.variant);
    out.version = u.is_rfc9562() ? u.version_nibble() : -1;
    out.unix_us = embedded_unix_us(u);
    if (u == kNilUuid)
        out.version_name = "nil UUID";
    else if (u == kMaxUuid)
        out.version_name = "max UUID";
    else if (out.version < 0)
        out.version_name = "none (not the RFC 9562 variant)";
    else
        out.version_name = version_name(out.version);

    const GregorianFields g = decode_gregorian(u);
    switch (out.version) {
        case 1:
            out.fields[0] = {"time_low", g.timestamp_100ns & 0xFFFFFFFF, false};
            out.fields[1] = {"time_mid", (g.timestamp_100ns >> 32) & 0xFFFF, false};
            out.fields[2] = {"time_high", g.timestamp_100ns >> 48, false};
            out.fields[3] = {"clock_seq", g.clock_seq, false};
            out.fields[4] = {"node", g.node, true};
            out.field_count = 5;
            break;
        case 6:
            out.fields[0] = {"time_high", g.timestamp_100ns >> 28, false};
            out.fields[1] = {"time_mid", (g.timestamp_100ns >> 12) & 0xFFFF, false};
            out.fields[2] = {"time_low", g.timestamp_100ns & 0xFFF, false};
            out.fields[3] = {"clock_seq", g.clock_seq, false};
            out.fields[4] = {"node", g.node, true};
            out.field_count = 5;
            break;
        case 3: split_48_12_62(u, "md5_high", "md5_mid", "md5_low", out); break;
        case 4: split_48_12_62(u, "random_a", "random_b", "random_c", out); break;
        case 5: split_48_12_62(u, "sha1_high", "sha1_mid", "sha1_low", out); break;
        case 7: split_48_12_62(u, "unix_ts_ms", "rand_a", "rand_b", out); break;
        case 8: split_48_12_62(u, "custom_a", "custom_b", "custom_c", out); break;
        default: out.field_count = 0; break;
    }
    return out;
}

}  // namespace uuidx
