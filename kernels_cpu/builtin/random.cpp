// aclrtRandomNumAsync on the CPU: the units of kernels_cu/builtin/random_units.h in contiguous
// ranges over the pool. Every unit is a pure function of the task, so the split changes nothing.
#include "kernels_cpu/builtin/builtin_kernels.h"
#include "kernels_cpu/cpu_parallel.h"
#include "kernels_cu/builtin/random_units.h"

#include <cstdint>

namespace aclemu::kernels::builtin::cpu {

void random(const RandomArgs& args, int threads) {
    const RandomValues values = load_random_values(args);
    const int64_t units = static_cast<int64_t>(random_unit_count(args, values.count));
    constexpr int64_t kGrain = 4096;  // units (each 10 Philox rounds or more)
    kernels::cpu::parallel_for(units, kGrain, threads, [&](int64_t begin, int64_t end) {
        bool overflow = false;
        for (int64_t unit = begin; unit < end; ++unit) {
            overflow = random_write_unit(args, values, static_cast<uint64_t>(unit)) || overflow;
        }
        if (overflow && args.overflow_flag != nullptr) {
            __atomic_store_n(args.overflow_flag, 1u, __ATOMIC_RELAXED);
        }
    });
}

}  // namespace aclemu::kernels::builtin::cpu
