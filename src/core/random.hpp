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
    static constexpr size_t kCapacity = 1024;

    explicit RandomPool(RandomSource& source) noexcept : source_(source) {}

    // Copies n (<= kCapacity) fresh bytes to out; every byte is handed out once.
    bool take(uint8_t* out, size_t n) noexcept;

    // Forgets the buffered bytes (and wipes them) so they are never handed out again.
    void discard() noexcept;

private:
    RandomSource& source_;
    uint8_t buffer_[kCapacity] = {};
    size_t next_ = kCapacity;  // index of the first unused byte; kCapacity = empty
};

}  // namespace uuidx
