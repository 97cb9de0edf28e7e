// ASCII case folding for the few names SQL users type (namespaces, digest names): no
// locale, so the result is the same in every database encoding.
#pragma once
#include "cpp_only.hpp"

#include <string_view>

namespace uuidx {

constexpr char ascii_lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

// True when `text` equals `lower_case_name` ignoring ASCII case.
constexpr bool ascii_iequals(std::string_view text, std::string_view lower_case_name) {
    if (text.size() != lower_case_name.size()) return false;
    for (size_t i = 0; i < text.size(); ++i)
        if (ascii_lower(text[i]) != lower_case_name[i]) return false;
    return true;
}

}  // namespace uuidx
