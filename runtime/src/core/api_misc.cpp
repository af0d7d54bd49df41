// Entry points with no device behind them: data type sizes, fp16 conversion, data buffers and
// application logging. None of them needs aclInit.
#include "acl/acl.h"

#include "aclemu/c_enum.h"
#include "aclemu/dtype_bits.h"
#include "core/log_internal.h"
#include "core/status.h"
#include "kernels_cu/math/dtype.h"

#include <cstdarg>
#include <cstring>
#include <new>

struct aclDataBuffer {
    void* data;
    size_t size;
};

using namespace aclemu::rt;

extern "C" {

// The kernels' converters (kernels_cu/math/dtype.h): the runtime rounds as the operators do.
float aclFloat16ToFloat(aclFloat16 value) {
    return aclemu::kernels::half_bits_to_float(value);
}

aclFloat16 aclFloatToFloat16(float value) {
    return aclemu::kernels::float_to_half_bits(value);
}

// Sub-byte types report 1, as CANN's do; values aclDataType does not name report 0.
size_t aclDataTypeSize(aclDataType dataType) {
    const int bits = aclemu::dtype_bits(aclemu::enum_value(dataType));
    return static_cast<size_t>((bits + 7) / 8);
}

aclDataBuffer* aclCreateDataBuffer(void* data, size_t size) {
    return new (std::nothrow) aclDataBuffer{data, size};
}

aclError aclDestroyDataBuffer(const aclDataBuffer* dataBuffer) {
    return api_call("aclDestroyDataBuffer", [&] {
        ACLEMU_CHECK_NOT_NULL(dataBuffer);
        delete dataBuffer;
        return ACL_SUCCESS;
    });
}

void* aclGetDataBufferAddr(const aclDataBuffer* dataBuffer) {
    return dataBuffer != nullptr ? dataBuffer->data : nullptr;
}

size_t aclGetDataBufferSizeV2(const aclDataBuffer* dataBuffer) {
    return dataBuffer != nullptr ? dataBuffer->size : 0;
}

aclError aclUpdateDataBuffer(aclDataBuffer* dataBuffer, void* data, size_t size) {
    return api_call("aclUpdateDataBuffer", [&] {
        ACLEMU_CHECK_NOT_NULL(dataBuffer);
        dataBuffer->data = data;
        dataBuffer->size = size;
        return ACL_SUCCESS;
    });
}

void aclAppLog(
    aclLogLevel logLevel, const char* func, const char* file, uint32_t line, const char* fmt, ...) {
    const int64_t level_value = aclemu::enum_value(logLevel);
    if (fmt == nullptr || level_value < ACL_DEBUG || level_value > ACL_ERROR) {
        return;
    }
    auto level = static_cast<aclemu::log::Level>(level_value);
    if (!aclemu::log::app_enabled(level)) {
        return;
    }
    va_list args;
    va_start(args, fmt);
    try {
        aclemu::log::write_app(level, file, static_cast<int>(line), func, fmt, args);
    } catch (...) {
        // Logging must never take the application down.
    }
    va_end(args);
}

}  // extern "C"
