// A small JSON reader for the dump configuration (aclmdlSetDump): objects, arrays, strings
// (escapes of the Basic Multilingual Plane written as UTF-8), numbers, true, false, null.
// Depth is bounded, so a hostile file cannot exhaust the stack.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace aclemu::rt::dump {

struct Json {
    enum class Kind { Null, Bool, Number, String, Array, Object };
    Kind kind = Kind::Null;
    bool boolean = false;
    double number = 0.0;
    std::string text;
    std::vector<Json> items;
    std::map<std::string, Json> members;

    /// The member `key`, or nullptr (also when this is no object).
    const Json* find(const std::string& key) const;
};

/// Parses a whole document; false with `*error` ("offset N: what") when it is not JSON.
bool parse_json(const std::string& text, Json* out, std::string* error);

}  // namespace aclemu::rt::dump
