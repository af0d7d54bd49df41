// The per-repeat reductions (ReduceRepeat / WholeReduce*, ReduceDataBlock / BlockReduce*,
// ReducePairElem / PairReduceSum, RepeatReduceSum) and the gathers (Gather, Gatherb, GatherMask),
// for test_ascendc_reduce_gather, which computes the references. Each output section
// (reduce_gather_kernels.h) starts as kFill.
#include "reduce_gather_kernels.h"

#include "kernel_operator.h"

using namespace AscendC;

// Conditional picks an element type at compile time (CANN's reduce_repeat example uses it).
static_assert(std::is_same_v<Conditional<true, float, half>::type, float>);
static_assert(std::is_same_v<Conditional<false, float, half>::type, half>);

extern "C" __global__ __aicore__ void reduce_gather_kernel(GM_ADDR x,
                                                           GM_ADDR xh,
                                                           GM_ADDR offsets,
                                                           GM_ADDR out) {
    using namespace reduce_gather_layout;
    GlobalTensor<float> x_gm;
    GlobalTensor<half> xh_gm;
    GlobalTensor<uint32_t> offsets_gm;
    GlobalTensor<uint8_t> out_gm;
    x_gm.SetGlobalBuffer((__gm__ float*)x, 256);
    xh_gm.SetGlobalBuffer((__gm__ half*)xh, 256);
    offsets_gm.SetGlobalBuffer((__gm__ uint32_t*)offsets, 256);
    out_gm.SetGlobalBuffer((__gm__ uint8_t*)out, kBytes);
    LocalMemAllocator<Hardware::UB> ub;
    LocalTensor<float> f = ub.Alloc<float, 256>();
    LocalTensor<half> h = ub.Alloc<half, 256>();
    LocalTensor<uint32_t> offs = ub.Alloc<uint32_t, 256>();
    LocalTensor<uint8_t> o = ub.Alloc<uint8_t, kBytes>();
    DataCopy(f, x_gm, 256);
    DataCopy(h, xh_gm, 256);
    DataCopy(offs, offsets_gm, 256);
    Duplicate(o, static_cast<uint8_t>(kFill), kBytes);  // by value: kFill is host-only
    auto floats = [&](uint32_t at) { return o[at].ReinterpretCast<float>(); };

    WholeReduceSum<float>(floats(kWholeSum), f, 64, 4, 1, 1, 8);
    // The first 48 of repeats 0 and 1, src repeats 16 blocks apart: [value, index] pairs.
    ReduceRepeat<ReduceType::MAX, float>(floats(kRepeatMax), f, 48, 2, 1, 1, 16);
    // Odd elements of each repeat, src blocks 2 apart, results 2 pairs apart, [index, value].
    const uint64_t odd[2] = {0xAAAAAAAAAAAAAAAAull, 0};
    WholeReduceMin(floats(kWholeMin), f, odd, 2, 2, 2, 8, ReduceOrder::ORDER_INDEX_VALUE);
    ReduceRepeat<ReduceType::MAX, float>(
        floats(kOnlyIndex), f, 64, 2, 1, 1, 8, ReduceOrder::ORDER_ONLY_INDEX);
    ReduceRepeat<ReduceType::MIN, float>(
        floats(kOnlyValue), f, 64, 2, 1, 1, 8, ReduceOrder::ORDER_ONLY_VALUE);

    BlockReduceSum<float>(floats(kBlockSum), f, 2, 64, 1, 1, 8);
    // Mask 20: blocks 0 and 1 whole, block 2 its first 4, blocks 3..7 nothing (not written).
    BlockReduceMax<float>(floats(kBlockMax), f, 1, 20, 1, 1, 8);
    // Even blocks only (bit-wise mask), results of repeat 1 two units (16 floats) on.
    const uint64_t even_blocks[2] = {0x00FF00FF00FF00FFull, 0};
    ReduceDataBlock<ReduceType::MIN, float>(floats(kDataBlockMin), f, even_blocks, 2, 2, 1, 8);

    PairReduceSum<float>(floats(kPairSum), f, 2, 64, 1, 1, 8);
    ReducePairElem<ReduceType::SUM, float>(floats(kPairElem), f, 40, 1, 1, 1, 8);

    WholeReduceSum<half>(o[kHalfWholeSum].ReinterpretCast<half>(), h, 128, 2, 1, 1, 8);
    BlockReduceSum<half>(o[kHalfBlockSum].ReinterpretCast<half>(), h, 1, 128, 1, 1, 8);

    // Counter mode from the register: 100 elements, so 2 repeats (64 + 36).
    SetMaskCount();
    SetVectorMask<float, MaskMode::COUNTER>(100);
    WholeReduceSum<float, false>(floats(kCounterSum), f, MASK_PLACEHOLDER, 1, 1, 1, 8);
    SetMaskNorm();
    ResetMask();
    RepeatReduceSum<float>(floats(kRepeatReduce), f, 2, 10, 0, 1, 1, 8);

    Gather(floats(kGatherCount), f, offs, 0, 64);
    // Mask 32, 2 repeats, base 16 bytes, dst repeats 16 blocks (128 floats) apart.
    Gather(floats(kGatherRepeat), f, offs, 16, 32, 2, 16);
    Gather(o[kGatherHalf].ReinterpretCast<half>(), h, offs[128], 0, 128, 1, 8);
    // Gatherb: dst block j (blocks 2 apart) from byte (j * 5 % 8) * 96 of f.
    LocalTensor<uint32_t> blocks = ub.Alloc<uint32_t, 8>();
    for (uint32_t j = 0; j < 8; ++j) {
        blocks.SetValue(j, (j * 5 % 8) * 96);
    }
    Gatherb(floats(kGatherb), f, blocks, 1, GatherRepeatParams(2, 16));
    // GatherMask, built-in pattern 2 (odd elements), Normal mode, 2 repeats of 64.
    uint64_t fixed_count = 0;
    GatherMask(
        floats(kGatherMaskFixed), f, static_cast<uint8_t>(2), false, 0, {1, 2, 8, 0}, fixed_count);
    // GatherMask, the offsets' bits as the pattern, Counter mode: 70 elements a repeat, src
    // repeats 4 blocks apart, the pattern's 1 block apart. It leaves the mask in Normal mode.
    SetMaskCount();
    uint64_t user_count = 0;
    GatherMask(floats(kGatherMaskUser), f, offs, true, 70, {1, 2, 4, 1}, user_count);
    LocalTensor<uint32_t> counts = o[kGatherCounts].ReinterpretCast<uint32_t>();
    counts.SetValue(0, static_cast<uint32_t>(fixed_count));
    counts.SetValue(1, static_cast<uint32_t>(user_count));
    Adds(floats(kAfterGatherMask), f, 1.0f, 8, 2, {1, 1, 8, 8});
    // The repeat forms of ReduceSum/Max/Min (tmp holds the repeats' sums).
    LocalTensor<float> tmp = ub.Alloc<float, 72>();
    ReduceSum(floats(kRepeatFormSum), f, tmp, 64, 3, 8);
    ReduceMax(floats(kRepeatFormMax), f, tmp, 48, 2, 16, true);
    ReduceMin(floats(kRepeatFormMin), f, tmp, odd, 4, 8, true);
    // 70 repeats of the same 64 elements (srcRepStride 0): two rounds of trees.
    ReduceSum(floats(kRepeatFormRounds), f, tmp, 64, 70, 0);
    DataCopy(out_gm, o, kBytes);
}

