// platform_ascendc on aclemu: what host tiling code asks about the emulated SoC (an A2-class
// Ascend910B: 24 AI cores, 48 vector cores, 192 KB UB per vector core), so tiling sizes agree
// with what the kernels get (docs/ascendc.md).
#pragma once

#include <cstdint>

namespace platform_ascendc {

enum class CoreMemType { L0_A = 0, L0_B = 1, L0_C = 2, L1 = 3, L2 = 4, UB = 5, HBM = 6, RESERVED };
enum class SocVersion {
    ASCEND910 = 0,
    ASCEND910B,
    ASCEND310P,
    ASCEND310B,
    ASCEND910_93,
    ASCEND950,
    RESERVED_VERSION
};

class PlatformAscendC {
public:
    constexpr PlatformAscendC() = default;
    explicit PlatformAscendC(const void* /*platform info*/) {}
    constexpr uint32_t GetCoreNum() const { return kVectorCores; }
    constexpr uint32_t GetCoreNumAic() const { return kCubeCores; }
    constexpr uint32_t GetCoreNumAiv() const { return kVectorCores; }
    constexpr uint32_t GetCoreNumVector() const { return kVectorCores; }
    SocVersion GetSocVersion() const { return SocVersion::ASCEND910B; }
    /// The Unified Buffer of one vector core, in bytes.
    static constexpr uint32_t kUbBytes = 192 * 1024;

    void GetCoreMemSize(CoreMemType type, uint64_t& size) const {
        switch (type) {
            case CoreMemType::UB:
                size = kUbBytes;
                break;
            case CoreMemType::L1:
                size = 512 * 1024;
                break;
            case CoreMemType::L0_A:
            case CoreMemType::L0_B:
                size = 64 * 1024;
                break;
            case CoreMemType::L0_C:
                size = 128 * 1024;
                break;
            case CoreMemType::L2:
                size = 192ull * 1024 * 1024;
                break;
            default:
                size = 0;
                break;
        }
    }
    uint32_t CalcTschBlockDim(uint32_t slice, uint32_t aic, uint32_t aiv) const {
        (void)aic;
        (void)aiv;
        return slice;
    }
    uint32_t GetLibApiWorkSpaceSize() const { return 0; }

private:
    static constexpr uint32_t kCubeCores = 24;
    static constexpr uint32_t kVectorCores = 48;
};

class PlatformAscendCManager {
public:
    static PlatformAscendC* GetInstance() {
        static PlatformAscendC platform;
        return &platform;
    }
    static PlatformAscendC* GetInstance(const char* /*custom soc version*/) {
        return GetInstance();
    }
};

}  // namespace platform_ascendc
