// Fixture of scan_test.cmake (gpu/sim/launch_bounds.cmake), never compiled. A comment naming
// __launch_bounds__(7) commented_out is no declaration.
/* Neither is a block comment:
   __launch_bounds__(8) block_commented */
const char* text = "__launch_bounds__(9) in_a_string // not a comment";
const char quote = '"';
__global__ void __launch_bounds__(kThreads) plain_kernel(float* out) {}
// The line breaks inside these declarations are what the scanner is tested on.
// clang-format off
template <typename T>
__global__ void __launch_bounds__(sizeof(T) * 32, 2)
    nested_parentheses(T* out) {}
#define SPLIT_KERNELS(name)                        \
    __global__ void __launch_bounds__(kBlock)      \
        name##_first(float* out) {}                \
    __global__ void __launch_bounds__(           \
        kBlock / 2) name ## _second(float* out) {}
// clang-format on
__global__ void __launch_bounds__(64) after_the_macro(float* out) {}
