"""Torch recipe of aclnnSigmoidBackward (bench/compare_torch.py; compare_support.py)."""
from compare_support import Built, elementwise


def build(ctx, spec):
    import torch
    e = elementwise(ctx, spec, [(-1.0, 1.0), (0.01, 0.99)])
    dy, y = e.ins
    torch_fn = lambda: torch.ops.aten.sigmoid_backward.grad_input(dy, y, grad_input=e.out_t)
    reference = lambda: [dy.double() * (1 - y.double()) * y.double()]
    return Built(e.case, "aclnnSigmoidBackward", (e.tins[0], e.tins[1], e.tout), torch_fn,
                 e.fetch, e.fetch_t, reference)


OPS = [dict(name="SigmoidBackward", shape="elementwise", build=build)]
