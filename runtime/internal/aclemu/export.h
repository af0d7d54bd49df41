// Visibility of aclemu's internal C++ API: the few runtime functions that libnnopbase.so and
// libopapi.so call across library boundaries. Not installed; not part of the CANN API.
#pragma once

#define ACLEMU_EXPORT __attribute__((visibility("default")))
