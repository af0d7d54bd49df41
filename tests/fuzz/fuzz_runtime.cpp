// The runtime and tensor-creation cases (fuzz_runtime.h).
#include "fuzz/fuzz_runtime.h"

#include "acl/acl.h"
#include "aclnn/aclnn_base.h"

#include "fuzz/fuzz_tensor.h"
#include "support/c_enum_calls.h"

#include <climits>
#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>
#include <vector>

namespace aclemu::fuzz {
namespace {

constexpr int64_t kMax = std::numeric_limits<int64_t>::max();

// Device blocks the case frees at its end (unless the runtime was finalized).
class Blocks {
public:
    explicit Blocks(Report& report) : report_(report) {}
    ~Blocks() {
        if (report_.runtime_stopped) {
            return;
        }
        for (void* p : device_) {
            aclrtFree(p);
        }
        for (void* p : host_) {
            aclrtFreeHost(p);
        }
    }
    void* device(size_t bytes) {
        void* p = nullptr;
        if (aclrtMalloc(&p, bytes, ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) {
            report_.fail("aclrtMalloc(%zu) failed: %s", bytes, take_message().c_str());
            return nullptr;
        }
        device_.push_back(p);
        return p;
    }
    void* pinned(size_t bytes) {
        void* p = nullptr;
        if (aclrtMallocHost(&p, bytes) != ACL_SUCCESS) {
            report_.fail("aclrtMallocHost(%zu) failed: %s", bytes, take_message().c_str());
            return nullptr;
        }
        host_.push_back(p);
        return p;
    }

private:
    Report& report_;
    std::vector<void*> device_;
    std::vector<void*> host_;
};

int bad_kind(Choices& c) {
    return c.pick({6, 7, 8, 9, -1, 99, 1000, INT_MAX, INT_MIN});
}

// Bytes of one element of each aclDataType, from the spec (acl_api_facts.md §3.1); sub-byte
// types report 1; values aclDataType does not name report 0.
size_t spec_dtype_size(int dtype) {
    switch (dtype) {
        case 0:
        case 3:
        case 8:
        case 33:  // FLOAT INT32 UINT32 COMPLEX32
            return 4;
        case 1:
        case 6:
        case 7:
        case 27:  // FLOAT16 INT16 UINT16 BF16
            return 2;
        case 2:
        case 4:
        case 12:
        case 34:
        case 35:
        case 36:
        case 37:  // 8-bit types
        case 29:
        case 30:
        case 38:
        case 39:
        case 40:
        case 41:  // sub-byte
            return 1;
        case 9:
        case 10:
        case 11:
        case 16:  // INT64 UINT64 DOUBLE COMPLEX64
            return 8;
        case 17:  // COMPLEX128
            return 16;
        default:  // UNDEFINED (-1), STRING (13), unnamed values
            return 0;
    }
}

// Bits per element, and whether aclDataType names the value.
int spec_dtype_bits(int dtype) {
    switch (dtype) {
        case 30:
            return 1;
        case 29:
        case 40:
        case 41:
            return 4;
        case 38:
        case 39:
            return 6;
        default:
            return static_cast<int>(spec_dtype_size(dtype)) * 8;
    }
}

bool spec_names_dtype(int dtype) {
    return dtype == -1 || dtype == 13 || spec_dtype_bits(dtype) > 0;
}

// ---- runtime misuse --------------------------------------------------------------------------

void misuse_memory(Choices& c, Report& report) {
    Blocks blocks(report);
    const size_t n = static_cast<size_t>(c.range(1, 256));
    void* dev = blocks.device(n);
    void* pinned = blocks.pinned(n);
    std::vector<uint8_t> host(n + 64, 7);
    if (report.failed()) {
        return;
    }
    switch (c.range(0, 13)) {
        case 0: {
            report.note("double free");
            void* p = nullptr;
            expect_status(
                report, "aclrtMalloc", aclrtMalloc(&p, n, ACL_MEM_MALLOC_HUGE_FIRST), ACL_SUCCESS);
            expect_status(report, "aclrtFree", aclrtFree(p), ACL_SUCCESS);
            expect_status(report, "aclrtFree again", aclrtFree(p), ACL_ERROR_INVALID_PARAM);
            break;
        }
        case 1: {
            report.note("free of pointers aclrtMalloc did not return");
            auto foreign = std::make_unique<char[]>(16);
            int on_stack = 0;
            expect_status(
                report, "aclrtFree(heap)", aclrtFree(foreign.get()), ACL_ERROR_INVALID_PARAM);
            expect_status(
                report, "aclrtFree(stack)", aclrtFree(&on_stack), ACL_ERROR_INVALID_PARAM);
            expect_status(report,
                          "aclrtFree(inside a block)",
                          aclrtFree(static_cast<char*>(dev) + c.range(1, static_cast<int64_t>(n))),
                          ACL_ERROR_INVALID_PARAM);
            expect_status(
                report, "aclrtFree(pinned block)", aclrtFree(pinned), ACL_ERROR_INVALID_PARAM);
            expect_status(
                report, "aclrtFreeHost(device block)", aclrtFreeHost(dev), ACL_ERROR_INVALID_PARAM);
            expect_status(report, "aclrtFree(NULL)", aclrtFree(nullptr), ACL_ERROR_INVALID_PARAM);
            break;
        }
        case 2: {
            const int kind = bad_kind(c);
            report.note("memcpy kind %d", kind);
            expect_status(report,
                          "aclrtMemcpy",
                          c_aclrtMemcpy(dev, n, host.data(), n, kind),
                          ACL_ERROR_INVALID_PARAM);
            expect_status(report,
                          "aclrtMemcpyAsync",
                          c_aclrtMemcpyAsync(dev, n, host.data(), n, kind, nullptr),
                          ACL_ERROR_INVALID_PARAM);
            expect_status(report,
                          "aclrtMemcpy2d",
                          c_aclrtMemcpy2d(dev, n, host.data(), n, n, 1, kind),
                          ACL_ERROR_INVALID_PARAM);
            break;
        }
        case 3:
            report.note("memcpy kind contradicting the pointers");
            expect_status(report,
                          "aclrtMemcpy D2H into device",
                          aclrtMemcpy(dev, n, host.data(), n, ACL_MEMCPY_DEVICE_TO_HOST),
                          ACL_ERROR_RT_PARAM_INVALID);
            expect_status(report,
                          "aclrtMemcpy H2H with a device source",
                          aclrtMemcpy(host.data(), n, dev, n, ACL_MEMCPY_HOST_TO_HOST),
                          ACL_ERROR_RT_PARAM_INVALID);
            expect_status(report,
                          "aclrtMemcpy D2D from host",
                          aclrtMemcpy(dev, n, host.data(), n, ACL_MEMCPY_DEVICE_TO_DEVICE),
                          ACL_ERROR_RT_PARAM_INVALID);
            break;
        case 4: {
            const size_t over = static_cast<size_t>(c.range(1, 1000));
            report.note("count over destMax by %zu", over);
            expect_status(report,
                          "aclrtMemcpy",
                          aclrtMemcpy(dev, n, host.data(), n + over, ACL_MEMCPY_HOST_TO_DEVICE),
                          ACL_ERROR_RT_PARAM_INVALID);
            expect_status(report,
                          "aclrtMemcpy destMax 0",
                          aclrtMemcpy(dev, 0, host.data(), 1, ACL_MEMCPY_HOST_TO_DEVICE),
                          ACL_ERROR_RT_PARAM_INVALID);
            expect_status(
                report,
                "aclrtMemcpyAsync",
                aclrtMemcpyAsync(dev, n, host.data(), n + over, ACL_MEMCPY_HOST_TO_DEVICE, nullptr),
                ACL_ERROR_RT_PARAM_INVALID);
            expect_status(report,
                          "aclrtMemset",
                          aclrtMemset(dev, n, 0, n + over),
                          ACL_ERROR_RT_PARAM_INVALID);
            break;
        }
        case 5: {
            report.note("ranges past the end of a block (destMax lies)");
            expect_status(report,
                          "aclrtMemcpy",
                          aclrtMemcpy(dev, n + 64, host.data(), n + 1, ACL_MEMCPY_HOST_TO_DEVICE),
                          ACL_ERROR_RT_PARAM_INVALID);
            expect_status(report,
                          "aclrtMemcpy from a block",
                          aclrtMemcpy(host.data(), n + 64, dev, n + 1, ACL_MEMCPY_DEVICE_TO_HOST),
                          ACL_ERROR_RT_PARAM_INVALID);
            expect_status(report,
                          "aclrtMemset",
                          aclrtMemset(static_cast<char*>(dev) + 1, n + 64, 0, n),
                          ACL_ERROR_RT_PARAM_INVALID);
            break;
        }
        case 6: {
            const size_t height = c.pick<size_t>({SIZE_MAX / 2, SIZE_MAX, size_t{1} << 40});
            const size_t pitch = c.pick<size_t>({SIZE_MAX / 3, size_t{1} << 40, n});
            report.note("memcpy2d height %zu pitch %zu", height, pitch);
            expect_status(
                report,
                "aclrtMemcpy2d",
                aclrtMemcpy2d(dev, pitch, host.data(), pitch, 1, height, ACL_MEMCPY_HOST_TO_DEVICE),
                ACL_ERROR_RT_PARAM_INVALID);
            expect_status(report,
                          "aclrtMemcpy2d width > pitch",
                          aclrtMemcpy2d(dev, 1, host.data(), 1, 2, 1, ACL_MEMCPY_HOST_TO_DEVICE),
                          ACL_ERROR_RT_PARAM_INVALID);
            break;
        }
        case 7: {
            report.note("allocation sizes no allocation has");
            void* p = nullptr;
            expect_status(report,
                          "aclrtMalloc(0)",
                          aclrtMalloc(&p, 0, ACL_MEM_MALLOC_HUGE_FIRST),
                          ACL_ERROR_INVALID_PARAM);
            const size_t huge = c.pick<size_t>({SIZE_MAX, SIZE_MAX - 31, (size_t{1} << 62) + 1});
            expect_status(report,
                          "aclrtMalloc(huge)",
                          aclrtMalloc(&p, huge, ACL_MEM_MALLOC_HUGE_FIRST),
                          ACL_ERROR_RT_MEMORY_ALLOCATION);
            expect_status(report,
                          "aclrtMallocHost(huge)",
                          aclrtMallocHost(&p, huge),
                          ACL_ERROR_RT_MEMORY_ALLOCATION);
            expect_status(
                report, "aclrtMallocHost(0)", aclrtMallocHost(&p, 0), ACL_ERROR_INVALID_PARAM);
            // Any policy value gives ordinary memory, as in CANN.
            const int policy = c.pick({0, 7, 0x100, 0x7777, -1, INT_MAX});
            expect_status(report, "aclrtMalloc(policy)", c_aclrtMalloc(&p, n, policy), ACL_SUCCESS);
            if (p != nullptr) {
                aclrtFree(p);
            }
            break;
        }
        case 8: {
            report.note("memset of a pinned block, then a copy between pinned and device");
            expect_status(report, "aclrtMemset", aclrtMemset(pinned, n, 3, n), ACL_SUCCESS);
            expect_status(report,
                          "aclrtMemcpy",
                          aclrtMemcpy(dev, n, pinned, n, ACL_MEMCPY_HOST_TO_DEVICE),
                          ACL_SUCCESS);
            std::vector<uint8_t> back(n);
            expect_status(report,
                          "aclrtMemcpy back",
                          aclrtMemcpy(back.data(), n, dev, n, ACL_MEMCPY_DEVICE_TO_HOST),
                          ACL_SUCCESS);
            for (uint8_t b : back) {
                if (b != 3) {
                    report.fail("a copied byte is %d, expected 3", b);
                    break;
                }
            }
            break;
        }
        case 9: {
            const int attr = c.pick({18, -1, 1000, INT_MIN, 32});
            report.note("aclrtGetMemInfo attr %d", attr);
            size_t free_bytes = 0;
            size_t total = 0;
            expect_status(report,
                          "aclrtGetMemInfo",
                          c_aclrtGetMemInfo(attr, &free_bytes, &total),
                          ACL_ERROR_INVALID_PARAM);
            break;
        }
        case 10: {
            report.note("memcpy with NULL pointers and zero counts");
            expect_status(report,
                          "aclrtMemcpy(NULL dst)",
                          aclrtMemcpy(nullptr, n, host.data(), n, ACL_MEMCPY_HOST_TO_DEVICE),
                          ACL_ERROR_INVALID_PARAM);
            expect_status(report,
                          "aclrtMemcpy(count 0)",
                          aclrtMemcpy(nullptr, 0, nullptr, 0, ACL_MEMCPY_HOST_TO_DEVICE),
                          ACL_SUCCESS);
            break;
        }
        default: {
            report.note("a valid copy round trip of %zu bytes", n);
            for (size_t i = 0; i < n; ++i) {
                host[i] = static_cast<uint8_t>(c.bits());
            }
            expect_status(report,
                          "aclrtMemcpy H2D",
                          aclrtMemcpy(dev, n, host.data(), n, ACL_MEMCPY_HOST_TO_DEVICE),
                          ACL_SUCCESS);
            std::vector<uint8_t> back(n + 8, 0xEE);
            expect_status(report,
                          "aclrtMemcpy D2H",
                          aclrtMemcpy(back.data(), n, dev, n, ACL_MEMCPY_DEFAULT),
                          ACL_SUCCESS);
            if (std::memcmp(back.data(), host.data(), n) != 0) {
                report.fail("the bytes copied back differ");
            }
            for (size_t i = n; i < back.size(); ++i) {
                if (back[i] != 0xEE) {
                    report.fail("the copy wrote past count");
                    break;
                }
            }
            break;
        }
    }
}

void misuse_streams_and_events(Choices& c, Report& report) {
    switch (c.range(0, 4)) {
        case 0: {
            report.note("a destroyed stream");
            aclrtStream s = nullptr;
            expect_status(report, "aclrtCreateStream", aclrtCreateStream(&s), ACL_SUCCESS);
            expect_status(report, "aclrtDestroyStream", aclrtDestroyStream(s), ACL_SUCCESS);
            expect_status(report,
                          "aclrtSynchronizeStream",
                          aclrtSynchronizeStream(s),
                          ACL_ERROR_INVALID_PARAM);
            expect_status(
                report, "aclrtDestroyStream again", aclrtDestroyStream(s), ACL_ERROR_INVALID_PARAM);
            int byte = 0;
            Blocks blocks(report);
            void* dev = blocks.device(4);
            expect_status(report,
                          "aclrtMemcpyAsync",
                          aclrtMemcpyAsync(dev, 4, &byte, 4, ACL_MEMCPY_HOST_TO_DEVICE, s),
                          ACL_ERROR_INVALID_PARAM);
            expect_status(report,
                          "aclrtMemsetAsync",
                          aclrtMemsetAsync(dev, 4, 0, 4, s),
                          ACL_ERROR_INVALID_PARAM);
            break;
        }
        case 1: {
            report.note("a destroyed event");
            aclrtEvent e = nullptr;
            expect_status(report, "aclrtCreateEvent", aclrtCreateEvent(&e), ACL_SUCCESS);
            expect_status(report, "aclrtDestroyEvent", aclrtDestroyEvent(e), ACL_SUCCESS);
            expect_status(
                report, "aclrtRecordEvent", aclrtRecordEvent(e, nullptr), ACL_ERROR_INVALID_PARAM);
            expect_status(
                report, "aclrtSynchronizeEvent", aclrtSynchronizeEvent(e), ACL_ERROR_INVALID_PARAM);
            aclrtEventStatus status = ACL_EVENT_STATUS_COMPLETE;
            expect_status(
                report, "aclrtQueryEvent", aclrtQueryEvent(e, &status), ACL_ERROR_INVALID_PARAM);
            expect_status(
                report, "aclrtDestroyEvent again", aclrtDestroyEvent(e), ACL_ERROR_INVALID_PARAM);
            break;
        }
        case 2: {
            const auto flag = static_cast<uint32_t>(c.bits());
            const uint32_t known = ACL_EVENT_SYNC | ACL_EVENT_CAPTURE_STREAM_PROGRESS
                                   | ACL_EVENT_TIME_LINE | ACL_EVENT_DEVICE_USE_ONLY
                                   | ACL_EVENT_EXTERNAL | ACL_EVENT_IPC;
            const uint32_t used = c.chance(1, 2) ? flag & known : flag;
            report.note("aclrtCreateEventWithFlag 0x%x", used);
            aclrtEvent e = nullptr;
            // ACL_EVENT_EXTERNAL stands alone: combined with any other flag it is refused.
            const bool external_with_others =
                (used & ACL_EVENT_EXTERNAL) != 0 && used != ACL_EVENT_EXTERNAL;
            const bool valid = (used & ~known) == 0 && !external_with_others;
            expect_status(report,
                          "aclrtCreateEventWithFlag",
                          aclrtCreateEventWithFlag(&e, used),
                          valid ? ACL_SUCCESS : ACL_ERROR_INVALID_PARAM);
            if (valid && e != nullptr) {
                aclrtDestroyEvent(e);
            }
            break;
        }
        case 3: {
            const int32_t timeout = static_cast<int32_t>(c.pick<int64_t>({0, -2, -100, INT_MIN}));
            report.note("aclrtSynchronizeStreamWithTimeout %d", timeout);
            expect_status(report,
                          "aclrtSynchronizeStreamWithTimeout",
                          aclrtSynchronizeStreamWithTimeout(nullptr, timeout),
                          ACL_ERROR_RT_PARAM_INVALID);
            break;
        }
        default: {
            report.note("a handle that is no stream");
            int not_a_stream = 0;
            expect_status(report,
                          "aclrtSynchronizeStream",
                          aclrtSynchronizeStream(&not_a_stream),
                          ACL_ERROR_INVALID_PARAM);
            aclrtStreamStatus status = ACL_STREAM_STATUS_COMPLETE;
            expect_status(report,
                          "aclrtStreamQuery",
                          aclrtStreamQuery(&not_a_stream, &status),
                          ACL_ERROR_INVALID_PARAM);
            break;
        }
    }
}

void misuse_enums(Choices& c, Report& report) {
    switch (c.range(0, 6)) {
        case 0: {
            const int opt = c.pick({4, -1, 1000, INT_MIN, INT_MAX});
            report.note("sys param opt %d", opt);
            int64_t value = 0;
            expect_status(report,
                          "aclrtSetSysParamOpt",
                          c_aclrtSetSysParamOpt(opt, 1),
                          ACL_ERROR_INVALID_PARAM);
            expect_status(report,
                          "aclrtGetSysParamOpt",
                          c_aclrtGetSysParamOpt(opt, &value),
                          ACL_ERROR_INVALID_PARAM);
            expect_status(report,
                          "aclrtCtxSetSysParamOpt",
                          c_aclrtCtxSetSysParamOpt(opt, 1),
                          ACL_ERROR_INVALID_PARAM);
            expect_status(report,
                          "aclrtCtxGetSysParamOpt",
                          c_aclrtCtxGetSysParamOpt(opt, &value),
                          ACL_ERROR_INVALID_PARAM);
            break;
        }
        case 1: {
            const int level = c.pick({1, 7, -1, INT_MIN});
            report.note("last-error level %d", level);
            expect_status(
                report, "aclrtGetLastError", c_aclrtGetLastError(level), ACL_ERROR_INVALID_PARAM);
            expect_status(report,
                          "aclrtPeekAtLastError",
                          c_aclrtPeekAtLastError(level),
                          ACL_ERROR_INVALID_PARAM);
            break;
        }
        case 2: {
            const int dtype = c.chance(1, 2) ? static_cast<int>(c.range(-70, 70))
                                             : c.pick({999, INT_MIN, INT_MAX, 1 << 20});
            report.note("aclDataTypeSize %d", dtype);
            const size_t got = c_aclDataTypeSize(dtype);
            if (got != spec_dtype_size(dtype)) {
                report.fail(
                    "aclDataTypeSize(%d) is %zu, expected %zu", dtype, got, spec_dtype_size(dtype));
            }
            take_message();
            break;
        }
        case 3: {
            const int info = c.pick({3, -1, -2, 1000, INT_MIN});  // 0..2 are aclDeviceInfo's
            report.note("aclGetDeviceCapability info %d", info);
            int64_t value = 0;
            expect_status(report,
                          "aclGetDeviceCapability",
                          c_aclGetDeviceCapability(0, info, &value),
                          ACL_ERROR_INVALID_PARAM);
            break;
        }
        case 4: {
            const int block = c.pick({2, -1, 100, INT_MIN});
            report.note("aclrtLaunchCallback block type %d", block);
            expect_status(report,
                          "aclrtLaunchCallback",
                          c_aclrtLaunchCallback([](void*) {}, nullptr, block, nullptr),
                          ACL_ERROR_INVALID_PARAM);
            break;
        }
        case 5: {
            const int level = c.pick({4, 9, -1, INT_MAX});
            report.note("aclAppLog level %d (ignored)", level);
            c_aclAppLog(level, "fuzz");
            break;
        }
        default: {
            const int dtype = c.pick({999, -5, 64, 5, 13});
            report.note("aclCreateScalar dtype %d", dtype);
            double value = 1.0;
            aclScalar* scalar = c_aclCreateScalar(&value, dtype);
            expect_rejected(report, "aclCreateScalar", scalar);
            aclDestroyScalar(scalar);
            break;
        }
    }
}

void after_finalize(Choices& c, Report& report) {
    report.note("calls after aclFinalize");
    Blocks blocks(report);
    void* dev = blocks.device(64);
    aclrtStream stream = nullptr;
    expect_status(report, "aclrtCreateStream", aclrtCreateStream(&stream), ACL_SUCCESS);
    expect_status(report, "aclFinalize", aclFinalize(), ACL_SUCCESS);
    report.runtime_stopped = true;
    void* p = nullptr;
    char host[8] = {};
    switch (c.range(0, 3)) {
        case 0:
            expect_status(report,
                          "aclrtMalloc",
                          aclrtMalloc(&p, 8, ACL_MEM_MALLOC_HUGE_FIRST),
                          ACL_ERROR_UNINITIALIZE);
            expect_status(
                report, "aclrtFree of a block from before", aclrtFree(dev), ACL_ERROR_UNINITIALIZE);
            break;
        case 1:
            expect_status(report,
                          "aclrtSynchronizeStream",
                          aclrtSynchronizeStream(stream),
                          ACL_ERROR_UNINITIALIZE);
            expect_status(
                report, "aclrtCreateStream", aclrtCreateStream(&stream), ACL_ERROR_UNINITIALIZE);
            break;
        case 2:
            expect_status(report,
                          "aclrtMemcpy",
                          aclrtMemcpy(host, 8, host + 1, 4, ACL_MEMCPY_HOST_TO_HOST),
                          ACL_ERROR_UNINITIALIZE);
            // aclrtSetDevice initialises implicitly, as CANN's does; aclFinalize stops it again.
            expect_status(report, "aclrtSetDevice", aclrtSetDevice(0), ACL_SUCCESS);
            expect_status(
                report, "aclFinalize of the implicit runtime", aclFinalize(), ACL_SUCCESS);
            break;
        default:
            expect_status(report, "aclFinalize again", aclFinalize(), ACL_ERROR_REPEAT_FINALIZE);
            break;
    }
}

// ---- tensor creation -------------------------------------------------------------------------

int64_t hostile_dim(Choices& c) {
    switch (c.range(0, 19)) {
        case 0:
            return 0;
        case 1:
            return c.pick<int64_t>({int64_t{1} << 31, int64_t{1} << 40, int64_t{1} << 62, kMax});
        case 2:
            return c.chance(1, 3) ? -c.range(1, 5) : c.range(1 << 20, 1 << 24);
        case 3:
        case 4:
        case 5:
            return 1;
        default:
            return c.range(2, 7);
    }
}

// The creation rules (docs/compatibility.md, "Hostile sizes and enums"): why a description is
// rejected, or nullptr when aclCreateTensor must accept it.
const char* creation_rejects(const std::vector<int64_t>& view,
                             const std::vector<int64_t>& storage,
                             bool null_strides,
                             int dtype,
                             int format) {
    if (!spec_names_dtype(dtype)) {
        return "dtype";
    }
    if (format < -1 || format > 63) {
        return "format";
    }
    for (const std::vector<int64_t>* dims : {&view, &storage}) {
        for (int64_t d : *dims) {
            if (d < 0) {
                return "negative dim";
            }
        }
        if (count_elements(*dims) < 0) {
            return "element count";
        }
    }
    const int64_t n = count_elements(storage);
    const int bits = spec_dtype_bits(dtype);
    int64_t bytes = 0;
    if (__builtin_mul_overflow(n / 8, static_cast<int64_t>(bits), &bytes)
        || __builtin_add_overflow(bytes, (n % 8 * bits + 7) / 8, &bytes)) {
        return "storage bytes";
    }
    if (null_strides) {
        int64_t stride = 1;
        for (size_t d = view.size(); d-- > 1;) {
            if (__builtin_mul_overflow(stride, std::max<int64_t>(view[d], 1), &stride)) {
                return "row-major strides";
            }
        }
    }
    return nullptr;
}

std::vector<int64_t> read_dims(aclnnStatus (*get)(const aclTensor*, int64_t**, uint64_t*),
                               const aclTensor* t) {
    int64_t* values = nullptr;
    uint64_t count = 0;
    if (get(t, &values, &count) != ACLNN_SUCCESS) {
        return {-999};
    }
    std::vector<int64_t> dims(values, values + count);
    delete[] values;
    return dims;
}

}  // namespace

void run_runtime_case(Choices& c, Report& report) {
    report.kind = Report::Kind::Runtime;
    switch (c.range(0, 9)) {
        case 0:
        case 1:
        case 2:
        case 3:
            misuse_memory(c, report);
            break;
        case 4:
        case 5:
            misuse_streams_and_events(c, report);
            break;
        case 6:
        case 7:
        case 8:
            misuse_enums(c, report);
            break;
        default:
            after_finalize(c, report);
            break;
    }
}

void run_tensor_case(Choices& c, Report& report) {
    report.kind = Report::Kind::Tensor;
    TensorSpec spec;
    spec.dims.resize(static_cast<size_t>(c.range(0, 9)));
    for (int64_t& d : spec.dims) {
        d = hostile_dim(c);
    }
    spec.storage_dims.resize(static_cast<size_t>(c.range(0, 3)));
    for (int64_t& d : spec.storage_dims) {
        d = hostile_dim(c);
    }
    spec.null_strides = c.chance(1, 3);
    for (size_t d = 0; d < spec.dims.size(); ++d) {
        spec.strides.push_back(c.chance(1, 4) ? c.pick<int64_t>({kMax, -kMax, int64_t{1} << 62, 0})
                                              : c.range(-5, 5));
    }
    spec.offset =
        c.chance(1, 4) ? c.pick<int64_t>({kMax, -1, int64_t{1} << 62, -kMax}) : c.range(0, 5);
    switch (c.range(0, 5)) {
        case 0:
            spec.dtype = c.pick({999, -2, 64, 5, 14, 28, INT_MIN, 1 << 20});
            break;
        case 1:
            spec.dtype = static_cast<int>(c.range(-1, 41));
            break;
        default:
            spec.dtype = c.pick({0, 1, 27, 3, 9, 12, 29, 30, 38, 40, 13, -1});
            break;
    }
    spec.format = c.chance(1, 5) ? c.pick({1000, 64, -2, INT_MIN, 63, 31, 5, -1})
                                 : c.pick({0, 1, 2, 3, 29, 47, 54});
    report.note("aclCreateTensor %s", describe(spec).c_str());
    const char* why =
        creation_rejects(spec.dims, spec.storage_dims, spec.null_strides, spec.dtype, spec.format);
    int anchor = 0;  // never dereferenced: a tensor only describes memory
    aclTensor* t = c_aclCreateTensor(spec.dims.data(),
                                     spec.dims.size(),
                                     spec.dtype,
                                     spec.null_strides ? nullptr : spec.strides.data(),
                                     spec.offset,
                                     spec.format,
                                     spec.storage_dims.data(),
                                     spec.storage_dims.size(),
                                     &anchor);
    if (why != nullptr) {
        report.note("expected a rejection (%s)", why);
        expect_rejected(report, "aclCreateTensor", t);
        aclDestroyTensor(t);
        return;
    }
    if (t == nullptr) {
        report.fail("aclCreateTensor rejected a valid description: %s", take_message().c_str());
        return;
    }
    expect_status(report, "aclCreateTensor", ACL_SUCCESS, ACL_SUCCESS);
    if (read_dims(aclGetViewShape, t) != spec.dims) {
        report.fail("aclGetViewShape does not give the view dims back");
    }
    if (read_dims(aclGetStorageShape, t) != spec.storage_dims) {
        report.fail("aclGetStorageShape does not give the storage dims back");
    }
    if (!spec.null_strides && read_dims(aclGetViewStrides, t) != spec.strides) {
        report.fail("aclGetViewStrides does not give the strides back");
    }
    int64_t offset = 0;
    aclDataType dtype = ACL_DT_UNDEFINED;
    aclFormat format = ACL_FORMAT_UNDEFINED;
    aclGetViewOffset(t, &offset);
    aclGetDataType(t, &dtype);
    aclGetFormat(t, &format);
    if (offset != spec.offset || static_cast<int>(dtype) != spec.dtype
        || static_cast<int>(format) != spec.format) {
        report.fail("offset, dtype or format does not come back as given");
    }
    // Re-describing it with a hostile dtype or storage fails and leaves it as it was.
    const int64_t hostile_storage[1] = {(int64_t{1} << 62) + 1};
    const bool bad_dtype = c.chance(1, 2);
    expect_status(report,
                  "aclInitTensor",
                  c_aclInitTensor(t,
                                  spec.dims.data(),
                                  spec.dims.size(),
                                  bad_dtype ? 999 : ACL_FLOAT,
                                  nullptr,
                                  0,
                                  ACL_FORMAT_ND,
                                  bad_dtype ? spec.storage_dims.data() : hostile_storage,
                                  bad_dtype ? spec.storage_dims.size() : 1,
                                  &anchor),
                  ACLNN_ERR_PARAM_INVALID);
    if (read_dims(aclGetStorageShape, t) != spec.storage_dims) {
        report.fail("a failed aclInitTensor changed the tensor");
    }
    aclDestroyTensor(t);
}

}  // namespace aclemu::fuzz
