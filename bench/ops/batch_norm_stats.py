"""Torch recipe of aclnnBatchNormStats (bench/compare_torch.py): CUDA torch.batch_norm_stats;
CPU (no native kernel) torch.var_mean over every dim but 1, invstd = rsqrt(var + eps)."""
import ctypes

from compare_support import Built, Case, element_size, uniform

EPS = 1e-5


def build(ctx, spec):
    import torch
    n, c, l = spec["n"], spec["c"], spec["l"]
    x = uniform((n, c, l), -3.0, 3.0, ctx.dtype, ctx.device, ctx.gen)
    tx, _ = ctx.bufs.upload(x)
    outs = [torch.empty(c, dtype=torch.float32, device=ctx.device) for _ in range(2)]
    touts = [ctx.bufs.output(o) for o in outs]
    numel = n * c * l
    case = Case(spec["op"], spec["variant"], ctx.dtype, f"{n}x{c}x{l}", numel,
                numel * element_size(ctx.dtype))
    result = {}
    if ctx.device == "cuda":
        def torch_fn():
            result["r"] = torch.batch_norm_stats(x, EPS)
    else:
        def torch_fn():
            var, mean = torch.var_mean(x.float(), [0, 2], correction=0)
            result["r"] = (mean, torch.rsqrt(var + EPS))
    fetch_t = lambda: [r.float().cpu() for r in result["r"]]
    fetch = lambda: [ctx.bufs.download(p, o) for (_, p), o in zip(touts, outs)]
    return Built(case, "aclnnBatchNormStats", (tx, ctypes.c_double(EPS), touts[0][0], touts[1][0]),
                 torch_fn, fetch, fetch_t)


OPS = [dict(name="BatchNormStats", shape="batch_norm", build=build,
            tolerance=lambda: 1e-3)]  # fp32 outputs; sums in a different order
