// Reading a C enum argument at the C boundary. Where a header says `aclrtMemcpyKind kind`, a C
// caller may pass any int (C enums are integers); in C++, using a value outside the enum's range
// as the enum type is undefined behaviour (UBSan's -fsanitize=enum aborts on the load). So an
// entry point reads such an argument's bits as its underlying integer, validates that integer,
// and only then converts it back to the enum type. Usage, first thing in the entry point:
//
//   const int64_t kind_value = enum_value(kind);     // never a load of the enum type
//   if (kind_value < 0 || kind_value > 5) return fail(..., "kind", kind_value, ...);
//   const auto valid = static_cast<aclrtMemcpyKind>(kind_value);   // in range now
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

namespace aclemu {

/// The integer a caller passed as `value`, read through its object representation (as the
/// enum's underlying type: int for enums with negative enumerators, else unsigned int with g++).
template <class E>
int64_t enum_value(const E& value) noexcept {
    static_assert(std::is_enum_v<E>);
    std::underlying_type_t<E> bits;
    static_assert(sizeof bits == sizeof value);
    std::memcpy(&bits, &value, sizeof bits);
    return static_cast<int64_t>(bits);
}

}  // namespace aclemu