// GetReduceRepeatSumSpr and GetTPipePtr()->FetchEventID, as CANN's reduce_computation
// example calls them (GetTPipePtr without AscendC::).
extern "C" __global__ __aicore__ void pipe_spr_kernel(GM_ADDR x, GM_ADDR out) {
    AscendC::GlobalTensor<float> x_gm, out_gm;
    x_gm.SetGlobalBuffer((__gm__ float*)x, 256);
    out_gm.SetGlobalBuffer((__gm__ float*)out, 8);
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 256 * 4 + 3 * 32);
    AscendC::LocalTensor<float> all = buf.Get<float>();
    AscendC::LocalTensor<float> src = all;
    AscendC::LocalTensor<float> dst = all[256];
    AscendC::LocalTensor<float> tmp = all[264];
    AscendC::DataCopy(src, x_gm, 256);
    AscendC::Duplicate(dst, 0.0f, 8);
    AscendC::ReduceSum<float>(dst, src, tmp, 200);
    const int32_t event =
        static_cast<int32_t>(GetTPipePtr()->FetchEventID(AscendC::HardEvent::V_S));
    AscendC::SetFlag<AscendC::HardEvent::V_S>(event);
    AscendC::WaitFlag<AscendC::HardEvent::V_S>(event);
    dst.SetValue(1, AscendC::GetReduceRepeatSumSpr<float>());
    dst.SetValue(2, GetTPipePtr() == &pipe ? 1.0f : 0.0f);
    AscendC::DataCopy(out_gm, dst, 8);
}

uint32_t launch_pipe_spr(void* stream, void* x, void* out) {
    return pipe_spr_kernel<<<1, 0, stream>>>(x, out);
}

uint32_t launch_reduce_gather(void* stream, void* x, void* xh, void* offsets, void* out) {
    return reduce_gather_kernel<<<1, 0, stream>>>(x, xh, offsets, out);
}
