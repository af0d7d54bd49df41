// Enum -> text for messages, trace slices and task names: one table per enum, one lookup.
#pragma once

#include <cstddef>

namespace aclemu::rt {

/// One row of a name table: an enum value and the text it prints as.
template <class Enum>
struct EnumName {
    Enum value;
    const char* name;
};

/// The name `table` gives `value`, or `fallback` when no row has it. A table whose rows follow
/// the enum's values from 0 answers with one comparison.
template <class Enum, std::size_t N>
constexpr const char* name_in(const EnumName<Enum> (&table)[N], Enum value, const char* fallback) {
    if (const auto index = static_cast<std::size_t>(value);
        index < N && table[index].value == value) {
        return table[index].name;
    }
    for (const EnumName<Enum>& row : table) {
        if (row.value == value) {
            return row.name;
        }
    }
    return fallback;
}

}  // namespace aclemu::rt
