# Shared by the scripts: put nvcc on PATH when the CUDA toolkit is installed but not on PATH.
if ! command -v nvcc > /dev/null && [ -x /usr/local/cuda/bin/nvcc ]; then
    export PATH="/usr/local/cuda/bin:$PATH"
fi

# cuda_arch_args := the CMake argument naming the GPUs the scripts' builds compile CUDA code for.
# With a GPU: its own architecture, where the tests and samples run. Without one the CUDA code is
# only compiled: to PTX for sm_90 (`90-virtual`), which checks every kernel through nvcc's front
# end and code generator in a quarter of the time of the full list a plain CMake build uses
# (CMakeLists.txt), and skips the assembler (ptxas, a fifth of each file's time), which only a
# GPU's own architecture needs. A later -DCMAKE_CUDA_ARCHITECTURES=... argument overrides it.
set_cuda_arch_args() {
    cuda_arch_args=()
    command -v nvcc > /dev/null || return 0
    local arch=""
    if command -v nvidia-smi > /dev/null; then
        arch=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2> /dev/null | head -1 | tr -d '. ')
    fi
    cuda_arch_args=(-DCMAKE_CUDA_ARCHITECTURES="${arch:-90-virtual}")
}
