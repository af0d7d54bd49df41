// What the cross-process tests and their peer process (ipc_peer.cpp) agree on: the byte
// patterns they write and check, and the hex text an aclrtIpcEventHandle travels as.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace aclemu::test::peer {

/// `n` bytes from a linear congruential generator seeded with `seed` (no short period, so a
/// chunk in the wrong place does not match by accident).
inline std::vector<uint8_t> pattern(size_t n, uint32_t seed) {
    std::vector<uint8_t> bytes(n);
    uint32_t x = seed * 2654435761u + 12345u;
    for (size_t i = 0; i < n; ++i) {
        x = x * 1664525u + 1013904223u;
        bytes[i] = static_cast<uint8_t>(x >> 24);
    }
    return bytes;
}

inline std::string to_hex(const char* bytes, size_t n) {
    static const char digits[] = "0123456789abcdef";
    std::string text;
    for (size_t i = 0; i < n; ++i) {
        const auto byte = static_cast<unsigned char>(bytes[i]);
        text += digits[byte >> 4];
        text += digits[byte & 15];
    }
    return text;
}

inline bool from_hex(const std::string& text, char* bytes, size_t n) {
    if (text.size() != 2 * n) {
        return false;
    }
    auto value = [](char c) {
        return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
    };
    for (size_t i = 0; i < n; ++i) {
        const int high = value(text[2 * i]);
        const int low = value(text[2 * i + 1]);
        if (high < 0 || low < 0) {
            return false;
        }
        bytes[i] = static_cast<char>(high * 16 + low);
    }
    return true;
}

}  // namespace aclemu::test::peer
