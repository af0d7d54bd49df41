// acl/ops/acl_dvpp.h: the header compiles (with ENABLE_DVPP_INTERFACE, as CANN asks), its enums
// have CANN's values, and every kind of call answers ACL_ERROR_FEATURE_UNSUPPORTED with a message
// (creators NULL, getters 0), on every backend.
#define ENABLE_DVPP_INTERFACE
#include "acl/ops/acl_dvpp.h"

#include "runtime/runtime_test_util.h"
#include "support/backend_fixture.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

namespace aclemu::test {
namespace {

using ::testing::HasSubstr;

class Dvpp : public BackendTest {};

TEST_P(Dvpp, EnumsHaveCannValues) {
    EXPECT_EQ(PIXEL_FORMAT_YUV_SEMIPLANAR_420, 1);
    EXPECT_EQ(PIXEL_FORMAT_YVU_PLANAR_444, 22);
    EXPECT_EQ(PIXEL_FORMAT_BGRA_8565, 40);
    EXPECT_EQ(PIXEL_FORMAT_RGB_BAYER_16BPP, 54);
    EXPECT_EQ(PIXEL_FORMAT_S64C1, 84);
    EXPECT_EQ(PIXEL_FORMAT_FLOAT32, 1002);
    EXPECT_EQ(PIXEL_FORMAT_UNKNOWN, 10000);
    EXPECT_EQ(H264_HIGH_LEVEL, 3);
    EXPECT_EQ(DVPP_CHNMODE_PNGD, 8);
    EXPECT_EQ(ACL_VENC_MAX_IP_PROP_UINT32, 12);
    EXPECT_EQ(ACL_JPEG_CSS_UNKNOWN, 1000);
    EXPECT_EQ(ACL_VDEC_BIT_DEPTH_UINT32, 10);
    EXPECT_EQ(ACL_DVPP_CSC_MATRIX_BT2020_NARROW, 5);
}

TEST_P(Dvpp, EveryKindOfCallIsUnsupported) {
    take_recent_error();
    void* memory = nullptr;
    EXPECT_EQ(acldvppMalloc(&memory, 64), ACL_ERROR_FEATURE_UNSUPPORTED);
    EXPECT_THAT(take_recent_error(), HasSubstr("acldvppMalloc"));
    EXPECT_EQ(acldvppCreateChannelDesc(), nullptr);
    EXPECT_THAT(take_recent_error(), HasSubstr("DVPP"));
    EXPECT_EQ(acldvppCreatePicDesc(), nullptr);
    EXPECT_EQ(acldvppGetPicDescWidth(nullptr), 0u);
    EXPECT_EQ(acldvppGetPicDescFormat(nullptr), PIXEL_FORMAT_YUV_400);
    EXPECT_EQ(aclvdecGetChannelDescCallback(nullptr), nullptr);
    EXPECT_LT(acldvppGetBorderConfigValue(nullptr, 0), 0.0);
    EXPECT_EQ(acldvppVpcResizeAsync(nullptr, nullptr, nullptr, nullptr, stream()),
              ACL_ERROR_FEATURE_UNSUPPORTED);
    EXPECT_EQ(aclvencSendFrame(nullptr, nullptr, nullptr, nullptr, nullptr),
              ACL_ERROR_FEATURE_UNSUPPORTED);
    uint32_t width = 0;
    uint32_t height = 0;
    int32_t components = 0;
    EXPECT_EQ(acldvppJpegGetImageInfo("jpeg", 4, &width, &height, &components),
              ACL_ERROR_FEATURE_UNSUPPORTED);
    EXPECT_THAT(take_recent_error(), HasSubstr("acldvppJpegGetImageInfo"));
}

ACLEMU_INSTANTIATE_BACKENDS(Dvpp);

}  // namespace
}  // namespace aclemu::test
