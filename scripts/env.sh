# Shared by the scripts: put nvcc on PATH when the CUDA toolkit is installed but not on PATH.
if ! command -v nvcc > /dev/null && [ -x /usr/local/cuda/bin/nvcc ]; then
    export PATH="/usr/local/cuda/bin:$PATH"
fi
