#include "digest.hpp"

#include "ascii.hpp"

#include <openssl/evp.h>

#include <cstring>
#include <memory>

namespace uuidx {

namespace {

struct MdFree {
    void operator()(EVP_MD* md) const noexcept { EVP_MD_free(md); }
};
struct MdCtxFree {
    void operator()(EVP_MD_CTX* ctx) const noexcept { EVP_MD_CTX_free(ctx); }
};
using FetchedMd = std::unique_ptr<EVP_MD, MdFree>;
using MdContext = std::unique_ptr<EVP_MD_CTX, MdCtxFree>;

const char* openssl_name(Digest d) noexcept {
    switch (d) {
        case Digest::md5: return "MD5";
        case Digest::sha1: return "SHA1";
        case Digest::sha256: return "SHA2-256";
        case Digest::sha384: return "SHA2-384";
        case Digest::sha512: return "SHA2-512";
        case Digest::sha3_256: return "SHA3-256";
        case Digest::sha3_512: return "SHA3-512";
    }
    return "";
}

// Fetching an algorithm walks OpenSSL's provider tables: do it once per process and
// algorithm. A refused algorithm stays null, and every use reports it.
const EVP_MD* fetched(Digest d) {
    static const FetchedMd table[] = {
        FetchedMd(EVP_MD_fetch(nullptr, openssl_name(Digest::md5), nullptr)),
        FetchedMd(EVP_MD_fetch(nullptr, openssl_name(Digest::sha1), nullptr)),
        FetchedMd(EVP_MD_fetch(nullptr, openssl_name(Digest::sha256), nullptr)),
        FetchedMd(EVP_MD_fetch(nullptr, openssl_name(Digest::sha384), nullptr)),
        FetchedMd(EVP_MD_fetch(nullptr, openssl_name(Digest::sha512), nullptr)),
        FetchedMd(EVP_MD_fetch(nullptr, openssl_name(Digest::sha3_256), nullptr)),
        FetchedMd(EVP_MD_fetch(nullptr, openssl_name(Digest::sha3_512), nullptr)),
    };
    return table[static_cast<int>(d)].get();
}

}  // namespace

Result<Digest> v8_digest_from_name(std::string_view name) noexcept {
    struct Entry {
        std::string_view name;
        Digest digest;
    };
    static constexpr Entry kEntries[] = {{"sha256", Digest::sha256},
                                         {"sha384", Digest::sha384},
                                         {"sha512", Digest::sha512},
                                         {"sha3-256", Digest::sha3_256},
                                         {"sha3-512", Digest::sha3_512}};
    for (const Entry& e : kEntries)
        if (ascii_iequals(name, e.name)) return {e.digest};
    return Result<Digest>::failure(Errc::unknown_algorithm);
}

Result<Uuid> digest_prefix(Digest digest, const Uuid& name_space, const uint8_t* name, size_t name_length) {
    const EVP_MD* md = fetched(digest);
    if (md == nullptr) return Result<Uuid>::failure(Errc::digest_unavailable);
    const MdContext ctx(EVP_MD_CTX_new());
    unsigned char out[EVP_MAX_MD_SIZE];
    unsigned int out_length = 0;
    if (!ctx || EVP_DigestInit_ex2(ctx.get(), md, nullptr) != 1 ||
        EVP_DigestUpdate(ctx.get(), name_space.bytes.data(), name_space.bytes.size()) != 1 ||
        EVP_DigestUpdate(ctx.get(), name, name_length) != 1 || EVP_DigestFinal_ex(ctx.get(), out, &out_length) != 1 ||
        out_length < 16)
        return Result<Uuid>::failure(Errc::digest_unavailable);
    Uuid u{};
    std::memcpy(u.bytes.data(), out, 16);
    return {u};
}

}  // namespace uuidx
