#!/usr/bin/env bash
# Installs what building aclemu needs, only when something is missing (Debian/Ubuntu, apt).
#   install_deps.sh           cmake, g++, python3 (build, install, run the samples)
#   install_deps.sh --tests   the same plus GoogleTest (libgtest-dev), for the test suites
# nvcc is optional: with it (CUDA toolkit in /usr/local/cuda) the CUDA backend is built too.
# As root it calls apt-get directly; otherwise through sudo when sudo exists.
set -euo pipefail
missing=()
command -v cmake > /dev/null || missing+=(cmake)
command -v g++ > /dev/null || missing+=(g++)
command -v python3 > /dev/null || missing+=(python3)
if [ "${1:-}" = --tests ] && [ ! -f /usr/include/gtest/gtest.h ]; then
    missing+=(libgtest-dev)
fi
[ ${#missing[@]} -gt 0 ] || exit 0

if ! command -v apt-get > /dev/null; then
    echo "install_deps.sh: missing ${missing[*]}, and this is not an apt system: install them" \
         "with your package manager, then run this again." >&2
    exit 1
fi
if [ "$(id -u)" -eq 0 ]; then
    as_root=()
elif command -v sudo > /dev/null; then
    as_root=(sudo)
else
    echo "install_deps.sh: missing ${missing[*]}; installing needs root and sudo is not" \
         "installed. As root, run:  apt-get install ${missing[*]}" >&2
    exit 1
fi
echo "installing: ${missing[*]}${as_root:+ (through sudo)}"
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
