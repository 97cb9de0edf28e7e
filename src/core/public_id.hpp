// The public form of a UUIDv7 key: a keyed, reversible mapping from a v7 to a UUID that
// looks like a v4 (a "façade"), so that an API can hand out keys without their creation
// time while the database keeps the time-ordered v7. It is the uuidv47 design
// (github.com/stateless-me/uuidv47, with ports in Rust, Go, TypeScript, C#, Ruby, Python),
// bit for bit, so that façades made here and by any uuidv47 implementation with the same
// key are the same:
//
//   mask48 = SipHash-2-4(key, R) & 0xFFFFFFFFFFFF, where R is 10 bytes of the UUID's
//            74 random bits: [b6 & 0x0F][b7][b8 & 0x3F][b9 .. b15];
//   façade = the v7 with its first 6 bytes (the big-endian unix_ts_ms) XORed with mask48,
//            the version set to 4 and the variant to RFC 9562; every other bit unchanged.
//
// R is the same in a v7 and in its façade, so decoding computes the same mask from the
// façade and XORs the time back.
//
// What the façade does not hide, and what decoding cannot know:
// - Decoding cannot tell a façade from any other v4: every RFC-variant v4 is the façade of
//   exactly one v7 under a given key, so decoding a foreign v4 (or a façade made with another
//   key) succeeds and gives a well-formed v7 whose time means nothing.
// - uuidv47 masks only the millisecond. uuidx's v7 keeps a 16-bit fraction of the
//   millisecond in rand_a (12 bits) and the top 4 bits of rand_b (layout.hpp), which the
//   façade carries unchanged: it reveals where in its millisecond a key was made (not which
//   millisecond), so keys known to share a millisecond can be ordered by their façades. We
//   stay compatible with uuidv47 on purpose; a v7 whose rand_a and rand_b are random (as
//   uuidv47's own generator makes them) reveals nothing that way.
// - Whoever holds the key can decode every façade and read its time.
#pragma once
#include "cpp_only.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "result.hpp"
#include "uuid.hpp"

namespace uuidx {

// The 128-bit SipHash key as uuidv47's C API holds it: k0 is the key's bytes 0-7 read
// little-endian, k1 its bytes 8-15.
struct PublicIdKey {
    uint64_t k0 = 0;
    uint64_t k1 = 0;
};

// The key's text, as uuidv47's PostgreSQL extension takes its uuid47.key setting:
// "k0:k1", each side exactly 16 hex digits (either case) giving the 8 key bytes in order,
// so that each side is read little-endian: "0011223344556677:8899aabbccddeeff" is k0 =
// 0x7766554433221100, and the text is the 16 key bytes written out, as SipHash's paper and
// uuidv47's bytea key arguments give them. uuidv47's GUC also accepts white space, "0x"
// prefixes and 32 digits without the colon; this parser accepts one spelling only, the one
// both read the same way. Anything else fails with Errc::invalid_text_form.
inline constexpr std::size_t kPublicIdKeyTextLength = 33;

Result<PublicIdKey> parse_public_id_key(std::string_view text) noexcept;

// The façade of `v7`. Any RFC 9562 version 7 UUID is taken (uuidx's, PostgreSQL 18's, an
// application's); anything else fails with Errc::unexpected_version.
Result<Uuid> to_public_id(const Uuid& v7, const PublicIdKey& key) noexcept;

// The v7 behind `facade`: the inverse of to_public_id for the same key. Any RFC 9562
// version 4 UUID is taken (see above: a foreign v4 decodes to a meaningless v7); anything
// else fails with Errc::unexpected_version.
Result<Uuid> from_public_id(const Uuid& facade, const PublicIdKey& key) noexcept;

}  // namespace uuidx
