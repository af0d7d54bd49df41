#!/usr/bin/env python3
"""aclemu vs PyTorch on the same device and the same data, for the backward and forward operators.

aclemu is driven through its C API with ctypes (libascendcl.so, libnnopbase.so, libopapi.so from
--lib-dir): aclInit, aclrtSetDevice, aclrtMalloc, aclrtMemcpy, aclCreateTensor, the two phases
and events. PyTorch runs the native backward ops (perf_notes §3):

  log_sigmoid_backward   torch.ops.aten.log_sigmoid_backward.grad_input(dy, x, buffer)
  logit_backward         torch.ops.aten.logit_backward.grad_input(dy, x, eps)
  batch_norm_backward_reduce
                         CUDA: torch.batch_norm_backward_reduce(dy, x, mean, invstd, w, T, T, T)
                         CPU (no native kernel): sum_dy = dy.sum(dims), sum_dy_xmu =
                         (dy * (x - mean)).sum(dims), grad_weight = sum_dy_xmu * invstd,
                         grad_bias = sum_dy, accumulated in fp32
  _upsample_nearest_exact1d_backward
                         torch.ops.aten._upsample_nearest_exact1d_backward.grad_input(
                             dy, [L_out], [N, C, L_in], scales)
  sigmoid                torch.sigmoid(x, out=out)
  log_sigmoid            torch.ops.aten.log_sigmoid.out(x, out=out)
  logit                  torch.logit(x, eps, out=out)
  sigmoid_backward       torch.ops.aten.sigmoid_backward.grad_input(dy, y, grad_input=out)
  _upsample_nearest_exact1d
                         torch.ops.aten._upsample_nearest_exact1d.out(x, [L_out], scales, out=out)
  batch_norm_stats       CUDA: torch.batch_norm_stats(x, eps); CPU (no native kernel):
                         torch.var_mean over every dim but 1, invstd = rsqrt(var + eps)
  batch_norm_elemt       CUDA: torch.batch_norm_elemt(x, w, b, mean, invstd, eps, out=out);
                         CPU: (x - mean) * (invstd * w) + b with preallocated outputs
  batch_norm_backward_elemt
                         CUDA: torch.batch_norm_backward_elemt(dy, x, mean, invstd, w, sum_dy,
                         sum_dy_xmu, count); CPU: the same formula in tensor ops

Fairness: both write into preallocated outputs (the .grad_input overloads); the inputs are the
same bytes (PyTorch's tensors are copied into aclrtMalloc buffers through the host). On the CPU
both are timed by wall clock around the call (aclemu: execute + aclrtSynchronizeStream, so the
hand-off to the stream's worker thread is counted); on CUDA both by event pairs on their stream.
aclemu's event-timed kernel time is reported too. A and B repetitions are interleaved in rounds.
The outputs are compared in the same run (max relative error, denominator floored at 1e-3 of
the largest reference magnitude).

  python3 bench/compare_torch.py --lib-dir build [--device cpu|cuda] [--quick|--full]
                                 [--out bench/out/torch_cpu]    # writes .csv, .md, .png
"""

import argparse
import csv
import ctypes
import math
import os
import statistics
import sys
import time

ACL_FLOAT, ACL_FLOAT16, ACL_BF16 = 0, 1, 27
ACL_FORMAT_ND = 2
ACL_MEMCPY_HOST_TO_DEVICE, ACL_MEMCPY_DEVICE_TO_HOST = 1, 2
ACL_MEM_MALLOC_HUGE_FIRST = 0
LOGIT_EPS = 1e-6
ADD_ALPHA = 1.5  # aclnnAdd's alpha (and torch.add's), as in aclemu_bench

P = ctypes.c_void_p
PP = ctypes.POINTER(ctypes.c_void_p)
I64P = ctypes.POINTER(ctypes.c_int64)
U64P = ctypes.POINTER(ctypes.c_uint64)


# ---------------------------------------------------------------------------------------------
# aclemu through ctypes
# ---------------------------------------------------------------------------------------------

def find_lib(lib_dir, name):
    for sub in ("", "lib64", "lib"):
        path = os.path.join(lib_dir, sub, name)
        if os.path.exists(path):
            return path
    raise FileNotFoundError(f"{name} not found under {lib_dir} (tried ., lib64, lib)")


