// Kernels with one deliberate bug each, for the proof that the GPU simulator (or a sanitizer
// build of it) reports such bugs: tests/gpusim/planted/planted_bug_main.cpp runs one in a child
// process and ctest checks the report. Each launcher returns gpusimGetLastError() after the
// launch.
#pragma once

namespace aclemu::gpusim_test {

/// out[i] = in[i] + in[i + 1 within the block] through shared memory, without the barrier
/// between the writes and the reads. Blocks of 256; n a multiple of 256.
int launch_missing_barrier(const float* in, float* out, int n, void* stream);

/// out[i] = 2 in[i] for i in [0, n], one past the end of both.
int launch_one_past_the_end(const float* in, float* out, int n, void* stream);

/// Copies n_vectors 16-byte vectors from `in + 1` (4 bytes past a 16-byte boundary) to out.
int launch_misaligned_vector_load(const float* in, float* out, int n_vectors, void* stream);

/// out[b] = the block sum of in[256 b ..], written by every thread of the block: threads other
/// than 0 write the reduction's invalid result. `blocks` blocks of 256.
int launch_reduction_read_outside_thread_zero(const float* in,
                                              float* out,
                                              int blocks,
                                              void* stream);

/// out[0] = the sum of in[0 .. n) by every thread adding into it without an atomic. n a multiple
/// of 256.
int launch_missing_atomic(const float* in, float* out, int n, void* stream);

/// out[2 b + r] = the sum of in[(2 b + r) 256 ..] for rounds r = 0, 1 through one shared tile,
/// without a barrier between thread 0's reads of a round and the next round's writes.
int launch_shared_reuse_without_barrier(const float* in, float* out, int blocks, void* stream);

/// out[i] = in[i] + in[i ^ 1] in the first half of each block, in[i] in the second, with the two
/// halves at different __syncthreads(). n a multiple of 256.
int launch_divergent_barrier(const float* in, float* out, int n, void* stream);

}  // namespace aclemu::gpusim_test
