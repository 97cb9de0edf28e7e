#include "random.hpp"

#include <openssl/rand.h>

#include <climits>
#include <cstring>

namespace uuidx {

bool OpenSslRandom::fill(uint8_t* out, size_t n) noexcept {
    return n <= INT_MAX && RAND_bytes(out, static_cast<int>(n)) == 1;
}

bool RandomPool::take(uint8_t* out, size_t n) noexcept {
    if (n > kCapacity) return source_.fill(out, n);
    if (kCapacity - next_ < n) {
        if (!source_.fill(buffer_, kCapacity)) {
            discard();  // a failed fill may have written part of the buffer: trust none of it
            return false;
        }
        next_ = 0;
    }
    std::memcpy(out, buffer_ + next_, n);
    std::memset(buffer_ + next_, 0, n);  // a byte handed out is not kept around
    next_ += n;
    return true;
}

void RandomPool::discard() noexcept {
    std::memset(buffer_, 0, sizeof buffer_);
    next_ = kCapacity;
}

}  // namespace uuidx
