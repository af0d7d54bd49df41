"""Torch recipe of aclnnLogSigmoidBackward (bench/compare_torch.py; compare_support.py)."""
from compare_support import Built, elementwise


def build(ctx, spec):
    import torch
    e = elementwise(ctx, spec, [(-8.0, 8.0), (-1.0, 1.0)])
    x, dy = e.ins
    tx, tdy = e.tins
    tbuf, _ = ctx.bufs.upload(x)  # only null-checked by aclemu
    if ctx.device == "cpu":  # the CPU kernel reads the forward's buffer
        buffer = torch.ops.aten.log_sigmoid_forward(x)[1]
    else:
        buffer = torch.empty(0, dtype=ctx.dtype, device=ctx.device)
    torch_fn = lambda: torch.ops.aten.log_sigmoid_backward.grad_input(
        dy, x, buffer, grad_input=e.out_t)
    reference = lambda: [dy.double() / (1 + torch.exp(x.double()))]
    return Built(e.case, "aclnnLogSigmoidBackward", (tdy, tx, tbuf, e.tout), torch_fn, e.fetch,
                 e.fetch_t, reference)


OPS = [dict(name="LogSigmoidBackward", shape="elementwise", build=build)]
