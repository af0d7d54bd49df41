"""Torch recipes of aclnnLogSigmoid and aclnnLogSigmoidForward (out plus an unused `buffer`,
given the shape of out) (bench/compare_torch.py; compare_support.py). PyTorch:
log_sigmoid.out, and for the forward log_sigmoid_forward.output (which also writes its buffer
on the CPU)."""
from compare_support import Built, elementwise


def reference_of(x):
    import torch
    xd = lambda: x.double()
    return lambda: [torch.clamp(xd(), max=0) - torch.log1p(torch.exp(-xd().abs()))]


def build(ctx, spec):
    import torch
    e = elementwise(ctx, spec, [(-8.0, 8.0)])
    x = e.ins[0]
    torch_fn = lambda: torch.ops.aten.log_sigmoid.out(x, out=e.out_t)
    return Built(e.case, "aclnnLogSigmoid", (e.tins[0], e.tout), torch_fn, e.fetch, e.fetch_t,
                 reference_of(x))


def build_forward(ctx, spec):
    import torch
    e = elementwise(ctx, spec, [(-8.0, 8.0)])
    x = e.ins[0]
    buffer_t = torch.empty_like(e.out_t)
    tbuffer, _ = ctx.bufs.output(buffer_t)
    torch_fn = lambda: torch.ops.aten.log_sigmoid_forward.output(x, output=e.out_t,
                                                                  buffer=buffer_t)
    return Built(e.case, "aclnnLogSigmoidForward", (e.tins[0], e.tout, tbuffer), torch_fn,
                 e.fetch, e.fetch_t, reference_of(x))


OPS = [dict(name="LogSigmoid", shape="elementwise", build=build),
       dict(name="LogSigmoidForward", shape="elementwise", build=build_forward)]
