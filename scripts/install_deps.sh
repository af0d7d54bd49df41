#!/usr/bin/env bash
# Installs what building and testing aclemu needs, only when something is missing (Debian).
# nvcc is optional: with it (CUDA toolkit in /usr/local/cuda) the CUDA backend is built too.
set -euo pipefail
missing=()
command -v cmake > /dev/null || missing+=(cmake)
command -v g++ > /dev/null || missing+=(g++)
command -v python3 > /dev/null || missing+=(python3)
[ -f /usr/include/gtest/gtest.h ] || missing+=(libgtest-dev)
if [ ${#missing[@]} -gt 0 ]; then
    echo "installing: ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
fi
