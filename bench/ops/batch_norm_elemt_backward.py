"""Torch recipe of aclnnBatchNormElemtBackward (bench/compare_torch.py): CUDA
torch.batch_norm_backward_elemt; CPU the same formula in tensor ops."""
from compare_support import Built, Case, element_size, uniform


def build(ctx, spec):
    import torch
    n, c, l = spec["n"], spec["c"], spec["l"]
    dt, dev, gen, bufs = ctx.dtype, ctx.device, ctx.gen, ctx.bufs
    x = uniform((n, c, l), -3.0, 3.0, dt, dev, gen)
    mean = uniform((c,), -0.5, 0.5, torch.float32, dev, gen)
    invstd = uniform((c,), 0.5, 2.0, torch.float32, dev, gen)
    weight = uniform((c,), 0.5, 1.5, torch.float32, dev, gen)
    dy = uniform((n, c, l), -1.0, 1.0, dt, dev, gen)
    sum_dy = uniform((c,), -10.0, 10.0, torch.float32, dev, gen)
    sum_dy_xmu = uniform((c,), -10.0, 10.0, torch.float32, dev, gen)
    count = torch.full((2,), float(n * l), dtype=torch.int32, device=dev)
    tdy, tx, tmean, tinv, tw, tsd, tsx, tcnt = [
        bufs.upload(t)[0] for t in (dy, x, mean, invstd, weight, sum_dy, sum_dy_xmu, count)]
    out_t = torch.empty((n, c, l), dtype=dt, device=dev)
    tout, out_ptr = bufs.output(out_t)
    numel = n * c * l
    case = Case(spec["op"], spec["variant"], dt, f"{n}x{c}x{l}", numel,
                3 * numel * element_size(dt))
    total = float(2 * n * l)
    if dev == "cuda":
        def torch_fn():
            out_t.copy_(torch.batch_norm_backward_elemt(dy, x, mean, invstd, weight, sum_dy,
                                                        sum_dy_xmu, count))
    else:
        m3, i3, w3 = mean.view(1, c, 1), invstd.view(1, c, 1), weight.view(1, c, 1)
        md, mx = (sum_dy / total).view(1, c, 1), (sum_dy_xmu / total).view(1, c, 1)
        torch_fn = lambda: out_t.copy_((dy - md - (x - m3) * i3 * i3 * mx) * i3 * w3)
    fetch = lambda: [bufs.download(out_ptr, out_t)]
    fetch_t = lambda: [out_t.cpu()]
    return Built(case, "aclnnBatchNormElemtBackward",
                 (tdy, tx, tmean, tinv, tw, tsd, tsx, tcnt, tout), torch_fn, fetch, fetch_t)


OPS = [dict(name="BatchNormElemtBackward", shape="batch_norm", build=build)]
