// A small JSON reader for tests that check files aclemu writes (the ACLEMU_TRACE timeline):
// objects, arrays, strings (with \u escapes of ASCII), numbers, true, false, null.
//
//   JsonValue trace = JsonValue::parse(text);          // throws std::runtime_error
//   for (const JsonValue& event : trace["traceEvents"].items()) { ... event["ph"].text() ... }
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace aclemu::test {

class JsonValue {
public:
    enum class Kind { Null, Bool, Number, String, Array, Object };

    /// Parses a whole document; throws std::runtime_error naming the offset of the first error.
    static JsonValue parse(const std::string& text);

    Kind kind() const { return kind_; }
    bool is(Kind kind) const { return kind_ == kind; }
    /// The member `key` of an object; a Null value when absent (or when this is no object).
    const JsonValue& operator[](const std::string& key) const;
    bool has(const std::string& key) const;
    /// The elements of an array (empty for anything else).
    const std::vector<JsonValue>& items() const { return items_; }
    /// The members of an object.
    const std::map<std::string, JsonValue>& members() const { return members_; }
    double number() const { return number_; }
    const std::string& text() const { return text_; }
    bool boolean() const { return boolean_; }

private:
    friend class JsonParser;
    Kind kind_ = Kind::Null;
    bool boolean_ = false;
    double number_ = 0.0;
    std::string text_;
    std::vector<JsonValue> items_;
    std::map<std::string, JsonValue> members_;
};

}  // namespace aclemu::test
