#include "text_forms.hpp"

#include "ascii.hpp"
#include "base32.hpp"

namespace uuidx {

namespace {

constexpr char kTypeIdAlphabet[] = "0123456789abcdefghjkmnpqrstvwxyz";
constexpr char kUlidAlphabet[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

static_assert(base32::ascending(kTypeIdAlphabet) && base32::ascending(kUlidAlphabet), "texts must sort like the UUIDs");

using base32::kNotADigit;
using base32::SpareBits;
constexpr base32::DigitTable kTypeIdDigits = base32::digit_table(kTypeIdAlphabet, false);
constexpr base32::DigitTable kUlidDigits = base32::digit_table(kUlidAlphabet, true);

// TypeID and ULID put the two spare bits on top.
constexpr void encode_base32(const Uuid& uuid, const char* alphabet, char* out) {
    base32::encode(uuid, alphabet, SpareBits::on_top, out);
}
constexpr Uuid decode_base32(std::string_view digits, const base32::DigitTable& table) {
    return base32::decode(digits, table, SpareBits::on_top);
}

constexpr bool is_ascii_upper(char c) { return c >= 'A' && c <= 'Z'; }

constexpr const char* typeid_suffix_problem(std::string_view suffix) {
    if (suffix.size() != kBase32UuidLength) return kTypeIdSuffixLengthReason;
    for (const char c : suffix) {
        if (kTypeIdDigits.of(c) != kNotADigit) continue;
        // Upper case is worth its own reason: it is the likeliest mistake (a ULID pasted
        // as a suffix), and "outside the alphabet" would not tell how to fix it.
        const bool lower_case_would_do = is_ascii_upper(c) && kTypeIdDigits.of(ascii_lower(c)) != kNotADigit;
        return lower_case_would_do ? kTypeIdSuffixUpperCaseReason : kTypeIdSuffixAlphabetReason;
    }
    if (kTypeIdDigits.of(suffix[0]) > 7) return kTypeIdSuffixOverflowReason;
    return nullptr;
}

constexpr const char* ulid_problem(std::string_view text) {
    if (text.empty()) return kEmptyTextReason;
    if (text.size() != kBase32UuidLength) return kUlidLengthReason;
    for (const char c : text) {
        if (kUlidDigits.of(c) != kNotADigit) continue;
        switch (c) {
            case 'I':
            case 'L':
            case 'O':
            case 'U':
            case 'i':
            case 'l':
            case 'o':
            case 'u': return kUlidExcludedLetterReason;
            default: return kUlidAlphabetReason;
        }
    }
    if (kUlidDigits.of(text[0]) > 7) return kUlidOverflowReason;
    return nullptr;
}

template <typename T>
Result<T> invalid(const char* why, const char*& reason) {
    reason = why;
    return Result<T>::failure(Errc::invalid_text_form);
}

// Compile-time checks against the published examples: TypeID spec/valid.yml ("nil",
// "max-valid", "valid-uuidv7") and ulid/javascript's test/node/uuid.spec.ts.
constexpr bool encodes_to(const Uuid& uuid, const char* alphabet, std::string_view expected) {
    char digits[kBase32UuidLength] = {};
    encode_base32(uuid, alphabet, digits);
    return std::string_view(digits, kBase32UuidLength) == expected;
}
static_assert(encodes_to(kNilUuid, kTypeIdAlphabet, "00000000000000000000000000"));
static_assert(encodes_to(kMaxUuid, kTypeIdAlphabet, "7zzzzzzzzzzzzzzzzzzzzzzzzz"));
static_assert(encodes_to(uuid_from_canonical("01890a5d-ac96-774b-bcce-b302099a8057"), kTypeIdAlphabet,
                         "01h455vb4pex5vsknk084sn02q"));
static_assert(encodes_to(uuid_from_canonical("0195c9a4-2e32-c014-5f4f-a7cef5be83d5"), kUlidAlphabet,
                         "01JQ4T8BHJR0A5YKX7SVTVX0YN"));
static_assert(decode_base32("01h455vb4pex5vsknk084sn02q", kTypeIdDigits) ==
              uuid_from_canonical("01890a5d-ac96-774b-bcce-b302099a8057"));
static_assert(decode_base32("01aryz6s41tsv4rrffq69g5fav", kUlidDigits) ==
              uuid_from_canonical("01563df3-6481-d676-4c61-efb99302bd5b"));
static_assert(typeid_suffix_problem("8zzzzzzzzzzzzzzzzzzzzzzzzz") == kTypeIdSuffixOverflowReason);
static_assert(ulid_problem("01ARYZ6S41TSV4RRFFQ69G5FAI") == kUlidExcludedLetterReason);

}  // namespace

const char* typeid_prefix_problem(std::string_view prefix) noexcept {
    // The length first: a long text is refused without reading it.
    if (prefix.size() > kTypeIdMaxPrefixLength) return kTypeIdPrefixTooLongReason;
    for (const char c : prefix)
        if (!((c >= 'a' && c <= 'z') || c == '_')) return kTypeIdPrefixCharacterReason;
    if (!prefix.empty() && (prefix.front() == '_' || prefix.back() == '_')) return kTypeIdPrefixEdgeUnderscoreReason;
    return nullptr;
}

Result<TypeIdText> typeid_from_uuid(std::string_view prefix, const Uuid& uuid, const char*& reason) noexcept {
    if (const char* problem = typeid_prefix_problem(prefix)) return invalid<TypeIdText>(problem, reason);
    reason = nullptr;
    TypeIdText text{};
    size_t length = 0;
    for (const char c : prefix) text.chars[length++] = c;
    if (!prefix.empty()) text.chars[length++] = '_';
    encode_base32(uuid, kTypeIdAlphabet, text.chars + length);
    length += kBase32UuidLength;
    text.chars[length] = '\0';
    text.length = static_cast<uint8_t>(length);
    return {text};
}

Result<DecodedTypeId> uuid_from_typeid(std::string_view text, const char*& reason) noexcept {
    if (text.empty()) return invalid<DecodedTypeId>(kEmptyTextReason, reason);
    std::string_view prefix;
    std::string_view suffix = text;
    // The last '_', because the prefix may hold '_' since 0.3 and the suffix never does.
    const size_t separator = text.rfind('_');
    if (separator != std::string_view::npos) {
        if (separator == 0) return invalid<DecodedTypeId>(kTypeIdSeparatorWithoutPrefixReason, reason);
        prefix = text.substr(0, separator);
        suffix = text.substr(separator + 1);
        if (const char* problem = typeid_prefix_problem(prefix)) return invalid<DecodedTypeId>(problem, reason);
    }
    if (const char* problem = typeid_suffix_problem(suffix)) {
        // Without a "_", "after the last _" would point at nothing.
        if (problem == kTypeIdSuffixLengthReason && separator == std::string_view::npos)
            problem = kTypeIdWithoutPrefixLengthReason;
        return invalid<DecodedTypeId>(problem, reason);
    }
    reason = nullptr;
    return {DecodedTypeId{decode_base32(suffix, kTypeIdDigits), static_cast<uint8_t>(prefix.size())}};
}

Result<TypeIdPrefix> typeid_prefix(std::string_view text, const char*& reason) noexcept {
    const Result<DecodedTypeId> decoded = uuid_from_typeid(text, reason);
    if (!decoded) return Result<TypeIdPrefix>::failure(decoded.error);
    TypeIdPrefix prefix{};
    for (size_t i = 0; i < decoded.value.prefix_length; ++i) prefix.chars[i] = text[i];
    prefix.chars[decoded.value.prefix_length] = '\0';
    prefix.length = decoded.value.prefix_length;
    return {prefix};
}

UlidText ulid_from_uuid(const Uuid& uuid) noexcept {
    UlidText text{};
    encode_base32(uuid, kUlidAlphabet, text.chars);
    text.chars[kBase32UuidLength] = '\0';
    return text;
}

Result<Uuid> uuid_from_ulid(std::string_view text, const char*& reason) noexcept {
    if (const char* problem = ulid_problem(text)) return invalid<Uuid>(problem, reason);
    reason = nullptr;
    return {decode_base32(text, kUlidDigits)};
}

}  // namespace uuidx
