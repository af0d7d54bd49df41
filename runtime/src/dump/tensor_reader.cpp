#include "dump/tensor_reader.h"

#include <cstring>

namespace aclemu::rt::dump {

bool read_view(Backend& backend,
               const aclemu::dump::TensorView& view,
               size_t element_bytes,
               std::vector<uint8_t>* out,
               std::string* error) {
    int64_t count = 1;
    int64_t lo = view.offset;  // lowest and highest storage element the view reaches
    int64_t hi = view.offset;
    for (size_t d = 0; d < view.rank; ++d) {
        if (view.dims[d] < 0 || __builtin_mul_overflow(count, view.dims[d], &count)) {
            *error = "bad dims";
            return false;
        }
        if (view.dims[d] == 0) {
            continue;
        }
        int64_t reach = 0;
        if (__builtin_mul_overflow(view.dims[d] - 1, view.strides[d], &reach)) {
            *error = "strides overflow";
            return false;
        }
        (reach < 0 ? lo : hi) += reach;
    }
    out->clear();
    if (count == 0) {
        return true;
    }
    if (lo < 0) {
        *error = "the view reaches before its storage";
        return false;
    }
    int64_t span_bytes = 0;
    int64_t out_bytes = 0;
    if (__builtin_mul_overflow(hi - lo + 1, static_cast<int64_t>(element_bytes), &span_bytes)
        || __builtin_mul_overflow(count, static_cast<int64_t>(element_bytes), &out_bytes)) {
        *error = "too large";
        return false;
    }
    std::vector<uint8_t> span(static_cast<size_t>(span_bytes));
    const auto* src =
        static_cast<const uint8_t*>(view.data) + lo * static_cast<int64_t>(element_bytes);
    if (backend.memory().memcpy_sync(span.data(), src, span.size(), CopyDirection::DeviceToHost)
        != 0) {
        *error = "device-to-host copy failed: " + backend.last_error_text();
        return false;
    }
    out->resize(static_cast<size_t>(out_bytes));
    // Walk the view in C order with a multi-index.
    std::vector<int64_t> index(view.rank, 0);
    int64_t at = view.offset - lo;  // element offset within `span`
    for (int64_t n = 0; n < count; ++n) {
        std::memcpy(out->data() + n * static_cast<int64_t>(element_bytes),
                    span.data() + at * static_cast<int64_t>(element_bytes),
                    element_bytes);
        for (size_t d = view.rank; d-- > 0;) {
            if (++index[d] < view.dims[d]) {
                at += view.strides[d];
                break;
            }
            at -= (view.dims[d] - 1) * view.strides[d];
            index[d] = 0;
        }
    }
    return true;
}

}  // namespace aclemu::rt::dump
