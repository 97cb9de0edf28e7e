#include "clock.hpp"

#include <ctime>

namespace uuidx {

int64_t SystemClock::unix_ns() noexcept {
    timespec now{};
    clock_gettime(CLOCK_REALTIME, &now);
    return static_cast<int64_t>(now.tv_sec) * 1000000000 + now.tv_nsec;
}

}  // namespace uuidx
