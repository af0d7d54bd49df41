// Entry points of acl/ops/acl_dvpp.h: DVPP is an Ascend hardware unit (image and video codecs,
// resize and crop engines) with no counterpart here, so every call answers
// ACL_ERROR_FEATURE_UNSUPPORTED with a message (dvpp_unsupported); calls that return something
// else return NULL, 0 or the enum's first value, as CANN's do on failure.
#define ENABLE_DVPP_INTERFACE
#include "acl/ops/acl_dvpp.h"

#include "core/status.h"
#include "dvpp/dvpp_unsupported.h"

using aclemu::rt::api_call;
using aclemu::rt::dvpp::unsupported;

extern "C" {

aclError acldvppMalloc([[maybe_unused]] void** devPtr, [[maybe_unused]] size_t size) {
    return api_call("acldvppMalloc", [] { return unsupported("acldvppMalloc"); });
}

aclError acldvppFree([[maybe_unused]] void* devPtr) {
    return api_call("acldvppFree", [] { return unsupported("acldvppFree"); });
}

acldvppChannelDesc* acldvppCreateChannelDesc() {
    api_call("acldvppCreateChannelDesc", [] { return unsupported("acldvppCreateChannelDesc"); });
    return nullptr;
}

aclError acldvppDestroyChannelDesc([[maybe_unused]] acldvppChannelDesc* channelDesc) {
    return api_call("acldvppDestroyChannelDesc",
                    [] { return unsupported("acldvppDestroyChannelDesc"); });
}

uint64_t acldvppGetChannelDescChannelId([[maybe_unused]] const acldvppChannelDesc* channelDesc) {
    api_call("acldvppGetChannelDescChannelId",
             [] { return unsupported("acldvppGetChannelDescChannelId"); });
    return 0;
}

acldvppPicDesc* acldvppCreatePicDesc() {
    api_call("acldvppCreatePicDesc", [] { return unsupported("acldvppCreatePicDesc"); });
    return nullptr;
}

aclError acldvppDestroyPicDesc([[maybe_unused]] acldvppPicDesc* picDesc) {
    return api_call("acldvppDestroyPicDesc", [] { return unsupported("acldvppDestroyPicDesc"); });
}

aclError acldvppSetPicDescData([[maybe_unused]] acldvppPicDesc* picDesc,
                               [[maybe_unused]] void* dataDev) {
    return api_call("acldvppSetPicDescData", [] { return unsupported("acldvppSetPicDescData"); });
}

aclError acldvppSetPicDescSize([[maybe_unused]] acldvppPicDesc* picDesc,
                               [[maybe_unused]] uint32_t size) {
    return api_call("acldvppSetPicDescSize", [] { return unsupported("acldvppSetPicDescSize"); });
}

aclError acldvppSetPicDescFormat([[maybe_unused]] acldvppPicDesc* picDesc,
                                 [[maybe_unused]] acldvppPixelFormat format) {
    return api_call("acldvppSetPicDescFormat",
                    [] { return unsupported("acldvppSetPicDescFormat"); });
}

aclError acldvppSetPicDescWidth([[maybe_unused]] acldvppPicDesc* picDesc,
                                [[maybe_unused]] uint32_t width) {
    return api_call("acldvppSetPicDescWidth", [] { return unsupported("acldvppSetPicDescWidth"); });
}

aclError acldvppSetPicDescHeight([[maybe_unused]] acldvppPicDesc* picDesc,
                                 [[maybe_unused]] uint32_t height) {
    return api_call("acldvppSetPicDescHeight",
                    [] { return unsupported("acldvppSetPicDescHeight"); });
}

aclError acldvppSetPicDescWidthStride([[maybe_unused]] acldvppPicDesc* picDesc,
                                      [[maybe_unused]] uint32_t widthStride) {
    return api_call("acldvppSetPicDescWidthStride",
                    [] { return unsupported("acldvppSetPicDescWidthStride"); });
}

aclError acldvppSetPicDescHeightStride([[maybe_unused]] acldvppPicDesc* picDesc,
                                       [[maybe_unused]] uint32_t heightStride) {
    return api_call("acldvppSetPicDescHeightStride",
                    [] { return unsupported("acldvppSetPicDescHeightStride"); });
}

aclError acldvppSetPicDescRetCode([[maybe_unused]] acldvppPicDesc* picDesc,
                                  [[maybe_unused]] uint32_t retCode) {
    return api_call("acldvppSetPicDescRetCode",
                    [] { return unsupported("acldvppSetPicDescRetCode"); });
}

void* acldvppGetPicDescData([[maybe_unused]] const acldvppPicDesc* picDesc) {
    api_call("acldvppGetPicDescData", [] { return unsupported("acldvppGetPicDescData"); });
    return nullptr;
}

uint32_t acldvppGetPicDescSize([[maybe_unused]] const acldvppPicDesc* picDesc) {
    api_call("acldvppGetPicDescSize", [] { return unsupported("acldvppGetPicDescSize"); });
    return 0;
}

acldvppPixelFormat acldvppGetPicDescFormat([[maybe_unused]] const acldvppPicDesc* picDesc) {
    api_call("acldvppGetPicDescFormat", [] { return unsupported("acldvppGetPicDescFormat"); });
    return PIXEL_FORMAT_YUV_400;
}

uint32_t acldvppGetPicDescWidth([[maybe_unused]] const acldvppPicDesc* picDesc) {
    api_call("acldvppGetPicDescWidth", [] { return unsupported("acldvppGetPicDescWidth"); });
    return 0;
}

uint32_t acldvppGetPicDescHeight([[maybe_unused]] const acldvppPicDesc* picDesc) {
    api_call("acldvppGetPicDescHeight", [] { return unsupported("acldvppGetPicDescHeight"); });
    return 0;
}

uint32_t acldvppGetPicDescWidthStride([[maybe_unused]] const acldvppPicDesc* picDesc) {
    api_call("acldvppGetPicDescWidthStride",
             [] { return unsupported("acldvppGetPicDescWidthStride"); });
    return 0;
}

uint32_t acldvppGetPicDescHeightStride([[maybe_unused]] const acldvppPicDesc* picDesc) {
    api_call("acldvppGetPicDescHeightStride",
             [] { return unsupported("acldvppGetPicDescHeightStride"); });
    return 0;
}

uint32_t acldvppGetPicDescRetCode([[maybe_unused]] const acldvppPicDesc* picDesc) {
    api_call("acldvppGetPicDescRetCode", [] { return unsupported("acldvppGetPicDescRetCode"); });
    return 0;
}

acldvppRoiConfig* acldvppCreateRoiConfig([[maybe_unused]] uint32_t left,
                                         [[maybe_unused]] uint32_t right,
                                         [[maybe_unused]] uint32_t top,
                                         [[maybe_unused]] uint32_t bottom) {
    api_call("acldvppCreateRoiConfig", [] { return unsupported("acldvppCreateRoiConfig"); });
    return nullptr;
}

aclError acldvppDestroyRoiConfig([[maybe_unused]] acldvppRoiConfig* roiConfig) {
    return api_call("acldvppDestroyRoiConfig",
                    [] { return unsupported("acldvppDestroyRoiConfig"); });
}

aclError acldvppSetRoiConfigLeft([[maybe_unused]] acldvppRoiConfig* config,
                                 [[maybe_unused]] uint32_t left) {
    return api_call("acldvppSetRoiConfigLeft",
                    [] { return unsupported("acldvppSetRoiConfigLeft"); });
}

aclError acldvppSetRoiConfigRight([[maybe_unused]] acldvppRoiConfig* config,
                                  [[maybe_unused]] uint32_t right) {
    return api_call("acldvppSetRoiConfigRight",
                    [] { return unsupported("acldvppSetRoiConfigRight"); });
}

aclError acldvppSetRoiConfigTop([[maybe_unused]] acldvppRoiConfig* config,
                                [[maybe_unused]] uint32_t top) {
    return api_call("acldvppSetRoiConfigTop", [] { return unsupported("acldvppSetRoiConfigTop"); });
}

aclError acldvppSetRoiConfigBottom([[maybe_unused]] acldvppRoiConfig* config,
                                   [[maybe_unused]] uint32_t bottom) {
    return api_call("acldvppSetRoiConfigBottom",
                    [] { return unsupported("acldvppSetRoiConfigBottom"); });
}

aclError acldvppSetRoiConfig([[maybe_unused]] acldvppRoiConfig* config,
                             [[maybe_unused]] uint32_t left,
                             [[maybe_unused]] uint32_t right,
                             [[maybe_unused]] uint32_t top,
                             [[maybe_unused]] uint32_t bottom) {
    return api_call("acldvppSetRoiConfig", [] { return unsupported("acldvppSetRoiConfig"); });
}

acldvppResizeConfig* acldvppCreateResizeConfig() {
    api_call("acldvppCreateResizeConfig", [] { return unsupported("acldvppCreateResizeConfig"); });
    return nullptr;
}

aclError acldvppDestroyResizeConfig([[maybe_unused]] acldvppResizeConfig* resizeConfig) {
    return api_call("acldvppDestroyResizeConfig",
                    [] { return unsupported("acldvppDestroyResizeConfig"); });
}

acldvppJpegeConfig* acldvppCreateJpegeConfig() {
    api_call("acldvppCreateJpegeConfig", [] { return unsupported("acldvppCreateJpegeConfig"); });
    return nullptr;
}

aclError acldvppDestroyJpegeConfig([[maybe_unused]] acldvppJpegeConfig* jpegeConfig) {
    return api_call("acldvppDestroyJpegeConfig",
                    [] { return unsupported("acldvppDestroyJpegeConfig"); });
}

aclError acldvppSetJpegeConfigLevel([[maybe_unused]] acldvppJpegeConfig* jpegeConfig,
                                    [[maybe_unused]] uint32_t level) {
    return api_call("acldvppSetJpegeConfigLevel",
                    [] { return unsupported("acldvppSetJpegeConfigLevel"); });
}

uint32_t acldvppGetJpegeConfigLevel([[maybe_unused]] const acldvppJpegeConfig* jpegeConfig) {
    api_call("acldvppGetJpegeConfigLevel",
             [] { return unsupported("acldvppGetJpegeConfigLevel"); });
    return 0;
}

aclvdecChannelDesc* aclvdecCreateChannelDesc() {
    api_call("aclvdecCreateChannelDesc", [] { return unsupported("aclvdecCreateChannelDesc"); });
    return nullptr;
}

aclError aclvdecDestroyChannelDesc([[maybe_unused]] aclvdecChannelDesc* channelDesc) {
    return api_call("aclvdecDestroyChannelDesc",
                    [] { return unsupported("aclvdecDestroyChannelDesc"); });
}

aclError aclvdecSetChannelDescChannelId([[maybe_unused]] aclvdecChannelDesc* channelDesc,
                                        [[maybe_unused]] uint32_t channelId) {
    return api_call("aclvdecSetChannelDescChannelId",
                    [] { return unsupported("aclvdecSetChannelDescChannelId"); });
}

aclError aclvdecSetChannelDescThreadId([[maybe_unused]] aclvdecChannelDesc* channelDesc,
                                       [[maybe_unused]] uint64_t threadId) {
    return api_call("aclvdecSetChannelDescThreadId",
                    [] { return unsupported("aclvdecSetChannelDescThreadId"); });
}

aclError aclvdecSetChannelDescCallback([[maybe_unused]] aclvdecChannelDesc* channelDesc,
                                       [[maybe_unused]] aclvdecCallback callback) {
    return api_call("aclvdecSetChannelDescCallback",
                    [] { return unsupported("aclvdecSetChannelDescCallback"); });
}

aclError aclvdecSetChannelDescEnType([[maybe_unused]] aclvdecChannelDesc* channelDesc,
                                     [[maybe_unused]] acldvppStreamFormat enType) {
    return api_call("aclvdecSetChannelDescEnType",
                    [] { return unsupported("aclvdecSetChannelDescEnType"); });
}

aclError aclvdecSetChannelDescOutPicFormat([[maybe_unused]] aclvdecChannelDesc* channelDesc,
                                           [[maybe_unused]] acldvppPixelFormat outPicFormat) {
    return api_call("aclvdecSetChannelDescOutPicFormat",
                    [] { return unsupported("aclvdecSetChannelDescOutPicFormat"); });
}

aclError aclvdecSetChannelDescOutPicWidth([[maybe_unused]] aclvdecChannelDesc* channelDesc,
                                          [[maybe_unused]] uint32_t outPicWidth) {
    return api_call("aclvdecSetChannelDescOutPicWidth",
                    [] { return unsupported("aclvdecSetChannelDescOutPicWidth"); });
}

aclError aclvdecSetChannelDescOutPicHeight([[maybe_unused]] aclvdecChannelDesc* channelDesc,
                                           [[maybe_unused]] uint32_t outPicHeight) {
    return api_call("aclvdecSetChannelDescOutPicHeight",
                    [] { return unsupported("aclvdecSetChannelDescOutPicHeight"); });
}

aclError aclvdecSetChannelDescRefFrameNum([[maybe_unused]] aclvdecChannelDesc* channelDesc,
                                          [[maybe_unused]] uint32_t refFrameNum) {
    return api_call("aclvdecSetChannelDescRefFrameNum",
                    [] { return unsupported("aclvdecSetChannelDescRefFrameNum"); });
}

aclError aclvdecSetChannelDescBitDepth([[maybe_unused]] aclvdecChannelDesc* channelDesc,
                                       [[maybe_unused]] uint32_t bitDepth) {
    return api_call("aclvdecSetChannelDescBitDepth",
                    [] { return unsupported("aclvdecSetChannelDescBitDepth"); });
}

uint32_t aclvdecGetChannelDescChannelId([[maybe_unused]] const aclvdecChannelDesc* channelDesc) {
    api_call("aclvdecGetChannelDescChannelId",
             [] { return unsupported("aclvdecGetChannelDescChannelId"); });
    return 0;
}

uint64_t aclvdecGetChannelDescThreadId([[maybe_unused]] const aclvdecChannelDesc* channelDesc) {
    api_call("aclvdecGetChannelDescThreadId",
             [] { return unsupported("aclvdecGetChannelDescThreadId"); });
    return 0;
}

aclvdecCallback aclvdecGetChannelDescCallback(
    [[maybe_unused]] const aclvdecChannelDesc* channelDesc) {
    api_call("aclvdecGetChannelDescCallback",
             [] { return unsupported("aclvdecGetChannelDescCallback"); });
    return nullptr;
}

acldvppStreamFormat aclvdecGetChannelDescEnType(
    [[maybe_unused]] const aclvdecChannelDesc* channelDesc) {
    api_call("aclvdecGetChannelDescEnType",
             [] { return unsupported("aclvdecGetChannelDescEnType"); });
    return H265_MAIN_LEVEL;
}

acldvppPixelFormat aclvdecGetChannelDescOutPicFormat(
    [[maybe_unused]] const aclvdecChannelDesc* channelDesc) {
    api_call("aclvdecGetChannelDescOutPicFormat",
             [] { return unsupported("aclvdecGetChannelDescOutPicFormat"); });
    return PIXEL_FORMAT_YUV_400;
}

uint32_t aclvdecGetChannelDescOutPicWidth([[maybe_unused]] const aclvdecChannelDesc* channelDesc) {
    api_call("aclvdecGetChannelDescOutPicWidth",
             [] { return unsupported("aclvdecGetChannelDescOutPicWidth"); });
    return 0;
}

uint32_t aclvdecGetChannelDescOutPicHeight([[maybe_unused]] const aclvdecChannelDesc* channelDesc) {
    api_call("aclvdecGetChannelDescOutPicHeight",
             [] { return unsupported("aclvdecGetChannelDescOutPicHeight"); });
    return 0;
}

uint32_t aclvdecGetChannelDescBitDepth([[maybe_unused]] const aclvdecChannelDesc* channelDesc) {
    api_call("aclvdecGetChannelDescBitDepth",
             [] { return unsupported("aclvdecGetChannelDescBitDepth"); });
    return 0;
}

uint32_t aclvdecGetChannelDescRefFrameNum([[maybe_unused]] const aclvdecChannelDesc* channelDesc) {
    api_call("aclvdecGetChannelDescRefFrameNum",
             [] { return unsupported("aclvdecGetChannelDescRefFrameNum"); });
    return 0;
}

aclvencChannelDesc* aclvencCreateChannelDesc() {
    api_call("aclvencCreateChannelDesc", [] { return unsupported("aclvencCreateChannelDesc"); });
    return nullptr;
}

aclError aclvencDestroyChannelDesc([[maybe_unused]] aclvencChannelDesc* channelDesc) {
    return api_call("aclvencDestroyChannelDesc",
                    [] { return unsupported("aclvencDestroyChannelDesc"); });
}

aclError aclvencSetChannelDescThreadId([[maybe_unused]] aclvencChannelDesc* channelDesc,
                                       [[maybe_unused]] uint64_t threadId) {
    return api_call("aclvencSetChannelDescThreadId",
                    [] { return unsupported("aclvencSetChannelDescThreadId"); });
}

aclError aclvencSetChannelDescCallback([[maybe_unused]] aclvencChannelDesc* channelDesc,
                                       [[maybe_unused]] aclvencCallback callback) {
    return api_call("aclvencSetChannelDescCallback",
                    [] { return unsupported("aclvencSetChannelDescCallback"); });
}

aclError aclvencSetChannelDescEnType([[maybe_unused]] aclvencChannelDesc* channelDesc,
                                     [[maybe_unused]] acldvppStreamFormat enType) {
    return api_call("aclvencSetChannelDescEnType",
                    [] { return unsupported("aclvencSetChannelDescEnType"); });
}

aclError aclvencSetChannelDescPicFormat([[maybe_unused]] aclvencChannelDesc* channelDesc,
                                        [[maybe_unused]] acldvppPixelFormat picFormat) {
    return api_call("aclvencSetChannelDescPicFormat",
                    [] { return unsupported("aclvencSetChannelDescPicFormat"); });
}

aclError aclvencSetChannelDescPicWidth([[maybe_unused]] aclvencChannelDesc* channelDesc,
                                       [[maybe_unused]] uint32_t picWidth) {
    return api_call("aclvencSetChannelDescPicWidth",
                    [] { return unsupported("aclvencSetChannelDescPicWidth"); });
}

aclError aclvencSetChannelDescPicHeight([[maybe_unused]] aclvencChannelDesc* channelDesc,
                                        [[maybe_unused]] uint32_t picHeight) {
    return api_call("aclvencSetChannelDescPicHeight",
                    [] { return unsupported("aclvencSetChannelDescPicHeight"); });
}

aclError aclvencSetChannelDescKeyFrameInterval([[maybe_unused]] aclvencChannelDesc* channelDesc,
                                               [[maybe_unused]] uint32_t keyFrameInterval) {
    return api_call("aclvencSetChannelDescKeyFrameInterval",
                    [] { return unsupported("aclvencSetChannelDescKeyFrameInterval"); });
}

aclError aclvencSetChannelDescBufAddr([[maybe_unused]] aclvencChannelDesc* channelDesc,
                                      [[maybe_unused]] void* bufAddr) {
    return api_call("aclvencSetChannelDescBufAddr",
                    [] { return unsupported("aclvencSetChannelDescBufAddr"); });
}

aclError aclvencSetChannelDescBufSize([[maybe_unused]] aclvencChannelDesc* channelDesc,
                                      [[maybe_unused]] uint32_t bufSize) {
    return api_call("aclvencSetChannelDescBufSize",
                    [] { return unsupported("aclvencSetChannelDescBufSize"); });
}

aclError aclvencSetChannelDescRcMode([[maybe_unused]] aclvencChannelDesc* channelDesc,
                                     [[maybe_unused]] uint32_t rcMode) {
    return api_call("aclvencSetChannelDescRcMode",
                    [] { return unsupported("aclvencSetChannelDescRcMode"); });
}

aclError aclvencSetChannelDescSrcRate([[maybe_unused]] aclvencChannelDesc* channelDesc,
                                      [[maybe_unused]] uint32_t srcRate) {
    return api_call("aclvencSetChannelDescSrcRate",
                    [] { return unsupported("aclvencSetChannelDescSrcRate"); });
}

aclError aclvencSetChannelDescMaxBitRate([[maybe_unused]] aclvencChannelDesc* channelDesc,
                                         [[maybe_unused]] uint32_t maxBitRate) {
    return api_call("aclvencSetChannelDescMaxBitRate",
                    [] { return unsupported("aclvencSetChannelDescMaxBitRate"); });
}

aclError aclvencSetChannelDescParam([[maybe_unused]] aclvencChannelDesc* channelDesc,
                                    [[maybe_unused]] aclvencChannelDescParamType paramType,
                                    [[maybe_unused]] size_t length,
                                    [[maybe_unused]] const void* param) {
    return api_call("aclvencSetChannelDescParam",
                    [] { return unsupported("aclvencSetChannelDescParam"); });
}

void* aclvencGetChannelDescBufAddr([[maybe_unused]] const aclvencChannelDesc* channelDesc) {
    api_call("aclvencGetChannelDescBufAddr",
             [] { return unsupported("aclvencGetChannelDescBufAddr"); });
    return nullptr;
}

uint32_t aclvencGetChannelDescBufSize([[maybe_unused]] const aclvencChannelDesc* channelDesc) {
    api_call("aclvencGetChannelDescBufSize",
             [] { return unsupported("aclvencGetChannelDescBufSize"); });
    return 0;
}

uint32_t aclvencGetChannelDescChannelId([[maybe_unused]] const aclvencChannelDesc* channelDesc) {
    api_call("aclvencGetChannelDescChannelId",
             [] { return unsupported("aclvencGetChannelDescChannelId"); });
    return 0;
}

uint64_t aclvencGetChannelDescThreadId([[maybe_unused]] const aclvencChannelDesc* channelDesc) {
    api_call("aclvencGetChannelDescThreadId",
             [] { return unsupported("aclvencGetChannelDescThreadId"); });
    return 0;
}

aclvencCallback aclvencGetChannelDescCallback(
    [[maybe_unused]] const aclvencChannelDesc* channelDesc) {
    api_call("aclvencGetChannelDescCallback",
             [] { return unsupported("aclvencGetChannelDescCallback"); });
    return nullptr;
}

acldvppStreamFormat aclvencGetChannelDescEnType(
    [[maybe_unused]] const aclvencChannelDesc* channelDesc) {
    api_call("aclvencGetChannelDescEnType",
             [] { return unsupported("aclvencGetChannelDescEnType"); });
    return H265_MAIN_LEVEL;
}

acldvppPixelFormat aclvencGetChannelDescPicFormat(
    [[maybe_unused]] const aclvencChannelDesc* channelDesc) {
    api_call("aclvencGetChannelDescPicFormat",
             [] { return unsupported("aclvencGetChannelDescPicFormat"); });
    return PIXEL_FORMAT_YUV_400;
}

uint32_t aclvencGetChannelDescPicWidth([[maybe_unused]] const aclvencChannelDesc* channelDesc) {
    api_call("aclvencGetChannelDescPicWidth",
             [] { return unsupported("aclvencGetChannelDescPicWidth"); });
    return 0;
}

uint32_t aclvencGetChannelDescPicHeight([[maybe_unused]] const aclvencChannelDesc* channelDesc) {
    api_call("aclvencGetChannelDescPicHeight",
             [] { return unsupported("aclvencGetChannelDescPicHeight"); });
    return 0;
}

uint32_t aclvencGetChannelDescKeyFrameInterval(
    [[maybe_unused]] const aclvencChannelDesc* channelDesc) {
    api_call("aclvencGetChannelDescKeyFrameInterval",
             [] { return unsupported("aclvencGetChannelDescKeyFrameInterval"); });
    return 0;
}

uint32_t aclvencGetChannelDescRcMode([[maybe_unused]] const aclvencChannelDesc* channelDesc) {
    api_call("aclvencGetChannelDescRcMode",
             [] { return unsupported("aclvencGetChannelDescRcMode"); });
    return 0;
}

uint32_t aclvencGetChannelDescSrcRate([[maybe_unused]] const aclvencChannelDesc* channelDesc) {
    api_call("aclvencGetChannelDescSrcRate",
             [] { return unsupported("aclvencGetChannelDescSrcRate"); });
    return 0;
}

uint32_t aclvencGetChannelDescMaxBitRate([[maybe_unused]] const aclvencChannelDesc* channelDesc) {
    api_call("aclvencGetChannelDescMaxBitRate",
             [] { return unsupported("aclvencGetChannelDescMaxBitRate"); });
    return 0;
}

aclError aclvencGetChannelDescParam([[maybe_unused]] const aclvencChannelDesc* channelDesc,
                                    [[maybe_unused]] aclvencChannelDescParamType paramType,
                                    [[maybe_unused]] size_t length,
                                    [[maybe_unused]] size_t* paramRetSize,
                                    [[maybe_unused]] void* param) {
    return api_call("aclvencGetChannelDescParam",
                    [] { return unsupported("aclvencGetChannelDescParam"); });
}

uint8_t aclvencGetFrameConfigForceIFrame([[maybe_unused]] const aclvencFrameConfig* config) {
    api_call("aclvencGetFrameConfigForceIFrame",
             [] { return unsupported("aclvencGetFrameConfigForceIFrame"); });
    return 0;
}

uint8_t aclvencGetFrameConfigEos([[maybe_unused]] const aclvencFrameConfig* config) {
    api_call("aclvencGetFrameConfigEos", [] { return unsupported("aclvencGetFrameConfigEos"); });
    return 0;
}

aclError aclvencSetFrameConfigForceIFrame([[maybe_unused]] aclvencFrameConfig* config,
                                          [[maybe_unused]] uint8_t forceIFrame) {
    return api_call("aclvencSetFrameConfigForceIFrame",
                    [] { return unsupported("aclvencSetFrameConfigForceIFrame"); });
}

aclError aclvencSetFrameConfigEos([[maybe_unused]] aclvencFrameConfig* config,
                                  [[maybe_unused]] uint8_t eos) {
    return api_call("aclvencSetFrameConfigEos",
                    [] { return unsupported("aclvencSetFrameConfigEos"); });
}

aclError aclvencDestroyFrameConfig([[maybe_unused]] aclvencFrameConfig* config) {
    return api_call("aclvencDestroyFrameConfig",
                    [] { return unsupported("aclvencDestroyFrameConfig"); });
}

aclvencFrameConfig* aclvencCreateFrameConfig() {
    api_call("aclvencCreateFrameConfig", [] { return unsupported("aclvencCreateFrameConfig"); });
    return nullptr;
}

aclError aclvencCreateChannel([[maybe_unused]] aclvencChannelDesc* channelDesc) {
    return api_call("aclvencCreateChannel", [] { return unsupported("aclvencCreateChannel"); });
}

aclError aclvencDestroyChannel([[maybe_unused]] aclvencChannelDesc* channelDesc) {
    return api_call("aclvencDestroyChannel", [] { return unsupported("aclvencDestroyChannel"); });
}

aclError aclvencSendFrame([[maybe_unused]] aclvencChannelDesc* channelDesc,
                          [[maybe_unused]] acldvppPicDesc* input,
                          [[maybe_unused]] void* reserve,
                          [[maybe_unused]] aclvencFrameConfig* config,
                          [[maybe_unused]] void* userdata) {
    return api_call("aclvencSendFrame", [] { return unsupported("aclvencSendFrame"); });
}

acldvppStreamDesc* acldvppCreateStreamDesc() {
    api_call("acldvppCreateStreamDesc", [] { return unsupported("acldvppCreateStreamDesc"); });
    return nullptr;
}

aclError acldvppDestroyStreamDesc([[maybe_unused]] acldvppStreamDesc* streamDesc) {
    return api_call("acldvppDestroyStreamDesc",
                    [] { return unsupported("acldvppDestroyStreamDesc"); });
}

aclError acldvppSetStreamDescData([[maybe_unused]] acldvppStreamDesc* streamDesc,
                                  [[maybe_unused]] void* dataDev) {
    return api_call("acldvppSetStreamDescData",
                    [] { return unsupported("acldvppSetStreamDescData"); });
}

aclError acldvppSetStreamDescSize([[maybe_unused]] acldvppStreamDesc* streamDesc,
                                  [[maybe_unused]] uint32_t size) {
    return api_call("acldvppSetStreamDescSize",
                    [] { return unsupported("acldvppSetStreamDescSize"); });
}

aclError acldvppSetStreamDescFormat([[maybe_unused]] acldvppStreamDesc* streamDesc,
                                    [[maybe_unused]] acldvppStreamFormat format) {
    return api_call("acldvppSetStreamDescFormat",
                    [] { return unsupported("acldvppSetStreamDescFormat"); });
}

aclError acldvppSetStreamDescTimestamp([[maybe_unused]] acldvppStreamDesc* streamDesc,
                                       [[maybe_unused]] uint64_t timestamp) {
    return api_call("acldvppSetStreamDescTimestamp",
                    [] { return unsupported("acldvppSetStreamDescTimestamp"); });
}

aclError acldvppSetStreamDescRetCode([[maybe_unused]] acldvppStreamDesc* streamDesc,
                                     [[maybe_unused]] uint32_t retCode) {
    return api_call("acldvppSetStreamDescRetCode",
                    [] { return unsupported("acldvppSetStreamDescRetCode"); });
}

aclError acldvppSetStreamDescEos([[maybe_unused]] acldvppStreamDesc* streamDesc,
                                 [[maybe_unused]] uint8_t eos) {
    return api_call("acldvppSetStreamDescEos",
                    [] { return unsupported("acldvppSetStreamDescEos"); });
}

void* acldvppGetStreamDescData([[maybe_unused]] const acldvppStreamDesc* streamDesc) {
    api_call("acldvppGetStreamDescData", [] { return unsupported("acldvppGetStreamDescData"); });
    return nullptr;
}

uint32_t acldvppGetStreamDescSize([[maybe_unused]] const acldvppStreamDesc* streamDesc) {
    api_call("acldvppGetStreamDescSize", [] { return unsupported("acldvppGetStreamDescSize"); });
    return 0;
}

acldvppStreamFormat acldvppGetStreamDescFormat(
    [[maybe_unused]] const acldvppStreamDesc* streamDesc) {
    api_call("acldvppGetStreamDescFormat",
             [] { return unsupported("acldvppGetStreamDescFormat"); });
    return H265_MAIN_LEVEL;
}

uint64_t acldvppGetStreamDescTimestamp([[maybe_unused]] const acldvppStreamDesc* streamDesc) {
    api_call("acldvppGetStreamDescTimestamp",
             [] { return unsupported("acldvppGetStreamDescTimestamp"); });
    return 0;
}

uint32_t acldvppGetStreamDescRetCode([[maybe_unused]] const acldvppStreamDesc* streamDesc) {
    api_call("acldvppGetStreamDescRetCode",
             [] { return unsupported("acldvppGetStreamDescRetCode"); });
    return 0;
}

uint8_t acldvppGetStreamDescEos([[maybe_unused]] const acldvppStreamDesc* streamDesc) {
    api_call("acldvppGetStreamDescEos", [] { return unsupported("acldvppGetStreamDescEos"); });
    return 0;
}

aclvdecFrameConfig* aclvdecCreateFrameConfig() {
    api_call("aclvdecCreateFrameConfig", [] { return unsupported("aclvdecCreateFrameConfig"); });
    return nullptr;
}

aclError aclvdecDestroyFrameConfig([[maybe_unused]] aclvdecFrameConfig* vdecFrameConfig) {
    return api_call("aclvdecDestroyFrameConfig",
                    [] { return unsupported("aclvdecDestroyFrameConfig"); });
}

aclError acldvppJpegGetImageInfo([[maybe_unused]] const void* data,
                                 [[maybe_unused]] uint32_t size,
                                 [[maybe_unused]] uint32_t* width,
                                 [[maybe_unused]] uint32_t* height,
                                 [[maybe_unused]] int32_t* components) {
    return api_call("acldvppJpegGetImageInfo",
                    [] { return unsupported("acldvppJpegGetImageInfo"); });
}

aclError acldvppJpegGetImageInfoV2([[maybe_unused]] const void* data,
                                   [[maybe_unused]] uint32_t size,
                                   [[maybe_unused]] uint32_t* width,
                                   [[maybe_unused]] uint32_t* height,
                                   [[maybe_unused]] int32_t* components,
                                   [[maybe_unused]] acldvppJpegFormat* format) {
    return api_call("acldvppJpegGetImageInfoV2",
                    [] { return unsupported("acldvppJpegGetImageInfoV2"); });
}

aclError acldvppJpegPredictEncSize([[maybe_unused]] const acldvppPicDesc* inputDesc,
                                   [[maybe_unused]] const acldvppJpegeConfig* config,
                                   [[maybe_unused]] uint32_t* size) {
    return api_call("acldvppJpegPredictEncSize",
                    [] { return unsupported("acldvppJpegPredictEncSize"); });
}

aclError acldvppJpegPredictDecSize([[maybe_unused]] const void* data,
                                   [[maybe_unused]] uint32_t dataSize,
                                   [[maybe_unused]] acldvppPixelFormat outputPixelFormat,
                                   [[maybe_unused]] uint32_t* decSize) {
    return api_call("acldvppJpegPredictDecSize",
                    [] { return unsupported("acldvppJpegPredictDecSize"); });
}

aclError acldvppPngGetImageInfo([[maybe_unused]] const void* data,
                                [[maybe_unused]] uint32_t dataSize,
                                [[maybe_unused]] uint32_t* width,
                                [[maybe_unused]] uint32_t* height,
                                [[maybe_unused]] int32_t* components) {
    return api_call("acldvppPngGetImageInfo", [] { return unsupported("acldvppPngGetImageInfo"); });
}

aclError acldvppPngPredictDecSize([[maybe_unused]] const void* data,
                                  [[maybe_unused]] uint32_t dataSize,
                                  [[maybe_unused]] acldvppPixelFormat outputPixelFormat,
                                  [[maybe_unused]] uint32_t* decSize) {
    return api_call("acldvppPngPredictDecSize",
                    [] { return unsupported("acldvppPngPredictDecSize"); });
}

aclError acldvppCreateChannel([[maybe_unused]] acldvppChannelDesc* channelDesc) {
    return api_call("acldvppCreateChannel", [] { return unsupported("acldvppCreateChannel"); });
}

aclError acldvppDestroyChannel([[maybe_unused]] acldvppChannelDesc* channelDesc) {
    return api_call("acldvppDestroyChannel", [] { return unsupported("acldvppDestroyChannel"); });
}

aclError acldvppVpcResizeAsync([[maybe_unused]] acldvppChannelDesc* channelDesc,
                               [[maybe_unused]] acldvppPicDesc* inputDesc,
                               [[maybe_unused]] acldvppPicDesc* outputDesc,
                               [[maybe_unused]] acldvppResizeConfig* resizeConfig,
                               [[maybe_unused]] aclrtStream stream) {
    return api_call("acldvppVpcResizeAsync", [] { return unsupported("acldvppVpcResizeAsync"); });
}

aclError acldvppVpcCropAsync([[maybe_unused]] acldvppChannelDesc* channelDesc,
                             [[maybe_unused]] acldvppPicDesc* inputDesc,
                             [[maybe_unused]] acldvppPicDesc* outputDesc,
                             [[maybe_unused]] acldvppRoiConfig* cropArea,
                             [[maybe_unused]] aclrtStream stream) {
    return api_call("acldvppVpcCropAsync", [] { return unsupported("acldvppVpcCropAsync"); });
}

aclError acldvppVpcCropResizeAsync([[maybe_unused]] acldvppChannelDesc* channelDesc,
                                   [[maybe_unused]] acldvppPicDesc* inputDesc,
                                   [[maybe_unused]] acldvppPicDesc* outputDesc,
                                   [[maybe_unused]] acldvppRoiConfig* cropArea,
                                   [[maybe_unused]] acldvppResizeConfig* resizeConfig,
                                   [[maybe_unused]] aclrtStream stream) {
    return api_call("acldvppVpcCropResizeAsync",
                    [] { return unsupported("acldvppVpcCropResizeAsync"); });
}

aclError acldvppVpcBatchCropAsync([[maybe_unused]] acldvppChannelDesc* channelDesc,
                                  [[maybe_unused]] acldvppBatchPicDesc* srcBatchPicDescs,
                                  [[maybe_unused]] uint32_t* roiNums,
                                  [[maybe_unused]] uint32_t size,
                                  [[maybe_unused]] acldvppBatchPicDesc* dstBatchPicDescs,
                                  [[maybe_unused]] acldvppRoiConfig* cropAreas[],
                                  [[maybe_unused]] aclrtStream stream) {
    return api_call("acldvppVpcBatchCropAsync",
                    [] { return unsupported("acldvppVpcBatchCropAsync"); });
}

aclError acldvppVpcBatchCropResizeAsync([[maybe_unused]] acldvppChannelDesc* channelDesc,
                                        [[maybe_unused]] acldvppBatchPicDesc* srcBatchPicDescs,
                                        [[maybe_unused]] uint32_t* roiNums,
                                        [[maybe_unused]] uint32_t size,
                                        [[maybe_unused]] acldvppBatchPicDesc* dstBatchPicDescs,
                                        [[maybe_unused]] acldvppRoiConfig* cropAreas[],
                                        [[maybe_unused]] acldvppResizeConfig* resizeConfig,
                                        [[maybe_unused]] aclrtStream stream) {
    return api_call("acldvppVpcBatchCropResizeAsync",
                    [] { return unsupported("acldvppVpcBatchCropResizeAsync"); });
}

aclError acldvppVpcCropAndPasteAsync([[maybe_unused]] acldvppChannelDesc* channelDesc,
                                     [[maybe_unused]] acldvppPicDesc* inputDesc,
                                     [[maybe_unused]] acldvppPicDesc* outputDesc,
                                     [[maybe_unused]] acldvppRoiConfig* cropArea,
                                     [[maybe_unused]] acldvppRoiConfig* pasteArea,
                                     [[maybe_unused]] aclrtStream stream) {
    return api_call("acldvppVpcCropAndPasteAsync",
                    [] { return unsupported("acldvppVpcCropAndPasteAsync"); });
}

aclError acldvppVpcCropResizePasteAsync([[maybe_unused]] acldvppChannelDesc* channelDesc,
                                        [[maybe_unused]] acldvppPicDesc* inputDesc,
                                        [[maybe_unused]] acldvppPicDesc* outputDesc,
                                        [[maybe_unused]] acldvppRoiConfig* cropArea,
                                        [[maybe_unused]] acldvppRoiConfig* pasteArea,
                                        [[maybe_unused]] acldvppResizeConfig* resizeConfig,
                                        [[maybe_unused]] aclrtStream stream) {
    return api_call("acldvppVpcCropResizePasteAsync",
                    [] { return unsupported("acldvppVpcCropResizePasteAsync"); });
}

aclError acldvppVpcBatchCropAndPasteAsync([[maybe_unused]] acldvppChannelDesc* channelDesc,
                                          [[maybe_unused]] acldvppBatchPicDesc* srcBatchPicDescs,
                                          [[maybe_unused]] uint32_t* roiNums,
                                          [[maybe_unused]] uint32_t size,
                                          [[maybe_unused]] acldvppBatchPicDesc* dstBatchPicDescs,
                                          [[maybe_unused]] acldvppRoiConfig* cropAreas[],
                                          [[maybe_unused]] acldvppRoiConfig* pasteAreas[],
                                          [[maybe_unused]] aclrtStream stream) {
    return api_call("acldvppVpcBatchCropAndPasteAsync",
                    [] { return unsupported("acldvppVpcBatchCropAndPasteAsync"); });
}

aclError acldvppVpcBatchCropResizePasteAsync([[maybe_unused]] acldvppChannelDesc* channelDesc,
                                             [[maybe_unused]] acldvppBatchPicDesc* srcBatchPicDescs,
                                             [[maybe_unused]] uint32_t* roiNums,
                                             [[maybe_unused]] uint32_t size,
                                             [[maybe_unused]] acldvppBatchPicDesc* dstBatchPicDescs,
                                             [[maybe_unused]] acldvppRoiConfig* cropAreas[],
                                             [[maybe_unused]] acldvppRoiConfig* pasteAreas[],
                                             [[maybe_unused]] acldvppResizeConfig* resizeConfig,
                                             [[maybe_unused]] aclrtStream stream) {
    return api_call("acldvppVpcBatchCropResizePasteAsync",
                    [] { return unsupported("acldvppVpcBatchCropResizePasteAsync"); });
}

aclError acldvppJpegDecodeAsync([[maybe_unused]] acldvppChannelDesc* channelDesc,
                                [[maybe_unused]] const void* data,
                                [[maybe_unused]] uint32_t size,
                                [[maybe_unused]] acldvppPicDesc* outputDesc,
                                [[maybe_unused]] aclrtStream stream) {
    return api_call("acldvppJpegDecodeAsync", [] { return unsupported("acldvppJpegDecodeAsync"); });
}

aclError acldvppJpegEncodeAsync([[maybe_unused]] acldvppChannelDesc* channelDesc,
                                [[maybe_unused]] acldvppPicDesc* inputDesc,
                                [[maybe_unused]] const void* data,
                                [[maybe_unused]] uint32_t* size,
                                [[maybe_unused]] acldvppJpegeConfig* config,
                                [[maybe_unused]] aclrtStream stream) {
    return api_call("acldvppJpegEncodeAsync", [] { return unsupported("acldvppJpegEncodeAsync"); });
}

aclError acldvppPngDecodeAsync([[maybe_unused]] acldvppChannelDesc* channelDesc,
                               [[maybe_unused]] const void* data,
                               [[maybe_unused]] uint32_t size,
                               [[maybe_unused]] acldvppPicDesc* outputDesc,
                               [[maybe_unused]] aclrtStream stream) {
    return api_call("acldvppPngDecodeAsync", [] { return unsupported("acldvppPngDecodeAsync"); });
}

aclError aclvdecCreateChannel([[maybe_unused]] aclvdecChannelDesc* channelDesc) {
    return api_call("aclvdecCreateChannel", [] { return unsupported("aclvdecCreateChannel"); });
}

aclError aclvdecDestroyChannel([[maybe_unused]] aclvdecChannelDesc* channelDesc) {
    return api_call("aclvdecDestroyChannel", [] { return unsupported("aclvdecDestroyChannel"); });
}

aclError aclvdecSendFrame([[maybe_unused]] aclvdecChannelDesc* channelDesc,
                          [[maybe_unused]] acldvppStreamDesc* input,
                          [[maybe_unused]] acldvppPicDesc* output,
                          [[maybe_unused]] aclvdecFrameConfig* config,
                          [[maybe_unused]] void* userData) {
    return api_call("aclvdecSendFrame", [] { return unsupported("aclvdecSendFrame"); });
}

aclError aclvdecSendSkippedFrame([[maybe_unused]] aclvdecChannelDesc* channelDesc,
                                 [[maybe_unused]] acldvppStreamDesc* input,
                                 [[maybe_unused]] aclvdecFrameConfig* config,
                                 [[maybe_unused]] void* userData) {
    return api_call("aclvdecSendSkippedFrame",
                    [] { return unsupported("aclvdecSendSkippedFrame"); });
}

aclError acldvppVpcConvertColorAsync([[maybe_unused]] acldvppChannelDesc* channelDesc,
                                     [[maybe_unused]] acldvppPicDesc* inputDesc,
                                     [[maybe_unused]] acldvppPicDesc* outputDesc,
                                     [[maybe_unused]] aclrtStream stream) {
    return api_call("acldvppVpcConvertColorAsync",
                    [] { return unsupported("acldvppVpcConvertColorAsync"); });
}

aclError acldvppVpcPyrDownAsync([[maybe_unused]] acldvppChannelDesc* channelDesc,
                                [[maybe_unused]] acldvppPicDesc* inputDesc,
                                [[maybe_unused]] acldvppPicDesc* outputDesc,
                                [[maybe_unused]] void* reserve,
                                [[maybe_unused]] aclrtStream stream) {
    return api_call("acldvppVpcPyrDownAsync", [] { return unsupported("acldvppVpcPyrDownAsync"); });
}

aclError acldvppSetChannelDescMode([[maybe_unused]] acldvppChannelDesc* channelDesc,
                                   [[maybe_unused]] uint32_t mode) {
    return api_call("acldvppSetChannelDescMode",
                    [] { return unsupported("acldvppSetChannelDescMode"); });
}

aclError acldvppSetResizeConfigInterpolation([[maybe_unused]] acldvppResizeConfig* resizeConfig,
                                             [[maybe_unused]] uint32_t interpolation) {
    return api_call("acldvppSetResizeConfigInterpolation",
                    [] { return unsupported("acldvppSetResizeConfigInterpolation"); });
}

uint32_t acldvppGetResizeConfigInterpolation(
    [[maybe_unused]] const acldvppResizeConfig* resizeConfig) {
    api_call("acldvppGetResizeConfigInterpolation",
             [] { return unsupported("acldvppGetResizeConfigInterpolation"); });
    return 0;
}

aclError aclvdecSetChannelDescOutMode([[maybe_unused]] aclvdecChannelDesc* channelDesc,
                                      [[maybe_unused]] uint32_t outMode) {
    return api_call("aclvdecSetChannelDescOutMode",
                    [] { return unsupported("aclvdecSetChannelDescOutMode"); });
}

uint32_t aclvdecGetChannelDescOutMode([[maybe_unused]] const aclvdecChannelDesc* channelDesc) {
    api_call("aclvdecGetChannelDescOutMode",
             [] { return unsupported("aclvdecGetChannelDescOutMode"); });
    return 0;
}

acldvppBatchPicDesc* acldvppCreateBatchPicDesc([[maybe_unused]] uint32_t batchSize) {
    api_call("acldvppCreateBatchPicDesc", [] { return unsupported("acldvppCreateBatchPicDesc"); });
    return nullptr;
}

acldvppPicDesc* acldvppGetPicDesc([[maybe_unused]] acldvppBatchPicDesc* batchPicDesc,
                                  [[maybe_unused]] uint32_t index) {
    api_call("acldvppGetPicDesc", [] { return unsupported("acldvppGetPicDesc"); });
    return nullptr;
}

aclError acldvppDestroyBatchPicDesc([[maybe_unused]] acldvppBatchPicDesc* batchPicDesc) {
    return api_call("acldvppDestroyBatchPicDesc",
                    [] { return unsupported("acldvppDestroyBatchPicDesc"); });
}

acldvppLutMap* acldvppCreateLutMap() {
    api_call("acldvppCreateLutMap", [] { return unsupported("acldvppCreateLutMap"); });
    return nullptr;
}

aclError acldvppDestroyLutMap([[maybe_unused]] acldvppLutMap* lutMap) {
    return api_call("acldvppDestroyLutMap", [] { return unsupported("acldvppDestroyLutMap"); });
}

uint32_t acldvppGetLutMapDims([[maybe_unused]] const acldvppLutMap* lutMap) {
    api_call("acldvppGetLutMapDims", [] { return unsupported("acldvppGetLutMapDims"); });
    return 0;
}

aclError acldvppGetLutMapData([[maybe_unused]] const acldvppLutMap* lutMap,
                              [[maybe_unused]] uint32_t dim,
                              [[maybe_unused]] uint8_t** data,
                              [[maybe_unused]] uint32_t* len) {
    return api_call("acldvppGetLutMapData", [] { return unsupported("acldvppGetLutMapData"); });
}

aclError acldvppVpcEqualizeHistAsync([[maybe_unused]] const acldvppChannelDesc* channelDesc,
                                     [[maybe_unused]] const acldvppPicDesc* inputDesc,
                                     [[maybe_unused]] acldvppPicDesc* outputDesc,
                                     [[maybe_unused]] const acldvppLutMap* lutMap,
                                     [[maybe_unused]] aclrtStream stream) {
    return api_call("acldvppVpcEqualizeHistAsync",
                    [] { return unsupported("acldvppVpcEqualizeHistAsync"); });
}

acldvppBorderConfig* acldvppCreateBorderConfig() {
    api_call("acldvppCreateBorderConfig", [] { return unsupported("acldvppCreateBorderConfig"); });
    return nullptr;
}

aclError acldvppSetBorderConfigValue([[maybe_unused]] acldvppBorderConfig* borderConfig,
                                     [[maybe_unused]] uint32_t index,
                                     [[maybe_unused]] double value) {
    return api_call("acldvppSetBorderConfigValue",
                    [] { return unsupported("acldvppSetBorderConfigValue"); });
}

aclError acldvppSetBorderConfigBorderType([[maybe_unused]] acldvppBorderConfig* borderConfig,
                                          [[maybe_unused]] acldvppBorderType borderType) {
    return api_call("acldvppSetBorderConfigBorderType",
                    [] { return unsupported("acldvppSetBorderConfigBorderType"); });
}

aclError acldvppSetBorderConfigTop([[maybe_unused]] acldvppBorderConfig* borderConfig,
                                   [[maybe_unused]] uint32_t top) {
    return api_call("acldvppSetBorderConfigTop",
                    [] { return unsupported("acldvppSetBorderConfigTop"); });
}

aclError acldvppSetBorderConfigBottom([[maybe_unused]] acldvppBorderConfig* borderConfig,
                                      [[maybe_unused]] uint32_t bottom) {
    return api_call("acldvppSetBorderConfigBottom",
                    [] { return unsupported("acldvppSetBorderConfigBottom"); });
}

aclError acldvppSetBorderConfigLeft([[maybe_unused]] acldvppBorderConfig* borderConfig,
                                    [[maybe_unused]] uint32_t left) {
    return api_call("acldvppSetBorderConfigLeft",
                    [] { return unsupported("acldvppSetBorderConfigLeft"); });
}

aclError acldvppSetBorderConfigRight([[maybe_unused]] acldvppBorderConfig* borderConfig,
                                     [[maybe_unused]] uint32_t right) {
    return api_call("acldvppSetBorderConfigRight",
                    [] { return unsupported("acldvppSetBorderConfigRight"); });
}

double acldvppGetBorderConfigValue([[maybe_unused]] const acldvppBorderConfig* borderConfig,
                                   [[maybe_unused]] uint32_t index) {
    api_call("acldvppGetBorderConfigValue",
             [] { return unsupported("acldvppGetBorderConfigValue"); });
    return -1.0;
}

acldvppBorderType acldvppGetBorderConfigBorderType(
    [[maybe_unused]] const acldvppBorderConfig* borderConfig) {
    api_call("acldvppGetBorderConfigBorderType",
             [] { return unsupported("acldvppGetBorderConfigBorderType"); });
    return BORDER_CONSTANT;
}

uint32_t acldvppGetBorderConfigTop([[maybe_unused]] const acldvppBorderConfig* borderConfig) {
    api_call("acldvppGetBorderConfigTop", [] { return unsupported("acldvppGetBorderConfigTop"); });
    return 0;
}

uint32_t acldvppGetBorderConfigBottom([[maybe_unused]] const acldvppBorderConfig* borderConfig) {
    api_call("acldvppGetBorderConfigBottom",
             [] { return unsupported("acldvppGetBorderConfigBottom"); });
    return 0;
}

uint32_t acldvppGetBorderConfigLeft([[maybe_unused]] const acldvppBorderConfig* borderConfig) {
    api_call("acldvppGetBorderConfigLeft",
             [] { return unsupported("acldvppGetBorderConfigLeft"); });
    return 0;
}

uint32_t acldvppGetBorderConfigRight([[maybe_unused]] const acldvppBorderConfig* borderConfig) {
    api_call("acldvppGetBorderConfigRight",
             [] { return unsupported("acldvppGetBorderConfigRight"); });
    return 0;
}

aclError acldvppDestroyBorderConfig([[maybe_unused]] acldvppBorderConfig* borderConfig) {
    return api_call("acldvppDestroyBorderConfig",
                    [] { return unsupported("acldvppDestroyBorderConfig"); });
}

aclError acldvppVpcMakeBorderAsync([[maybe_unused]] const acldvppChannelDesc* channelDesc,
                                   [[maybe_unused]] const acldvppPicDesc* inputDesc,
                                   [[maybe_unused]] acldvppPicDesc* outputDesc,
                                   [[maybe_unused]] const acldvppBorderConfig* borderConfig,
                                   [[maybe_unused]] aclrtStream stream) {
    return api_call("acldvppVpcMakeBorderAsync",
                    [] { return unsupported("acldvppVpcMakeBorderAsync"); });
}

aclError acldvppVpcCalcHistAsync([[maybe_unused]] acldvppChannelDesc* channelDesc,
                                 [[maybe_unused]] acldvppPicDesc* srcPicDesc,
                                 [[maybe_unused]] acldvppHist* hist,
                                 [[maybe_unused]] void* reserve,
                                 [[maybe_unused]] aclrtStream stream) {
    return api_call("acldvppVpcCalcHistAsync",
                    [] { return unsupported("acldvppVpcCalcHistAsync"); });
}

acldvppHist* acldvppCreateHist() {
    api_call("acldvppCreateHist", [] { return unsupported("acldvppCreateHist"); });
    return nullptr;
}

aclError acldvppDestroyHist([[maybe_unused]] acldvppHist* hist) {
    return api_call("acldvppDestroyHist", [] { return unsupported("acldvppDestroyHist"); });
}

uint32_t acldvppGetHistDims([[maybe_unused]] acldvppHist* hist) {
    api_call("acldvppGetHistDims", [] { return unsupported("acldvppGetHistDims"); });
    return 0;
}

aclError acldvppGetHistData([[maybe_unused]] acldvppHist* hist,
                            [[maybe_unused]] uint32_t dim,
                            [[maybe_unused]] uint32_t** data,
                            [[maybe_unused]] uint16_t* len) {
    return api_call("acldvppGetHistData", [] { return unsupported("acldvppGetHistData"); });
}

uint32_t acldvppGetHistRetCode([[maybe_unused]] acldvppHist* hist) {
    api_call("acldvppGetHistRetCode", [] { return unsupported("acldvppGetHistRetCode"); });
    return 0;
}

aclError acldvppClearHist([[maybe_unused]] acldvppHist* hist) {
    return api_call("acldvppClearHist", [] { return unsupported("acldvppClearHist"); });
}

aclError acldvppVpcBatchCropResizeMakeBorderAsync(
    [[maybe_unused]] acldvppChannelDesc* channelDesc,
    [[maybe_unused]] acldvppBatchPicDesc* srcBatchPicDescs,
    [[maybe_unused]] uint32_t* roiNums,
    [[maybe_unused]] uint32_t size,
    [[maybe_unused]] acldvppBatchPicDesc* dstBatchPicDescs,
    [[maybe_unused]] acldvppRoiConfig* cropAreas[],
    [[maybe_unused]] acldvppBorderConfig* borderCfgs[],
    [[maybe_unused]] acldvppResizeConfig* resizeConfig,
    [[maybe_unused]] aclrtStream stream) {
    return api_call("acldvppVpcBatchCropResizeMakeBorderAsync",
                    [] { return unsupported("acldvppVpcBatchCropResizeMakeBorderAsync"); });
}

aclError acldvppSetChannelDescParam([[maybe_unused]] acldvppChannelDesc* channelDesc,
                                    [[maybe_unused]] acldvppChannelDescParamType paramType,
                                    [[maybe_unused]] size_t length,
                                    [[maybe_unused]] const void* param) {
    return api_call("acldvppSetChannelDescParam",
                    [] { return unsupported("acldvppSetChannelDescParam"); });
}

aclError acldvppGetChannelDescParam([[maybe_unused]] const acldvppChannelDesc* channelDesc,
                                    [[maybe_unused]] acldvppChannelDescParamType paramType,
                                    [[maybe_unused]] size_t length,
                                    [[maybe_unused]] size_t* paramRetSize,
                                    [[maybe_unused]] void* param) {
    return api_call("acldvppGetChannelDescParam",
                    [] { return unsupported("acldvppGetChannelDescParam"); });
}

aclError aclvdecSetChannelDescParam([[maybe_unused]] aclvdecChannelDesc* channelDesc,
                                    [[maybe_unused]] aclvdecChannelDescParamType paramType,
                                    [[maybe_unused]] size_t length,
                                    [[maybe_unused]] const void* param) {
    return api_call("aclvdecSetChannelDescParam",
                    [] { return unsupported("aclvdecSetChannelDescParam"); });
}

aclError aclvdecGetChannelDescParam([[maybe_unused]] const aclvdecChannelDesc* channelDesc,
                                    [[maybe_unused]] aclvdecChannelDescParamType paramType,
                                    [[maybe_unused]] size_t length,
                                    [[maybe_unused]] size_t* paramRetSize,
                                    [[maybe_unused]] void* param) {
    return api_call("aclvdecGetChannelDescParam",
                    [] { return unsupported("aclvdecGetChannelDescParam"); });
}

}  // extern "C"
