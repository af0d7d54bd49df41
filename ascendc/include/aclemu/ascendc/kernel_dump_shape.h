// ShapeInfo and DumpTensor with a shape. The values are printed as nested rows of the shape
// (CANN's runtime format, RT printf.cc): d opening brackets, values of a row separated by ","
// (no space), rows closed and reopened by "],\n[" at every level that ends there. When the shape
// holds more elements than dumpSize a note "shape is [a, b], dumpSize is N, data is not
// enough." comes first and the missing elements print as "-"; when it holds fewer, the note
// says "dumpSize is greater than shapeSize." and only the shape's elements are printed. A shape
// of 0 dimensions prints as DumpTensor without one.
#pragma once

#include "aclemu/ascendc/kernel_tier3.h"

namespace AscendC {

/// The most dimensions a ShapeInfo holds. **[inferred]** 8, as CANN's kernel headers.
constexpr int32_t K_MAX_DIM = 8;

enum class DataFormat : uint8_t { ND = 0, NZ, NCHW, NC1HWC0, NHWC };

struct ShapeInfo {
    ACLEMU_ASC_HD ShapeInfo() {}
    ACLEMU_ASC_HD ShapeInfo(const uint8_t inputShapeDim,
                            const uint32_t inputShape[],
                            const uint8_t inputOriginalShapeDim,
                            const uint32_t inputOriginalShape[],
                            const DataFormat inputFormat)
        : shapeDim(inputShapeDim),
          originalShapeDim(inputOriginalShapeDim),
          dataFormat(inputFormat) {
        check_dims(inputShapeDim);
        check_dims(inputOriginalShapeDim);
        for (uint8_t i = 0; i < shapeDim; ++i) {
            shape[i] = inputShape[i];
        }
        for (uint8_t i = 0; i < originalShapeDim; ++i) {
            originalShape[i] = inputOriginalShape[i];
        }
    }
    ACLEMU_ASC_HD ShapeInfo(const uint8_t inputShapeDim,
                            const uint32_t inputShape[],
                            const DataFormat inputFormat)
        : ShapeInfo(inputShapeDim, inputShape, inputShapeDim, inputShape, inputFormat) {}
    ACLEMU_ASC_HD ShapeInfo(const uint8_t inputShapeDim, const uint32_t inputShape[])
        : ShapeInfo(inputShapeDim, inputShape, DataFormat::ND) {}

    uint8_t shapeDim = 0;
    uint8_t originalShapeDim = 0;
    uint32_t shape[K_MAX_DIM] = {};
    uint32_t originalShape[K_MAX_DIM] = {};
    DataFormat dataFormat = DataFormat::ND;

private:
    ACLEMU_ASC_HD static void check_dims(uint8_t dims) {
        if (dims > K_MAX_DIM) {
            ::aclemu::ascendc::detail::fail_block("ShapeInfo",
                                                  "more than K_MAX_DIM (8) dimensions");
        }
    }
};

/// The product of the shape's dimensions.
inline ACLEMU_ASC_HD int GetShapeSize(const ShapeInfo& shapeInfo) {
    int size = 1;
    for (uint8_t i = 0; i < shapeInfo.shapeDim; ++i) {
        size *= static_cast<int>(shapeInfo.shape[i]);
    }
    return size;
}

namespace detail {

/// Collects the dump's text in pieces and hands them to the block's output.
struct DumpText {
    char buffer[512];
    size_t used = 0;

