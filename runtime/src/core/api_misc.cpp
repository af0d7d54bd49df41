// Entry points with no device behind them: data type sizes, fp16 conversion, data buffers and
// application logging. None of them needs aclInit.
#include "acl/acl.h"

#include "aclemu/c_enum.h"
#include "aclemu/dtype_bits.h"
#include "core/log_internal.h"
#include "core/status.h"

#include <cstdarg>
#include <cstring>
#include <new>

struct aclDataBuffer {
    void* data;
    size_t size;
};

using namespace aclemu::rt;

namespace {

float half_to_float(uint16_t h) {
    uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
    uint32_t exponent = (h >> 10) & 0x1Fu;
    uint32_t mantissa = h & 0x3FFu;
    uint32_t bits;
    if (exponent == 0x1F) {
        bits = sign | 0x7F800000u | (mantissa << 13);  // inf / NaN (payload kept)
    } else if (exponent != 0) {
        bits = sign | ((exponent + 112) << 23) | (mantissa << 13);
    } else if (mantissa == 0) {
        bits = sign;  // +-0
    } else {
        // Subnormal half: normalize into a float.
        int shift = 0;
        while ((mantissa & 0x400u) == 0) {
            mantissa <<= 1;
            ++shift;
        }
        mantissa &= 0x3FFu;
        bits = sign | (static_cast<uint32_t>(113 - shift) << 23) | (mantissa << 13);
    }
    float value;
    std::memcpy(&value, &bits, sizeof(value));
    return value;
}

uint16_t float_to_half(float value) {
    uint32_t bits;
    std::memcpy(&bits, &value, sizeof(bits));
    uint16_t sign = static_cast<uint16_t>((bits >> 16) & 0x8000u);
    uint32_t abs = bits & 0x7FFFFFFFu;
    if (abs > 0x7F800000u) {
        return static_cast<uint16_t>(sign | 0x7E00u | ((abs >> 13) & 0x3FFu));  // quiet NaN
    }
    if (abs >= 0x477FF000u) {
        return static_cast<uint16_t>(sign | 0x7C00u);  // rounds to >= 65520: inf
    }
    if (abs < 0x38800000u) {
        // Result is subnormal (or zero): value * 2^24 rounded to nearest even.
        if (abs < 0x33000000u) {
            return sign;  // below half the smallest subnormal
        }
        uint32_t exponent = abs >> 23;
        uint32_t mantissa = (abs & 0x7FFFFFu) | 0x800000u;
        uint32_t shift = 126 - exponent;  // 14..24
        uint32_t result = mantissa >> shift;
        uint32_t rest = mantissa & ((1u << shift) - 1);
        uint32_t halfway = 1u << (shift - 1);
        if (rest > halfway || (rest == halfway && (result & 1u))) {
            ++result;
        }
        return static_cast<uint16_t>(sign | result);
    }
    uint32_t rebased = abs - (112u << 23);  // exponent rebias 127 -> 15
    uint32_t result = rebased >> 13;
    uint32_t rest = rebased & 0x1FFFu;
    if (rest > 0x1000u || (rest == 0x1000u && (result & 1u))) {
        ++result;  // may carry into the exponent, which is still correct
    }
    return static_cast<uint16_t>(sign | result);
}

}  // namespace

extern "C" {

float aclFloat16ToFloat(aclFloat16 value) {
    return half_to_float(value);
}

aclFloat16 aclFloatToFloat16(float value) {
    return float_to_half(value);
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
