// CANN's "debug/asc_printf.h" spelling of utils/debug/asc_printf.h (its include path also has the
// utils folder).
#pragma once

#include "utils/debug/asc_printf.h"