    ACLEMU_ASC_HD void put(const char* text) {
        for (; *text != '\0'; ++text) {
            if (used + 1 == sizeof buffer) {
                flush();
            }
            buffer[used++] = *text;
        }
    }
    ACLEMU_ASC_HD void repeat(char c, uint32_t times) {
        const char one[2] = {c, '\0'};
        for (uint32_t i = 0; i < times; ++i) {
            put(one);
        }
    }
    ACLEMU_ASC_HD void flush() {
        ::aclemu::ascendc::detail::block_print_text(buffer, used);
        used = 0;
    }
};

/// One value as C++'s std::to_string writes it (%f for floating types, decimal integers).
template <typename T>
ACLEMU_ASC_HD void put_value(DumpText& text, const T& value) {
    char digits[64];
    if constexpr (std::is_same_v<
                      T,
                      half> || std::is_same_v<T, bfloat16_t> || std::is_floating_point_v<T>) {
        ::aclemu::ascendc::detail::format_message(
            digits, sizeof digits, "%f", static_cast<double>(static_cast<float>(value)));
    } else if constexpr (std::is_signed_v<T>) {
        ::aclemu::ascendc::detail::format_message(
            digits, sizeof digits, "%lld", static_cast<long long>(value));
    } else {
        ::aclemu::ascendc::detail::format_message(
            digits, sizeof digits, "%llu", static_cast<unsigned long long>(value));
    }
    text.put(digits);
}

template <typename T>
ACLEMU_ASC_HD void dump_with_shape(const T* values,
                                   uint32_t desc,
                                   uint64_t address,
                                   const char* position,
                                   uint32_t count,
                                   const ShapeInfo& shapeInfo) {
    const uint32_t dims = shapeInfo.shapeDim;
    if (dims == 0) {
        dump_values(values, desc, address, position, count);
        return;
    }
    DumpText text;
    char line[200];
    ::aclemu::ascendc::detail::format_message(
        line,
        sizeof line,
        "[AIV Block %lld] DumpTensor: desc=%u, addr=0x%llx, data_type=%s, position=%s, "
        "dump_size=%u\n",
        static_cast<long long>(block_state("DumpTensor").index),
        desc,
        static_cast<unsigned long long>(address),
        dump_type_name<T>(),
        position,
        count);
    text.put(line);
    // row[j]: the elements of one row at level j (the product of dimensions j .. dims - 1).
    uint64_t row[K_MAX_DIM];
    uint64_t total = 1;
    for (int32_t j = static_cast<int32_t>(dims) - 1; j >= 0; --j) {
        if (shapeInfo.shape[j] == 0) {
            text.flush();
            ::aclemu::ascendc::detail::report_check("DumpTensor", "a ShapeInfo dimension is 0");
            return;
        }
        total *= shapeInfo.shape[j];
        row[j] = total;
    }
    if (total != count) {
        text.put("shape is [");
        for (uint32_t j = 0; j < dims; ++j) {
            ::aclemu::ascendc::detail::format_message(
                line, sizeof line, j + 1 < dims ? "%u, " : "%u]", shapeInfo.shape[j]);
            text.put(line);
        }
        ::aclemu::ascendc::detail::format_message(
            line,
            sizeof line,
            ", dumpSize is %u, %s\n",
            count,
            total > count ? "data is not enough." : "dumpSize is greater than shapeSize.");
        text.put(line);
    }
    // Element i closes (and, unless it is the last, reopens) the rows that end with it.
    text.repeat('[', dims);
    for (uint64_t i = 0; i < total; ++i) {
        if (i < count) {
            put_value(text, values[i]);
        } else {
            text.put("-");
        }
        uint32_t ends = 0;
        for (uint32_t j = 0; j < dims; ++j) {
            ends += (i + 1) % row[j] == 0 ? 1 : 0;
        }
        const bool last = i + 1 == total;
        if (ends > 0) {
            text.repeat(']', ends);
            if (!last) {
                text.put(",\n");
                text.repeat('[', ends);
            }
        } else if (!last) {
            text.put(",");
        }
    }
    text.put("\n");
    text.flush();
}

}  // namespace detail

/// DumpTensor printing `count` elements as nested rows of `shapeInfo`'s shape.
template <typename T>
ACLEMU_ASC_HD void DumpTensor(const LocalTensor<T>& tensor,
                              uint32_t desc,
                              uint32_t count,
                              const ShapeInfo& shapeInfo) {
#if ASCENDC_DUMP
    if (count > tensor.GetSize()) {
        ::aclemu::ascendc::detail::report_check("DumpTensor", "count exceeds the tensor's size");
        count = tensor.GetSize();
    }
    auto& block = detail::block_state("DumpTensor");
    const uint64_t offset = reinterpret_cast<const uint8_t*>(tensor.GetPhyAddr()) - block.ub;
    detail::dump_with_shape(tensor.GetPhyAddr(),
                            desc,
                            offset,
                            detail::position_name(tensor.GetPosition()),
                            count,
                            shapeInfo);
#else
    (void)tensor, (void)desc, (void)count, (void)shapeInfo;
#endif
}

template <typename T>
ACLEMU_ASC_HD void DumpTensor(const GlobalTensor<T>& tensor,
                              uint32_t desc,
                              uint32_t count,
                              const ShapeInfo& shapeInfo) {
#if ASCENDC_DUMP
    if (tensor.GetSize() != 0 && count > tensor.GetSize()) {
        ::aclemu::ascendc::detail::report_check("DumpTensor", "count exceeds the tensor's size");
        count = static_cast<uint32_t>(tensor.GetSize());
    }
    detail::dump_with_shape(tensor.GetPhyAddr(),
                            desc,
                            reinterpret_cast<uint64_t>(tensor.GetPhyAddr()),
                            "GM",
                            count,
                            shapeInfo);
#else
    (void)tensor, (void)desc, (void)count, (void)shapeInfo;
#endif
}

}  // namespace AscendC
