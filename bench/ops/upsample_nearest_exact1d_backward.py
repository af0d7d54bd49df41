"""Torch recipe of aclnnUpsampleNearestExact1dBackward (bench/compare_torch.py):
torch.ops.aten._upsample_nearest_exact1d_backward.grad_input(dy, [L_out], [N, C, L_in], scales)."""
import ctypes

from compare_support import Built, Case, element_size, uniform


def build(ctx, spec):
    import torch
    n, c, l_in, l_out, s = spec["n"], spec["c"], spec["l"], spec["l_out"], spec["scales"]
    dy = uniform((n, c, l_out), -1.0, 1.0, ctx.dtype, ctx.device, ctx.gen)
    out_t = torch.empty((n, c, l_in), dtype=ctx.dtype, device=ctx.device)
    tdy, _ = ctx.bufs.upload(dy)
    tout, out_ptr = ctx.bufs.output(out_t)
    osz, isz = ctx.bufs.int_array([l_out]), ctx.bufs.int_array([n, c, l_in])
    case = Case(spec["op"], spec["variant"], ctx.dtype, f"{n}x{c}x{l_out}>{l_in}",
                n * c * max(l_in, l_out), n * c * (l_in + l_out) * element_size(ctx.dtype))
    torch_fn = lambda: torch.ops.aten._upsample_nearest_exact1d_backward.grad_input(
        dy, [l_out], [n, c, l_in], s, grad_input=out_t)
    fetch = lambda: [ctx.bufs.download(out_ptr, out_t)]
    fetch_t = lambda: [out_t.cpu()]
    return Built(case, "aclnnUpsampleNearestExact1dBackward",
                 (tdy, osz, isz, ctypes.c_double(s), tout), torch_fn, fetch, fetch_t)


OPS = [dict(name="UpsampleNearestExact1dBackward", shape="upsample", build=build)]
