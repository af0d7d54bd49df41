// Running CPU kernel tests once per x86 path (Note [x86 paths], kernels_cpu/x86/isa.h): the
// instruction sets this CPU and build can run, each forced for a scope, so every path is checked
// against the references and against the portable one.
//
//   for_each_cpu_isa([&](CpuIsa isa) { ... run the kernel, check ... });
#pragma once

#include "kernels_cpu/x86/isa.h"

#include <gtest/gtest.h>

#include <vector>

namespace aclemu::test {

using kernels::cpu::CpuIsa;

/// Every set this CPU and build can run, narrowest (Baseline) first.
inline std::vector<CpuIsa> runnable_isas() {
    std::vector<CpuIsa> isas;
    const int widest = static_cast<int>(kernels::cpu::cpu_isa_supported());
    for (int i = 0; i <= widest; ++i) {
        isas.push_back(static_cast<CpuIsa>(i));
    }
    return isas;
}

inline const char* isa_label(CpuIsa isa) {
    switch (isa) {
        case CpuIsa::Baseline:
            return "baseline";
        case CpuIsa::Avx2F16c:
            return "avx2+f16c";
        case CpuIsa::Avx512:
            return "avx512";
    }
    return "?";
}

/// Caps the kernels' paths at `isa` for its lifetime.
class ForcedIsa {
public:
    explicit ForcedIsa(CpuIsa isa) : ok_(kernels::cpu::force_cpu_isa(isa)) {}
    ~ForcedIsa() { kernels::cpu::unforce_cpu_isa(); }
    ForcedIsa(const ForcedIsa&) = delete;
    ForcedIsa& operator=(const ForcedIsa&) = delete;
    bool ok() const { return ok_; }

private:
    bool ok_;
};

/// Calls body(isa) once per runnable set, with the paths capped at it.
template <class Body>
void for_each_cpu_isa(const Body& body) {
    for (CpuIsa isa : runnable_isas()) {
        SCOPED_TRACE(isa_label(isa));
        ForcedIsa forced(isa);
        ASSERT_TRUE(forced.ok());
        body(isa);
    }
}

}  // namespace aclemu::test
