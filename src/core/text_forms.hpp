// Three 26-character text forms of the same 128 bits: TypeID (specification 0.3,
// github.com/jetify-com/typeid, spec/README.md) and ULID (github.com/ulid/spec) write the
// UUID's 16 bytes, big-endian, as 130 bits (two leading zero bits) in 5-bit Crockford
// base32 digits; base32hex (RFC 4648 section 7, PostgreSQL 19's encode(..., 'base32hex'))
// writes them with the two zero bits at the end, in digits 0-9A-V. All three sort like the
// UUID, and a v7's first 10 characters are its 48-bit millisecond (base32.hpp).
//
// Every parse failure is Errc::invalid_text_form plus a reason: a static sentence (the
// k...Reason constants below) saying what is wrong, which the SQL layer puts in the
// error's DETAIL. Inputs are arbitrary bytes (NUL, non-ASCII, any length): nothing reads
// outside the view and nothing allocates.
#pragma once
#include "cpp_only.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <type_traits>

#include "base32.hpp"
#include "result.hpp"
#include "uuid.hpp"

namespace uuidx {

inline constexpr size_t kBase32UuidLength = base32::kUuidDigits;
inline constexpr size_t kTypeIdMaxPrefixLength = 63;
inline constexpr size_t kTypeIdMaxLength = kTypeIdMaxPrefixLength + 1 + kBase32UuidLength;  // 90

// The reasons, in PostgreSQL's errdetail style (whole sentences). Arrays, not pointers,
// so each is one object in the program and can be compared by address.
inline constexpr char kEmptyTextReason[] = "The text is empty.";
inline constexpr char kTypeIdSeparatorWithoutPrefixReason[] =
    "The text starts with the separator \"_\": an empty prefix is written without it.";
inline constexpr char kTypeIdPrefixTooLongReason[] = "The prefix is longer than 63 characters.";
inline constexpr char kTypeIdPrefixCharacterReason[] = "The prefix has a character other than a-z or \"_\".";
inline constexpr char kTypeIdPrefixEdgeUnderscoreReason[] = "The prefix starts or ends with \"_\".";
inline constexpr char kTypeIdSuffixLengthReason[] = "The suffix (after the last \"_\") is not 26 characters long.";
inline constexpr char kTypeIdWithoutPrefixLengthReason[] =
    "The text has no \"_\", so it is all suffix, and a suffix is 26 characters long.";
inline constexpr char kTypeIdSuffixUpperCaseReason[] = "The suffix has an upper-case letter: a TypeID is lower case.";
inline constexpr char kTypeIdSuffixAlphabetReason[] =
    "The suffix has a character outside the TypeID alphabet 0123456789abcdefghjkmnpqrstvwxyz.";
inline constexpr char kTypeIdSuffixOverflowReason[] =
    "The suffix's first character is above 7: the value would need more than 128 bits.";
inline constexpr char kUlidLengthReason[] = "A ULID is 26 characters long.";
inline constexpr char kUlidExcludedLetterReason[] = "The ULID has I, L, O or U, which the ULID alphabet leaves out.";
inline constexpr char kUlidAlphabetReason[] =
    "The ULID has a character outside the alphabet 0123456789ABCDEFGHJKMNPQRSTVWXYZ (either case).";
inline constexpr char kUlidOverflowReason[] =
    "The ULID's first character is above 7: the value would need more than 128 bits.";
inline constexpr char kBase32HexWhiteSpaceReason[] = "The text has white space, which base32hex does not allow.";
inline constexpr char kBase32HexLengthReason[] =
    "A UUID in base32hex is 26 characters long, or 32 with its six \"=\" of padding.";
inline constexpr char kBase32HexPaddingReason[] = "The 32-character form must end in exactly six \"=\" of padding.";
inline constexpr char kBase32HexAlphabetReason[] =
    "The text has a character outside the base32hex alphabet 0123456789ABCDEFGHIJKLMNOPQRSTUV (either case).";
inline constexpr char kBase32HexTrailingBitsReason[] =
    "The last character's two low bits are not zero: a UUID's last base32hex character is 0, 4, 8, C, G, K, O or S.";

// A TypeID as text, NUL-terminated; fixed capacity so that it crosses into PostgreSQL by copy.
struct TypeIdText {
    char chars[kTypeIdMaxLength + 1];
    uint8_t length;
    constexpr std::string_view view() const noexcept { return {chars, length}; }
};

// A validated prefix (possibly empty), NUL-terminated.
struct TypeIdPrefix {
    char chars[kTypeIdMaxPrefixLength + 1];
    uint8_t length;
    constexpr std::string_view view() const noexcept { return {chars, length}; }
};

struct DecodedTypeId {
    Uuid uuid;
    // The prefix is the first prefix_length bytes of the decoded text (0: no prefix, and
    // no separator either).
    uint8_t prefix_length;
};

// A ULID as text: 26 upper-case characters and a NUL.
struct UlidText {
    char chars[kBase32UuidLength + 1];
    constexpr std::string_view view() const noexcept { return {chars, kBase32UuidLength}; }
};

// A UUID in base32hex: 26 upper-case characters, no padding, and a NUL.
struct Base32HexText {
    char chars[kBase32UuidLength + 1];
    constexpr std::string_view view() const noexcept { return {chars, kBase32UuidLength}; }
};

static_assert(std::is_trivially_copyable<TypeIdText>::value && std::is_trivially_copyable<TypeIdPrefix>::value &&
                  std::is_trivially_copyable<DecodedTypeId>::value && std::is_trivially_copyable<UlidText>::value &&
                  std::is_trivially_copyable<Base32HexText>::value,
              "text forms cross the boundary by copy");

// Null when `prefix` is a valid TypeID prefix (the empty one included), else the reason:
// too long, then a character other than a-z or '_', then '_' at either end.
const char* typeid_prefix_problem(std::string_view prefix) noexcept;

// prefix + "_" + the UUID's suffix, or the suffix alone for an empty prefix. Fails only for
// an invalid prefix; `reason` is set to null on success, to the reason otherwise.
Result<TypeIdText> typeid_from_uuid(std::string_view prefix, const Uuid& uuid, const char*& reason) noexcept;

// The UUID and prefix of a TypeID. The separator is the text's last '_' (the suffix
// alphabet has none). The first problem found is the reason, in this order: empty text;
// a separator at position 0; the prefix's problems (typeid_prefix_problem); the suffix's
// length; its first character outside the alphabet (an upper-case letter whose lower case
// is in the alphabet has its own reason); a first character above '7'.
Result<DecodedTypeId> uuid_from_typeid(std::string_view text, const char*& reason) noexcept;

// The prefix of a valid TypeID (the whole text is validated, suffix included).
Result<TypeIdPrefix> typeid_prefix(std::string_view text, const char*& reason) noexcept;

// The ULID of a UUID: always 26 upper-case characters; the bytes are the same.
UlidText ulid_from_uuid(const Uuid& uuid) noexcept;

// Either case is read. I, L, O and U are refused (I and L are not read as 1, nor O as 0,
// as general Crockford decoding would): the ULID alphabet leaves them out, and reading
// them would give one UUID several ULIDs. Reasons, first found: empty text; length; the first
// character outside the alphabet (I, L, O and U named apart); a first character above '7'.
Result<Uuid> uuid_from_ulid(std::string_view text, const char*& reason) noexcept;

// base32hex of a UUID: what PostgreSQL 19's rtrim(encode(id::bytea, 'base32hex'), '=') gives.
Base32HexText base32hex_from_uuid(const Uuid& uuid) noexcept;

// Either case is read, with or without the six "=" of padding; stricter than PostgreSQL
// 19's decode(), which skips white space and drops nonzero trailing bits, so that one UUID
// has one text. Reasons, first found: empty text; white space anywhere; a length other
// than 26 or 32; padding other than six "=" at the end of 32; a character outside the
// alphabet; nonzero trailing bits.
Result<Uuid> uuid_from_base32hex(std::string_view text, const char*& reason) noexcept;

}  // namespace uuidx
