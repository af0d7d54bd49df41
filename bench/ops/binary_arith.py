"""Torch recipes of aclnnAdd (alpha 1.5) and aclnnMul (bench/compare_torch.py)."""
from compare_support import Built, elementwise

ALPHA = 1.5  # aclnnAdd's alpha (and torch.add's), as in aclemu_bench


def build_add(ctx, spec):
    import torch
    e = elementwise(ctx, spec, [(-4.0, 4.0), (-4.0, 4.0)])
    a, b = e.ins
    torch_fn = lambda: torch.add(a, b, alpha=ALPHA, out=e.out_t)
    args = (e.tins[0], e.tins[1], ctx.bufs.float_scalar(ALPHA), e.tout)
    return Built(e.case, "aclnnAdd", args, torch_fn, e.fetch, e.fetch_t)


def build_mul(ctx, spec):
    import torch
    e = elementwise(ctx, spec, [(-4.0, 4.0), (-4.0, 4.0)])
    a, b = e.ins
    torch_fn = lambda: torch.mul(a, b, out=e.out_t)
    return Built(e.case, "aclnnMul", (e.tins[0], e.tins[1], e.tout), torch_fn, e.fetch,
                 e.fetch_t)


OPS = [dict(name="Add", shape="elementwise", build=build_add),
       dict(name="Mul", shape="elementwise", build=build_mul)]
