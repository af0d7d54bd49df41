"""Torch recipe of aclnnLogit, eps 1e-6 (bench/compare_torch.py; compare_support.py)."""
import ctypes

from compare_support import Built, elementwise

EPS = 1e-6


def build(ctx, spec):
    import torch
    e = elementwise(ctx, spec, [(0.01, 0.99)])
    x = e.ins[0]
    torch_fn = lambda: torch.logit(x, EPS, out=e.out_t)
    # Inputs lie inside [eps, 1 - eps]: the float64 logit needs no clamp.
    reference = lambda: [torch.log(x.double() / (1 - x.double()))]
    return Built(e.case, "aclnnLogit", (e.tins[0], ctypes.c_double(EPS), e.tout), torch_fn,
                 e.fetch, e.fetch_t, reference)


def tolerance():
    import torch
    return {torch.float32: 1e-4, torch.float16: 4e-3, torch.bfloat16: 1.6e-2}


OPS = [dict(name="Logit", shape="elementwise", build=build, tolerance=tolerance)]
