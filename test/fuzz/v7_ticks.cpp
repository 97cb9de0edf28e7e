// The v7 tick conversions over any int64 time: v7_ticks_from_unix_us() (and _ns) accept
// exactly the times from 1970 to the last 48-bit millisecond and keep the millisecond;
// v7_ticks_moved_to() (uuidv7(interval)) lands in the target's millisecond, at most one
// microsecond's ticks after its start, and moving ticks to their own microsecond is no move.
#include "layout.hpp"
#include "properties.hpp"

namespace {

using uuidx::Errc;

constexpr int64_t kLastUnixMs = (int64_t{1} << 48) - 1;  // RFC 9562 section 5.7: 48 bits

}  // namespace

// Input: microseconds, a tick count, nanoseconds (8 bytes each, native order).
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    uuidx_fuzz::InputReader input(data, size);
    const int64_t unix_us = input.i64();
    const uint64_t ticks = input.u64();
    const int64_t unix_ns = input.i64();

    const bool us_fits = unix_us >= 0 && unix_us / 1000 <= kLastUnixMs;
    const auto from_us = uuidx::v7_ticks_from_unix_us(unix_us);
    if (us_fits) {
        FUZZ_CHECK(from_us);
        FUZZ_CHECK(from_us.value >> 16 == static_cast<uint64_t>(unix_us / 1000));
        // Both directions round down: at most one microsecond is lost on the way back.
        const int64_t back = uuidx::v7_ticks_to_unix_us(from_us.value);
        FUZZ_CHECK(back <= unix_us && back >= unix_us - 1);
        // A microsecond is 65.536 ticks: later microseconds have strictly more ticks.
        const auto next = uuidx::v7_ticks_from_unix_us(unix_us + 1);
        FUZZ_CHECK(!next || next.value > from_us.value);
    } else {
        FUZZ_CHECK(from_us.error == Errc::time_out_of_range);
    }

    // int64 nanoseconds end in 2262, long before the last 48-bit millisecond.
    const auto from_ns = uuidx::v7_ticks_from_unix_ns(unix_ns);
    if (unix_ns >= 0) {
        FUZZ_CHECK(from_ns);
        FUZZ_CHECK(from_ns.value >> 16 == static_cast<uint64_t>(unix_ns / 1000000));
    } else {
        FUZZ_CHECK(from_ns.error == Errc::time_out_of_range);
    }

    const auto moved = uuidx::v7_ticks_moved_to(ticks, unix_us);
    if (us_fits) {
        FUZZ_CHECK(moved);
        FUZZ_CHECK(moved.value >> 16 == static_cast<uint64_t>(unix_us / 1000));
        FUZZ_CHECK(moved.value >= from_us.value && moved.value - from_us.value <= 66);
    } else {
        FUZZ_CHECK(moved.error == Errc::time_out_of_range);
    }

    const auto unmoved = uuidx::v7_ticks_moved_to(ticks, uuidx::v7_ticks_to_unix_us(ticks));
    FUZZ_CHECK(unmoved && unmoved.value == ticks);
    return 0;
}
