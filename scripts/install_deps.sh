#!/usr/bin/env bash
# Installs what building aclemu needs, only when something is missing (Debian/Ubuntu, apt).
#   install_deps.sh           cmake, make, g++, python3 (build, install, run the samples)
#   install_deps.sh --tests   the same plus GoogleTest (libgtest-dev), for the test suites, and
#                             Ninja (ninja-build), which the scripts' new build folders use
#   install_deps.sh --hip     the same plus Debian's HIP compiler and rocPRIM (hipcc,
#                             librocprim-dev), to build the HIP backend (options combine)
# nvcc is optional: with it (CUDA toolkit in /usr/local/cuda) the CUDA backend is built too.
# As root it calls apt-get directly; otherwise through sudo when sudo exists.
set -euo pipefail
missing=()
command -v cmake > /dev/null || missing+=(cmake)
command -v make > /dev/null || missing+=(make)
command -v g++ > /dev/null || missing+=(g++)
command -v python3 > /dev/null || missing+=(python3)
for option in "$@"; do
    case "$option" in
        --tests)
            [ -f /usr/include/gtest/gtest.h ] || missing+=(libgtest-dev)
            command -v ninja > /dev/null || missing+=(ninja-build)
            ;;
        --hip)
            command -v hipcc > /dev/null || missing+=(hipcc)
            [ -f /usr/include/rocprim/rocprim.hpp ] || missing+=(librocprim-dev)
            ;;
        *) echo "install_deps.sh: unknown option $option (known: --tests, --hip)" >&2; exit 2 ;;
    esac
done
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
# Recommends stay out: for hipcc alone they are hundreds of MB (llvm-15-dev) that nothing uses.
"${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    "${missing[@]}"
