"""Torch recipes of aclnnAdd (alpha 1.5) and aclnnMul (bench/compare_torch.py)."""
from compare_support import Built, elementwise

ALPHA = 1.5  # aclnnAdd's alpha (and torch.add's), as in aclemu_bench


def build_add(ctx, spec):
    import torch
    e = elementwise(ctx, spec, [(-4.0, 4.0), (-4.0, 4.0)])
    a, b = e.ins
    torch_fn = lambda: torch.add(a, b, alpha=ALPHA, out=e.out_t)
    args = (e.tins[0], e.tins[1], ctx.bufs.float_scalar(ALPHA), e.tout)
    reference = lambda: [a.double() + ALPHA * b.double()]
    return Built(e.case, "aclnnAdd", args, torch_fn, e.fetch, e.fetch_t, reference)


def build_mul(ctx, spec):
    import torch
    e = elementwise(ctx, spec, [(-4.0, 4.0), (-4.0, 4.0)])
    a, b = e.ins
    torch_fn = lambda: torch.mul(a, b, out=e.out_t)
    reference = lambda: [a.double() * b.double()]
    return Built(e.case, "aclnnMul", (e.tins[0], e.tins[1], e.tout), torch_fn, e.fetch,
                 e.fetch_t, reference)


def tolerance_add():
    """FLOAT: aclemu rounds alpha * other before the sum, never fused (docs/compatibility.md),
    so a sum that nearly cancels keeps half an ulp of the product (about 2.4e-7 at 6) against a
    denominator floored at 1e-3 of the largest value (about 0.01): 2.4e-5."""
    import torch
    return {torch.float32: 1e-4, torch.float16: 2e-3, torch.bfloat16: 1.6e-2}


OPS = [dict(name="Add", shape="elementwise", build=build_add, tolerance=tolerance_add),
       dict(name="Mul", shape="elementwise", build=build_mul)]
