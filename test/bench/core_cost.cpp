// One clock read, and one UUIDv7 of uuidx's core without PostgreSQL, in a tight loop: the
// yardstick that test/bench.sh prints beside uuid_generate_v7()'s cost per call, measured
// in the same run. Prints "clock_read_ns N" and "core_v7_ns N": medians of 11 rounds.
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "process.hpp"

namespace {

constexpr int kRounds = 11;
constexpr int kCallsPerRound = 1000000;

template <typename Body>
double median_ns_per_call(Body body) {
    std::vector<double> rounds;
    for (int round = 0; round < kRounds; ++round) {
        const auto started = std::chrono::steady_clock::now();
        for (int i = 0; i < kCallsPerRound; ++i) body();
        const std::chrono::duration<double, std::nano> took = std::chrono::steady_clock::now() - started;
        rounds.push_back(took.count() / kCallsPerRound);
    }
    std::sort(rounds.begin(), rounds.end());
    return rounds[kRounds / 2];
}

}  // namespace

int main() {
    volatile uint64_t sink = 0;  // keeps every result alive
    const double clock_read = median_ns_per_call([&] {
        timespec now{};
        clock_gettime(CLOCK_REALTIME, &now);
        sink = sink + static_cast<uint64_t>(now.tv_nsec);
    });
    uuidx::Generator& generator = uuidx::process_generator();
    const double v7 = median_ns_per_call([&] {
        const auto made = generator.v7();
        if (!made) {
            std::fprintf(stderr, "uuidx's v7 failed\n");
            std::exit(1);
        }
        sink = sink + made.value.bytes[15];
    });
    std::printf("clock_read_ns %.1f\ncore_v7_ns %.1f\n", clock_read, v7);
    return 0;
}
