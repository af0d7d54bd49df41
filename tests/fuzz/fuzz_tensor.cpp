// The fuzzer's tensors and guarded buffers (fuzz_tensor.h). Values are encoded and rounded with
// the tests' own dtype model (tests/support/reference_dtype.h), not the library's.
#include "fuzz/fuzz_tensor.h"

#include "support/c_enum_calls.h"
#include "support/device_tensor.h"
#include "support/reference_dtype.h"

#include <cmath>
#include <cstring>
#include <limits>
#include <numeric>

namespace aclemu::fuzz {
namespace {

uint8_t guard_byte(size_t i) {
    return static_cast<uint8_t>(0xA5 + 7 * i);
}

bool is_value_dtype(int dtype) {
    return dtype == ACL_FLOAT || dtype == ACL_FLOAT16 || dtype == ACL_BF16;
}

std::string dims_text(const std::vector<int64_t>& dims) {
    std::string s = "[";
    for (size_t i = 0; i < dims.size(); ++i) {
        s += (i > 0 ? "," : "") + std::to_string(dims[i]);
    }
    return s + "]";
}

double draw_value(Choices& c, ValueKind kind) {
    constexpr double kInf = std::numeric_limits<double>::infinity();
    switch (kind) {
        case ValueKind::Positive:
            return c.real(0.1, 4.0);
        case ValueKind::Count:
            return static_cast<double>(c.range(2, 64));
        case ValueKind::Unit:
            switch (c.range(0, 9)) {
                case 0:
                    return c.pick({0.0, 1.0, -0.0, 0.5});
                case 1:
                    return c.real(-0.5, 1.5);
                default:
                    return c.real(0.0, 1.0);
            }
        case ValueKind::WithSpecials:
            if (c.chance(1, 25)) {
                return c.pick({kInf, -kInf, std::nan(""), -0.0, 0.0});
            }
            [[fallthrough]];
        case ValueKind::Any:
            if (c.chance(1, 20)) {
                return 0.0;
            }
            return c.real(-8.0, 8.0);
    }
    return 0.0;
}

}  // namespace

// ---- GuardedBuffer ---------------------------------------------------------------------------

GuardedBuffer::~GuardedBuffer() {
    if (base_ != nullptr) {
        aclrtFree(base_);
    }
}

bool GuardedBuffer::create(size_t bytes,
                           const std::vector<uint8_t>& payload,
                           Report& report,
                           bool guarded) {
    guard_ = guarded ? kGuard : 0;
    std::vector<uint8_t> block(bytes + 2 * guard_);
    for (size_t i = 0; i < guard_; ++i) {
        block[i] = guard_byte(i);
        block[guard_ + bytes + i] = guard_byte(i + guard_);
    }
    if (!payload.empty() && bytes > 0) {
        std::memcpy(block.data() + guard_, payload.data(), bytes);
    }
    if (block.empty()) {
        bytes_ = 0;
        return true;  // nothing to allocate: data() is NULL
    }
    if (aclrtMalloc(&base_, block.size(), ACL_MEM_MALLOC_HUGE_FIRST) != ACL_SUCCESS) {
        report.fail("aclrtMalloc(%zu) failed: %s", block.size(), take_message().c_str());
        base_ = nullptr;
        return false;
    }
    bytes_ = bytes;
    if (aclrtMemcpy(base_, block.size(), block.data(), block.size(), ACL_MEMCPY_HOST_TO_DEVICE)
        != ACL_SUCCESS) {
        report.fail("uploading %zu bytes failed: %s", block.size(), take_message().c_str());
        return false;
    }
    return true;
}

bool GuardedBuffer::read(std::vector<uint8_t>* payload,
                         Report& report,
                         const std::string& name) const {
    if (base_ == nullptr) {
        payload->clear();
        return true;
    }
    std::vector<uint8_t> block(bytes_ + 2 * guard_);
    if (aclrtMemcpy(block.data(), block.size(), base_, block.size(), ACL_MEMCPY_DEVICE_TO_HOST)
        != ACL_SUCCESS) {
        report.fail(
            "%s: reading its storage back failed: %s", name.c_str(), take_message().c_str());
        return false;
    }
    for (size_t i = 0; i < guard_; ++i) {
        if (block[i] != guard_byte(i)) {
            report.fail(
                "%s: guard byte %zu before the storage was overwritten", name.c_str(), guard_ - i);
            return false;
        }
        if (block[guard_ + bytes_ + i] != guard_byte(i + guard_)) {
            report.fail(
                "%s: guard byte %zu past the end of the storage was overwritten", name.c_str(), i);
            return false;
        }
    }
    payload->assign(block.begin() + guard_, block.begin() + guard_ + bytes_);
    return true;
}

// ---- layouts ---------------------------------------------------------------------------------

int64_t count_elements(const std::vector<int64_t>& dims) {
    bool empty = false;
    for (int64_t d : dims) {
        if (d < 0) {
            return -1;
        }
        empty = empty || d == 0;
    }
    if (empty) {
        return 0;  // whatever the other dims
    }
    int64_t n = 1;
    for (int64_t d : dims) {
        if (n > std::numeric_limits<int64_t>::max() / d) {
            return -1;
        }
        n *= d;
    }
    return n;
}

std::vector<int64_t> view_offsets(const TensorSpec& spec) {
    const int64_t n = count_elements(spec.dims);
    std::vector<int64_t> offsets;
    if (n <= 0) {
        return offsets;
    }
    std::vector<int64_t> strides = spec.strides;
    if (spec.null_strides) {
        strides.assign(spec.dims.size(), 1);
        for (size_t d = spec.dims.size(); d-- > 1;) {
            strides[d - 1] = strides[d] * std::max<int64_t>(spec.dims[d], 1);
        }
    }
    offsets.reserve(static_cast<size_t>(n));
    std::vector<int64_t> index(spec.dims.size(), 0);
    for (int64_t k = 0; k < n; ++k) {
        int64_t at = spec.offset;
        for (size_t d = 0; d < index.size(); ++d) {
            at += index[d] * strides[d];
        }
        offsets.push_back(at);
        for (size_t d = index.size(); d-- > 0;) {
            if (++index[d] < spec.dims[d]) {
                break;
            }
            index[d] = 0;
        }
    }
    return offsets;
}

size_t value_bytes(int dtype) {
    return dtype == ACL_FLOAT ? 4 : (dtype == ACL_FLOAT16 || dtype == ACL_BF16) ? 2 : 0;
}

std::string describe(const TensorSpec& spec) {
    static const char* const kMemory[] = {"device", "null", "host", "short"};
    std::string s = "dtype " + std::to_string(spec.dtype) + " format " + std::to_string(spec.format)
                    + " view " + dims_text(spec.dims) + " strides "
                    + (spec.null_strides ? std::string("null") : dims_text(spec.strides))
                    + " offset " + std::to_string(spec.offset) + " storage "
                    + dims_text(spec.storage_dims) + " " + kMemory[static_cast<int>(spec.memory)];
    return s;
}

void random_layout(Choices& c, TensorSpec* spec, bool output) {
    const size_t rank = spec->dims.size();
    std::vector<size_t> order(rank);
    std::iota(order.begin(), order.end(), size_t{0});
    if (rank > 1 && c.chance(1, 3)) {
        for (size_t i = rank; i-- > 1;) {
            std::swap(order[i], order[static_cast<size_t>(c.range(0, static_cast<int64_t>(i)))]);
        }
    }
    const bool overlap = !output && rank > 0 && c.chance(1, 12);
    bool plain = true;  // row-major without gaps: NULL strides describe it too
    spec->strides.assign(rank, 0);
    int64_t step = 1;
    for (size_t k = rank; k-- > 0;) {
        const size_t d = order[k];
        const int64_t size = spec->dims[d];
        int64_t stride = 0;
        if (!output && size > 1 && c.chance(1, 8)) {
            stride = 0;  // broadcast
        } else if (overlap) {
            stride = 1;
        } else {
            if (c.chance(1, 5)) {
                step += c.range(1, 3);  // a gap
            }
            stride = step;
            step *= std::max<int64_t>(size, 1);
        }
        if (size > 1 && c.chance(1, 5)) {
            stride = -stride;
        }
        spec->strides[d] = stride;
    }
    int64_t lo = 0;
    int64_t hi = 0;
    for (size_t d = 0; d < rank; ++d) {
        const int64_t extent = spec->strides[d] * (std::max<int64_t>(spec->dims[d], 1) - 1);
        (extent < 0 ? lo : hi) += extent;
    }
    int64_t storage = 0;
    if (count_elements(spec->dims) == 0) {
        spec->offset = c.range(0, 3);
        storage = c.range(0, 4);  // empty views fit any storage
    } else {
        spec->offset = -lo + (c.chance(1, 3) ? c.range(1, 5) : 0);
        storage = spec->offset + hi + 1 + (c.chance(1, 3) ? c.range(1, 4) : 0);
    }
    std::vector<int64_t> row_major(rank, 1);
    for (size_t d = rank; d-- > 1;) {
        row_major[d - 1] = row_major[d] * std::max<int64_t>(spec->dims[d], 1);
    }
    if (storage > kMaxStorageElements) {
        // Gaps multiply up the dims: a storage FuzzTensor::create would not back with memory
        // gets the row-major layout instead, so a valid layout stays a valid case.
        spec->strides = row_major;
        spec->offset = 0;
        storage = count_elements(spec->dims);
    }
    plain = spec->strides == row_major && spec->offset == 0;
    spec->null_strides = plain && c.chance(1, 2);
    switch (c.range(0, 3)) {
        case 0:
            spec->storage_dims = {1, storage};
            break;
        case 1:
            spec->storage_dims = storage % 2 == 0 ? std::vector<int64_t>{2, storage / 2}
                                                  : std::vector<int64_t>{storage};
            break;
        default:
            spec->storage_dims = {storage};
            break;
    }
}

// ---- FuzzTensor ------------------------------------------------------------------------------

FuzzTensor::~FuzzTensor() {
    if (handle_ != nullptr) {
        aclDestroyTensor(handle_);
    }
}

void FuzzTensor::fill(Choices& c, ValueKind kind) {
    const int64_t n = count_elements(spec.storage_dims);
    values_.clear();
    if (!is_value_dtype(spec.dtype) || n <= 0 || n > kMaxStorageElements) {
        return;
    }
    values_.resize(static_cast<size_t>(n));
    for (double& v : values_) {
        v = test::round_to_dtype(draw_value(c, kind), static_cast<aclDataType>(spec.dtype));
    }
}

bool FuzzTensor::create(Report& report) {
    const int64_t n = count_elements(spec.storage_dims);
    size_t storage_bytes = 0;
    const bool small = n >= 0 && n <= kMaxStorageElements;
    if (small) {
        const size_t element = std::max<size_t>(c_aclDataTypeSize(spec.dtype), 1);
        storage_bytes = static_cast<size_t>(n) * element;
    }
    if (is_value_dtype(spec.dtype) && small && values_.size() == static_cast<size_t>(n)) {
        bytes_ = test::encode_values(values_, static_cast<aclDataType>(spec.dtype));
    } else {
        bytes_.assign(storage_bytes, 0);
    }
    if (!small) {
        bytes_.assign(4, 0);  // hostile storage dims over a 4-byte block (creation must reject)
    }
    void* data = nullptr;
    switch (spec.memory) {
        case Memory::Device:
            if (!buffer_.create(bytes_.size(), bytes_, report)) {
                return false;
            }
            data = buffer_.data();
            break;
        case Memory::Short: {
            const size_t short_bytes = bytes_.size() / 2;
            std::vector<uint8_t> part(bytes_.begin(), bytes_.begin() + short_bytes);
            if (!buffer_.create(short_bytes, part, report, /*guarded=*/false)) {
                return false;
            }
            data = buffer_.data();
            break;
        }
        case Memory::Host:
            host_ = bytes_;
            host_.resize(std::max<size_t>(host_.size(), 1));
            data = host_.data();
            break;
        case Memory::None:
            break;
    }
    handle_ = c_aclCreateTensor(spec.dims.data(),
                                spec.dims.size(),
                                spec.dtype,
                                spec.null_strides ? nullptr : spec.strides.data(),
                                spec.offset,
                                spec.format,
                                spec.storage_dims.data(),
                                spec.storage_dims.size(),
                                data);
    return handle_ != nullptr;
}

bool FuzzTensor::read(std::vector<double>* now, Report& report, const std::string& name) const {
    std::vector<uint8_t> bytes;
    if (!buffer_.read(&bytes, report, name)) {
        return false;
    }
    *now = test::decode_values(bytes, static_cast<aclDataType>(spec.dtype));
    return true;
}

void FuzzTensor::check_storage(Report& report,
                               const std::string& name,
                               const std::vector<bool>* written) const {
    std::vector<uint8_t> bytes;
    if (!buffer_.read(&bytes, report, name)) {
        return;
    }
    if (spec.memory == Memory::Host && host_.size() >= bytes_.size()
        && std::memcmp(host_.data(), bytes_.data(), bytes_.size()) != 0) {
        report.fail("%s: its host storage was written", name.c_str());
    }
    if (bytes.size() != bytes_.size() && spec.memory == Memory::Device) {
        report.fail("%s: storage size changed", name.c_str());
        return;
    }
    const size_t element = std::max<size_t>(value_bytes(spec.dtype), 1);
    for (size_t i = 0; i < bytes.size(); ++i) {
        const size_t e = i / element;
        if (written != nullptr && e < written->size() && (*written)[e]) {
            continue;
        }
        if (bytes[i] != bytes_[i]) {
            report.fail("%s: storage element %zu (outside what the call may write) changed",
                        name.c_str(),
                        e);
            return;
        }
    }
}

void* FuzzTensor::relocate(Report& report) {
    GuardedBuffer moved;  // made before the old block is freed, so its address differs
    if (!moved.create(bytes_.size(), bytes_, report)) {
        return nullptr;
    }
    buffer_.swap(moved);
    return buffer_.data();
}

bool within(double got, double exact, double error, int dtype) {
    if (std::isnan(exact)) {
        return std::isnan(got);
    }
    if (std::isinf(exact)) {
        return got == exact;
    }
    const auto type = static_cast<aclDataType>(dtype);
    const double lo = test::round_to_dtype(exact - error, type);
    const double hi = test::round_to_dtype(exact + error, type);
    return got >= lo && got <= hi;
}

}  // namespace aclemu::fuzz
