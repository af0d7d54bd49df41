"""Torch recipe of aclnnBatchNormReduceBackward (bench/compare_torch.py).

CUDA: torch.batch_norm_backward_reduce(dy, x, mean, invstd, w, True, True, True); CPU (no
native kernel): sum_dy = dy.sum(dims), sum_dy_xmu = (dy * (x - mean)).sum(dims), grad_weight =
sum_dy_xmu * invstd, grad_bias = sum_dy, accumulated in fp32. Both sides are judged against a
float64 reference from the same inputs: PyTorch CUDA's fp16/bf16 results stray from it (on an
H200, 2026-11-28: a relative error, floored at 1e-3 of the largest sum, of 0.52 for bf16
16x16x16 and 0.04 for fp16; aclemu's gpu tests, against float64, passed on the same GPU), so
PyTorch is not the yardstick here.
"""
from compare_support import Built, Case, element_size, uniform


def build(ctx, spec):
    import torch
    n, c, l = spec["n"], spec["c"], spec["l"]
    dt, dev, gen, bufs = ctx.dtype, ctx.device, ctx.gen, ctx.bufs
    dy = uniform((n, c, l), -1.0, 1.0, dt, dev, gen)
    x = uniform((n, c, l), -3.0, 3.0, dt, dev, gen)
    mean = uniform((c,), -0.5, 0.5, torch.float32, dev, gen)
    invstd = uniform((c,), 0.5, 2.0, torch.float32, dev, gen)
    weight = uniform((c,), 0.5, 1.5, torch.float32, dev, gen)
    outs = [torch.empty(c, dtype=torch.float32, device=dev) for _ in range(4)]
    tensors = [bufs.upload(t)[0] for t in (dy, x, mean, invstd, weight)]
    touts = [bufs.output(o) for o in outs]
    numel = n * c * l
    case = Case(spec["op"], spec["variant"], dt, f"{n}x{c}x{l}", numel,
                2 * numel * element_size(dt))
    args = tuple(tensors) + (True, True, True) + tuple(t for t, _ in touts)
    if dev == "cuda":
        result = {}

        def torch_fn():
            result["r"] = torch.batch_norm_backward_reduce(dy, x, mean, invstd, weight,
                                                           True, True, True)
        fetch_t = lambda: [r.float().cpu() for r in result["r"]]
    else:
        dims = [0, 2]
        m3 = mean.view(1, c, 1)

        def torch_fn():
            torch.sum(dy, dims, dtype=torch.float32, out=outs[0])
            torch.sum(dy * (x - m3), dims, dtype=torch.float32, out=outs[1])
            torch.mul(outs[1], invstd, out=outs[2])
            outs[3].copy_(outs[0])
        fetch_t = lambda: [o.cpu() for o in outs]
    fetch = lambda: [bufs.download(p, o) for (_, p), o in zip(touts, outs)]

    def reference():
        d, xmu = dy.double(), x.double() - mean.double().view(1, c, 1)
        sum_dy = d.sum((0, 2))
        sum_dy_xmu = (d * xmu).sum((0, 2))
        return [sum_dy, sum_dy_xmu, sum_dy_xmu * invstd.double(), sum_dy]
    return Built(case, "aclnnBatchNormReduceBackward", args, torch_fn, fetch, fetch_t, reference)


OPS = [dict(name="BatchNormReduceBackward", shape="batch_norm", build=build, named_shapes=True,
            tolerance=lambda: 1e-3)]  # fp32 outputs; sums in a different order
