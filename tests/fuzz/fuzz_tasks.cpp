// The notify, stream-value, reduce, random and overflow cases (fuzz_groups.h).
#include "acl/acl.h"

#include "fuzz/fuzz_groups.h"
#include "fuzz/fuzz_task_reference.h"
#include "fuzz/fuzz_tensor.h"
#include "support/c_enum_calls.h"

#include <algorithm>
#include <cfloat>
#include <climits>
#include <cmath>
#include <cstring>
#include <limits>
#include <memory>
#include <string>
#include <vector>

namespace aclemu::fuzz {
namespace {

constexpr size_t kGuard = GuardedBuffer::kGuard;

// Element bits of `count` values of `dtype`, little-endian, one after the other.
std::vector<uint8_t> pack(const std::vector<uint64_t>& elements, int dtype) {
    const auto size = static_cast<size_t>(task_dtype_bytes(dtype));
    std::vector<uint8_t> bytes(elements.size() * size);
    for (size_t i = 0; i < elements.size(); ++i) {
        std::memcpy(bytes.data() + i * size, &elements[i], size);  // little-endian host
    }
    return bytes;
}

uint64_t element_at(const std::vector<uint8_t>& bytes, size_t i, int dtype) {
    const auto size = static_cast<size_t>(task_dtype_bytes(dtype));
    uint64_t bits = 0;
    std::memcpy(&bits, bytes.data() + i * size, size);
    return bits;
}

// A value of `dtype` as its bits: integers over their whole range or small; floats moderate,
// with inf, NaN, signed zeros and the extremes now and then.
uint64_t random_element(Choices& c, int dtype) {
    if (!floating_dtype(dtype)) {
        const int bits = task_dtype_bytes(dtype) * 8;
        const uint64_t mask = bits == 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
        return c.chance(1, 2) ? c.bits() & mask : static_cast<uint64_t>(c.range(-9, 9)) & mask;
    }
    double v = 0.0;
    switch (c.range(0, 15)) {
        case 0:
            v = c.pick({std::numeric_limits<double>::infinity(),
                        -std::numeric_limits<double>::infinity(),
                        std::numeric_limits<double>::quiet_NaN()});
            break;
        case 1:
            v = c.pick({0.0, -0.0});
            break;
        case 2:
            v = c.pick({65504.0, -65504.0, 3.0e38, -3.0e38, 1e-30});
            break;
        default:
            v = c.real(-1000.0, 1000.0);
            break;
    }
    return encode_element(v, dtype);
}

bool same_element(double got, double want) {
    if (std::isnan(want)) {
        return std::isnan(got);
    }
    return got == want && std::signbit(got) == std::signbit(want);
}

// ---- aclrtReduceAsync -------------------------------------------------------------------------

void reduce_case(Choices& c, Report& report) {
    Cleanup cleanup(report);
    aclrtStream stream = case_stream(report, cleanup);
    if (stream == nullptr) {
        return;
    }
    const int dtype =
        c.pick({ACL_INT8, ACL_INT16, ACL_INT32, ACL_UINT32, ACL_FLOAT16, ACL_FLOAT, ACL_BF16});
    int kind = static_cast<int>(c.range(10, 12));
    const auto size = static_cast<uint64_t>(task_dtype_bytes(dtype));
    const auto n = static_cast<size_t>(c.chance(1, 10) ? c.range(1000, 20000) : c.range(0, 300));
    const bool in_place = c.chance(1, 8);
    std::vector<uint64_t> a(n);
    std::vector<uint64_t> b(n);
    for (size_t i = 0; i < n; ++i) {
        a[i] = random_element(c, dtype);
        b[i] = in_place ? a[i] : random_element(c, dtype);
    }
    const std::vector<uint8_t> a_bytes = pack(a, dtype);
    const std::vector<uint8_t> b_bytes = pack(b, dtype);
    GuardedBuffer dst_block;
    GuardedBuffer src_block;
    if (!dst_block.create(a_bytes.size(), a_bytes, report)
        || (!in_place && !src_block.create(b_bytes.size(), b_bytes, report))) {
        return;
    }
    void* dst = dst_block.data();
    const void* src = in_place ? dst : src_block.data();
    uint64_t count = n * size;
    int type = dtype;
    void* reserve = nullptr;
    aclrtStream on = stream;
    std::vector<uint8_t> host_src(b_bytes.size() + 8);
    int want = ACL_SUCCESS;
    const char* broken = "nothing";
    switch (c.range(0, 23)) {
        case 0:
            broken = "dst NULL";
            dst = nullptr;
            want = ACL_ERROR_INVALID_PARAM;
            break;
        case 1:
            broken = "src NULL";
            src = nullptr;
            want = ACL_ERROR_INVALID_PARAM;
            break;
        case 2:
            broken = "reserve not NULL";
            reserve = &host_src;
            want = ACL_ERROR_INVALID_PARAM;
            break;
        case 3:
            broken = "kind no aclrtReduceKind holds";
            kind = c.pick({0, 9, 14, 15, 16, -1, INT_MAX, INT_MIN});
            want = ACL_ERROR_INVALID_PARAM;
            break;
        case 4:
            broken = "kind EQUAL";
            kind = 13;
            want = ACL_ERROR_RT_FEATURE_NOT_SUPPORT;
            break;
        case 5:
            broken = "a dtype the reduction does not take";
            type = c.pick<int>({ACL_INT64,
                                ACL_UINT64,
                                ACL_DOUBLE,
                                ACL_UINT8,
                                ACL_BOOL,
                                ACL_UINT16,
                                5,
                                999,
                                -2,
                                INT_MAX});
            want = ACL_ERROR_RT_FEATURE_NOT_SUPPORT;
            break;
        case 6:
            if (size > 1) {
                broken = "count not a multiple of the element size";
                count += static_cast<uint64_t>(c.range(1, static_cast<int64_t>(size) - 1));
                want = ACL_ERROR_INVALID_PARAM;
            }
            break;
        case 7:
            broken = "count past the end of the block";
            count += kGuard + size * static_cast<uint64_t>(c.range(1, 4));
            want = ACL_ERROR_INVALID_PARAM;
            break;
        case 8:
            if (n > 0) {
                broken = "src in host memory";
                src = host_src.data();
                want = ACL_ERROR_INVALID_PARAM;
            }
            break;
        case 9:
            if (n >= 3) {  // with 2, src would start where the shortened dst ends
                broken = "src overlapping dst partially";
                src = static_cast<const char*>(dst) + size;
                count -= size;
                want = ACL_ERROR_INVALID_PARAM;
            }
            break;
        case 10:
            broken = "a dead stream";
            on = dead_stream(c, report);
            want = ACL_ERROR_INVALID_PARAM;
            break;
        case 11:
            broken = "count 0 (nothing to do)";
            count = 0;
            break;
        default:
            break;
    }
    report.note("aclrtReduceAsync %zu elements of dtype %d, kind %d%s; broken: %s",
                n,
                dtype,
                kind,
                in_place ? ", in place" : "",
                broken);
    expect_status(report,
                  "aclrtReduceAsync",
                  c_aclrtReduceAsync(dst, src, count, kind, type, on, reserve),
                  want);
    expect_status(report, "aclrtSynchronizeStream", aclrtSynchronizeStream(stream), ACL_SUCCESS);
    std::vector<uint8_t> got;
    if (!dst_block.read(&got, report, "dst")) {
        return;
    }
    std::vector<uint8_t> src_now;
    if (!in_place && (!src_block.read(&src_now, report, "src") || src_now != b_bytes)) {
        report.fail("aclrtReduceAsync changed src");
    }
    const bool ran = want == ACL_SUCCESS && count > 0;
    for (size_t i = 0; i < n; ++i) {
        const double value = decode_element(element_at(got, i, dtype), dtype);
        const double expected =
            ran ? reduce_element(
                decode_element(a[i], dtype), decode_element(b[i], dtype), kind, dtype)
                : decode_element(a[i], dtype);
        if (!same_element(value, expected)) {
            report.fail("dst[%zu] is %.9g, expected %.9g (dst %.9g, src %.9g)",
                        i,
                        value,
                        expected,
                        decode_element(a[i], dtype),
                        decode_element(b[i], dtype));
            return;
        }
    }
}

// ---- aclrtRandomNumAsync ----------------------------------------------------------------------

aclrtRandomParaInfo value_param(uint64_t bits, int size) {
    aclrtRandomParaInfo p{};
    std::memcpy(p.valueOrAddr, &bits, static_cast<size_t>(size));
    p.size = static_cast<uint8_t>(size);
    return p;
}

aclrtRandomParaInfo address_param(const void* addr) {
    aclrtRandomParaInfo p{};
    p.isAddr = 1;
    std::memcpy(p.valueOrAddr, &addr, sizeof addr);
    p.size = sizeof addr;
    return p;
}

// A task parameter of `width` bytes: by value, or (now and then) in a device block of its own.
aclrtRandomParaInfo param(Choices& c,
                          uint64_t bits,
                          int width,
                          std::vector<std::unique_ptr<GuardedBuffer>>& blocks,
                          Report& report) {
    if (!c.chance(1, 4)) {
        return value_param(bits, width);
    }
    std::vector<uint8_t> bytes(static_cast<size_t>(width));
    std::memcpy(bytes.data(), &bits, bytes.size());
    blocks.push_back(std::make_unique<GuardedBuffer>());
    if (!blocks.back()->create(bytes.size(), bytes, report)) {
        return value_param(bits, width);
    }
    return address_param(blocks.back()->data());
}

int bytes_for(uint64_t value) {
    int bytes = 1;
    while (bytes < 8 && (value >> (8 * bytes)) != 0) {
        ++bytes;
    }
    return bytes;
}

void random_case(Choices& c, Report& report) {
    Cleanup cleanup(report);
    aclrtStream stream = case_stream(report, cleanup);
    if (stream == nullptr) {
        return;
    }
    const int func = static_cast<int>(c.range(0, 3));
    const int dtype =
        func == ACL_RT_RANDOM_NUM_FUNC_TYPE_UNIFORM_DIS
            ? c.pick(
                {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_INT32, ACL_UINT32, ACL_INT64, ACL_UINT64})
            : c.pick({ACL_FLOAT, ACL_FLOAT16, ACL_BF16});
    const int width = task_dtype_bytes(dtype);
    const bool mask = func == ACL_RT_RANDOM_NUM_FUNC_TYPE_DROPOUT_BITMASK;
    const bool integers = !floating_dtype(dtype);
    const auto n = static_cast<uint64_t>(c.chance(1, 10) ? c.range(1000, 10000) : c.range(0, 200));

    PhiloxStream philox;
    const int seed_size = c.chance(1, 3) ? static_cast<int>(c.range(1, 7)) : 8;
    philox.seed = c.bits();
    if (seed_size < 8) {
        philox.seed &= (uint64_t{1} << (8 * seed_size)) - 1;
    }
    philox.counter_lo =
        c.chance(1, 4) ? UINT64_MAX - static_cast<uint64_t>(c.range(0, 3)) : c.bits();
    philox.counter_hi = c.bits();

    // The two parameters, as the bits of the task's dtype, and their values.
    uint64_t a_bits = 0;
    uint64_t b_bits = 0;
    switch (func) {
        case ACL_RT_RANDOM_NUM_FUNC_TYPE_DROPOUT_BITMASK:
            a_bits = encode_element(c.pick({0.0, 1.0, c.real(0.0, 1.0), c.real(0.0, 1.0)}), dtype);
            break;
        case ACL_RT_RANDOM_NUM_FUNC_TYPE_UNIFORM_DIS:
            if (integers) {
                const int bits = width * 8;
                const bool is_signed = dtype == ACL_INT32 || dtype == ACL_INT64;
                const uint64_t top = bits == 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
                // Two distinct values in order (signed order for signed types).
                uint64_t x =
                    c.chance(1, 2) ? c.bits() & top : static_cast<uint64_t>(c.range(-50, 50)) & top;
                uint64_t y =
                    c.chance(1, 2) ? c.bits() & top : static_cast<uint64_t>(c.range(-50, 50)) & top;
                if (x == y) {
                    y = (x + 1) & top;
                }
                auto widened = [&](uint64_t v) {
                    return decode_element(v, dtype);  // exact for 32-bit types, order for 64
                };
                bool x_first = is_signed
                                   ? (bits == 64 ? static_cast<int64_t>(x) < static_cast<int64_t>(y)
                                                 : widened(x) < widened(y))
                                   : x < y;
                a_bits = x_first ? x : y;
                b_bits = x_first ? y : x;
            } else {
                const double lo = c.real(-1000.0, 1000.0);
                a_bits = encode_element(lo, dtype);
                b_bits = encode_element(lo + c.real(0.001, 2000.0), dtype);
            }
            break;
        default:
            a_bits = encode_element(c.real(-100.0, 100.0), dtype);
            b_bits = encode_element(c.real(0.01, 10.0), dtype);
            break;
    }

    // Device blocks: the counter, parameters given by address, the count word, the result.
    std::vector<std::unique_ptr<GuardedBuffer>> blocks;
    std::vector<uint8_t> counter_bytes(16);
    std::memcpy(counter_bytes.data(), &philox.counter_lo, 8);
    std::memcpy(counter_bytes.data() + 8, &philox.counter_hi, 8);
    GuardedBuffer counter;
    if (!counter.create(16, counter_bytes, report)) {
        return;
    }
    aclrtRandomNumTaskInfo task{};
    task.dataType = static_cast<aclDataType>(dtype);
    task.randomNumFuncParaInfo.funcType = static_cast<aclrtRandomNumFuncType>(func);
    auto& info = task.randomNumFuncParaInfo.paramInfo;
    if (mask) {
        info.dropoutBitmaskInfo.dropoutRation = param(c, a_bits, width, blocks, report);
    } else if (func == ACL_RT_RANDOM_NUM_FUNC_TYPE_UNIFORM_DIS) {
        info.uniformDisInfo.min = param(c, a_bits, width, blocks, report);
        info.uniformDisInfo.max = param(c, b_bits, width, blocks, report);
    } else {
        info.normalDisInfo.mean = param(c, a_bits, width, blocks, report);
        info.normalDisInfo.stddev = param(c, b_bits, width, blocks, report);
    }
    task.randomSeed = seed_size == 8 ? param(c, philox.seed, 8, blocks, report)
                                     : value_param(philox.seed, seed_size);

    // The count: a value, or a word the task reads when it runs; then the result buffer holds
    // `room` outputs, which may be fewer than the count: the task fills what fits, up to the end
    // of the allocation (so that buffer has no guards: they would be part of it).
    const bool count_in_memory = c.chance(1, 5);
    uint64_t room = n;
    if (count_in_memory) {
        room = c.chance(1, 3) ? static_cast<uint64_t>(c.range(1, static_cast<int64_t>(n) + 1)) : n;
        room = std::max<uint64_t>(room, 1);
        std::vector<uint8_t> word(8);
        std::memcpy(word.data(), &n, 8);
        blocks.push_back(std::make_unique<GuardedBuffer>());
        if (!blocks.back()->create(8, word, report)) {
            return;
        }
        task.randomNum = address_param(blocks.back()->data());
    } else {
        task.randomNum = value_param(n, static_cast<int>(c.range(bytes_for(n), 8)));
    }
    const bool clamped = count_in_memory && room < n;
    const auto out_bytes = static_cast<size_t>(mask ? (room + 7) / 8 : room * width);
    const size_t spare = c.chance(1, 4) ? static_cast<size_t>(c.range(1, 16)) : 0;
    std::vector<uint8_t> initial(out_bytes + spare);
    for (uint8_t& byte : initial) {
        byte = static_cast<uint8_t>(c.bits());
    }
    const uint64_t capacity = mask ? initial.size() * 8 : initial.size() / width;
    const uint64_t written = clamped ? std::min(n, capacity) : n;
    GuardedBuffer result;
    if (!result.create(initial.size(), initial, report, !clamped)) {
        return;
    }
    task.randomCounterAddr = counter.data();
    task.randomResultAddr = result.data();
    if (report.failed()) {
        return;
    }

    const aclrtRandomNumTaskInfo* passed = &task;
    void* reserve = nullptr;
    aclrtStream on = stream;
    std::vector<uint8_t> host(64);
    GuardedBuffer short_block;
    int want = ACL_SUCCESS;
    const char* broken = "nothing";
    auto invalid = [&](const char* what) {
        broken = what;
        want = ACL_ERROR_INVALID_PARAM;
    };
    aclrtRandomParaInfo* first_param = mask ? &info.dropoutBitmaskInfo.dropoutRation
                                       : func == ACL_RT_RANDOM_NUM_FUNC_TYPE_UNIFORM_DIS
                                           ? &info.uniformDisInfo.min
                                           : &info.normalDisInfo.mean;
    switch (c.range(0, 39)) {
        case 0:
            invalid("taskInfo NULL");
            passed = nullptr;
            break;
        case 1:
            invalid("reserve not NULL");
            reserve = host.data();
            break;
        case 2:
            invalid("funcType no aclrtRandomNumFuncType holds");
            c_set_enum_field(&task.randomNumFuncParaInfo.funcType, c.pick({4, 7, -1, INT_MAX}));
            break;
        case 3:
            invalid("a dtype random numbers do not take");
            c_set_enum_field(&task.dataType,
                             mask || func >= 2
                                 ? c.pick<int>({ACL_INT32, ACL_INT8, ACL_DOUBLE, 999, -2})
                                 : c.pick<int>({ACL_INT8, ACL_DOUBLE, ACL_BOOL, 5, 999}));
            break;
        case 4:
            invalid("counter NULL");
            task.randomCounterAddr = nullptr;
            break;
        case 5:
            invalid("counter in host memory");
            task.randomCounterAddr = host.data();
            break;
        case 6:
            invalid("counter in an 8-byte block");
            if (short_block.create(8, {}, report, false)) {
                task.randomCounterAddr = short_block.data();
            }
            break;
        case 7:
            invalid("result NULL");
            task.randomResultAddr = nullptr;
            break;
        case 8:
            if (count_in_memory || n > 0) {  // a count of 0 writes nothing, anywhere
                invalid("result in host memory");
                task.randomResultAddr = host.data();
            }
            break;
        case 9:
            if (!count_in_memory && out_bytes > 1) {
                invalid("result one byte short");
                if (short_block.create(out_bytes - 1, {}, report, false)) {
                    task.randomResultAddr = short_block.data();
                }
            }
            break;
        case 10:
            invalid("seed size outside 1..8");
            task.randomSeed = value_param(philox.seed, 1);
            task.randomSeed.size = static_cast<uint8_t>(c.pick({0, 9, 16, 255}));
            break;
        case 11:
            if (!count_in_memory) {
                invalid("count size outside 1..8");
                task.randomNum.size = static_cast<uint8_t>(c.pick({0, 9, 255}));
            }
            break;
        case 12:
            if (first_param->isAddr == 0) {
                invalid("a parameter of the wrong size");
                first_param->size =
                    static_cast<uint8_t>(c.pick({0, width - 1, width + 1, 8 + width}));
            }
            break;
        case 13:
            invalid("isAddr neither 0 nor 1");
            first_param->isAddr = static_cast<uint8_t>(c.pick({2, 3, 255}));
            break;
        case 14:
            invalid("a parameter address in host memory");
            *first_param = address_param(host.data());
            break;
        case 15:
            if (mask && first_param->isAddr == 0) {
                invalid("a dropout ratio outside [0, 1]");
                const double ratio =
                    c.pick({1.5, -0.25, 2.0, std::numeric_limits<double>::quiet_NaN()});
                *first_param = value_param(encode_element(ratio, dtype), width);
            }
            break;
        case 16:
            if (integers && info.uniformDisInfo.min.isAddr == 0
                && info.uniformDisInfo.max.isAddr == 0) {
                invalid("an integer range with max not above min");
                info.uniformDisInfo.max = info.uniformDisInfo.min;
            }
            break;
        case 17:
            invalid("a dead stream");
            on = dead_stream(c, report);
            break;
        default:
            break;
    }
    report.note("aclrtRandomNumAsync func %d dtype %d n %llu%s room %llu seed %d bytes; broken: %s",
                func,
                dtype,
                static_cast<unsigned long long>(n),
                count_in_memory ? " (read from device memory)" : "",
                static_cast<unsigned long long>(room),
                seed_size,
                broken);
    expect_status(report, "aclrtRandomNumAsync", aclrtRandomNumAsync(passed, on, reserve), want);
    expect_status(report, "aclrtSynchronizeStream", aclrtSynchronizeStream(stream), ACL_SUCCESS);
    std::vector<uint8_t> got;
    if (!result.read(&got, report, "randomResultAddr")) {
        return;
    }
    std::vector<uint8_t> counter_now;
    if (!counter.read(&counter_now, report, "randomCounterAddr") || counter_now != counter_bytes) {
        report.fail("the task changed its counter");
    }
    const uint64_t outputs = want == ACL_SUCCESS ? written : 0;
    const size_t touched = static_cast<size_t>(mask ? (outputs + 7) / 8 : outputs * width);
    for (size_t i = touched; i < got.size(); ++i) {
        if (got[i] != initial[i]) {
            report.fail("result byte %zu (of %zu written) changed", i, touched);
            return;
        }
    }
    const double a = decode_element(a_bits, dtype);
    const double b = decode_element(b_bits, dtype);
    for (uint64_t i = 0; i < outputs; ++i) {
        if (mask) {
            const uint32_t bit = (got[i / 8] >> (i % 8)) & 1u;
            const uint32_t kept = unit_uniform(philox.draw32(i)) >= a ? 1u : 0u;
            if (bit != kept) {
                report.fail("mask bit %llu is %u, expected %u (ratio %.9g)",
                            static_cast<unsigned long long>(i),
                            bit,
                            kept,
                            a);
                return;
            }
            continue;
        }
        const uint64_t bits = element_at(got, i, dtype);
        if (integers) {
            const uint64_t r = width == 8 ? philox.draw64(i) : philox.draw32(i);
            const uint64_t expected = uniform_integer(
                r, a_bits, b_bits, dtype == ACL_INT32 || dtype == ACL_INT64, width * 8);
            if (bits != expected) {
                report.fail("element %llu is 0x%llx, expected 0x%llx",
                            static_cast<unsigned long long>(i),
                            static_cast<unsigned long long>(bits),
                            static_cast<unsigned long long>(expected));
                return;
            }
            continue;
        }
        const uint32_t w = philox.draw32(i);
        const Expected e =
            func == ACL_RT_RANDOM_NUM_FUNC_TYPE_UNIFORM_DIS
                ? uniform_float(w, a, b)
                : normal_float(w, func == ACL_RT_RANDOM_NUM_FUNC_TYPE_TRUNCATED_NORMAL_DIS, a, b);
        const double value = decode_element(bits, dtype);
        if (!within(value, e.value, e.error, dtype)) {
            report.fail("element %llu is %.9g, expected %.9g +- %.3g",
                        static_cast<unsigned long long>(i),
                        value,
                        e.value,
                        e.error);
            return;
        }
    }
    if (mask && outputs % 8 != 0 && (got[outputs / 8] >> (outputs % 8)) != 0) {
        report.fail("the mask's last byte has bits past the count");
    }
}

// ---- aclrtValueWrite / aclrtValueWait ---------------------------------------------------------

// A value the word `current` satisfies under `flag` (0 GEQ, 1 EQ, 2 AND, 3 NOR); GEQ when the
// comparison cannot hold for `current`.
uint64_t satisfied_by(Choices& c, uint64_t current, uint32_t* flag) {
    switch (*flag) {
        case ACL_STREAM_WAIT_VALUE_EQ:
            return current;
        case ACL_STREAM_WAIT_VALUE_AND:
            if (current != 0) {
                const uint64_t pick = current & (~current + 1);  // its lowest set bit
                return pick | (c.bits() & ~current & 0x0F0F0F0F0F0F0F0Full) | (c.bits() & current);
            }
            break;
        case ACL_STREAM_WAIT_VALUE_NOR:
            if (current != ~uint64_t{0}) {
                const uint64_t clear = ~current & (current + 1);  // its lowest clear bit
                return c.bits() & ~clear;
            }
            break;
        default:
            break;
    }
    *flag = ACL_STREAM_WAIT_VALUE_GEQ;
    return current - static_cast<uint64_t>(c.range(0, int64_t{1} << 40));
}

void value_case(Choices& c, Report& report) {
    Cleanup cleanup(report);
    aclrtStream writer = case_stream(report, cleanup);
    aclrtStream waiter = case_stream(report, cleanup);
    if (writer == nullptr || waiter == nullptr) {
        return;
    }
    const size_t words = static_cast<size_t>(c.range(2, 8));
    std::vector<uint64_t> initial(words);
    for (uint64_t& w : initial) {
        w = c.bits();
    }
    std::vector<uint8_t> bytes(words * 8);
    std::memcpy(bytes.data(), initial.data(), bytes.size());
    GuardedBuffer block;
    if (!block.create(bytes.size(), bytes, report)) {
        return;
    }
    auto* base = static_cast<uint64_t*>(block.data());
    const size_t target = static_cast<size_t>(c.range(0, static_cast<int64_t>(words) - 2));
    const uint64_t value = c.chance(1, 8) ? c.pick<uint64_t>({0, ~uint64_t{0}, 1}) : c.bits();
    uint32_t flag = static_cast<uint32_t>(c.range(0, 3));
    const uint64_t compare = satisfied_by(c, value, &flag);
    const uint64_t after = c.bits();  // written by the waiting stream once its wait passed

    void* addr = base + target;
    uint32_t write_flag = 0;
    uint32_t wait_flag = flag;
    aclrtStream on = writer;
    GuardedBuffer short_block;
    uint64_t host_word = 0;
    int want = ACL_SUCCESS;
    const char* broken = "nothing";
    const bool break_wait = c.chance(1, 2);
    auto invalid = [&](const char* what) {
        broken = what;
        want = ACL_ERROR_INVALID_PARAM;
    };
    switch (c.range(0, 13)) {
        case 0:
            invalid("devAddr NULL");
            addr = nullptr;
            break;
        case 1:
            invalid("devAddr not 8-byte aligned");
            addr = reinterpret_cast<char*>(addr) + c.range(1, 7);
            break;
        case 2:
            invalid("devAddr in host memory");
            addr = &host_word;
            break;
        case 3:
            invalid("devAddr with 4 bytes of its block left");
            if (short_block.create(4, {}, report, false)) {
                addr = short_block.data();
            }
            break;
        case 4:
            if (break_wait) {
                invalid("a wait flag outside 0..3");
                wait_flag = static_cast<uint32_t>(c.pick<int64_t>({4, 5, 255, UINT32_MAX}));
            } else {
                invalid("a write flag other than 0");
                write_flag = static_cast<uint32_t>(c.pick<int64_t>({1, 2, UINT32_MAX}));
            }
            break;
        case 5:
            invalid("a dead stream");
            on = dead_stream(c, report);
            break;
        default:
            break;
    }
    report.note(
        "aclrtValueWrite word %zu = 0x%llx, wait flag %u for 0x%llx on another stream; "
        "broken (%s): %s",
        target,
        static_cast<unsigned long long>(value),
        flag,
        static_cast<unsigned long long>(compare),
        break_wait ? "the wait" : "the write",
        broken);
    if (want == ACL_SUCCESS) {
        // The wait needs the write: queue the wait first, then the write that lets it pass.
        expect_status(
            report, "aclrtValueWait", aclrtValueWait(addr, compare, flag, waiter), ACL_SUCCESS);
        expect_status(report,
                      "aclrtValueWrite after the wait",
                      aclrtValueWrite(base + target + 1, after, 0, waiter),
                      ACL_SUCCESS);
        expect_status(
            report, "aclrtValueWrite", aclrtValueWrite(addr, value, 0, writer), ACL_SUCCESS);
    } else if (break_wait) {
        expect_status(report,
                      "aclrtValueWait",
                      aclrtValueWait(addr, compare, wait_flag, on == writer ? waiter : on),
                      want);
    } else {
        expect_status(
            report, "aclrtValueWrite", aclrtValueWrite(addr, value, write_flag, on), want);
    }
    expect_status(report, "aclrtSynchronizeStream", aclrtSynchronizeStream(writer), ACL_SUCCESS);
    expect_status(report, "aclrtSynchronizeStream", aclrtSynchronizeStream(waiter), ACL_SUCCESS);
    std::vector<uint8_t> got;
    if (!block.read(&got, report, "words")) {
        return;
    }
    std::vector<uint64_t> expected = initial;
    if (want == ACL_SUCCESS) {
        expected[target] = value;
        expected[target + 1] = after;
    }
    if (std::memcmp(got.data(), expected.data(), got.size()) != 0) {
        report.fail("the words differ from what the calls should have left");
    }
}

// ---- notifies ---------------------------------------------------------------------------------

void notify_case(Choices& c, Report& report) {
    Cleanup cleanup(report);
    aclrtStream recorder = case_stream(report, cleanup);
    aclrtStream waiter = case_stream(report, cleanup);
    if (recorder == nullptr || waiter == nullptr) {
        return;
    }
    // Notifies get the lowest free ids of the device: 0, 1, ... (other cases destroy theirs).
    const int count = static_cast<int>(c.range(1, 4));
    std::vector<aclrtNotify> notifies(static_cast<size_t>(count));
    for (int i = 0; i < count; ++i) {
        expect_status(
            report,
            "aclrtCreateNotify",
            aclrtCreateNotify(&notifies[static_cast<size_t>(i)],
                              c.pick<uint64_t>({ACL_NOTIFY_DEFAULT, ACL_NOTIFY_DEVICE_USE_ONLY})),
            ACL_SUCCESS);
        aclrtNotify made = notifies[static_cast<size_t>(i)];
        cleanup.add([made] { aclrtDestroyNotify(made); });
        uint32_t id = UINT32_MAX;
        expect_status(report, "aclrtGetNotifyId", aclrtGetNotifyId(made, &id), ACL_SUCCESS);
        if (id != static_cast<uint32_t>(i)) {
            report.fail("notify %d has id %u", i, id);
        }
    }
    if (report.failed()) {
        return;
    }
    // A destroyed notify, made last so no later creation reuses its handle in this case.
    aclrtNotify dead = nullptr;
    expect_status(report, "aclrtCreateNotify", aclrtCreateNotify(&dead, 0), ACL_SUCCESS);
    expect_status(report, "aclrtDestroyNotify", aclrtDestroyNotify(dead), ACL_SUCCESS);

    aclrtNotify used = c.pick(notifies);
    GuardedBuffer word;
    const uint64_t zero = 0;
    std::vector<uint8_t> zero_bytes(8);
    std::memcpy(zero_bytes.data(), &zero, 8);
    if (!word.create(8, zero_bytes, report)) {
        return;
    }
    const uint64_t marker = c.bits() | 1;
    int want = ACL_SUCCESS;
    const char* broken = "nothing";
    switch (c.range(0, 15)) {
        case 0:
            broken = "record of a destroyed notify";
            want = ACL_ERROR_INVALID_PARAM;
            expect_status(report, "aclrtRecordNotify", aclrtRecordNotify(dead, recorder), want);
            break;
        case 1:
            broken = "wait on a destroyed notify";
            want = ACL_ERROR_INVALID_PARAM;
            expect_status(
                report, "aclrtWaitAndResetNotify", aclrtWaitAndResetNotify(dead, waiter, 0), want);
            break;
        case 2: {
            broken = "id or destruction of a destroyed or NULL notify";
            want = ACL_ERROR_INVALID_PARAM;
            uint32_t id = 0;
            aclrtNotify bad = c.chance(1, 2) ? dead : nullptr;
            expect_status(report, "aclrtGetNotifyId", aclrtGetNotifyId(bad, &id), want);
            expect_status(report, "aclrtDestroyNotify", aclrtDestroyNotify(bad), want);
            expect_status(
                report, "aclrtGetNotifyId(NULL id)", aclrtGetNotifyId(used, nullptr), want);
            break;
        }
        case 3: {
            broken = "creation with an unknown flag or no handle";
            want = ACL_ERROR_INVALID_PARAM;
            aclrtNotify none = nullptr;
            const uint64_t flag = c.chance(1, 2) ? uint64_t{1} << c.range(1, 63) : 0;
            expect_status(
                report,
                "aclrtCreateNotify",
                flag != 0 ? aclrtCreateNotify(&none, flag) : aclrtCreateNotify(nullptr, 0),
                want);
            if (none != nullptr) {
                report.fail("a refused aclrtCreateNotify wrote a handle");
            }
            break;
        }
        case 4: {
            broken = "batch reset with a dead entry, no array or no count";
            want = ACL_ERROR_INVALID_PARAM;
            std::vector<aclrtNotify> list = notifies;
            static int not_a_notify = 0;
            list.insert(list.begin() + c.range(0, static_cast<int64_t>(list.size())),
                        c.chance(1, 2) ? dead : static_cast<aclrtNotify>(&not_a_notify));
            switch (c.range(0, 2)) {
                case 0:
                    expect_status(report,
                                  "aclrtNotifyBatchReset",
                                  aclrtNotifyBatchReset(
                                      list.data(), c.chance(1, 2) ? list.size() : size_t{1} << 40),
                                  want);
                    break;
                case 1:
                    expect_status(report,
                                  "aclrtNotifyBatchReset(NULL)",
                                  aclrtNotifyBatchReset(nullptr, list.size()),
                                  want);
                    break;
                default:
                    expect_status(report,
                                  "aclrtNotifyBatchReset(num 0)",
                                  aclrtNotifyBatchReset(notifies.data(), 0),
                                  want);
                    break;
            }
            break;
        }
        case 5:
            broken = "record on a dead stream";
            want = ACL_ERROR_INVALID_PARAM;
            expect_status(
                report, "aclrtRecordNotify", aclrtRecordNotify(used, dead_stream(c, report)), want);
            break;
        default: {
            // Record on one stream, wait (and reset) on another, then a write the wait holds
            // back; a batch reset of every notify between rounds.
            const int rounds = static_cast<int>(c.range(1, 3));
            for (int r = 0; r < rounds; ++r) {
                const uint32_t timeout = c.chance(1, 3) ? static_cast<uint32_t>(c.range(1, 30)) : 0;
                expect_status(report,
                              "aclrtWaitAndResetNotify",
                              aclrtWaitAndResetNotify(used, waiter, timeout),
                              ACL_SUCCESS);
                expect_status(
                    report,
                    "aclrtValueWrite after the wait",
                    aclrtValueWrite(word.data(), marker + static_cast<uint64_t>(r), 0, waiter),
                    ACL_SUCCESS);
                expect_status(
                    report, "aclrtRecordNotify", aclrtRecordNotify(used, recorder), ACL_SUCCESS);
                expect_status(
                    report, "aclrtSynchronizeStream", aclrtSynchronizeStream(waiter), ACL_SUCCESS);
                expect_status(report,
                              "aclrtNotifyBatchReset",
                              aclrtNotifyBatchReset(notifies.data(), notifies.size()),
                              ACL_SUCCESS);
            }
            report.note("%d record/wait rounds", rounds);
            break;
        }
    }
    report.note("notifies: %d live; broken: %s", count, broken);
    expect_status(report, "aclrtSynchronizeStream", aclrtSynchronizeStream(recorder), ACL_SUCCESS);
    expect_status(report, "aclrtSynchronizeStream", aclrtSynchronizeStream(waiter), ACL_SUCCESS);
    std::vector<uint8_t> got;
    if (word.read(&got, report, "word")) {
        uint64_t now = 0;
        std::memcpy(&now, got.data(), 8);
        if (want == ACL_SUCCESS && std::string(broken) == "nothing" && now == 0) {
            report.fail("the write behind the waits never ran");
        }
        if (want != ACL_SUCCESS && now != 0) {
            report.fail("a refused call wrote the word");
        }
    }
}

// ---- overflow ---------------------------------------------------------------------------------

void overflow_case(Choices& c, Report& report) {
    Cleanup cleanup(report);
    aclrtStream stream = case_stream(report, cleanup);
    if (stream == nullptr) {
        return;
    }
    aclrtFloatOverflowMode mode = ACL_RT_OVERFLOW_MODE_SATURATION;
    expect_status(report, "aclrtGetDeviceSatMode", aclrtGetDeviceSatMode(&mode), ACL_SUCCESS);
    if (mode != ACL_RT_OVERFLOW_MODE_INFNAN) {
        report.fail("the device's mode is %d, expected INFNAN", static_cast<int>(mode));
    }
    const size_t spare = static_cast<size_t>(c.range(0, 16));
    std::vector<uint8_t> initial(64 + spare);
    for (uint8_t& byte : initial) {
        byte = static_cast<uint8_t>(c.bits() | 1);
    }
    GuardedBuffer status;
    if (!status.create(initial.size(), initial, report)) {
        return;
    }
    switch (c.range(0, 12)) {
        case 0: {
            const int bad = c.pick({2, 3, -1, INT_MAX});
            report.note("aclrtSetDeviceSatMode %d", bad);
            expect_status(report,
                          "aclrtSetDeviceSatMode",
                          c_aclrtSetDeviceSatMode(bad),
                          ACL_ERROR_RT_PARAM_INVALID);
            expect_status(report,
                          "aclrtSetDeviceSatMode(SATURATION)",
                          aclrtSetDeviceSatMode(ACL_RT_OVERFLOW_MODE_SATURATION),
                          ACL_ERROR_RT_FEATURE_NOT_SUPPORT);
            expect_status(report,
                          "aclrtGetDeviceSatMode(NULL)",
                          aclrtGetDeviceSatMode(nullptr),
                          ACL_ERROR_INVALID_PARAM);
            break;
        }
        case 1: {
            const auto flag = static_cast<uint32_t>(c.pick<int64_t>({2, 3, 255, UINT32_MAX}));
            report.note("aclrtSetStreamOverflowSwitch %u", flag);
            expect_status(report,
                          "aclrtSetStreamOverflowSwitch",
                          aclrtSetStreamOverflowSwitch(stream, flag),
                          ACL_ERROR_RT_PARAM_INVALID);
            expect_status(report,
                          "aclrtGetStreamOverflowSwitch(NULL)",
                          aclrtGetStreamOverflowSwitch(stream, nullptr),
                          ACL_ERROR_INVALID_PARAM);
            break;
        }
        case 2: {
            static uint64_t host_status[16];
            report.note("aclrtGetOverflowStatus with a bad buffer");
            GuardedBuffer small;
            if (!small.create(32, {}, report, false)) {
                break;
            }
            const int which = static_cast<int>(c.range(0, 3));
            void* out = which == 0   ? nullptr
                        : which == 1 ? static_cast<void*>(host_status)
                        : which == 2 ? small.data()
                                     : status.data();
            expect_status(report,
                          "aclrtGetOverflowStatus",
                          aclrtGetOverflowStatus(
                              out, which == 3 ? static_cast<size_t>(c.range(0, 63)) : 64, stream),
                          ACL_ERROR_INVALID_PARAM);
            break;
        }
        case 3: {
            report.note("overflow calls on a dead stream");
            void* dead = dead_stream(c, report);
            uint32_t flag = 0;
            expect_status(report,
                          "aclrtSetStreamOverflowSwitch",
                          aclrtSetStreamOverflowSwitch(dead, 1),
                          ACL_ERROR_INVALID_PARAM);
            expect_status(report,
                          "aclrtGetStreamOverflowSwitch",
                          aclrtGetStreamOverflowSwitch(dead, &flag),
                          ACL_ERROR_INVALID_PARAM);
            expect_status(report,
                          "aclrtGetOverflowStatus",
                          aclrtGetOverflowStatus(status.data(), 64, dead),
                          ACL_ERROR_INVALID_PARAM);
            expect_status(report,
                          "aclrtResetOverflowStatus",
                          aclrtResetOverflowStatus(dead),
                          ACL_ERROR_INVALID_PARAM);
            break;
        }
        default: {
            // The switch as set; a float sum that overflows sets the status only while it is on.
            const uint32_t on = static_cast<uint32_t>(c.range(0, 1));
            report.note("overflow switch %u, then an overflowing float sum", on);
            expect_status(
                report, "aclrtResetOverflowStatus", aclrtResetOverflowStatus(stream), ACL_SUCCESS);
            expect_status(report,
                          "aclrtSetDeviceSatMode(INFNAN)",
                          aclrtSetDeviceSatMode(ACL_RT_OVERFLOW_MODE_INFNAN),
                          ACL_SUCCESS);
            expect_status(report,
                          "aclrtSetStreamOverflowSwitch",
                          aclrtSetStreamOverflowSwitch(stream, on),
                          ACL_SUCCESS);
            uint32_t flag = 7;
            expect_status(report,
                          "aclrtGetStreamOverflowSwitch",
                          aclrtGetStreamOverflowSwitch(stream, &flag),
                          ACL_SUCCESS);
            if (flag != on) {
                report.fail("the switch reads %u, expected %u", flag, on);
            }
            const float big[2] = {FLT_MAX, FLT_MAX};
            std::vector<uint8_t> big_bytes(sizeof big);
            std::memcpy(big_bytes.data(), big, sizeof big);
            GuardedBuffer sum;
            if (!sum.create(sizeof big, big_bytes, report)) {
                break;
            }
            expect_status(report,
                          "aclrtReduceAsync",
                          aclrtReduceAsync(sum.data(),
                                           sum.data(),
                                           sizeof big,
                                           ACL_RT_MEMCPY_SDMA_AUTOMATIC_SUM,
                                           ACL_FLOAT,
                                           stream,
                                           nullptr),
                          ACL_SUCCESS);
            expect_status(report,
                          "aclrtGetOverflowStatus",
                          aclrtGetOverflowStatus(status.data(), initial.size(), stream),
                          ACL_SUCCESS);
            expect_status(
                report, "aclrtSynchronizeStream", aclrtSynchronizeStream(stream), ACL_SUCCESS);
            std::vector<uint8_t> got;
            if (status.read(&got, report, "status")) {
                uint32_t first = 0;
                std::memcpy(&first, got.data(), 4);
                if ((first != 0) != (on == 1)) {
                    report.fail("the status word is %u with the switch %u", first, on);
                }
                if (!std::equal(got.begin() + 64, got.end(), initial.begin() + 64)) {
                    report.fail("aclrtGetOverflowStatus wrote past 64 bytes");
                }
            }
            expect_status(
                report, "aclrtResetOverflowStatus", aclrtResetOverflowStatus(stream), ACL_SUCCESS);
            expect_status(report,
                          "aclrtGetOverflowStatus",
                          aclrtGetOverflowStatus(status.data(), 64, stream),
                          ACL_SUCCESS);
            expect_status(
                report, "aclrtSynchronizeStream", aclrtSynchronizeStream(stream), ACL_SUCCESS);
            if (status.read(&got, report, "status")
                && !std::all_of(got.begin(), got.begin() + 64, [](uint8_t b) { return b == 0; })) {
                report.fail("the status is not clear after aclrtResetOverflowStatus");
            }
            return;
        }
    }
    expect_status(report, "aclrtSynchronizeStream", aclrtSynchronizeStream(stream), ACL_SUCCESS);
    std::vector<uint8_t> got;
    if (status.read(&got, report, "status") && got != initial) {
        report.fail("a refused call wrote the status buffer");
    }
}

}  // namespace

void run_task_case(Choices& c, Report& report) {
    report.kind = Report::Kind::Group;
    switch (c.range(0, 9)) {
        case 0:
        case 1:
            reduce_case(c, report);
            break;
        case 2:
        case 3:
        case 4:
            random_case(c, report);
            break;
        case 5:
        case 6:
            value_case(c, report);
            break;
        case 7:
        case 8:
            notify_case(c, report);
            break;
        default:
            overflow_case(c, report);
            break;
    }
}

}  // namespace aclemu::fuzz
