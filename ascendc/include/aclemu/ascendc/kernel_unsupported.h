// Ascend C APIs that aclemu does not emulate (Cube / Matmul, SIMT, hardware intrinsics): using
// one fails at compile time with a message naming it. Declaring them keeps sources that merely
// mention them (in code that is not instantiated) compiling.
#pragma once

namespace AscendC {
namespace detail {
template <typename... T>
constexpr bool kUnsupported = false;
}  // namespace detail

#define ACLEMU_ASC_UNSUPPORTED_FUNCTION(name, area)                                     \
    template <typename... Args>                                                         \
    void name(Args&&...) {                                                              \
        static_assert(detail::kUnsupported<Args...>,                                    \
                      "aclemu does not support the Ascend C API " #name " (" area ")"); \
    }

ACLEMU_ASC_UNSUPPORTED_FUNCTION(Mmad, "Cube")
ACLEMU_ASC_UNSUPPORTED_FUNCTION(LoadData, "Cube")
ACLEMU_ASC_UNSUPPORTED_FUNCTION(LoadDataWithTranspose, "Cube")
ACLEMU_ASC_UNSUPPORTED_FUNCTION(Fixpipe, "Cube")
ACLEMU_ASC_UNSUPPORTED_FUNCTION(SetLoadDataBoundary, "Cube")
ACLEMU_ASC_UNSUPPORTED_FUNCTION(SetLoadDataPaddingValue, "Cube")
ACLEMU_ASC_UNSUPPORTED_FUNCTION(CrossCoreSetFlag, "Cube/vector mix")
ACLEMU_ASC_UNSUPPORTED_FUNCTION(CrossCoreWaitFlag, "Cube/vector mix")
ACLEMU_ASC_UNSUPPORTED_FUNCTION(GetSysWorkSpacePtr, "system workspace")
#undef ACLEMU_ASC_UNSUPPORTED_FUNCTION

}  // namespace AscendC

namespace matmul {
template <typename... T>
class Matmul {
    static_assert(AscendC::detail::kUnsupported<T...>,
                  "aclemu does not support the Ascend C API Matmul (Cube)");
};
template <typename... T>
struct MatmulType {};
}  // namespace matmul

namespace AscendC {
using matmul::Matmul;
}  // namespace AscendC

// SIMT kernels (__simt__, asc_ intrinsics) are not emulated.
#define __simt__ static_assert(false, "aclemu does not support Ascend C SIMT kernels (__simt__)");
#define __cube__ static_assert(false, "aclemu does not support Cube kernels (__cube__)");
