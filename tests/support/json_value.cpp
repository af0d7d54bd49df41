// JsonValue: a recursive-descent reader (json_value.h).
#include "support/json_value.h"

#include <cctype>
#include <cstdlib>
#include <stdexcept>

namespace aclemu::test {

class JsonParser {
public:
    explicit JsonParser(const std::string& text) : text_(text) {}

    JsonValue document() {
        JsonValue value = parse_value();
        skip_space();
        if (at_ != text_.size()) {
            fail("text after the document");
        }
        return value;
    }

private:
    [[noreturn]] void fail(const std::string& what) const {
        throw std::runtime_error("JSON: " + what + " at offset " + std::to_string(at_));
    }

    void skip_space() {
        while (at_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[at_]))) {
            ++at_;
        }
    }

    char peek() {
        skip_space();
        if (at_ >= text_.size()) {
            fail("unexpected end");
        }
        return text_[at_];
    }

    void expect(char c) {
        if (peek() != c) {
            fail(std::string("expected '") + c + "'");
        }
        ++at_;
    }

    bool literal(const char* word) {
        const std::string w(word);
        if (text_.compare(at_, w.size(), w) == 0) {
            at_ += w.size();
            return true;
        }
        return false;
    }

    JsonValue parse_value() {
        JsonValue value;
        const char c = peek();
        if (c == '{') {
            value.kind_ = JsonValue::Kind::Object;
            ++at_;
            if (peek() == '}') {
                ++at_;
                return value;
            }
            for (;;) {
                if (peek() != '"') {
                    fail("expected a member name");
                }
                std::string key = parse_string();
                expect(':');
                value.members_[key] = parse_value();
                if (peek() == ',') {
                    ++at_;
                    continue;
                }
                expect('}');
                return value;
            }
        }
        if (c == '[') {
            value.kind_ = JsonValue::Kind::Array;
            ++at_;
            if (peek() == ']') {
                ++at_;
                return value;
            }
            for (;;) {
                value.items_.push_back(parse_value());
                if (peek() == ',') {
                    ++at_;
                    continue;
                }
                expect(']');
                return value;
            }
        }
        if (c == '"') {
            value.kind_ = JsonValue::Kind::String;
            value.text_ = parse_string();
            return value;
        }
        if (literal("true") || literal("false")) {
            value.kind_ = JsonValue::Kind::Bool;
            value.boolean_ = text_[at_ - 4] == 't';  // "true" ends 4 back, "false" 5
            return value;
        }
        if (literal("null")) {
            return value;
        }
        const char* begin = text_.c_str() + at_;
        char* end = nullptr;
        value.number_ = std::strtod(begin, &end);
        if (end == begin) {
            fail("expected a value");
        }
        value.kind_ = JsonValue::Kind::Number;
        at_ += static_cast<size_t>(end - begin);
        return value;
    }

    std::string parse_string() {
        expect('"');
        std::string out;
        for (;;) {
            if (at_ >= text_.size()) {
                fail("unterminated string");
            }
            const char c = text_[at_++];
            if (c == '"') {
                return out;
            }
            if (static_cast<unsigned char>(c) < 0x20) {
                fail("control character in a string");
            }
            if (c != '\\') {
                out.push_back(c);
                continue;
            }
            if (at_ >= text_.size()) {
                fail("unterminated escape");
            }
            const char e = text_[at_++];
            switch (e) {
                case '"':
                case '\\':
                case '/':
                    out.push_back(e);
                    break;
                case 'n':
                    out.push_back('\n');
                    break;
                case 't':
                    out.push_back('\t');
                    break;
                case 'r':
                    out.push_back('\r');
                    break;
                case 'b':
                    out.push_back('\b');
                    break;
                case 'f':
                    out.push_back('\f');
                    break;
                case 'u': {
                    if (at_ + 4 > text_.size()) {
                        fail("short \\u escape");
                    }
                    const long code = std::strtol(text_.substr(at_, 4).c_str(), nullptr, 16);
                    at_ += 4;
                    out.push_back(code < 0x80 ? static_cast<char>(code) : '?');
                    break;
                }
                default:
                    fail("unknown escape");
            }
        }
    }

    const std::string& text_;
    size_t at_ = 0;
};

JsonValue JsonValue::parse(const std::string& text) {
    return JsonParser(text).document();
}

const JsonValue& JsonValue::operator[](const std::string& key) const {
    static const JsonValue null;
    auto found = members_.find(key);
    return found != members_.end() ? found->second : null;
}

bool JsonValue::has(const std::string& key) const {
    return members_.count(key) != 0;
}

}  // namespace aclemu::test
