// Randomness: OpenSSL's CSPRNG, drawn in blocks into a per-process pool so that one
// UUID costs a copy of a few bytes instead of a RAND_bytes() call.
//
// A pool must never be shared by two processes: PostgreSQL forks every backend from the
// postmaster, and with shared_preload_libraries the library (and any pool it filled) is
// loaded before the fork. discard() is called in every child after fork (see process.cpp),
// so the child's first UUID draws fresh bytes; OpenSSL 3 reseeds itself after a fork.
#pragma once
#include "cpp_only.hpp"

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace uuidx {

class RandomSource {
public:
    virtual ~RandomSource() = default;
    // Fills out[0..n) with unpredictable bytes; false if the source cannot.
    virtual bool fill(uint8_t* out, size_t n) noexcept = 0;
};

class OpenSslRandom final : public RandomSource {
public:
    bool fill(uint8_t* out, size_t n) noexcept override;
};

class RandomPool {
public:
    // A RAND_bytes() call has a fixed cost whatever its size (OpenSSL 3 checks for a fork
    // with a getpid() system call: ~2 us on a virtual machine), then ~0.2 ns a byte.
    // 16 KiB spreads the fixed part over 2048 v7 values, about 1 ns each (15 ns with
    // 1 KiB), and is little beside a backend's own memory.
    static constexpr size_t kCapacity = 16384;

    explicit RandomPool(RandomSource& source) noexcept : source_(source) {}

    // Copies n fresh bytes to out; every byte is handed out once, then wiped from the pool.
    // Requests larger than the pool go to the source directly. Inline, so that a UUID's
    // few bytes are copied and wiped by a few moves; refills are out of line.
    bool take(uint8_t* out, size_t n) noexcept {
        if (n > kCapacity || next_ > kCapacity - n) return take_after_refill(out, n);
        hand_out(out, n);
        return true;
    }

    // Forgets the buffered bytes (and wipes them) so they are never handed out again.
    void discard() noexcept;

private:
    bool take_after_refill(uint8_t* out, size_t n) noexcept;

    void hand_out(uint8_t* out, size_t n) noexcept {
        std::memcpy(out, buffer_ + next_, n);
        std::memset(buffer_ + next_, 0, n);
        next_ += n;
    }

    RandomSource& source_;
    // Bytes below next_ are handed out and zero; bytes from next_ on are fresh.
    uint8_t buffer_[kCapacity] = {};
    size_t next_ = kCapacity;
};

}  // namespace uuidx
