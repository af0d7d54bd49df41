"""Torch recipe of aclnnUpsampleNearestExact1d (bench/compare_torch.py):
torch.ops.aten._upsample_nearest_exact1d.out(x, [L_out], scales, out=out)."""
import ctypes

from compare_support import Built, Case, element_size, uniform


def build(ctx, spec):
    import torch
    n, c, l_in, l_out, s = spec["n"], spec["c"], spec["l"], spec["l_out"], spec["scales"]
    x = uniform((n, c, l_in), -1.0, 1.0, ctx.dtype, ctx.device, ctx.gen)
    out_t = torch.empty((n, c, l_out), dtype=ctx.dtype, device=ctx.device)
    tx, _ = ctx.bufs.upload(x)
    tout, out_ptr = ctx.bufs.output(out_t)
    osz = ctx.bufs.int_array([l_out])
    case = Case(spec["op"], spec["variant"], ctx.dtype, f"{n}x{c}x{l_in}>{l_out}",
                n * c * max(l_in, l_out), n * c * (l_in + l_out) * element_size(ctx.dtype))
    torch_fn = lambda: torch.ops.aten._upsample_nearest_exact1d.out(x, [l_out], s, out=out_t)
    fetch = lambda: [ctx.bufs.download(out_ptr, out_t)]
    fetch_t = lambda: [out_t.cpu()]
    return Built(case, "aclnnUpsampleNearestExact1d", (tx, osz, ctypes.c_double(s), tout),
                 torch_fn, fetch, fetch_t)


OPS = [dict(name="UpsampleNearestExact1d", shape="upsample", build=build)]