class Acl:
    """The handful of acl/aclnn entry points the comparison needs, with their C signatures."""

    def __init__(self, lib_dir):
        mode = ctypes.RTLD_GLOBAL
        self.rt = ctypes.CDLL(find_lib(lib_dir, "libascendcl.so"), mode=mode)
        self.nn = ctypes.CDLL(find_lib(lib_dir, "libnnopbase.so"), mode=mode)
        self.op = ctypes.CDLL(find_lib(lib_dir, "libopapi.so"), mode=mode)
        c_int = ctypes.c_int
        sig = {
            (self.rt, "aclInit"): [ctypes.c_char_p],
            (self.rt, "aclFinalize"): [],
            (self.rt, "aclrtSetDevice"): [ctypes.c_int32],
            (self.rt, "aclrtResetDevice"): [ctypes.c_int32],
            (self.rt, "aclrtCreateStream"): [PP],
            (self.rt, "aclrtDestroyStream"): [P],
            (self.rt, "aclrtSynchronizeStream"): [P],
            (self.rt, "aclrtMalloc"): [PP, ctypes.c_size_t, c_int],
            (self.rt, "aclrtFree"): [P],
            (self.rt, "aclrtMemcpy"): [P, ctypes.c_size_t, P, ctypes.c_size_t, c_int],
            (self.rt, "aclrtCreateEvent"): [PP],
            (self.rt, "aclrtDestroyEvent"): [P],
            (self.rt, "aclrtRecordEvent"): [P, P],
            (self.rt, "aclrtEventElapsedTime"): [ctypes.POINTER(ctypes.c_float), P, P],
            (self.nn, "aclCreateTensor"): [I64P, ctypes.c_uint64, c_int, I64P, ctypes.c_int64,
                                           c_int, I64P, ctypes.c_uint64, P],
            (self.nn, "aclDestroyTensor"): [P],
            (self.nn, "aclCreateIntArray"): [I64P, ctypes.c_uint64],
            (self.nn, "aclDestroyIntArray"): [P],
            (self.nn, "aclCreateScalar"): [P, c_int],
            (self.nn, "aclDestroyScalar"): [P],
            (self.nn, "aclSetAclOpExecutorRepeatable"): [P],
            (self.nn, "aclDestroyAclOpExecutor"): [P],
            (self.op, "aclnnLogSigmoidBackwardGetWorkspaceSize"): [P, P, P, P, U64P, PP],
            (self.op, "aclnnLogitGradGetWorkspaceSize"): [P, P, ctypes.c_double, P, U64P, PP],
            (self.op, "aclnnBatchNormReduceBackwardGetWorkspaceSize"):
                [P, P, P, P, P, ctypes.c_bool, ctypes.c_bool, ctypes.c_bool, P, P, P, P, U64P, PP],
            (self.op, "aclnnUpsampleNearestExact1dBackwardGetWorkspaceSize"):
                [P, P, P, ctypes.c_double, P, U64P, PP],
            (self.op, "aclnnAddGetWorkspaceSize"): [P, P, P, P, U64P, PP],
            (self.op, "aclnnMulGetWorkspaceSize"): [P, P, P, U64P, PP],
        }
        for name in ("aclnnLogSigmoidBackward", "aclnnLogitGrad", "aclnnBatchNormReduceBackward",
                     "aclnnUpsampleNearestExact1dBackward", "aclnnAdd", "aclnnMul"):
            sig[(self.op, name)] = [P, ctypes.c_uint64, P, P]
        for (lib, name), args in sig.items():
            fn = getattr(lib, name)
            fn.argtypes = args
            fn.restype = ctypes.c_void_p if name.startswith("aclCreate") else ctypes.c_int
        self.rt.aclGetRecentErrMsg.restype = ctypes.c_char_p

    def __getattr__(self, name):
        for lib in (self.rt, self.nn, self.op):
            try:
                return getattr(lib, name)
            except AttributeError:
                pass
        raise AttributeError(name)

    def check(self, ret, what):
        if ret != 0:
            msg = self.rt.aclGetRecentErrMsg()
            raise RuntimeError(f"{what} failed with {ret}: {msg.decode() if msg else ''}")

    def malloc(self, nbytes):
        ptr = ctypes.c_void_p()
        self.check(self.rt.aclrtMalloc(ctypes.byref(ptr), max(nbytes, 1),
                                       ACL_MEM_MALLOC_HUGE_FIRST), "aclrtMalloc")
        return ptr.value

    def tensor(self, dims, dtype, dev_ptr, strides=None, storage=None):
        n = len(dims)
        if strides is None:
            strides = [1] * n
            for i in range(n - 2, -1, -1):
                strides[i] = strides[i + 1] * dims[i + 1]
        storage = storage or dims
        arr = lambda v: (ctypes.c_int64 * max(len(v), 1))(*v)
        t = self.nn.aclCreateTensor(arr(dims), n, dtype, arr(strides), 0, ACL_FORMAT_ND,
                                    arr(storage), len(storage), dev_ptr)
        if not t:
            raise RuntimeError("aclCreateTensor failed")
        return t


# ---------------------------------------------------------------------------------------------
# Cases
# ---------------------------------------------------------------------------------------------

class AclBuffers:
    """aclrtMalloc copies of torch tensors (through the host), and the tensors over them."""

    def __init__(self, acl):
        self.acl, self.ptrs, self.tensors, self.arrays, self.scalars = acl, [], [], [], []

    def upload(self, t, view=None):
        """Copies t's storage to a new device buffer; returns an aclTensor of `view` (a torch
        view of t, possibly strided) or of t itself."""
        host = t.detach().contiguous().cpu()
        nbytes = host.numel() * host.element_size()
        ptr = self.acl.malloc(nbytes)
        self.ptrs.append(ptr)
        if nbytes:
            self.acl.check(self.acl.rt.aclrtMemcpy(ptr, nbytes, host.data_ptr(), nbytes,
                                                   ACL_MEMCPY_HOST_TO_DEVICE), "aclrtMemcpy H2D")
        v = view if view is not None else t
        tensor = self.acl.tensor(list(v.shape), acl_dtype(v.dtype), ptr, list(v.stride()),
                                 list(t.shape))
        self.tensors.append(tensor)
        return tensor, ptr

    def output(self, like):
        nbytes = like.numel() * like.element_size()
        ptr = self.acl.malloc(nbytes)
        self.ptrs.append(ptr)
        tensor = self.acl.tensor(list(like.shape), acl_dtype(like.dtype), ptr)
        self.tensors.append(tensor)
        return tensor, ptr

    def download(self, ptr, like):
        import torch
        host = torch.empty(like.shape, dtype=like.dtype)
        nbytes = host.numel() * host.element_size()
        if nbytes:
            self.acl.check(self.acl.rt.aclrtMemcpy(host.data_ptr(), nbytes, ptr, nbytes,
                                                   ACL_MEMCPY_DEVICE_TO_HOST), "aclrtMemcpy D2H")
        return host

    def int_array(self, values):
        a = self.acl.nn.aclCreateIntArray((ctypes.c_int64 * len(values))(*values), len(values))
        self.arrays.append(a)
        return a

    def float_scalar(self, value):
        v = ctypes.c_float(value)
        s = self.acl.nn.aclCreateScalar(ctypes.byref(v), 0)  # ACL_FLOAT
        self.scalars.append(s)
        return s

    def free(self):
        for s in self.scalars:
            self.acl.nn.aclDestroyScalar(s)
        for t in self.tensors:
            self.acl.nn.aclDestroyTensor(t)
        for a in self.arrays:
            self.acl.nn.aclDestroyIntArray(a)
        for p in self.ptrs:
            self.acl.rt.aclrtFree(p)


