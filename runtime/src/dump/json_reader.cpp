#include "dump/json_reader.h"

#include <cctype>
#include <cstdlib>

namespace aclemu::rt::dump {
namespace {

constexpr int kMaxDepth = 64;

class Parser {
public:
    explicit Parser(const std::string& text) : s_(text) {}

    bool document(Json* out) {
        if (!value(out, 0)) {
            return false;
        }
        skip_space();
        return pos_ == s_.size() || error("text after the document");
    }

    std::string message() const { return "offset " + std::to_string(pos_) + ": " + error_; }

private:
    bool error(const char* what) {
        if (error_.empty()) {
            error_ = what;
        }
        return false;
    }

    void skip_space() {
        while (pos_ < s_.size()
               && (s_[pos_] == ' ' || s_[pos_] == '\t' || s_[pos_] == '\n' || s_[pos_] == '\r')) {
            ++pos_;
        }
    }

    /// Consumes `c` when it is the next character.
    bool eat(char c) {
        if (pos_ < s_.size() && s_[pos_] == c) {
            ++pos_;
            return true;
        }
        return false;
    }

    bool literal(const char* word) {
        size_t i = 0;
        for (; word[i] != '\0'; ++i) {
            if (pos_ + i >= s_.size() || s_[pos_ + i] != word[i]) {
                return error("unknown literal");
            }
        }
        pos_ += i;
        return true;
    }

    bool value(Json* out, int depth) {
        if (depth > kMaxDepth) {
            return error("nested too deeply");
        }
        skip_space();
        if (pos_ >= s_.size()) {
            return error("unexpected end");
        }
        const char c = s_[pos_];
        if (c == '{') {
            return object(out, depth);
        }
        if (c == '[') {
            return array(out, depth);
        }
        if (c == '"') {
            out->kind = Json::Kind::String;
            return string(&out->text);
        }
        if (c == 't' || c == 'f') {
            out->kind = Json::Kind::Bool;
            out->boolean = c == 't';
            return literal(c == 't' ? "true" : "false");
        }
        if (c == 'n') {
            out->kind = Json::Kind::Null;
            return literal("null");
        }
        return number(out);
    }

    bool number(Json* out) {
        const size_t start = pos_;
        while (pos_ < s_.size()
               && (std::isdigit(static_cast<unsigned char>(s_[pos_])) != 0 || s_[pos_] == '-'
                   || s_[pos_] == '+' || s_[pos_] == '.' || s_[pos_] == 'e' || s_[pos_] == 'E')) {
            ++pos_;
        }
        if (pos_ == start) {
            return error("unexpected character");
        }
        const std::string digits = s_.substr(start, pos_ - start);
        char* end = nullptr;
        out->kind = Json::Kind::Number;
        out->number = std::strtod(digits.c_str(), &end);
        return end == digits.c_str() + digits.size() || error("bad number");
    }

    static void append_utf8(std::string* out, unsigned code) {
        if (code < 0x80) {
            *out += static_cast<char>(code);
        } else if (code < 0x800) {
            *out += static_cast<char>(0xC0 | (code >> 6));
            *out += static_cast<char>(0x80 | (code & 0x3F));
        } else {
            *out += static_cast<char>(0xE0 | (code >> 12));
            *out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
            *out += static_cast<char>(0x80 | (code & 0x3F));
        }
    }

    bool string(std::string* out) {
        ++pos_;  // the opening quote
        while (pos_ < s_.size()) {
            const char c = s_[pos_++];
            if (c == '"') {
                return true;
            }
            if (static_cast<unsigned char>(c) < 0x20) {
                return error("control character in a string");
            }
            if (c != '\\') {
                *out += c;
                continue;
            }
            if (pos_ >= s_.size()) {
                break;
            }
            const char e = s_[pos_++];
            switch (e) {
                case '"':
                case '\\':
                case '/':
                    *out += e;
                    break;
                case 'b':
                    *out += '\b';
                    break;
                case 'f':
                    *out += '\f';
                    break;
                case 'n':
                    *out += '\n';
                    break;
                case 'r':
                    *out += '\r';
                    break;
                case 't':
                    *out += '\t';
                    break;
                case 'u': {
                    if (pos_ + 4 > s_.size()) {
                        return error("short \\u escape");
                    }
                    char* end = nullptr;
                    const std::string hex = s_.substr(pos_, 4);
                    const unsigned long code = std::strtoul(hex.c_str(), &end, 16);
                    if (end != hex.c_str() + 4) {
                        return error("bad \\u escape");
                    }
                    pos_ += 4;
                    append_utf8(out, static_cast<unsigned>(code));
                    break;
                }
                default:
                    return error("bad escape");
            }
        }
        return error("unterminated string");
    }

    // The items of an array or the members of an object, after its opening bracket: `item()`
    // reads one, then a comma goes on and `close` ends them.
    template <class Item>
    bool items(char close, Item&& item) {
        ++pos_;
        skip_space();
        if (eat(close)) {
            return true;
        }
        while (true) {
            if (!item()) {
                return false;
            }
            skip_space();
            if (eat(',')) {
                continue;
            }
            if (eat(close)) {
                return true;
            }
            return error(close == ']' ? "expected , or ]" : "expected , or }");
        }
    }

    bool array(Json* out, int depth) {
        out->kind = Json::Kind::Array;
        return items(']', [&] {
            out->items.emplace_back();
            return value(&out->items.back(), depth + 1);
        });
    }

    bool object(Json* out, int depth) {
        out->kind = Json::Kind::Object;
        return items('}', [&] {
            skip_space();
            if (pos_ >= s_.size() || s_[pos_] != '"') {
                return error("expected a member name");
            }
            std::string key;
            if (!string(&key)) {
                return false;
            }
            skip_space();
            if (!eat(':')) {
                return error("expected :");
            }
            Json member;
            if (!value(&member, depth + 1)) {
                return false;
            }
            out->members[key] = std::move(member);
            return true;
        });
    }

    const std::string& s_;
    size_t pos_ = 0;
    std::string error_;
};

}  // namespace

const Json* Json::find(const std::string& key) const {
    const auto it = members.find(key);
    return kind == Kind::Object && it != members.end() ? &it->second : nullptr;
}

bool parse_json(const std::string& text, Json* out, std::string* error) {
    Parser parser(text);
    *out = Json{};
    if (!parser.document(out)) {
        *error = parser.message();
        return false;
    }
    return true;
}

}  // namespace aclemu::rt::dump
