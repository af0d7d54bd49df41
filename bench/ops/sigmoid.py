"""Torch recipes of aclnnSigmoid and aclnnInplaceSigmoid (bench/compare_torch.py;
compare_support.py)."""
from compare_support import Built, elementwise, in_place


def build(ctx, spec):
    import torch
    e = elementwise(ctx, spec, [(-8.0, 8.0)])
    x = e.ins[0]
    torch_fn = lambda: torch.sigmoid(x, out=e.out_t)
    reference = lambda: [1 / (1 + torch.exp(-x.double()))]
    return Built(e.case, "aclnnSigmoid", (e.tins[0], e.tout), torch_fn, e.fetch, e.fetch_t,
                 reference)


def build_inplace(ctx, spec):
    import torch
    e = in_place(ctx, elementwise(ctx, spec, [(-8.0, 8.0)]))
    x = e.ins[0]
    torch_fn = lambda: x.sigmoid_()
    reference = lambda: [1 / (1 + torch.exp(-e.first[0].double()))]
    return Built(e.case, "aclnnInplaceSigmoid", (e.tins[0],), torch_fn, e.fetch, e.fetch_t,
                 reference, e.restore)


OPS = [dict(name="Sigmoid", shape="elementwise", build=build),
       dict(name="InplaceSigmoid", shape="elementwise", build=build_inplace)]
