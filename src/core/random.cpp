#include "random.hpp"

#include <openssl/rand.h>

#include <climits>

namespace uuidx {

bool OpenSslRandom::fill(uint8_t* out, size_t n) noexcept {
    return n <= INT_MAX && RAND_bytes(out, static_cast<int>(n)) == 1;
}

bool RandomPool::take_after_refill(uint8_t* out, size_t n) noexcept {
    if (n > kCapacity) return source_.fill(out, n);
    // The bytes still buffered are too few: they are overwritten, never handed out.
    next_ = 0;
    if (!source_.fill(buffer_, kCapacity)) {
        discard();  // a failed fill may have written any part of the buffer: trust none of it
        return false;
    }
    hand_out(out, n);
    return true;
}

void RandomPool::discard() noexcept {
    // Bytes already handed out were wiped then; after a fork this touches (and copies)
    // only the pages that still hold fresh bytes.
    std::memset(buffer_ + next_, 0, kCapacity - next_);
    next_ = kCapacity;
}

}  // namespace uuidx
