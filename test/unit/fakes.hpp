// Test doubles for the two injectable inputs of a Generator: the clock and the source of
// random bytes. Both are deterministic, so every expected value can be computed exactly.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>

#include "clock.hpp"
#include "random.hpp"

namespace uuidx_test {

inline constexpr int64_t kNsPerUs = 1000;
inline constexpr int64_t kNsPerMs = 1000000;
inline constexpr int64_t kNsPerHour = int64_t{3600} * 1000 * kNsPerMs;

// A clock that reads whatever the test set. The reading is atomic so that one frozen
// FakeClock can be shared by several generator threads.
class FakeClock final : public uuidx::Clock {
public:
    explicit FakeClock(int64_t unix_ns = 0) noexcept : now_(unix_ns) {}

    int64_t unix_ns() noexcept override { return now_.load(std::memory_order_relaxed); }

    void set(int64_t unix_ns) noexcept { now_.store(unix_ns, std::memory_order_relaxed); }
    void step_forward(int64_t ns) noexcept { now_.fetch_add(ns, std::memory_order_relaxed); }
    void step_back(int64_t ns) noexcept { now_.fetch_sub(ns, std::memory_order_relaxed); }

private:
    std::atomic<int64_t> now_;
};

// A counter-based byte stream: the byte at stream position p is a fixed mix of (seed, p).
// Because every position has its own byte, a test can tell exactly which positions a
// UUID was built from, and so prove that a byte was never handed out twice. fill() calls
// are counted, and the last buffer filled is remembered, so that a test can see when a
// RandomPool refills and read what the pool keeps in memory. set_failing(true) makes
// every fill() fail (as RAND_bytes can); by default without writing anything, or after
// writing `written_before_failing` bytes of the stream, as a source that fails midway.
class FakeRandom final : public uuidx::RandomSource {
public:
    explicit FakeRandom(uint64_t seed = 0) noexcept : seed_(seed) {}

    bool fill(uint8_t* out, size_t n) noexcept override {
        ++fill_calls_;
        last_target_ = out;
        last_size_ = n;
        if (failing_) {
            for (size_t i = 0; i < n && i < written_before_failing_; ++i) out[i] = byte_at(position_++);
            return false;
        }
        for (size_t i = 0; i < n; ++i) out[i] = byte_at(position_++);
        return true;
    }

    // The byte this source yields (or yielded) at stream position `position`.
    uint8_t byte_at(uint64_t position) const noexcept {
        // SplitMix64 finaliser: neighbouring positions give unrelated bytes.
        uint64_t z = seed_ * 0x9E3779B97F4A7C15u + position + 1;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
        return static_cast<uint8_t>(z ^ (z >> 31));
    }

    void set_failing(bool failing, size_t written_before_failing = 0) noexcept {
        failing_ = failing;
        written_before_failing_ = written_before_failing;
    }
    size_t fill_calls() const noexcept { return fill_calls_; }
    uint64_t position() const noexcept { return position_; }  // bytes produced so far
    // The buffer of the last fill() call, failed or not: for a RandomPool, its own memory.
    const uint8_t* last_target() const noexcept { return last_target_; }
    size_t last_size() const noexcept { return last_size_; }

private:
    uint64_t seed_;
    uint64_t position_ = 0;
    size_t fill_calls_ = 0;
    bool failing_ = false;
    size_t written_before_failing_ = 0;
    const uint8_t* last_target_ = nullptr;
    size_t last_size_ = 0;
};

}  // namespace uuidx_test