def acl_dtype(dt):
    import torch
    return {torch.float32: ACL_FLOAT, torch.float16: ACL_FLOAT16, torch.bfloat16: ACL_BF16}[dt]


def uniform(shape, lo, hi, dtype, device, gen):
    import torch
    t = torch.rand(shape, generator=gen, dtype=torch.float32) * (hi - lo) + lo
    return t.to(dtype).to(device)


class Case:
    """One comparison: builds inputs, the aclemu executor, the torch callable and outputs."""

    def __init__(self, op, variant, dtype, shape_str, numel, min_bytes):
        self.op, self.variant, self.dtype = op, variant, dtype
        self.shape_str, self.numel, self.min_bytes = shape_str, numel, min_bytes


def build_case(acl, spec, device, gen):
    """Returns (case, bufs, phase1 callable, phase2 fn, torch_fn, fetch_acl, fetch_torch)."""
    import torch
    op, variant, dtype = spec["op"], spec["variant"], spec["dtype"]
    bufs = AclBuffers(acl)
    esize = torch.tensor([], dtype=dtype).element_size()

    if op in ("LogSigmoidBackward", "LogitGrad"):
        rows, cols, transposed = spec["rows"], spec["cols"], spec.get("transposed", False)
        lo, hi = (-8.0, 8.0) if op == "LogSigmoidBackward" else (0.01, 0.99)
        x_store = uniform((rows, cols), lo, hi, dtype, device, gen)
        dy_store = uniform((rows, cols), -1.0, 1.0, dtype, device, gen)
        x, dy = (x_store.t(), dy_store.t()) if transposed else (x_store, dy_store)
        out_t = torch.empty(x.shape, dtype=dtype, device=device)
        tx, _ = bufs.upload(x_store, x)
        tdy, _ = bufs.upload(dy_store, dy)
        tout, out_ptr = bufs.output(out_t)
        numel = rows * cols
        shape = f"{cols}x{rows}^T" if transposed else (f"{cols}" if rows == 1 else f"{rows}x{cols}")
        case = Case(op, variant, dtype, shape, numel, 3 * numel * esize)
        if op == "LogSigmoidBackward":
            tbuf, _ = bufs.upload(x_store, x)  # only null-checked by aclemu
            fname, args = "aclnnLogSigmoidBackward", (tdy, tx, tbuf, tout)
            if device == "cpu":  # the CPU kernel reads the forward's buffer
                buffer = torch.ops.aten.log_sigmoid_forward(x)[1]
            else:
                buffer = torch.empty(0, dtype=dtype, device=device)
            torch_fn = lambda: torch.ops.aten.log_sigmoid_backward.grad_input(
                dy, x, buffer, grad_input=out_t)
        else:
            fname, args = "aclnnLogitGrad", (tx, tdy, ctypes.c_double(LOGIT_EPS), tout)
            torch_fn = lambda: torch.ops.aten.logit_backward.grad_input(
                dy, x, LOGIT_EPS, grad_input=out_t)
        fetch = lambda: [bufs.download(out_ptr, out_t)]
        fetch_t = lambda: [out_t.cpu()]

    elif op in ("Add", "Mul"):
        rows, cols, transposed = spec["rows"], spec["cols"], spec.get("transposed", False)
        a_store = uniform((rows, cols), -4.0, 4.0, dtype, device, gen)
        b_store = uniform((rows, cols), -4.0, 4.0, dtype, device, gen)
        a, b = (a_store.t(), b_store.t()) if transposed else (a_store, b_store)
        out_t = torch.empty(a.shape, dtype=dtype, device=device)
        ta, _ = bufs.upload(a_store, a)
        tb, _ = bufs.upload(b_store, b)
        tout, out_ptr = bufs.output(out_t)
        numel = rows * cols
        shape = f"{cols}x{rows}^T" if transposed else (f"{cols}" if rows == 1 else f"{rows}x{cols}")
        case = Case(op, variant, dtype, shape, numel, 3 * numel * esize)
        if op == "Add":
            fname, args = "aclnnAdd", (ta, tb, bufs.float_scalar(ADD_ALPHA), tout)
            torch_fn = lambda: torch.add(a, b, alpha=ADD_ALPHA, out=out_t)
        else:
            fname, args = "aclnnMul", (ta, tb, tout)
            torch_fn = lambda: torch.mul(a, b, out=out_t)
        fetch = lambda: [bufs.download(out_ptr, out_t)]
        fetch_t = lambda: [out_t.cpu()]

    elif op in ("Sigmoid", "LogSigmoid", "Logit", "SigmoidBackward"):
        rows, cols, transposed = spec["rows"], spec["cols"], spec.get("transposed", False)
        lo, hi = (0.01, 0.99) if op in ("Logit", "SigmoidBackward") else (-8.0, 8.0)
        x_store = uniform((rows, cols), lo, hi, dtype, device, gen)
        x = x_store.t() if transposed else x_store
        out_t = torch.empty(x.shape, dtype=dtype, device=device)
        tx, _ = bufs.upload(x_store, x)
        tout, out_ptr = bufs.output(out_t)
        numel = rows * cols
        shape = f"{cols}x{rows}^T" if transposed else (f"{cols}" if rows == 1 else f"{rows}x{cols}")
        operands = 3 if op == "SigmoidBackward" else 2
        case = Case(op, variant, dtype, shape, numel, operands * numel * esize)
        if op == "Sigmoid":
            fname, args = "aclnnSigmoid", (tx, tout)
            torch_fn = lambda: torch.sigmoid(x, out=out_t)
        elif op == "LogSigmoid":
            fname, args = "aclnnLogSigmoid", (tx, tout)
            torch_fn = lambda: torch.ops.aten.log_sigmoid.out(x, out=out_t)
        elif op == "Logit":
            fname, args = "aclnnLogit", (tx, ctypes.c_double(LOGIT_EPS), tout)
            torch_fn = lambda: torch.logit(x, LOGIT_EPS, out=out_t)
        else:
            dy_store = uniform((rows, cols), -1.0, 1.0, dtype, device, gen)
            dy = dy_store.t() if transposed else dy_store
            tdy, _ = bufs.upload(dy_store, dy)
            fname, args = "aclnnSigmoidBackward", (tdy, tx, tout)
            torch_fn = lambda: torch.ops.aten.sigmoid_backward.grad_input(dy, x, grad_input=out_t)
        fetch = lambda: [bufs.download(out_ptr, out_t)]
        fetch_t = lambda: [out_t.cpu()]

    elif op in ("BatchNormStats", "BatchNormElemt", "BatchNormElemtBackward"):
        n, c, l = spec["n"], spec["c"], spec["l"]
        x = uniform((n, c, l), -3.0, 3.0, dtype, device, gen)
        tx, _ = bufs.upload(x)
        numel = n * c * l
        eps = 1e-5
        shape = f"{n}x{c}x{l}"
        if op == "BatchNormStats":
            outs = [torch.empty(c, dtype=torch.float32, device=device) for _ in range(2)]
            touts = [bufs.output(o) for o in outs]
            case = Case(op, variant, dtype, shape, numel, numel * esize)
            fname, args = "aclnnBatchNormStats", (tx, ctypes.c_double(eps), touts[0][0],
                                                  touts[1][0])
            result = {}
            if device == "cuda":
                def torch_fn():
                    result["r"] = torch.batch_norm_stats(x, eps)
            else:
                def torch_fn():
                    var, mean = torch.var_mean(x.float(), [0, 2], correction=0)
                    result["r"] = (mean, torch.rsqrt(var + eps))
            fetch_t = lambda: [r.float().cpu() for r in result["r"]]
            fetch = lambda: [bufs.download(p, o) for (_, p), o in zip(touts, outs)]
        else:
            mean = uniform((c,), -0.5, 0.5, torch.float32, device, gen)
            invstd = uniform((c,), 0.5, 2.0, torch.float32, device, gen)
            weight = uniform((c,), 0.5, 1.5, torch.float32, device, gen)
            tmean, _ = bufs.upload(mean)
            tinv, _ = bufs.upload(invstd)
            tw, _ = bufs.upload(weight)
            out_t = torch.empty((n, c, l), dtype=dtype, device=device)
            tout, out_ptr = bufs.output(out_t)
            m3, i3, w3 = mean.view(1, c, 1), invstd.view(1, c, 1), weight.view(1, c, 1)
            if op == "BatchNormElemt":
                bias = uniform((c,), -0.5, 0.5, torch.float32, device, gen)
                tb, _ = bufs.upload(bias)
                case = Case(op, variant, dtype, shape, numel, 2 * numel * esize)
                fname, args = "aclnnBatchNormElemt", (tx, tw, tb, tmean, tinv,
                                                      ctypes.c_double(eps), tout)
                if device == "cuda":
                    torch_fn = lambda: torch.batch_norm_elemt(x, weight, bias, mean, invstd, eps,
                                                              out=out_t)
                else:
                    b3 = bias.view(1, c, 1)
                    torch_fn = lambda: out_t.copy_((x - m3) * (i3 * w3) + b3)
            else:
                dy = uniform((n, c, l), -1.0, 1.0, dtype, device, gen)
                tdy, _ = bufs.upload(dy)
                sum_dy = uniform((c,), -10.0, 10.0, torch.float32, device, gen)
                sum_dy_xmu = uniform((c,), -10.0, 10.0, torch.float32, device, gen)
                count = torch.full((2,), float(n * l), dtype=torch.int32, device=device)
                tsd, _ = bufs.upload(sum_dy)
                tsx, _ = bufs.upload(sum_dy_xmu)
                tcnt, _ = bufs.upload(count)
                case = Case(op, variant, dtype, shape, numel, 3 * numel * esize)
                fname, args = "aclnnBatchNormElemtBackward", (tdy, tx, tmean, tinv, tw, tsd, tsx,
                                                              tcnt, tout)
                total = float(2 * n * l)
                if device == "cuda":
                    def torch_fn():
                        out_t.copy_(torch.batch_norm_backward_elemt(dy, x, mean, invstd, weight,
                                                                    sum_dy, sum_dy_xmu, count))
                else:
                    md, mx = (sum_dy / total).view(1, c, 1), (sum_dy_xmu / total).view(1, c, 1)
                    torch_fn = lambda: out_t.copy_((dy - md - (x - m3) * i3 * i3 * mx) * i3 * w3)
            fetch = lambda: [bufs.download(out_ptr, out_t)]
            fetch_t = lambda: [out_t.cpu()]

    elif op == "UpsampleNearestExact1d":
        n, c, l_in, l_out, s = spec["n"], spec["c"], spec["l"], spec["l_out"], spec["scales"]
        x = uniform((n, c, l_in), -1.0, 1.0, dtype, device, gen)
        out_t = torch.empty((n, c, l_out), dtype=dtype, device=device)
        tx, _ = bufs.upload(x)
        tout, out_ptr = bufs.output(out_t)
        osz = bufs.int_array([l_out])
        numel = n * c * max(l_in, l_out)
        case = Case(op, variant, dtype, f"{n}x{c}x{l_in}>{l_out}", numel,
                    n * c * (l_in + l_out) * esize)
        fname, args = "aclnnUpsampleNearestExact1d", (tx, osz, ctypes.c_double(s), tout)
        torch_fn = lambda: torch.ops.aten._upsample_nearest_exact1d.out(x, [l_out], s, out=out_t)
        fetch = lambda: [bufs.download(out_ptr, out_t)]
        fetch_t = lambda: [out_t.cpu()]

    elif op == "BatchNormReduceBackward":
        n, c, l = spec["n"], spec["c"], spec["l"]
        dy = uniform((n, c, l), -1.0, 1.0, dtype, device, gen)
        x = uniform((n, c, l), -3.0, 3.0, dtype, device, gen)
        mean = uniform((c,), -0.5, 0.5, torch.float32, device, gen)
        invstd = uniform((c,), 0.5, 2.0, torch.float32, device, gen)
        weight = uniform((c,), 0.5, 1.5, torch.float32, device, gen)
        outs = [torch.empty(c, dtype=torch.float32, device=device) for _ in range(4)]
        tdy, _ = bufs.upload(dy)
        tx, _ = bufs.upload(x)
        tmean, _ = bufs.upload(mean)
        tinv, _ = bufs.upload(invstd)
        tw, _ = bufs.upload(weight)
        touts = [bufs.output(o) for o in outs]
        numel = n * c * l
        case = Case(op, variant, dtype, f"{n}x{c}x{l}", numel, 2 * numel * esize)
        fname = "aclnnBatchNormReduceBackward"
        args = (tdy, tx, tmean, tinv, tw, True, True, True) + tuple(t for t, _ in touts)
        if device == "cuda":
            result = {}

            def torch_fn():
                result["r"] = torch.batch_norm_backward_reduce(dy, x, mean, invstd, weight,
                                                               True, True, True)
            fetch_t = lambda: [r.float().cpu() for r in result["r"]]
        else:
            dims = [0, 2]
            m3 = mean.view(1, c, 1)

            def torch_fn():
                torch.sum(dy, dims, dtype=torch.float32, out=outs[0])
                torch.sum(dy * (x - m3), dims, dtype=torch.float32, out=outs[1])
                torch.mul(outs[1], invstd, out=outs[2])
                outs[3].copy_(outs[0])
            fetch_t = lambda: [o.cpu() for o in outs]
        fetch = lambda: [bufs.download(p, o) for (_, p), o in zip(touts, outs)]

    else:  # UpsampleNearestExact1dBackward
        n, c, l_in, l_out, s = spec["n"], spec["c"], spec["l"], spec["l_out"], spec["scales"]
        dy = uniform((n, c, l_out), -1.0, 1.0, dtype, device, gen)
        out_t = torch.empty((n, c, l_in), dtype=dtype, device=device)
        tdy, _ = bufs.upload(dy)
        tout, out_ptr = bufs.output(out_t)
        osz, isz = bufs.int_array([l_out]), bufs.int_array([n, c, l_in])
        numel = n * c * max(l_in, l_out)
        case = Case(op, variant, dtype, f"{n}x{c}x{l_out}>{l_in}", numel,
                    n * c * (l_in + l_out) * esize)
        fname, args = "aclnnUpsampleNearestExact1dBackward", (tdy, osz, isz, ctypes.c_double(s),
                                                              tout)
        torch_fn = lambda: torch.ops.aten._upsample_nearest_exact1d_backward.grad_input(
            dy, [l_out], [n, c, l_in], s, grad_input=out_t)
        fetch = lambda: [bufs.download(out_ptr, out_t)]
        fetch_t = lambda: [out_t.cpu()]

    ws = ctypes.c_uint64(0)
    ex = ctypes.c_void_p()
    acl.check(getattr(acl.op, fname + "GetWorkspaceSize")(*args, ctypes.byref(ws),
                                                          ctypes.byref(ex)),
              fname + "GetWorkspaceSize")
    acl.check(acl.nn.aclSetAclOpExecutorRepeatable(ex), "aclSetAclOpExecutorRepeatable")
    ws_ptr = acl.malloc(ws.value) if ws.value else None
    if ws_ptr:
        bufs.ptrs.append(ws_ptr)
    run_fn = getattr(acl.op, fname)
    executor = ex.value
    phase2 = lambda stream: run_fn(ws_ptr, ws.value, executor, stream)
    cleanup = lambda: (acl.nn.aclDestroyAclOpExecutor(executor), bufs.free())
    return case, phase2, torch_fn, fetch, fetch_t, cleanup


