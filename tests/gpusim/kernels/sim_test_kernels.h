// Kernels that exercise the GPU simulator's execution model (tests/gpusim), built by
// aclemu_add_gpusim_kernels like kernels_cu. Each launcher launches on `stream` (a
// gpusimStream_t, nullptr for the legacy stream) and returns gpusimGetLastError() after the
// launch: 0, or why the launch was refused.
#pragma once

#include <cstddef>
#include <cstdint>

namespace aclemu::gpusim_test {

struct Dims {
    unsigned x = 1, y = 1, z = 1;
};

/// Thread (t) of block (b) writes {b.x, b.y, b.z, t.x, t.y, t.z} to out[6 * (linear block *
/// threads per block + linear thread)].
int launch_record_positions(Dims grid, Dims block, uint32_t* out, void* stream);

/// A kernel declared __launch_bounds__(128): each thread writes 1.0f to out[linear thread].
int launch_bounded_128(Dims block, float* out, void* stream);

/// A kernel a macro defines with __launch_bounds__(64) and its name on separate lines
/// (split_bound_kernels.cuh), launched with `threads` threads: each writes 3.0f to out[thread].
int launch_split_bounded_64(unsigned threads, float* out, void* stream);

/// An unbounded kernel launched with `dynamic_shared_bytes` of dynamic shared memory.
int launch_with_dynamic_shared(size_t dynamic_shared_bytes, float* out, void* stream);

/// out[b] = sum of in[256 b .. 256 b + 255] by a shared-memory tree with a barrier per level
/// (blocks of 256 threads, `blocks` of them).
int launch_block_sums(const float* in, float* out, unsigned blocks, void* stream);

/// Thread t of block b copies word t of a __shared__ array to out[256 b + t] before writing it:
/// what each block finds in shared memory when it starts.
int launch_read_fresh_shared(uint32_t* out, unsigned blocks, void* stream);

/// Every thread of `blocks` x 256 adds 1 to *count and 0.5f to *sum with atomicAdd.
int launch_atomic_adds(int* count, float* sum, unsigned blocks, void* stream);

/// One block of 256: out[t] = gpucub::BlockReduce<float, 256>::Sum(in[t]) as thread t sees it.
int launch_block_reduce_results(const float* in, float* out, void* stream);

/// The same reduction in a block of 128 threads: a broken contract the simulator reports.
int launch_block_reduce_in_wrong_block(const float* in, float* out, void* stream);

}  // namespace aclemu::gpusim_test
