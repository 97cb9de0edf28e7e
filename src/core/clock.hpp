// Where generators read the time. Injectable so that tests can freeze it, step it back
// or jump it forward; the system clock is the only one used in production.
#pragma once
#include "cpp_only.hpp"

#include <cstdint>

namespace uuidx {

class Clock {
public:
    virtual ~Clock() = default;
    // Nanoseconds since 1970-01-01 00:00:00 UTC; may step backwards (NTP, an operator).
    virtual int64_t unix_ns() noexcept = 0;
};

// CLOCK_REALTIME through the vDSO: about 20 ns a call on a TSC clock source.
class SystemClock final : public Clock {
public:
    int64_t unix_ns() noexcept override;
};

}  // namespace uuidx
