"""Torch recipe of aclnnBatchNormElemt (bench/compare_torch.py): CUDA torch.batch_norm_elemt;
CPU (x - mean) * (invstd * w) + b into a preallocated output."""
import ctypes

from compare_support import Built, Case, element_size, uniform

EPS = 1e-5


def build(ctx, spec):
    import torch
    n, c, l = spec["n"], spec["c"], spec["l"]
    dt, dev, gen, bufs = ctx.dtype, ctx.device, ctx.gen, ctx.bufs
    x = uniform((n, c, l), -3.0, 3.0, dt, dev, gen)
    mean = uniform((c,), -0.5, 0.5, torch.float32, dev, gen)
    invstd = uniform((c,), 0.5, 2.0, torch.float32, dev, gen)
    weight = uniform((c,), 0.5, 1.5, torch.float32, dev, gen)
    bias = uniform((c,), -0.5, 0.5, torch.float32, dev, gen)
    tx, tmean, tinv, tw, tb = [bufs.upload(t)[0] for t in (x, mean, invstd, weight, bias)]
    out_t = torch.empty((n, c, l), dtype=dt, device=dev)
    tout, out_ptr = bufs.output(out_t)
    numel = n * c * l
    case = Case(spec["op"], spec["variant"], dt, f"{n}x{c}x{l}", numel,
                2 * numel * element_size(dt))
    if dev == "cuda":
        torch_fn = lambda: torch.batch_norm_elemt(x, weight, bias, mean, invstd, EPS, out=out_t)
    else:
        m3, i3, w3, b3 = (t.view(1, c, 1) for t in (mean, invstd, weight, bias))
        torch_fn = lambda: out_t.copy_((x - m3) * (i3 * w3) + b3)
    fetch = lambda: [bufs.download(out_ptr, out_t)]
    fetch_t = lambda: [out_t.cpu()]
    return Built(case, "aclnnBatchNormElemt",
                 (tx, tw, tb, tmean, tinv, ctypes.c_double(EPS), tout), torch_fn, fetch, fetch_t)


OPS = [dict(name="BatchNormElemt", shape="batch_norm", build=build)]
