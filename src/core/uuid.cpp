#include "uuid.hpp"

namespace uuidx {

void format_canonical(const Uuid& u, char (&out)[37]) noexcept {
    static constexpr char kHex[] = "0123456789abcdef";
    int pos = 0;
    for (int i = 0; i < 16; ++i) {
        if (i == 4 || i == 6 || i == 8 || i == 10) out[pos++] = '-';
        out[pos++] = kHex[u.bytes[i] >> 4];
        out[pos++] = kHex[u.bytes[i] & 0x0F];
    }
    out[36] = '\0';
}

}  // namespace uuidx
