/*
 * aclemu: CANN's C++ extension of the runtime API (acl/acl_rt_api.h), written from the public
 * documentation. C++ only. Implemented here: the device-variable calls that take the `__gm__`
 * variable itself rather than its address (each calls its acl_rt.h namesake with &symbol). An
 * address given to them (`&variable`, a pointer value rather than a variable) is passed on as it
 * is, not the address of a temporary.
 */
#ifndef ACLEMU_ACL_ACL_RT_API_H_
#define ACLEMU_ACL_ACL_RT_API_H_

#include "acl/acl_rt.h"

#ifdef __cplusplus

#    include <cstddef>
#    include <utility>

namespace aclemu_rt_api {
/* The symbol's address: the variable's, or the address given (a pointer rvalue). */
template <typename T>
inline const void* symbol_address(const T& variable) {
    return static_cast<const void*>(&variable);
}
template <typename T>
inline const void* symbol_address(T*&& address) {
    return static_cast<const void*>(address);
}
inline const void* symbol_address(std::nullptr_t) {
    return nullptr;
}
}  // namespace aclemu_rt_api

template <typename T>
inline aclError aclrtGetSymbolAddress(T&& symbol, void** devPtr) {
    return aclrtGetSymbolAddress(aclemu_rt_api::symbol_address(std::forward<T>(symbol)), devPtr);
}

template <typename T>
inline aclError aclrtGetSymbolSize(T&& symbol, size_t* size) {
    return aclrtGetSymbolSize(aclemu_rt_api::symbol_address(std::forward<T>(symbol)), size);
}

template <typename T>
inline aclError aclrtMemcpyFromSymbol(
    void* dst, size_t dstMax, T&& symbol, size_t count, size_t offset, aclrtMemcpyKind kind) {
    return aclrtMemcpyFromSymbol(
        dst, dstMax, aclemu_rt_api::symbol_address(std::forward<T>(symbol)), count, offset, kind);
}

template <typename T>
inline aclError aclrtMemcpyFromSymbolAsync(void* dst,
                                           size_t dstMax,
                                           T&& symbol,
                                           size_t count,
                                           size_t offset,
                                           aclrtMemcpyKind kind,
                                           aclrtStream stream) {
    return aclrtMemcpyFromSymbolAsync(dst,
                                      dstMax,
                                      aclemu_rt_api::symbol_address(std::forward<T>(symbol)),
                                      count,
                                      offset,
                                      kind,
                                      stream);
}

template <typename T>
inline aclError aclrtMemcpyToSymbol(
    T&& symbol, const void* src, size_t count, size_t offset, aclrtMemcpyKind kind) {
    return aclrtMemcpyToSymbol(
        aclemu_rt_api::symbol_address(std::forward<T>(symbol)), src, count, offset, kind);
}

template <typename T>
inline aclError aclrtMemcpyToSymbolAsync(T&& symbol,
                                         const void* src,
                                         size_t count,
                                         size_t offset,
                                         aclrtMemcpyKind kind,
                                         aclrtStream stream) {
    return aclrtMemcpyToSymbolAsync(
        aclemu_rt_api::symbol_address(std::forward<T>(symbol)), src, count, offset, kind, stream);
}

#endif /* __cplusplus */

#endif /* ACLEMU_ACL_ACL_RT_API_H_ */
