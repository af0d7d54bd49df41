# Shared by the scripts: put nvcc on PATH when the CUDA toolkit is installed but not on PATH.
if ! command -v nvcc > /dev/null && [ -x /usr/local/cuda/bin/nvcc ]; then
    export PATH="/usr/local/cuda/bin:$PATH"
fi

# gpu_build_args := the CMake arguments for the GPU code of the scripts' builds. With a GPU: its
# own architecture, where the tests and samples run. Without one the CUDA code is only compiled
# (as on CI): to PTX for sm_90 (`90-virtual`), which checks every kernel through nvcc's front end
# and code generator in a quarter of the time of the full list a plain CMake build uses
# (CMakeLists.txt), and skips the assembler (ptxas, a fifth of each file's time), which only a
# GPU's own architecture needs; and without the device optimiser (ACLEMU_UNOPTIMIZED_DEVICE_CODE:
# the Ascend C kernels compile ten times faster). Later -D arguments override these.
set_gpu_build_args() {
    gpu_build_args=()
    command -v nvcc > /dev/null || return 0
    local arch=""
    if command -v nvidia-smi > /dev/null; then
        arch=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2> /dev/null | head -1 | tr -d '. ')
    fi
    if [ -n "$arch" ]; then
        gpu_build_args=(-DCMAKE_CUDA_ARCHITECTURES="$arch" -DACLEMU_UNOPTIMIZED_DEVICE_CODE=OFF)
    else
        gpu_build_args=(-DCMAKE_CUDA_ARCHITECTURES=90-virtual -DACLEMU_UNOPTIMIZED_DEVICE_CODE=ON)
    fi
}

# generator_args := `-G Ninja` for a new build folder when ninja is installed (else CMake's
# default, Makefiles; a folder keeps the generator it was made with). On two cores Ninja keeps
# both busy: a target's objects compile while the libraries it links are still linking, where
# the Makefiles wait for each dependency to be built whole.
set_generator_args() {
    local dir=$1
    generator_args=()
    if command -v ninja > /dev/null && [ ! -f "$dir/CMakeCache.txt" ]; then
        generator_args=(-G Ninja)
    fi
}
