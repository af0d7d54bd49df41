// The vector add's tiling, shared by the kernel and the host (passed by value to the kernel).
#pragma once

#include <cstdint>

struct AddTiling {
    uint32_t totalLength;
};
