#include "text_forms.hpp"

#include "ascii.hpp"

namespace uuidx {

namespace {

constexpr char kTypeIdAlphabet[] = "0123456789abcdefghjkmnpqrstvwxyz";
constexpr char kUlidAlphabet[] = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

// Both alphabets are in ASCII order, so a fixed-width text sorts bytewise like its value.
constexpr bool ascending(const char* alphabet) {
    for (int i = 1; i < 32; ++i)
        if (alphabet[i - 1] >= alphabet[i]) return false;
    return true;
}
static_assert(ascending(kTypeIdAlphabet) && ascending(kUlidAlphabet), "texts must sort like the UUIDs");

// A byte's digit value, or kNotADigit: one load a character whatever the byte (NUL and
// bytes above 0x7F included), built from the alphabet so the two cannot disagree.
constexpr int8_t kNotADigit = -1;
struct DigitTable {
    int8_t value[256];
    constexpr int of(char c) const { return value[static_cast<unsigned char>(c)]; }
};

constexpr DigitTable digit_table(const char* alphabet, bool lower_case_too) {
    DigitTable table{};
    for (int8_t& v : table.value) v = kNotADigit;
    for (int8_t v = 0; v < 32; ++v) {
        const char c = alphabet[v];
        table.value[static_cast<unsigned char>(c)] = v;
        if (lower_case_too && c >= 'A' && c <= 'Z') table.value[static_cast<unsigned char>(c - 'A' + 'a')] = v;
    }
    return table;
}

constexpr DigitTable kTypeIdDigits = digit_table(kTypeIdAlphabet, false);
constexpr DigitTable kUlidDigits = digit_table(kUlidAlphabet, true);

// The 26 digits of the 130 bits "00" || uuid, most significant first.
constexpr void encode_base32(const Uuid& uuid, const char* alphabet, char* out) {
    uint32_t pending = 0;  // only the low pending_bits bits are meaningful
    int pending_bits = 2;  // the two zero bits on top
    int position = 0;
    for (const uint8_t byte : uuid.bytes) {
        pending = (pending << 8) | byte;
        pending_bits += 8;
        while (pending_bits >= 5) {
            pending_bits -= 5;
            out[position++] = alphabet[(pending >> pending_bits) & 0x1F];
        }
    }
}

// The inverse, for 26 digits already checked against `table`, the first at most 7: its
// 3 low bits are the UUID's top bits, and 3 + 25 * 5 = 128.
constexpr Uuid decode_base32(std::string_view digits, const DigitTable& table) {
    Uuid uuid{};
    uint32_t pending = static_cast<uint32_t>(table.of(digits[0]));
    int pending_bits = 3;
    int byte = 0;
    for (size_t i = 1; i < kBase32UuidLength; ++i) {
        pending = (pending << 5) | static_cast<uint32_t>(table.of(digits[i]));
        pending_bits += 5;
        if (pending_bits >= 8) {
            pending_bits -= 8;
            uuid.bytes[byte++] = static_cast<uint8_t>(pending >> pending_bits);
        }
    }
    return uuid;
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
            case 'I': case 'L': case 'O': case 'U':
            case 'i': case 'l': case 'o': case 'u':
                return kUlidExcludedLetterReason;
            default:
                return kUlidAlphabetReason;
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
