// DumpTensor with a ShapeInfo (kernels/dump_shape_kernels.cpp) on the backend ACLEMU_BACKEND names
// (ctest: cpu and gpusim). The expected text is built here as nested lists: a row of values
// joined by ",", rows joined by ",\n" at every level, "-" for the elements dumpSize lacks, after
// a note when the shape's size and dumpSize differ (CANN's runtime output).
#include "device_test_fixture.h"
#include "dump_shape_kernels.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

namespace {

using AscendCDumpShape = DeviceFixture;

/// The nested text of dims[level..] starting at element `first` of `values` ("-" past the end).
std::string nested(const std::vector<std::string>& values,
                   const std::vector<size_t>& dims,
                   size_t level,
                   size_t first) {
    size_t inner = 1;
    for (size_t j = level + 1; j < dims.size(); ++j) {
        inner *= dims[j];
    }
    std::string text = "[";
    for (size_t k = 0; k < dims[level]; ++k) {
        if (k > 0) {
            text += level + 1 == dims.size() ? "," : ",\n";
        }
        const size_t at = first + k * inner;
        if (level + 1 == dims.size()) {
            text += at < values.size() ? values[at] : "-";
        } else {
            text += nested(values, dims, level + 1, at);
        }
    }
    return text + "]";
}

std::string head(int desc, const char* tail) {
    return "DumpTensor: desc=" + std::to_string(desc) + tail;
}

TEST_F(AscendCDumpShape, ValuesPrintAsNestedRowsOfTheShape) {
    std::vector<float> x(8);
    std::vector<int32_t> y(8);
    std::vector<std::string> xs, ys;
    for (int i = 0; i < 8; ++i) {
        x[i] = static_cast<float>(i) * 1.5f - 2.0f;
        y[i] = i * i - 10;
        xs.push_back(std::to_string(x[i]));
        ys.push_back(std::to_string(y[i]));
    }
    void* dx = to_device(x);
    void* dy = to_device(y);
    ::testing::internal::CaptureStdout();
    ASSERT_EQ(launch_dump_shape(stream_, dx, dy), 0u);
    ASSERT_EQ(aclrtSynchronizeStream(stream_), ACL_SUCCESS) << aclGetRecentErrMsg();
    const std::string out = ::testing::internal::GetCapturedStdout();

    const std::vector<std::string> six(xs.begin(), xs.begin() + 6);
    const std::vector<std::string> four(xs.begin(), xs.begin() + 4);
    const std::string exact = "[AIV Block 0] "
                              + head(1, ", addr=0x0, data_type=float32, position=UB, dump_size=6\n")
                              + nested(six, {2, 3}, 0, 0) + "\n";
    EXPECT_NE(out.find(exact), std::string::npos) << exact << "\n---\n" << out;
    const std::string short_of_data =
        "[AIV Block 0] " + head(2, ", addr=0x0, data_type=float32, position=UB, dump_size=4\n")
        + "shape is [2, 3], dumpSize is 4, data is not enough.\n" + nested(four, {2, 3}, 0, 0)
        + "\n";
    EXPECT_NE(out.find(short_of_data), std::string::npos) << short_of_data << "\n---\n" << out;
    const std::string beyond_shape =
        "[AIV Block 0] " + head(3, ", addr=0x0, data_type=float32, position=UB, dump_size=6\n")
        + "shape is [2, 2], dumpSize is 6, dumpSize is greater than shapeSize.\n"
        + nested(four, {2, 2}, 0, 0) + "\n";
    EXPECT_NE(out.find(beyond_shape), std::string::npos) << beyond_shape << "\n---\n" << out;
    const std::string cube =
        ", data_type=int32, position=GM, dump_size=8\n" + nested(ys, {2, 2, 2}, 0, 0) + "\n";
    EXPECT_NE(out.find(cube), std::string::npos) << cube << "\n---\n" << out;
    EXPECT_NE(out.find("[AIV Block 0] " + head(4, ", addr=0x")), std::string::npos) << out;
    const std::string plain = "[AIV Block 0] "
                              + head(5, ", addr=0x0, data_type=float32, position=UB, dump_size=3\n")
                              + "[" + xs[0] + ", " + xs[1] + ", " + xs[2] + "]\n";
    EXPECT_NE(out.find(plain), std::string::npos) << plain << "\n---\n" << out;
    EXPECT_NE(out.find("shape size 8\n"), std::string::npos) << out;
}

}  // namespace
