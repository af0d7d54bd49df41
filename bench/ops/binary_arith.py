"""Torch recipes of aclnnAdd (alpha 1.5), aclnnAdds, aclnnInplaceAdd, aclnnMul, aclnnMuls and
aclnnInplaceMul (bench/compare_torch.py). The scalar forms take a FLOAT aclScalar `other`
(torch: a Python float, which keeps the tensor's dtype); the in-place forms write selfRef (torch:
add_/mul_ on the same view)."""
from compare_support import Built, elementwise, in_place

ALPHA = 1.5  # aclnnAdd's alpha (and torch.add's), as in aclemu_bench
OTHER = 0.75  # the scalar `other` of Adds and Muls, as in aclemu_bench
# InplaceMul's `other`: close to 1, so that the repeated timed calls keep selfRef's magnitude
# (the checked call starts again from the first values).
NEAR_ONE = (0.999, 1.001)


def build_add(ctx, spec):
    import torch
    e = elementwise(ctx, spec, [(-4.0, 4.0), (-4.0, 4.0)])
    a, b = e.ins
    torch_fn = lambda: torch.add(a, b, alpha=ALPHA, out=e.out_t)
    args = (e.tins[0], e.tins[1], ctx.bufs.float_scalar(ALPHA), e.tout)
    reference = lambda: [a.double() + ALPHA * b.double()]
    return Built(e.case, "aclnnAdd", args, torch_fn, e.fetch, e.fetch_t, reference)


def build_adds(ctx, spec):
    import torch
    e = elementwise(ctx, spec, [(-4.0, 4.0)])
    a = e.ins[0]
    torch_fn = lambda: torch.add(a, OTHER, alpha=ALPHA, out=e.out_t)
    args = (e.tins[0], ctx.bufs.float_scalar(OTHER), ctx.bufs.float_scalar(ALPHA), e.tout)
    reference = lambda: [a.double() + ALPHA * OTHER]
    return Built(e.case, "aclnnAdds", args, torch_fn, e.fetch, e.fetch_t, reference)


def build_inplace_add(ctx, spec):
    e = in_place(ctx, elementwise(ctx, spec, [(-4.0, 4.0), (-4.0, 4.0)]))
    a, b = e.ins
    torch_fn = lambda: a.add_(b, alpha=ALPHA)
    args = (e.tins[0], e.tins[1], ctx.bufs.float_scalar(ALPHA))
    reference = lambda: [e.first[0].double() + ALPHA * e.first[1].double()]
    return Built(e.case, "aclnnInplaceAdd", args, torch_fn, e.fetch, e.fetch_t, reference,
                 e.restore)


def build_mul(ctx, spec):
    import torch
    e = elementwise(ctx, spec, [(-4.0, 4.0), (-4.0, 4.0)])
    a, b = e.ins
    torch_fn = lambda: torch.mul(a, b, out=e.out_t)
    reference = lambda: [a.double() * b.double()]
    return Built(e.case, "aclnnMul", (e.tins[0], e.tins[1], e.tout), torch_fn, e.fetch,
                 e.fetch_t, reference)


def build_muls(ctx, spec):
    import torch
    e = elementwise(ctx, spec, [(-4.0, 4.0)])
    a = e.ins[0]
    torch_fn = lambda: torch.mul(a, OTHER, out=e.out_t)
    args = (e.tins[0], ctx.bufs.float_scalar(OTHER), e.tout)
    reference = lambda: [a.double() * OTHER]
    return Built(e.case, "aclnnMuls", args, torch_fn, e.fetch, e.fetch_t, reference)


def build_inplace_mul(ctx, spec):
    e = in_place(ctx, elementwise(ctx, spec, [(-4.0, 4.0), NEAR_ONE]))
    a, b = e.ins
    torch_fn = lambda: a.mul_(b)
    reference = lambda: [e.first[0].double() * e.first[1].double()]
    return Built(e.case, "aclnnInplaceMul", (e.tins[0], e.tins[1]), torch_fn, e.fetch, e.fetch_t,
                 reference, e.restore)


def tolerance_add():
    """FLOAT: aclemu rounds alpha * other before the sum, never fused (docs/compatibility.md),
    so a sum that nearly cancels keeps half an ulp of the product (about 2.4e-7 at 6) against a
    denominator floored at 1e-3 of the largest value (about 0.01): 2.4e-5."""
    import torch
    return {torch.float32: 1e-4, torch.float16: 2e-3, torch.bfloat16: 1.6e-2}


OPS = [dict(name="Add", shape="elementwise", build=build_add, tolerance=tolerance_add),
       dict(name="Adds", shape="elementwise", build=build_adds, tolerance=tolerance_add),
       dict(name="InplaceAdd", shape="elementwise", build=build_inplace_add,
            tolerance=tolerance_add),
       dict(name="Mul", shape="elementwise", build=build_mul),
       dict(name="Muls", shape="elementwise", build=build_muls),
       dict(name="InplaceMul", shape="elementwise", build=build_inplace_mul)]
