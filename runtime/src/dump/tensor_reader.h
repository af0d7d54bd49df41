// Reading a tensor view out of device memory for a dump: one device-to-host copy of the storage
// the view spans, then its elements gathered in C order on the host.
#pragma once

#include "aclemu/dump.h"
#include "backend/backend.h"

#include <cstdint>
#include <string>
#include <vector>

namespace aclemu::rt::dump {

/// The view's elements, `element_bytes` each, in C order; false with `*error` set.
bool read_view(Backend& backend,
               const aclemu::dump::TensorView& view,
               size_t element_bytes,
               std::vector<uint8_t>* out,
               std::string* error);

}  // namespace aclemu::rt::dump