def max_rel_err(a_list, b_list):
    import torch
    worst = 0.0
    for a, b in zip(a_list, b_list):
        a, b = a.double(), b.double()
        if b.numel() == 0:
            continue
        floor = max(b.abs().max().item() * 1e-3, 1e-30)
        diff = (a - b).abs()
        bad = torch.isnan(a) != torch.isnan(b)
        if bad.any():
            return math.inf
        rel = (diff / b.abs().clamp_min(floor)).nan_to_num(0.0)
        worst = max(worst, rel.max().item())
    return worst


def tolerance(case):
    import torch
    if case.op in ("BatchNormReduceBackward", "BatchNormStats"):
        return 1e-3  # fp32 outputs; sums in a different order
    if case.op == "Logit":
        return {torch.float32: 1e-4, torch.float16: 4e-3, torch.bfloat16: 1.6e-2}[case.dtype]
    return {torch.float32: 1e-5, torch.float16: 2e-3, torch.bfloat16: 1.6e-2}[case.dtype]


# ---------------------------------------------------------------------------------------------
# Timing
# ---------------------------------------------------------------------------------------------

def measure(acl, stream, events, device, phase2, torch_fn, target_s, rounds):
    """Interleaved rounds. Returns medians in ms: aclemu (events), aclemu (same method as torch:
    wall clock on the CPU, events on CUDA), torch."""
    import torch
    start, end = events
    elapsed = ctypes.c_float()

    def acl_event_once():
        acl.check(acl.rt.aclrtRecordEvent(start, stream), "aclrtRecordEvent")
        acl.check(phase2(stream), "phase 2")
        acl.check(acl.rt.aclrtRecordEvent(end, stream), "aclrtRecordEvent")
        acl.check(acl.rt.aclrtSynchronizeStream(stream), "aclrtSynchronizeStream")
        acl.check(acl.rt.aclrtEventElapsedTime(ctypes.byref(elapsed), start, end),
                  "aclrtEventElapsedTime")
        return elapsed.value

    def acl_wall_once():
        t0 = time.perf_counter()
        acl.check(phase2(stream), "phase 2")
        acl.check(acl.rt.aclrtSynchronizeStream(stream), "aclrtSynchronizeStream")
        return (time.perf_counter() - t0) * 1e3

    if device == "cuda":
        ts, te = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)

        def torch_once():
            ts.record()
            torch_fn()
            te.record()
            te.synchronize()
            return ts.elapsed_time(te)
    else:
        def torch_once():
            t0 = time.perf_counter()
            torch_fn()
            return (time.perf_counter() - t0) * 1e3

    for _ in range(2):  # warm-up
        acl_event_once()
        torch_once()
    one = max(acl_event_once(), torch_once(), 1e-3)
    reps = max(3, min(100, int(target_s * 1e3 / one / rounds / 2)))
    ev, wall, tt = [], [], []
    for _ in range(rounds):
        ev += [acl_event_once() for _ in range(reps)]
        if device != "cuda":
            wall += [acl_wall_once() for _ in range(reps)]
        tt += [torch_once() for _ in range(reps)]
    acl_same = statistics.median(wall) if wall else statistics.median(ev)
    return statistics.median(ev), acl_same, statistics.median(tt), reps * rounds


