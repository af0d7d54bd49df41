"""Torch recipe of aclnnBatchNormGatherStatsWithCounts (bench/compare_torch.py): two devices'
[2, c] statistics and counts merged into meanAll and invstdAll. CUDA:
torch.batch_norm_gather_stats_with_counts; CPU (no native kernel): the count-weighted merge in
tensor ops. Running statistics are given to both and not compared."""
import ctypes

from compare_support import Built, Case, uniform

EPS = 1e-5
MOMENTUM = 0.1


def build(ctx, spec):
    import torch
    n, c, l = spec["n"], spec["c"], spec["l"]
    dev, gen, bufs = ctx.device, ctx.gen, ctx.bufs
    x = uniform((n, c, l), -1.0, 1.0, ctx.dtype, dev, gen)
    mean = uniform((2, c), -0.5, 0.5, torch.float32, dev, gen)
    invstd = uniform((2, c), 0.5, 2.0, torch.float32, dev, gen)
    run_mean = uniform((c,), -0.5, 0.5, torch.float32, dev, gen)
    run_var = uniform((c,), 0.5, 1.5, torch.float32, dev, gen)
    counts = uniform((2,), 1000.0, 2000.0, torch.float32, dev, gen).round()
    tins = [bufs.upload(t)[0] for t in (x, mean, invstd, run_mean.clone(), run_var.clone())]
    tcounts, _ = bufs.upload(counts)
    outs = [torch.empty(c, dtype=torch.float32, device=dev) for _ in range(2)]
    touts = [bufs.output(o) for o in outs]
    case = Case(spec["op"], spec["variant"], ctx.dtype, f"{n}x{c}x{l}", n * c * l, 10 * c * 4)
    args = tuple(tins) + (ctypes.c_double(MOMENTUM), ctypes.c_double(EPS), tcounts,
                          touts[0][0], touts[1][0])
    result = {}
    if dev == "cuda":
        def torch_fn():
            result["r"] = torch.batch_norm_gather_stats_with_counts(
                x, mean, invstd, run_mean, run_var, MOMENTUM, EPS, counts)
    else:
        w = counts.view(2, 1)

        def torch_fn():
            total = counts.sum()
            mean_all = (mean * w).sum(0) / total
            var = ((1.0 / (invstd * invstd) - EPS + (mean - mean_all) ** 2) * w).sum(0) / total
            result["r"] = (mean_all, torch.rsqrt(var + EPS))
    fetch_t = lambda: [r.float().cpu() for r in result["r"]]
    fetch = lambda: [bufs.download(p, o) for (_, p), o in zip(touts, outs)]
    return Built(case, "aclnnBatchNormGatherStatsWithCounts", args, torch_fn, fetch, fetch_t)


OPS = [dict(name="BatchNormGatherStats", shape="batch_norm", build=build,
            tolerance=lambda: 1e-3)]  # fp32 outputs; sums in a different order
