"""Torch recipe of aclnnLogSigmoid (bench/compare_torch.py; compare_support.py)."""
from compare_support import Built, elementwise


def build(ctx, spec):
    import torch
    e = elementwise(ctx, spec, [(-8.0, 8.0)])
    x = e.ins[0]
    torch_fn = lambda: torch.ops.aten.log_sigmoid.out(x, out=e.out_t)
    xd = lambda: x.double()
    reference = lambda: [torch.clamp(xd(), max=0) - torch.log1p(torch.exp(-xd().abs()))]
    return Built(e.case, "aclnnLogSigmoid", (e.tins[0], e.tout), torch_fn, e.fetch, e.fetch_t,
                 reference)


OPS = [dict(name="LogSigmoid", shape="elementwise", build=build)]
