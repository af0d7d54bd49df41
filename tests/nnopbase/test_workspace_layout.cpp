// make_workspace_layout: 256-byte aligned slices, empty slices take no space, slice addresses.
#include "common/workspace.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace aclemu::ops {
namespace {

TEST(WorkspaceLayout, SlicesAreAlignedAndPacked) {
    const WorkspaceLayout layout = make_workspace_layout({100, 0, 256, 1});
    EXPECT_EQ(layout.offsets, (std::vector<size_t>{0, 256, 256, 512}));
    EXPECT_EQ(layout.total, 768u);
    for (size_t offset : layout.offsets) {
        EXPECT_EQ(offset % kWorkspaceAlignment, 0u);
    }
}

TEST(WorkspaceLayout, NothingNeededIsZero) {
    EXPECT_EQ(make_workspace_layout({}).total, 0u);
    const WorkspaceLayout zeros = make_workspace_layout({0, 0});
    EXPECT_EQ(zeros.total, 0u);
    EXPECT_EQ(zeros.offsets, (std::vector<size_t>{0, 0}));
}

TEST(WorkspaceLayout, VectorAndListAgree) {
    const std::vector<size_t> sizes{4096, 17, 255, 257};
    const WorkspaceLayout a = make_workspace_layout(sizes);
    const WorkspaceLayout b = make_workspace_layout({4096, 17, 255, 257});
    EXPECT_EQ(a.offsets, b.offsets);
    EXPECT_EQ(a.total, b.total);
    EXPECT_EQ(a.total, 4096u + 256u + 256u + 512u);
}

TEST(WorkspaceLayout, SliceAddresses) {
    const WorkspaceLayout layout = make_workspace_layout({10, 300});
    alignas(256) static unsigned char blob[1024];
    EXPECT_EQ(layout.slice(blob, 0), static_cast<void*>(blob));
    EXPECT_EQ(layout.slice(blob, 1), static_cast<void*>(blob + 256));
}

}  // namespace
}  // namespace aclemu::ops
