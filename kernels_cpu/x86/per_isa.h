// Compiles the header named by ACLEMU_X86_PER_ISA once per instruction set (Note [x86 paths],
// x86/isa.h): into namespaces baseline (ACLEMU_X86_LEVEL 0), avx2 (1, in the AVX2 + F16C region)
// and avx512 (2, in the AVX-512 region, where built), each inside an anonymous namespace.
// Include it at namespace scope, after x86/isa.h and what the header uses:
//
//   #define ACLEMU_X86_PER_ISA "kernels_cpu/elementwise_loops.h"
//   #include "kernels_cpu/x86/per_isa.h"
//   ... switch (cpu_isa()) { case CpuIsa::Avx512: avx512::run(...); ... }
//
// No include guard: it is included once per header to compile.

namespace {
namespace baseline {
#define ACLEMU_X86_LEVEL 0
#include ACLEMU_X86_PER_ISA
#undef ACLEMU_X86_LEVEL
}  // namespace baseline
}  // namespace

#if ACLEMU_X86
ACLEMU_X86_AVX2_BEGIN
#    define ACLEMU_X86_LEVEL 1
#    include ACLEMU_X86_PER_ISA
#    undef ACLEMU_X86_LEVEL
ACLEMU_X86_AVX2_END
#endif

#if ACLEMU_X86_AVX512
ACLEMU_X86_AVX512_BEGIN
#    define ACLEMU_X86_LEVEL 2
#    include ACLEMU_X86_PER_ISA
#    undef ACLEMU_X86_LEVEL
ACLEMU_X86_AVX512_END
#endif

#undef ACLEMU_X86_PER_ISA
