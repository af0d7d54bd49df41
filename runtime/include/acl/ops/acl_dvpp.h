/* AscendCL media data processing (DVPP: image resize, crop and paste, JPEG/PNG codecs, video
 * decoding and encoding), declared so that programs written for it compile. DVPP is a hardware
 * unit of Ascend chips with no counterpart on a CPU or GPU: every call returns
 * ACL_ERROR_FEATURE_UNSUPPORTED (200006) with a message for aclGetRecentErrMsg, a call that
 * creates something returns NULL, and a getter returns 0 (docs/api_support.md).
 *
 * As with CANN, a program must define ENABLE_DVPP_INTERFACE before it includes this header. */
#if !defined(ENABLE_DVPP_INTERFACE)
#    error "acl/ops/acl_dvpp.h: define ENABLE_DVPP_INTERFACE to use the DVPP functions"
#endif

#ifndef ACLEMU_ACL_OPS_ACL_DVPP_H
#    define ACLEMU_ACL_OPS_ACL_DVPP_H

#    include "acl/acl.h"
#    include "acl/acl_base.h"

#    include <stddef.h>
#    include <stdint.h>

#    ifdef __cplusplus
extern "C" {
#    endif

typedef struct acldvppPicDesc acldvppPicDesc;
typedef struct acldvppBatchPicDesc acldvppBatchPicDesc;
typedef struct acldvppRoiConfig acldvppRoiConfig;
typedef struct acldvppResizeConfig acldvppResizeConfig;
typedef struct acldvppBorderConfig acldvppBorderConfig;
typedef struct acldvppLutMap acldvppLutMap;
typedef struct acldvppChannelDesc acldvppChannelDesc;
typedef struct acldvppJpegeConfig acldvppJpegeConfig;
typedef struct aclvdecChannelDesc aclvdecChannelDesc;
typedef struct acldvppStreamDesc acldvppStreamDesc;
typedef struct aclvdecFrameConfig aclvdecFrameConfig;
typedef struct aclvencChannelDesc aclvencChannelDesc;
typedef struct aclvencFrameConfig aclvencFrameConfig;
typedef struct acldvppHist acldvppHist;

typedef void (*aclvdecCallback)(acldvppStreamDesc* input, acldvppPicDesc* output, void* userData);
typedef void (*aclvencCallback)(acldvppPicDesc* input, acldvppStreamDesc* output, void* userdata);

/* Pixel formats of a picture description. */
typedef enum acldvppPixelFormat {
    PIXEL_FORMAT_YUV_400 = 0,
    PIXEL_FORMAT_YUV_SEMIPLANAR_420 = 1,
    PIXEL_FORMAT_YVU_SEMIPLANAR_420 = 2,
    PIXEL_FORMAT_YUV_SEMIPLANAR_422 = 3,
    PIXEL_FORMAT_YVU_SEMIPLANAR_422 = 4,
    PIXEL_FORMAT_YUV_SEMIPLANAR_444 = 5,
    PIXEL_FORMAT_YVU_SEMIPLANAR_444 = 6,
    PIXEL_FORMAT_YUYV_PACKED_422 = 7,
    PIXEL_FORMAT_UYVY_PACKED_422 = 8,
    PIXEL_FORMAT_YVYU_PACKED_422 = 9,
    PIXEL_FORMAT_VYUY_PACKED_422 = 10,
    PIXEL_FORMAT_YUV_PACKED_444 = 11,
    PIXEL_FORMAT_RGB_888 = 12,
    PIXEL_FORMAT_BGR_888 = 13,
    PIXEL_FORMAT_ARGB_8888 = 14,
    PIXEL_FORMAT_ABGR_8888 = 15,
    PIXEL_FORMAT_RGBA_8888 = 16,
    PIXEL_FORMAT_BGRA_8888 = 17,
    PIXEL_FORMAT_YUV_SEMI_PLANNER_420_10BIT = 18,
    PIXEL_FORMAT_YVU_SEMI_PLANNER_420_10BIT = 19,
    PIXEL_FORMAT_YVU_PLANAR_420 = 20,
    PIXEL_FORMAT_YVU_PLANAR_422 = 21,
    PIXEL_FORMAT_YVU_PLANAR_444 = 22,
    PIXEL_FORMAT_RGB_444 = 23,
    PIXEL_FORMAT_BGR_444 = 24,
    PIXEL_FORMAT_ARGB_4444 = 25,
    PIXEL_FORMAT_ABGR_4444 = 26,
    PIXEL_FORMAT_RGBA_4444 = 27,
    PIXEL_FORMAT_BGRA_4444 = 28,
    PIXEL_FORMAT_RGB_555 = 29,
    PIXEL_FORMAT_BGR_555 = 30,
    PIXEL_FORMAT_RGB_565 = 31,
    PIXEL_FORMAT_BGR_565 = 32,
    PIXEL_FORMAT_ARGB_1555 = 33,
    PIXEL_FORMAT_ABGR_1555 = 34,
    PIXEL_FORMAT_RGBA_1555 = 35,
    PIXEL_FORMAT_BGRA_1555 = 36,
    PIXEL_FORMAT_ARGB_8565 = 37,
    PIXEL_FORMAT_ABGR_8565 = 38,
    PIXEL_FORMAT_RGBA_8565 = 39,
    PIXEL_FORMAT_BGRA_8565 = 40,
    PIXEL_FORMAT_RGB_BAYER_8BPP = 50,
    PIXEL_FORMAT_RGB_BAYER_10BPP = 51,
    PIXEL_FORMAT_RGB_BAYER_12BPP = 52,
    PIXEL_FORMAT_RGB_BAYER_14BPP = 53,
    PIXEL_FORMAT_RGB_BAYER_16BPP = 54,
    PIXEL_FORMAT_BGR_888_PLANAR = 70,
    PIXEL_FORMAT_HSV_888_PACKAGE = 71,
    PIXEL_FORMAT_HSV_888_PLANAR = 72,
    PIXEL_FORMAT_LAB_888_PACKAGE = 73,
    PIXEL_FORMAT_LAB_888_PLANAR = 74,
    PIXEL_FORMAT_S8C1 = 75,
    PIXEL_FORMAT_S8C2_PACKAGE = 76,
    PIXEL_FORMAT_S8C2_PLANAR = 77,
    PIXEL_FORMAT_S16C1 = 78,
    PIXEL_FORMAT_U8C1 = 79,
    PIXEL_FORMAT_U16C1 = 80,
    PIXEL_FORMAT_S32C1 = 81,
    PIXEL_FORMAT_U32C1 = 82,
    PIXEL_FORMAT_U64C1 = 83,
    PIXEL_FORMAT_S64C1 = 84,
    PIXEL_FORMAT_YUV_SEMIPLANAR_440 = 1000,
    PIXEL_FORMAT_YVU_SEMIPLANAR_440 = 1001,
    PIXEL_FORMAT_FLOAT32 = 1002,
    PIXEL_FORMAT_BUTT = 1003,
    PIXEL_FORMAT_UNKNOWN = 10000
} acldvppPixelFormat;

/* Video stream formats. */
typedef enum acldvppStreamFormat {
    H265_MAIN_LEVEL = 0,
    H264_BASELINE_LEVEL = 1,
    H264_MAIN_LEVEL = 2,
    H264_HIGH_LEVEL = 3
} acldvppStreamFormat;

/* Channel modes (bits). */
typedef enum acldvppChannelMode {
    DVPP_CHNMODE_VPC = 1,
    DVPP_CHNMODE_JPEGD = 2,
    DVPP_CHNMODE_JPEGE = 4,
    DVPP_CHNMODE_PNGD = 8
} acldvppChannelMode;

/* Border types of acldvppVpcMakeBorderAsync. */
typedef enum acldvppBorderType {
    BORDER_CONSTANT = 0,
    BORDER_REPLICATE = 1,
    BORDER_REFLECT = 2,
    BORDER_REFLECT_101 = 3
} acldvppBorderType;

/* Parameters of a video encoding channel. */
typedef enum aclvencChannelDescParamType {
    ACL_VENC_THREAD_ID_UINT64 = 0,
    ACL_VENC_CALLBACK_PTR = 1,
    ACL_VENC_PIXEL_FORMAT_UINT32 = 2,
    ACL_VENC_ENCODE_TYPE_UINT32 = 3,
    ACL_VENC_PIC_WIDTH_UINT32 = 4,
    ACL_VENC_PIC_HEIGHT_UINT32 = 5,
    ACL_VENC_KEY_FRAME_INTERVAL_UINT32 = 6,
    ACL_VENC_BUF_ADDR_PTR = 7,
    ACL_VENC_BUF_SIZE_UINT32 = 8,
    ACL_VENC_RC_MODE_UINT32 = 9,
    ACL_VENC_SRC_RATE_UINT32 = 10,
    ACL_VENC_MAX_BITRATE_UINT32 = 11,
    ACL_VENC_MAX_IP_PROP_UINT32 = 12
} aclvencChannelDescParamType;

/* Chroma subsampling of a JPEG picture. */
typedef enum acldvppJpegFormat {
    ACL_JPEG_CSS_444 = 0,
    ACL_JPEG_CSS_422 = 1,
    ACL_JPEG_CSS_420 = 2,
    ACL_JPEG_CSS_GRAY = 3,
    ACL_JPEG_CSS_440 = 4,
    ACL_JPEG_CSS_411 = 5,
    ACL_JPEG_CSS_UNKNOWN = 1000
} acldvppJpegFormat;

/* Parameters of an image processing channel. */
typedef enum acldvppChannelDescParamType {
    ACL_DVPP_CSC_MATRIX_UINT32 = 0,
    ACL_DVPP_MODE_UINT32 = 1,
    ACL_DVPP_CHANNEL_ID_UINT64 = 2
} acldvppChannelDescParamType;

/* Parameters of a video decoding channel. */
typedef enum aclvdecChannelDescParamType {
    ACL_VDEC_CSC_MATRIX_UINT32 = 0,
    ACL_VDEC_OUT_MODE_UINT32 = 1,
    ACL_VDEC_THREAD_ID_UINT64 = 2,
    ACL_VDEC_CALLBACK_PTR = 3,
    ACL_VDEC_CHANNEL_ID_UINT32 = 4,
    ACL_VDEC_ENCODE_TYPE_UINT32 = 5,
    ACL_VDEC_OUT_PIC_FORMAT_UINT32 = 6,
    ACL_VDEC_OUT_PIC_WIDTH_UINT32 = 7,
    ACL_VDEC_OUT_PIC_HEIGHT_UINT32 = 8,
    ACL_VDEC_REF_FRAME_NUM_UINT32 = 9,
    ACL_VDEC_BIT_DEPTH_UINT32 = 10
} aclvdecChannelDescParamType;

/* Colour space conversion matrices (channel and video decoding parameters). */
typedef enum acldvppCscMatrix {
    ACL_DVPP_CSC_MATRIX_BT601_WIDE = 0,
    ACL_DVPP_CSC_MATRIX_BT601_NARROW = 1,
    ACL_DVPP_CSC_MATRIX_BT709_WIDE = 2,
    ACL_DVPP_CSC_MATRIX_BT709_NARROW = 3,
    ACL_DVPP_CSC_MATRIX_BT2020_WIDE = 4,
    ACL_DVPP_CSC_MATRIX_BT2020_NARROW = 5
} acldvppCscMatrix;

ACL_FUNC_VISIBILITY aclError acldvppMalloc(void** devPtr, size_t size);
ACL_FUNC_VISIBILITY aclError acldvppFree(void* devPtr);
ACL_FUNC_VISIBILITY acldvppChannelDesc* acldvppCreateChannelDesc(void);
ACL_FUNC_VISIBILITY aclError acldvppDestroyChannelDesc(acldvppChannelDesc* channelDesc);
ACL_FUNC_VISIBILITY uint64_t acldvppGetChannelDescChannelId(const acldvppChannelDesc* channelDesc);
ACL_FUNC_VISIBILITY acldvppPicDesc* acldvppCreatePicDesc(void);
ACL_FUNC_VISIBILITY aclError acldvppDestroyPicDesc(acldvppPicDesc* picDesc);
ACL_FUNC_VISIBILITY aclError acldvppSetPicDescData(acldvppPicDesc* picDesc, void* dataDev);
ACL_FUNC_VISIBILITY aclError acldvppSetPicDescSize(acldvppPicDesc* picDesc, uint32_t size);
ACL_FUNC_VISIBILITY aclError acldvppSetPicDescFormat(acldvppPicDesc* picDesc,
                                                     acldvppPixelFormat format);
ACL_FUNC_VISIBILITY aclError acldvppSetPicDescWidth(acldvppPicDesc* picDesc, uint32_t width);
ACL_FUNC_VISIBILITY aclError acldvppSetPicDescHeight(acldvppPicDesc* picDesc, uint32_t height);
ACL_FUNC_VISIBILITY aclError acldvppSetPicDescWidthStride(acldvppPicDesc* picDesc,
                                                          uint32_t widthStride);
ACL_FUNC_VISIBILITY aclError acldvppSetPicDescHeightStride(acldvppPicDesc* picDesc,
                                                           uint32_t heightStride);
ACL_FUNC_VISIBILITY aclError acldvppSetPicDescRetCode(acldvppPicDesc* picDesc, uint32_t retCode);
ACL_FUNC_VISIBILITY void* acldvppGetPicDescData(const acldvppPicDesc* picDesc);
ACL_FUNC_VISIBILITY uint32_t acldvppGetPicDescSize(const acldvppPicDesc* picDesc);
ACL_FUNC_VISIBILITY acldvppPixelFormat acldvppGetPicDescFormat(const acldvppPicDesc* picDesc);
ACL_FUNC_VISIBILITY uint32_t acldvppGetPicDescWidth(const acldvppPicDesc* picDesc);
ACL_FUNC_VISIBILITY uint32_t acldvppGetPicDescHeight(const acldvppPicDesc* picDesc);
ACL_FUNC_VISIBILITY uint32_t acldvppGetPicDescWidthStride(const acldvppPicDesc* picDesc);
ACL_FUNC_VISIBILITY uint32_t acldvppGetPicDescHeightStride(const acldvppPicDesc* picDesc);
ACL_FUNC_VISIBILITY uint32_t acldvppGetPicDescRetCode(const acldvppPicDesc* picDesc);
ACL_FUNC_VISIBILITY acldvppRoiConfig* acldvppCreateRoiConfig(uint32_t left,
                                                             uint32_t right,
                                                             uint32_t top,
                                                             uint32_t bottom);
ACL_FUNC_VISIBILITY aclError acldvppDestroyRoiConfig(acldvppRoiConfig* roiConfig);
ACL_FUNC_VISIBILITY aclError acldvppSetRoiConfigLeft(acldvppRoiConfig* config, uint32_t left);
ACL_FUNC_VISIBILITY aclError acldvppSetRoiConfigRight(acldvppRoiConfig* config, uint32_t right);
ACL_FUNC_VISIBILITY aclError acldvppSetRoiConfigTop(acldvppRoiConfig* config, uint32_t top);
ACL_FUNC_VISIBILITY aclError acldvppSetRoiConfigBottom(acldvppRoiConfig* config, uint32_t bottom);
ACL_FUNC_VISIBILITY aclError acldvppSetRoiConfig(
    acldvppRoiConfig* config, uint32_t left, uint32_t right, uint32_t top, uint32_t bottom);
ACL_FUNC_VISIBILITY acldvppResizeConfig* acldvppCreateResizeConfig(void);
ACL_FUNC_VISIBILITY aclError acldvppDestroyResizeConfig(acldvppResizeConfig* resizeConfig);
ACL_FUNC_VISIBILITY acldvppJpegeConfig* acldvppCreateJpegeConfig(void);
ACL_FUNC_VISIBILITY aclError acldvppDestroyJpegeConfig(acldvppJpegeConfig* jpegeConfig);
ACL_FUNC_VISIBILITY aclError acldvppSetJpegeConfigLevel(acldvppJpegeConfig* jpegeConfig,
                                                        uint32_t level);
ACL_FUNC_VISIBILITY uint32_t acldvppGetJpegeConfigLevel(const acldvppJpegeConfig* jpegeConfig);
ACL_FUNC_VISIBILITY aclvdecChannelDesc* aclvdecCreateChannelDesc(void);
ACL_FUNC_VISIBILITY aclError aclvdecDestroyChannelDesc(aclvdecChannelDesc* channelDesc);
ACL_FUNC_VISIBILITY aclError aclvdecSetChannelDescChannelId(aclvdecChannelDesc* channelDesc,
                                                            uint32_t channelId);
ACL_FUNC_VISIBILITY aclError aclvdecSetChannelDescThreadId(aclvdecChannelDesc* channelDesc,
                                                           uint64_t threadId);
ACL_FUNC_VISIBILITY aclError aclvdecSetChannelDescCallback(aclvdecChannelDesc* channelDesc,
                                                           aclvdecCallback callback);
ACL_FUNC_VISIBILITY aclError aclvdecSetChannelDescEnType(aclvdecChannelDesc* channelDesc,
                                                         acldvppStreamFormat enType);
ACL_FUNC_VISIBILITY aclError aclvdecSetChannelDescOutPicFormat(aclvdecChannelDesc* channelDesc,
                                                               acldvppPixelFormat outPicFormat);
ACL_FUNC_VISIBILITY aclError aclvdecSetChannelDescOutPicWidth(aclvdecChannelDesc* channelDesc,
                                                              uint32_t outPicWidth);
ACL_FUNC_VISIBILITY aclError aclvdecSetChannelDescOutPicHeight(aclvdecChannelDesc* channelDesc,
                                                               uint32_t outPicHeight);
ACL_FUNC_VISIBILITY aclError aclvdecSetChannelDescRefFrameNum(aclvdecChannelDesc* channelDesc,
                                                              uint32_t refFrameNum);
ACL_FUNC_VISIBILITY aclError aclvdecSetChannelDescBitDepth(aclvdecChannelDesc* channelDesc,
                                                           uint32_t bitDepth);
ACL_FUNC_VISIBILITY uint32_t aclvdecGetChannelDescChannelId(const aclvdecChannelDesc* channelDesc);
ACL_FUNC_VISIBILITY uint64_t aclvdecGetChannelDescThreadId(const aclvdecChannelDesc* channelDesc);
ACL_FUNC_VISIBILITY aclvdecCallback
aclvdecGetChannelDescCallback(const aclvdecChannelDesc* channelDesc);
ACL_FUNC_VISIBILITY acldvppStreamFormat
aclvdecGetChannelDescEnType(const aclvdecChannelDesc* channelDesc);
ACL_FUNC_VISIBILITY acldvppPixelFormat
aclvdecGetChannelDescOutPicFormat(const aclvdecChannelDesc* channelDesc);
ACL_FUNC_VISIBILITY uint32_t
aclvdecGetChannelDescOutPicWidth(const aclvdecChannelDesc* channelDesc);
ACL_FUNC_VISIBILITY uint32_t
aclvdecGetChannelDescOutPicHeight(const aclvdecChannelDesc* channelDesc);
ACL_FUNC_VISIBILITY uint32_t aclvdecGetChannelDescBitDepth(const aclvdecChannelDesc* channelDesc);
ACL_FUNC_VISIBILITY uint32_t
aclvdecGetChannelDescRefFrameNum(const aclvdecChannelDesc* channelDesc);
ACL_FUNC_VISIBILITY aclvencChannelDesc* aclvencCreateChannelDesc(void);
ACL_FUNC_VISIBILITY aclError aclvencDestroyChannelDesc(aclvencChannelDesc* channelDesc);
ACL_FUNC_VISIBILITY aclError aclvencSetChannelDescThreadId(aclvencChannelDesc* channelDesc,
                                                           uint64_t threadId);
ACL_FUNC_VISIBILITY aclError aclvencSetChannelDescCallback(aclvencChannelDesc* channelDesc,
                                                           aclvencCallback callback);
ACL_FUNC_VISIBILITY aclError aclvencSetChannelDescEnType(aclvencChannelDesc* channelDesc,
                                                         acldvppStreamFormat enType);
ACL_FUNC_VISIBILITY aclError aclvencSetChannelDescPicFormat(aclvencChannelDesc* channelDesc,
                                                            acldvppPixelFormat picFormat);
ACL_FUNC_VISIBILITY aclError aclvencSetChannelDescPicWidth(aclvencChannelDesc* channelDesc,
                                                           uint32_t picWidth);
ACL_FUNC_VISIBILITY aclError aclvencSetChannelDescPicHeight(aclvencChannelDesc* channelDesc,
                                                            uint32_t picHeight);
ACL_FUNC_VISIBILITY aclError aclvencSetChannelDescKeyFrameInterval(aclvencChannelDesc* channelDesc,
                                                                   uint32_t keyFrameInterval);
ACL_FUNC_VISIBILITY aclError aclvencSetChannelDescBufAddr(aclvencChannelDesc* channelDesc,
                                                          void* bufAddr);
ACL_FUNC_VISIBILITY aclError aclvencSetChannelDescBufSize(aclvencChannelDesc* channelDesc,
                                                          uint32_t bufSize);
ACL_FUNC_VISIBILITY aclError aclvencSetChannelDescRcMode(aclvencChannelDesc* channelDesc,
                                                         uint32_t rcMode);
ACL_FUNC_VISIBILITY aclError aclvencSetChannelDescSrcRate(aclvencChannelDesc* channelDesc,
                                                          uint32_t srcRate);
ACL_FUNC_VISIBILITY aclError aclvencSetChannelDescMaxBitRate(aclvencChannelDesc* channelDesc,
                                                             uint32_t maxBitRate);
ACL_FUNC_VISIBILITY aclError aclvencSetChannelDescParam(aclvencChannelDesc* channelDesc,
                                                        aclvencChannelDescParamType paramType,
                                                        size_t length,
                                                        const void* param);
ACL_FUNC_VISIBILITY void* aclvencGetChannelDescBufAddr(const aclvencChannelDesc* channelDesc);
ACL_FUNC_VISIBILITY uint32_t aclvencGetChannelDescBufSize(const aclvencChannelDesc* channelDesc);
ACL_FUNC_VISIBILITY uint32_t aclvencGetChannelDescChannelId(const aclvencChannelDesc* channelDesc);
ACL_FUNC_VISIBILITY uint64_t aclvencGetChannelDescThreadId(const aclvencChannelDesc* channelDesc);
ACL_FUNC_VISIBILITY aclvencCallback
aclvencGetChannelDescCallback(const aclvencChannelDesc* channelDesc);
ACL_FUNC_VISIBILITY acldvppStreamFormat
aclvencGetChannelDescEnType(const aclvencChannelDesc* channelDesc);
ACL_FUNC_VISIBILITY acldvppPixelFormat
aclvencGetChannelDescPicFormat(const aclvencChannelDesc* channelDesc);
ACL_FUNC_VISIBILITY uint32_t aclvencGetChannelDescPicWidth(const aclvencChannelDesc* channelDesc);
ACL_FUNC_VISIBILITY uint32_t aclvencGetChannelDescPicHeight(const aclvencChannelDesc* channelDesc);
ACL_FUNC_VISIBILITY uint32_t
aclvencGetChannelDescKeyFrameInterval(const aclvencChannelDesc* channelDesc);
ACL_FUNC_VISIBILITY uint32_t aclvencGetChannelDescRcMode(const aclvencChannelDesc* channelDesc);
ACL_FUNC_VISIBILITY uint32_t aclvencGetChannelDescSrcRate(const aclvencChannelDesc* channelDesc);
ACL_FUNC_VISIBILITY uint32_t aclvencGetChannelDescMaxBitRate(const aclvencChannelDesc* channelDesc);
ACL_FUNC_VISIBILITY aclError aclvencGetChannelDescParam(const aclvencChannelDesc* channelDesc,
                                                        aclvencChannelDescParamType paramType,
                                                        size_t length,
                                                        size_t* paramRetSize,
                                                        void* param);
ACL_FUNC_VISIBILITY uint8_t aclvencGetFrameConfigForceIFrame(const aclvencFrameConfig* config);
ACL_FUNC_VISIBILITY uint8_t aclvencGetFrameConfigEos(const aclvencFrameConfig* config);
ACL_FUNC_VISIBILITY aclError aclvencSetFrameConfigForceIFrame(aclvencFrameConfig* config,
                                                              uint8_t forceIFrame);
ACL_FUNC_VISIBILITY aclError aclvencSetFrameConfigEos(aclvencFrameConfig* config, uint8_t eos);
ACL_FUNC_VISIBILITY aclError aclvencDestroyFrameConfig(aclvencFrameConfig* config);
ACL_FUNC_VISIBILITY aclvencFrameConfig* aclvencCreateFrameConfig(void);
ACL_FUNC_VISIBILITY aclError aclvencCreateChannel(aclvencChannelDesc* channelDesc);
ACL_FUNC_VISIBILITY aclError aclvencDestroyChannel(aclvencChannelDesc* channelDesc);
ACL_FUNC_VISIBILITY aclError aclvencSendFrame(aclvencChannelDesc* channelDesc,
                                              acldvppPicDesc* input,
                                              void* reserve,
                                              aclvencFrameConfig* config,
                                              void* userdata);
ACL_FUNC_VISIBILITY acldvppStreamDesc* acldvppCreateStreamDesc(void);
ACL_FUNC_VISIBILITY aclError acldvppDestroyStreamDesc(acldvppStreamDesc* streamDesc);
ACL_FUNC_VISIBILITY aclError acldvppSetStreamDescData(acldvppStreamDesc* streamDesc, void* dataDev);
ACL_FUNC_VISIBILITY aclError acldvppSetStreamDescSize(acldvppStreamDesc* streamDesc, uint32_t size);
ACL_FUNC_VISIBILITY aclError acldvppSetStreamDescFormat(acldvppStreamDesc* streamDesc,
                                                        acldvppStreamFormat format);
ACL_FUNC_VISIBILITY aclError acldvppSetStreamDescTimestamp(acldvppStreamDesc* streamDesc,
                                                           uint64_t timestamp);
ACL_FUNC_VISIBILITY aclError acldvppSetStreamDescRetCode(acldvppStreamDesc* streamDesc,
                                                         uint32_t retCode);
ACL_FUNC_VISIBILITY aclError acldvppSetStreamDescEos(acldvppStreamDesc* streamDesc, uint8_t eos);
ACL_FUNC_VISIBILITY void* acldvppGetStreamDescData(const acldvppStreamDesc* streamDesc);
ACL_FUNC_VISIBILITY uint32_t acldvppGetStreamDescSize(const acldvppStreamDesc* streamDesc);
ACL_FUNC_VISIBILITY acldvppStreamFormat
acldvppGetStreamDescFormat(const acldvppStreamDesc* streamDesc);
ACL_FUNC_VISIBILITY uint64_t acldvppGetStreamDescTimestamp(const acldvppStreamDesc* streamDesc);
ACL_FUNC_VISIBILITY uint32_t acldvppGetStreamDescRetCode(const acldvppStreamDesc* streamDesc);
ACL_FUNC_VISIBILITY uint8_t acldvppGetStreamDescEos(const acldvppStreamDesc* streamDesc);
ACL_FUNC_VISIBILITY aclvdecFrameConfig* aclvdecCreateFrameConfig(void);
ACL_FUNC_VISIBILITY aclError aclvdecDestroyFrameConfig(aclvdecFrameConfig* vdecFrameConfig);
ACL_FUNC_VISIBILITY aclError acldvppJpegGetImageInfo(
    const void* data, uint32_t size, uint32_t* width, uint32_t* height, int32_t* components);
ACL_FUNC_VISIBILITY aclError acldvppJpegGetImageInfoV2(const void* data,
                                                       uint32_t size,
                                                       uint32_t* width,
                                                       uint32_t* height,
                                                       int32_t* components,
                                                       acldvppJpegFormat* format);
ACL_FUNC_VISIBILITY aclError acldvppJpegPredictEncSize(const acldvppPicDesc* inputDesc,
                                                       const acldvppJpegeConfig* config,
                                                       uint32_t* size);
ACL_FUNC_VISIBILITY aclError acldvppJpegPredictDecSize(const void* data,
                                                       uint32_t dataSize,
                                                       acldvppPixelFormat outputPixelFormat,
                                                       uint32_t* decSize);
ACL_FUNC_VISIBILITY aclError acldvppPngGetImageInfo(
    const void* data, uint32_t dataSize, uint32_t* width, uint32_t* height, int32_t* components);
ACL_FUNC_VISIBILITY aclError acldvppPngPredictDecSize(const void* data,
                                                      uint32_t dataSize,
                                                      acldvppPixelFormat outputPixelFormat,
                                                      uint32_t* decSize);
ACL_FUNC_VISIBILITY aclError acldvppCreateChannel(acldvppChannelDesc* channelDesc);
ACL_FUNC_VISIBILITY aclError acldvppDestroyChannel(acldvppChannelDesc* channelDesc);
ACL_FUNC_VISIBILITY aclError acldvppVpcResizeAsync(acldvppChannelDesc* channelDesc,
                                                   acldvppPicDesc* inputDesc,
                                                   acldvppPicDesc* outputDesc,
                                                   acldvppResizeConfig* resizeConfig,
                                                   aclrtStream stream);
ACL_FUNC_VISIBILITY aclError acldvppVpcCropAsync(acldvppChannelDesc* channelDesc,
                                                 acldvppPicDesc* inputDesc,
                                                 acldvppPicDesc* outputDesc,
                                                 acldvppRoiConfig* cropArea,
                                                 aclrtStream stream);
ACL_FUNC_VISIBILITY aclError acldvppVpcCropResizeAsync(acldvppChannelDesc* channelDesc,
                                                       acldvppPicDesc* inputDesc,
                                                       acldvppPicDesc* outputDesc,
                                                       acldvppRoiConfig* cropArea,
                                                       acldvppResizeConfig* resizeConfig,
                                                       aclrtStream stream);
ACL_FUNC_VISIBILITY aclError acldvppVpcBatchCropAsync(acldvppChannelDesc* channelDesc,
                                                      acldvppBatchPicDesc* srcBatchPicDescs,
                                                      uint32_t* roiNums,
                                                      uint32_t size,
                                                      acldvppBatchPicDesc* dstBatchPicDescs,
                                                      acldvppRoiConfig* cropAreas[],
                                                      aclrtStream stream);
ACL_FUNC_VISIBILITY aclError acldvppVpcBatchCropResizeAsync(acldvppChannelDesc* channelDesc,
                                                            acldvppBatchPicDesc* srcBatchPicDescs,
                                                            uint32_t* roiNums,
                                                            uint32_t size,
                                                            acldvppBatchPicDesc* dstBatchPicDescs,
                                                            acldvppRoiConfig* cropAreas[],
                                                            acldvppResizeConfig* resizeConfig,
                                                            aclrtStream stream);
ACL_FUNC_VISIBILITY aclError acldvppVpcCropAndPasteAsync(acldvppChannelDesc* channelDesc,
                                                         acldvppPicDesc* inputDesc,
                                                         acldvppPicDesc* outputDesc,
                                                         acldvppRoiConfig* cropArea,
                                                         acldvppRoiConfig* pasteArea,
                                                         aclrtStream stream);
ACL_FUNC_VISIBILITY aclError acldvppVpcCropResizePasteAsync(acldvppChannelDesc* channelDesc,
                                                            acldvppPicDesc* inputDesc,
                                                            acldvppPicDesc* outputDesc,
                                                            acldvppRoiConfig* cropArea,
                                                            acldvppRoiConfig* pasteArea,
                                                            acldvppResizeConfig* resizeConfig,
                                                            aclrtStream stream);
ACL_FUNC_VISIBILITY aclError acldvppVpcBatchCropAndPasteAsync(acldvppChannelDesc* channelDesc,
                                                              acldvppBatchPicDesc* srcBatchPicDescs,
                                                              uint32_t* roiNums,
                                                              uint32_t size,
                                                              acldvppBatchPicDesc* dstBatchPicDescs,
                                                              acldvppRoiConfig* cropAreas[],
                                                              acldvppRoiConfig* pasteAreas[],
                                                              aclrtStream stream);
ACL_FUNC_VISIBILITY aclError
acldvppVpcBatchCropResizePasteAsync(acldvppChannelDesc* channelDesc,
                                    acldvppBatchPicDesc* srcBatchPicDescs,
                                    uint32_t* roiNums,
                                    uint32_t size,
                                    acldvppBatchPicDesc* dstBatchPicDescs,
                                    acldvppRoiConfig* cropAreas[],
                                    acldvppRoiConfig* pasteAreas[],
                                    acldvppResizeConfig* resizeConfig,
                                    aclrtStream stream);
ACL_FUNC_VISIBILITY aclError acldvppJpegDecodeAsync(acldvppChannelDesc* channelDesc,
                                                    const void* data,
                                                    uint32_t size,
                                                    acldvppPicDesc* outputDesc,
                                                    aclrtStream stream);
ACL_FUNC_VISIBILITY aclError acldvppJpegEncodeAsync(acldvppChannelDesc* channelDesc,
                                                    acldvppPicDesc* inputDesc,
                                                    const void* data,
                                                    uint32_t* size,
                                                    acldvppJpegeConfig* config,
                                                    aclrtStream stream);
ACL_FUNC_VISIBILITY aclError acldvppPngDecodeAsync(acldvppChannelDesc* channelDesc,
                                                   const void* data,
                                                   uint32_t size,
                                                   acldvppPicDesc* outputDesc,
                                                   aclrtStream stream);
ACL_FUNC_VISIBILITY aclError aclvdecCreateChannel(aclvdecChannelDesc* channelDesc);
ACL_FUNC_VISIBILITY aclError aclvdecDestroyChannel(aclvdecChannelDesc* channelDesc);
ACL_FUNC_VISIBILITY aclError aclvdecSendFrame(aclvdecChannelDesc* channelDesc,
                                              acldvppStreamDesc* input,
                                              acldvppPicDesc* output,
                                              aclvdecFrameConfig* config,
                                              void* userData);
ACL_FUNC_VISIBILITY aclError aclvdecSendSkippedFrame(aclvdecChannelDesc* channelDesc,
                                                     acldvppStreamDesc* input,
                                                     aclvdecFrameConfig* config,
                                                     void* userData);
ACL_FUNC_VISIBILITY aclError acldvppVpcConvertColorAsync(acldvppChannelDesc* channelDesc,
                                                         acldvppPicDesc* inputDesc,
                                                         acldvppPicDesc* outputDesc,
                                                         aclrtStream stream);
ACL_FUNC_VISIBILITY aclError acldvppVpcPyrDownAsync(acldvppChannelDesc* channelDesc,
                                                    acldvppPicDesc* inputDesc,
                                                    acldvppPicDesc* outputDesc,
                                                    void* reserve,
                                                    aclrtStream stream);
ACL_FUNC_VISIBILITY aclError acldvppSetChannelDescMode(acldvppChannelDesc* channelDesc,
                                                       uint32_t mode);
ACL_FUNC_VISIBILITY aclError acldvppSetResizeConfigInterpolation(acldvppResizeConfig* resizeConfig,
                                                                 uint32_t interpolation);
ACL_FUNC_VISIBILITY uint32_t
acldvppGetResizeConfigInterpolation(const acldvppResizeConfig* resizeConfig);
ACL_FUNC_VISIBILITY aclError aclvdecSetChannelDescOutMode(aclvdecChannelDesc* channelDesc,
                                                          uint32_t outMode);
ACL_FUNC_VISIBILITY uint32_t aclvdecGetChannelDescOutMode(const aclvdecChannelDesc* channelDesc);
ACL_FUNC_VISIBILITY acldvppBatchPicDesc* acldvppCreateBatchPicDesc(uint32_t batchSize);
ACL_FUNC_VISIBILITY acldvppPicDesc* acldvppGetPicDesc(acldvppBatchPicDesc* batchPicDesc,
                                                      uint32_t index);
ACL_FUNC_VISIBILITY aclError acldvppDestroyBatchPicDesc(acldvppBatchPicDesc* batchPicDesc);
ACL_FUNC_VISIBILITY acldvppLutMap* acldvppCreateLutMap(void);
ACL_FUNC_VISIBILITY aclError acldvppDestroyLutMap(acldvppLutMap* lutMap);
ACL_FUNC_VISIBILITY uint32_t acldvppGetLutMapDims(const acldvppLutMap* lutMap);
ACL_FUNC_VISIBILITY aclError acldvppGetLutMapData(const acldvppLutMap* lutMap,
                                                  uint32_t dim,
                                                  uint8_t** data,
                                                  uint32_t* len);
ACL_FUNC_VISIBILITY aclError acldvppVpcEqualizeHistAsync(const acldvppChannelDesc* channelDesc,
                                                         const acldvppPicDesc* inputDesc,
                                                         acldvppPicDesc* outputDesc,
                                                         const acldvppLutMap* lutMap,
                                                         aclrtStream stream);
ACL_FUNC_VISIBILITY acldvppBorderConfig* acldvppCreateBorderConfig(void);
ACL_FUNC_VISIBILITY aclError acldvppSetBorderConfigValue(acldvppBorderConfig* borderConfig,
                                                         uint32_t index,
                                                         double value);
ACL_FUNC_VISIBILITY aclError acldvppSetBorderConfigBorderType(acldvppBorderConfig* borderConfig,
                                                              acldvppBorderType borderType);
ACL_FUNC_VISIBILITY aclError acldvppSetBorderConfigTop(acldvppBorderConfig* borderConfig,
                                                       uint32_t top);
ACL_FUNC_VISIBILITY aclError acldvppSetBorderConfigBottom(acldvppBorderConfig* borderConfig,
                                                          uint32_t bottom);
ACL_FUNC_VISIBILITY aclError acldvppSetBorderConfigLeft(acldvppBorderConfig* borderConfig,
                                                        uint32_t left);
ACL_FUNC_VISIBILITY aclError acldvppSetBorderConfigRight(acldvppBorderConfig* borderConfig,
                                                         uint32_t right);
ACL_FUNC_VISIBILITY double acldvppGetBorderConfigValue(const acldvppBorderConfig* borderConfig,
                                                       uint32_t index);
ACL_FUNC_VISIBILITY acldvppBorderType
acldvppGetBorderConfigBorderType(const acldvppBorderConfig* borderConfig);
ACL_FUNC_VISIBILITY uint32_t acldvppGetBorderConfigTop(const acldvppBorderConfig* borderConfig);
ACL_FUNC_VISIBILITY uint32_t acldvppGetBorderConfigBottom(const acldvppBorderConfig* borderConfig);
ACL_FUNC_VISIBILITY uint32_t acldvppGetBorderConfigLeft(const acldvppBorderConfig* borderConfig);
ACL_FUNC_VISIBILITY uint32_t acldvppGetBorderConfigRight(const acldvppBorderConfig* borderConfig);
ACL_FUNC_VISIBILITY aclError acldvppDestroyBorderConfig(acldvppBorderConfig* borderConfig);
ACL_FUNC_VISIBILITY aclError acldvppVpcMakeBorderAsync(const acldvppChannelDesc* channelDesc,
                                                       const acldvppPicDesc* inputDesc,
                                                       acldvppPicDesc* outputDesc,
                                                       const acldvppBorderConfig* borderConfig,
                                                       aclrtStream stream);
ACL_FUNC_VISIBILITY aclError acldvppVpcCalcHistAsync(acldvppChannelDesc* channelDesc,
                                                     acldvppPicDesc* srcPicDesc,
                                                     acldvppHist* hist,
                                                     void* reserve,
                                                     aclrtStream stream);
ACL_FUNC_VISIBILITY acldvppHist* acldvppCreateHist(void);
ACL_FUNC_VISIBILITY aclError acldvppDestroyHist(acldvppHist* hist);
ACL_FUNC_VISIBILITY uint32_t acldvppGetHistDims(acldvppHist* hist);
ACL_FUNC_VISIBILITY aclError acldvppGetHistData(acldvppHist* hist,
                                                uint32_t dim,
                                                uint32_t** data,
                                                uint16_t* len);
ACL_FUNC_VISIBILITY uint32_t acldvppGetHistRetCode(acldvppHist* hist);
ACL_FUNC_VISIBILITY aclError acldvppClearHist(acldvppHist* hist);
ACL_FUNC_VISIBILITY aclError
acldvppVpcBatchCropResizeMakeBorderAsync(acldvppChannelDesc* channelDesc,
                                         acldvppBatchPicDesc* srcBatchPicDescs,
                                         uint32_t* roiNums,
                                         uint32_t size,
                                         acldvppBatchPicDesc* dstBatchPicDescs,
                                         acldvppRoiConfig* cropAreas[],
                                         acldvppBorderConfig* borderCfgs[],
                                         acldvppResizeConfig* resizeConfig,
                                         aclrtStream stream);
ACL_FUNC_VISIBILITY aclError acldvppSetChannelDescParam(acldvppChannelDesc* channelDesc,
                                                        acldvppChannelDescParamType paramType,
                                                        size_t length,
                                                        const void* param);
ACL_FUNC_VISIBILITY aclError acldvppGetChannelDescParam(const acldvppChannelDesc* channelDesc,
                                                        acldvppChannelDescParamType paramType,
                                                        size_t length,
                                                        size_t* paramRetSize,
                                                        void* param);
ACL_FUNC_VISIBILITY aclError aclvdecSetChannelDescParam(aclvdecChannelDesc* channelDesc,
                                                        aclvdecChannelDescParamType paramType,
                                                        size_t length,
                                                        const void* param);
ACL_FUNC_VISIBILITY aclError aclvdecGetChannelDescParam(const aclvdecChannelDesc* channelDesc,
                                                        aclvdecChannelDescParamType paramType,
                                                        size_t length,
                                                        size_t* paramRetSize,
                                                        void* param);

#    ifdef __cplusplus
}
#    endif

#endif /* ACLEMU_ACL_OPS_ACL_DVPP_H */
