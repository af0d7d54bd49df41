// Visibility of aclemu's internal C++ API: the functions one aclemu library calls in another
// (the runtime services in rt.h, the logger, the host thread pool). Not installed; not part of
// the CANN API.
#pragma once

#define ACLEMU_EXPORT __attribute__((visibility("default")))
