"""Torch recipe of aclnnLogitGrad (bench/compare_torch.py; compare_support.py)."""
import ctypes

from compare_support import Built, elementwise

EPS = 1e-6


def build(ctx, spec):
    import torch
    e = elementwise(ctx, spec, [(0.01, 0.99), (-1.0, 1.0)])
    x, dy = e.ins
    tx, tdy = e.tins
    torch_fn = lambda: torch.ops.aten.logit_backward.grad_input(dy, x, EPS, grad_input=e.out_t)
    # Inputs lie inside [eps, 1 - eps]: every x is in range.
    reference = lambda: [dy.double() / (x.double() * (1 - x.double()))]
    return Built(e.case, "aclnnLogitGrad", (tx, tdy, ctypes.c_double(EPS), e.tout), torch_fn,
                 e.fetch, e.fetch_t, reference)


OPS = [dict(name="LogitGrad", shape="elementwise", build=build)]
