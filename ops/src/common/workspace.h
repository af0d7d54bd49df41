// The workspace layout of an operator: one function per op computes it from the plan, and both
// phases call it, so the size reported by phase 1 and the slices carved in phase 2 cannot
// drift (CUB's alias_temporaries). Usage:
//
//   WorkspaceLayout layout = make_workspace_layout({partials_bytes, counters_bytes});
//   *workspace_size = layout.total;                    // phase 1
//   float* partials = static_cast<float*>(layout.slice(workspace, 0));   // phase 2
#pragma once

#include "aclemu/checked_math.h"

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <vector>

namespace aclemu::ops {

/// Every slice starts at a multiple of this many bytes from the workspace start.
constexpr size_t kWorkspaceAlignment = 256;

struct WorkspaceLayout {
    std::vector<size_t> offsets;  // of each slice, from the workspace start
    size_t total = 0;             // bytes phase 1 reports; 0 when every slice is empty
    /// A slice or the total does not fit size_t (a kernel's size function saturated, or the
    /// rounded sum overflowed): the layout is unusable and phase 1 must reject the call
    /// (check_workspace_layout).
    bool overflow = false;

    /// Address of slice `i` in a workspace that starts at `base`.
    void* slice(void* base, size_t i) const { return static_cast<char*>(base) + offsets[i]; }
};

namespace detail {
template <class Sizes>
WorkspaceLayout lay_out(const Sizes& sizes) {
    WorkspaceLayout layout;
    layout.offsets.reserve(sizes.size());
    for (size_t bytes : sizes) {
        layout.offsets.push_back(layout.total);
        size_t rounded = 0;
        if (bytes == SIZE_MAX || !checked_round_up(bytes, kWorkspaceAlignment, &rounded)
            || !checked_add(layout.total, rounded, &layout.total)) {
            layout.overflow = true;
            layout.total = 0;
            return layout;
        }
    }
    return layout;
}
}  // namespace detail

/// Lays out slices of `sizes` bytes one after the other, each rounded up to
/// kWorkspaceAlignment. Empty slices take no space. A size of SIZE_MAX (what the kernels' size
/// functions saturate to) or a total past size_t sets `overflow`.
inline WorkspaceLayout make_workspace_layout(const std::vector<size_t>& sizes) {
    return detail::lay_out(sizes);
}

/// The same, without copying the list into a std::vector (operators call it every launch).
inline WorkspaceLayout make_workspace_layout(std::initializer_list<size_t> sizes) {
    return detail::lay_out(sizes);
}

}  // namespace aclemu::ops
