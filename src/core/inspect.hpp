// A UUID explained field by field, with the names RFC 9562 gives each version's layout.
#pragma once
#include "cpp_only.hpp"

#include <cstdint>

#include "layout.hpp"
#include "uuid.hpp"

namespace uuidx {

struct InspectedField {
    const char* name;  // RFC 9562's name: unix_ts_ms, rand_a, time_low, clock_seq, node, ...
    uint64_t value;
    bool is_node;  // a 48-bit node, shown as a MAC address
};

struct Inspection {
    int variant;  // 0, 2, 6 or 7 (Uuid::variant())
    const char* variant_name;
    int version;  // the version nibble, or -1 outside the RFC 9562 variant
    const char* version_name;
    Result<int64_t> unix_us;  // embedded time (embedded_unix_us), if any
    InspectedField fields[5];
    int field_count;
};

Inspection inspect(const Uuid& u) noexcept;

}  // namespace uuidx