# ---------------------------------------------------------------------------------------------
# Case list, table, plot
# ---------------------------------------------------------------------------------------------

def specs(args):
    import torch
    dtypes = [{"fp32": torch.float32, "fp16": torch.float16, "bf16": torch.bfloat16}[d]
              for d in args.dtypes.split(",")]
    gpu = args.device == "cuda"
    if args.quick:
        ks = [12, 20]
    elif args.full:
        ks = list(range(8, (28 if gpu else 26) + 1, 2))
    else:
        ks = [10, 14, 18, 22, 24] + ([26, 28] if gpu else [])
    out = []
    for op in ("LogSigmoidBackward", "LogitGrad", "Add", "Mul", "Sigmoid", "LogSigmoid", "Logit",
               "SigmoidBackward"):
        for dt in dtypes:
            for k in ks:
                out.append(dict(op=op, variant="contig", dtype=dt, rows=1, cols=1 << k))
            k = ks[-1]
            out.append(dict(op=op, variant="transposed", dtype=dt, rows=1 << (k // 2),
                            cols=1 << (k - k // 2), transposed=True))
    for dt in dtypes:
        for k in ks:
            lc = min(k, 4)
            r = k - lc
            for op in ("BatchNormReduceBackward", "BatchNormStats", "BatchNormElemt",
                       "BatchNormElemtBackward"):
                out.append(dict(op=op, variant="sweep", dtype=dt,
                                n=1 << (r // 2), c=1 << lc, l=1 << (r - r // 2)))
        if gpu or args.full:
            out.append(dict(op="BatchNormReduceBackward", variant="C=8", dtype=dt, n=64, c=8,
                            l=1 << 20))
            out.append(dict(op="BatchNormReduceBackward", variant="C=2048", dtype=dt, n=64,
                            c=2048, l=1024))
    for s, name in ((2.0, "x2"), (0.5, "x0.5"), (1.5, "x1.5"), (0.75, "x0.75")):
        for dt in dtypes:
            for k in ks:
                l_in = 1 << max(2, min(k, 12))
                l_out = round(l_in * s)
                rows = 1
                while rows * 2 * max(l_in, l_out) <= (1 << k):
                    rows *= 2
                c = min(rows, 64)
                for op in ("UpsampleNearestExact1dBackward", "UpsampleNearestExact1d"):
                    out.append(dict(op=op, variant=name, dtype=dt,
                                    n=rows // c, c=c, l=l_in, l_out=l_out, scales=s))
    return out


def torch_kernels_missing(acl, all_specs, device, gen):
    """The (op, dtype) pairs PyTorch has no kernel for on this device (PyTorch's CPU kernels lack
    fp16 for several of these ops: "... not implemented for 'Half'"). Runs the torch side of the
    smallest case of each pair once."""
    missing = set()
    tried = set()
    for spec in all_specs:
        key = (spec["op"], spec["dtype"])
        if key in tried:
            continue
        tried.add(key)
        cleanup = None
        try:  # building the case may already call torch (the CPU log-sigmoid forward's buffer)
            _, _, torch_fn, _, _, cleanup = build_case(acl, spec, device, gen)
            torch_fn()
        except (RuntimeError, NotImplementedError) as e:
            if "not implemented for" not in str(e):
                raise
            missing.add(key)
        finally:
            if cleanup:
                cleanup()
    return missing


def dt_name(dt):
    import torch
    return {torch.float32: "fp32", torch.float16: "fp16", torch.bfloat16: "bf16"}[dt]


def plot(rows, path, device, torch_version):
    """One panel per op: torch time / aclemu time against size, log-log. Colour = dtype, marker
    and line style = case; cases measured at one size (transposed, named shapes) are single
    points."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        from matplotlib.lines import Line2D
        from matplotlib.ticker import FixedLocator, FuncFormatter, NullLocator
    except ImportError:
        print("matplotlib is not installed (Debian: python3-matplotlib): no plot written")
        return
    colours = {"fp32": "tab:blue", "bf16": "tab:orange", "fp16": "tab:green"}
    styles = ["-", "--", ":", "-."]
    markers = ["o", "s", "^", "D", "v", "P"]
    ops = sorted({r["op"] for r in rows})
    ncols = 2 if len(ops) > 1 else 1
    nrows = (len(ops) + ncols - 1) // ncols
    fig, axes = plt.subplots(nrows, ncols, figsize=(7 * ncols, 4.8 * nrows), squeeze=False)
    for ax in axes.flat[len(ops):]:
        ax.set_visible(False)
    for ax, op in zip(axes.flat, ops):
        op_rows = [r for r in rows if r["op"] == op]
        variants = sorted({r["variant"] for r in op_rows})
        style = {v: (styles[i % len(styles)], markers[i % len(markers)])
                 for i, v in enumerate(variants)}
        series = {}
        for r in op_rows:
            if r["speedup"] is not None:
                series.setdefault((r["dtype"], r["variant"]), []).append(
                    (r["numel"], r["speedup"]))
        values = [y for pts in series.values() for _, y in pts]
        for (dtype, variant), pts in sorted(series.items()):
            pts.sort()
            line, marker = style[variant]
            ax.plot([p[0] for p in pts], [p[1] for p in pts], linestyle=line, marker=marker,
                    color=colours.get(dtype, "tab:gray"), markersize=6, linewidth=1.6)
        ax.set_xscale("log", base=2)
        ax.set_yscale("log", base=2)
        # Speed-up ticks as plain factors (0.5x, 1x, 2x, ...), from a power of 2 below the data
        # and 1x to one above.
        lo = 2.0 ** math.floor(math.log2(min(values + [1.0]) / 1.1))
        hi = 2.0 ** math.ceil(math.log2(max(values + [1.0]) * 1.1))
        ax.set_ylim(lo / 1.1, hi * 1.1)
        ticks = [2.0 ** k for k in range(round(math.log2(lo)), round(math.log2(hi)) + 1)]
        ax.yaxis.set_major_locator(FixedLocator(ticks))
        ax.yaxis.set_minor_locator(NullLocator())
        ax.yaxis.set_major_formatter(FuncFormatter(lambda y, _: f"{y:g}x"))
        ax.xaxis.set_major_formatter(FuncFormatter(lambda x, _: f"$2^{{{round(math.log2(x))}}}$"))
        ax.axhline(1.0, color="black", linewidth=1.0)
        ax.axhspan(lo / 1.1, 1.0, color="tab:red", alpha=0.06, linewidth=0)
        ax.text(0.99, 0.02, "below 1x: PyTorch faster", transform=ax.transAxes, ha="right",
                va="bottom", fontsize=8, color="tab:red")
        ax.grid(True, which="major", alpha=0.3)
        ax.set_xlabel("elements (of the larger tensor)")
        ax.set_ylabel("speed-up: torch time / aclemu time")
        dtypes = [d for d in colours if any(r["dtype"] == d for r in op_rows)]
        handles = [Line2D([], [], color=colours[d], linewidth=3, label=d) for d in dtypes
                   if any(k[0] == d for k in series)]
        handles += [Line2D([], [], color="black", linestyle=style[v][0], marker=style[v][1],
                           label=v) for v in variants if any(k[1] == v for k in series)]
        ax.legend(handles=handles, fontsize=8, loc="upper left", ncol=2, framealpha=0.9)
        absent = [d for d in dtypes if not any(k[0] == d for k in series)]
        ax.set_title(op + (f" ({', '.join(absent)}: PyTorch has no kernel)" if absent else ""),
                     fontsize=11)
    fig.suptitle(f"aclemu vs PyTorch {torch_version} on {device}: above 1x, aclemu is faster",
                 fontsize=12)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    print(f"wrote {path}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--lib-dir", required=True, help="build or install dir with the libraries")
    ap.add_argument("--device", choices=["cpu", "cuda"], default="cpu")
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--full", action="store_true")
    ap.add_argument("--dtypes", default="fp32,fp16,bf16")
    ap.add_argument("--ops", default="LogSigmoidBackward,LogitGrad,BatchNormReduceBackward,"
                                     "UpsampleNearestExact1dBackward,Add,Mul,Sigmoid,LogSigmoid,"
                                     "Logit,SigmoidBackward,UpsampleNearestExact1d,BatchNormStats,"
                                     "BatchNormElemt,BatchNormElemtBackward")
    ap.add_argument("--target-ms", type=float, default=300.0, help="timed work per case")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seed", type=int, default=20261121)
    ap.add_argument("--threads", type=int, default=0,
                    help="CPU threads for both (default: ACLEMU_CPU_THREADS, else all cores)")
    ap.add_argument("--out", default="bench/out/torch_cpu",
                    help="output prefix: PREFIX.csv, PREFIX.md, PREFIX.png")
    args = ap.parse_args()
    known_ops = ["LogSigmoidBackward", "LogitGrad", "BatchNormReduceBackward",
                 "UpsampleNearestExact1dBackward", "Add", "Mul", "Sigmoid", "LogSigmoid", "Logit",
                 "SigmoidBackward", "UpsampleNearestExact1d", "BatchNormStats", "BatchNormElemt",
                 "BatchNormElemtBackward"]
    unknown = [op for op in args.ops.split(",") if op not in known_ops]
    if unknown:
        sys.exit(f"--ops: unknown {','.join(unknown)}; choose from {','.join(known_ops)}")
    unknown = [t for t in args.dtypes.split(",") if t not in ("fp32", "fp16", "bf16")]
    if unknown:
        sys.exit(f"--dtypes: unknown {','.join(unknown)}; choose from fp32,fp16,bf16")

    try:
        import torch
    except ImportError:
        sys.exit("PyTorch is not installed (Debian: python3-torch)")
    if args.device == "cuda" and not torch.cuda.is_available():
        sys.exit("--device cuda: torch sees no CUDA device")
    if args.device == "cuda":
        torch.zeros(1, device="cuda")  # create torch's context before aclemu's runtime loads

    if args.device == "cpu":
        # Same thread count on both sides: aclemu's CPU kernels use ACLEMU_CPU_THREADS (default:
        # all cores); some PyTorch builds default to one intra-op thread.
        threads = args.threads or int(os.environ.get("ACLEMU_CPU_THREADS", "0")) or os.cpu_count()
        os.environ["ACLEMU_CPU_THREADS"] = str(threads)
        torch.set_num_threads(threads)
    os.environ["ACLEMU_BACKEND"] = "cpu" if args.device == "cpu" else "gpu"
    acl = Acl(args.lib_dir)
    acl.check(acl.rt.aclInit(None), "aclInit")
    acl.check(acl.rt.aclrtSetDevice(0), "aclrtSetDevice")
    stream = ctypes.c_void_p()
    acl.check(acl.rt.aclrtCreateStream(ctypes.byref(stream)), "aclrtCreateStream")
    ev = [ctypes.c_void_p(), ctypes.c_void_p()]
    for e in ev:
        acl.check(acl.rt.aclrtCreateEvent(ctypes.byref(e)), "aclrtCreateEvent")
    events = (ev[0].value, ev[1].value)

    gen = torch.Generator().manual_seed(args.seed)
    wanted_ops = set(args.ops.split(","))
    all_specs = [spec for spec in specs(args) if spec["op"] in wanted_ops]
    no_torch_kernel = torch_kernels_missing(acl, all_specs, args.device,
                                            torch.Generator().manual_seed(args.seed))
    for dtype in sorted({dt for _, dt in no_torch_kernel}, key=dt_name):
        ops = ", ".join(sorted(op for op, dt in no_torch_kernel if dt == dtype))
        print(f"PyTorch {torch.__version__} has no {dt_name(dtype)} kernel on {args.device} for "
              f"{ops}: those cases are skipped (n/a in the table)")
    rows = []
    print(f"aclemu vs torch {torch.__version__} on {args.device}, "
          f"threads: torch {torch.get_num_threads()}, "
          f"aclemu {os.environ.get('ACLEMU_CPU_THREADS', 'default')}")
    hdr = (f'{"op":<30} {"case":<10} {"dtype":<5} {"shape":<18} {"aclemu_us":>10} '
           f'{"acl_kern_us":>11} {"torch_us":>10} {"torch/acl":>9} {"GB/s acl":>9} '
           f'{"max_rel_err":>11} ok')
    print(hdr)
    for spec in all_specs:
        if "rows" in spec:
            numel = spec["rows"] * spec["cols"]
        else:
            numel = spec["n"] * spec["c"] * max(spec["l"], spec.get("l_out", 0))
        row = dict(op=spec["op"], variant=spec["variant"], dtype=dt_name(spec["dtype"]),
                   shape="", numel=numel, aclemu_ms=None, aclemu_kernel_ms=None, torch_ms=None,
                   speedup=None, gbps=None, err=None, ok=None, note="")
        if (spec["op"], spec["dtype"]) in no_torch_kernel:
            row["note"] = "torch has no kernel"
            rows.append(row)
            continue
        try:
            case, phase2, torch_fn, fetch, fetch_t, cleanup = build_case(
                acl, spec, args.device, gen)
        except Exception as e:  # noqa: BLE001 - report and go on
            row["note"] = f"setup: {e}"
            print(f'{row["op"]:<30} {row["variant"]:<10} {row["dtype"]:<5} -- {row["note"]}')
            rows.append(row)
            continue
        row.update(shape=case.shape_str, numel=case.numel)
        try:
            kern, same, tt, _ = measure(acl, stream.value, events, args.device, phase2, torch_fn,
                                        args.target_ms / 1e3, args.rounds)
            err = max_rel_err(fetch(), fetch_t())
            row.update(aclemu_ms=same, aclemu_kernel_ms=kern, torch_ms=tt, speedup=tt / same,
                       gbps=case.min_bytes / (same * 1e6), err=err, ok=err <= tolerance(case))
            print(f'{row["op"]:<30} {row["variant"]:<10} {row["dtype"]:<5} {row["shape"]:<18} '
                  f'{same * 1e3:>10.1f} {kern * 1e3:>11.1f} {tt * 1e3:>10.1f} '
                  f'{tt / same:>9.2f} {row["gbps"]:>9.2f} {err:>11.2e} '
                  f'{"yes" if row["ok"] else "NO"}', flush=True)
        except Exception as e:  # noqa: BLE001
            row["note"] = str(e).splitlines()[0][:120]
            print(f'{row["op"]:<30} {row["variant"]:<10} {row["dtype"]:<5} {row["shape"]:<18} '
                  f'-- {row["note"]}', flush=True)
        finally:
            cleanup()
        rows.append(row)

    os.makedirs(os.path.dirname(args.out) or ".", exist_ok=True)
    keys = ["op", "variant", "dtype", "shape", "numel", "aclemu_ms", "aclemu_kernel_ms",
            "torch_ms", "speedup", "gbps", "err", "ok", "note"]
    with open(args.out + ".csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(keys)
        for r in rows:
            w.writerow(["" if r[k] is None else r[k] for k in keys])
    with open(args.out + ".md", "w") as f:
        f.write(f"aclemu vs PyTorch {torch.__version__} on `{args.device}` "
                f"(time: {'wall clock, aclemu = execute + synchronize' if args.device == 'cpu' else 'event pairs'}; "
                f"torch/aclemu > 1 means aclemu is faster)\n\n"
                "| op | case | dtype | shape | aclemu µs | aclemu kernel µs | torch µs | "
                "torch/aclemu | max rel err | ok |\n|---|---|---|---|---:|---:|---:|---:|---:|---|\n")
        for r in rows:
            if r["speedup"] is None:
                f.write(f'| {r["op"]} | {r["variant"]} | {r["dtype"]} | {r["shape"]} | — | — | '
                        f'— | — | — | {r["note"]} |\n')
                continue
            f.write(f'| {r["op"]} | {r["variant"]} | {r["dtype"]} | {r["shape"]} | '
                    f'{r["aclemu_ms"] * 1e3:.1f} | {r["aclemu_kernel_ms"] * 1e3:.1f} | '
                    f'{r["torch_ms"] * 1e3:.1f} | {r["speedup"]:.2f} | {r["err"]:.1e} | '
                    f'{"yes" if r["ok"] else "NO"} |\n')
    print(f"wrote {args.out}.csv and {args.out}.md")
    plot(rows, args.out + ".png", args.device, torch.__version__)

    for e in events:
        acl.rt.aclrtDestroyEvent(e)
    acl.rt.aclrtDestroyStream(stream.value)
    acl.rt.aclrtResetDevice(0)
    acl.rt.aclFinalize()
    bad = [r for r in rows if r["ok"] is False]
    if bad:
        print(f"{len(bad)} case(s) disagree with torch beyond tolerance")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
