"""What bench/compare_torch.py and the operators' torch recipes (bench/ops/<family>.py) share:
aclemu's C API through ctypes, device buffers over torch tensors, and the operator list.

The operator list is kernels_cu/operators.def: every kernel family on it has a recipe
bench/ops/<family>.py whose OPS lists the family's operators (name, shape kind, build), as its
bench/ops/<family>.cpp does for aclemu_bench. compare_torch.py compares exactly those.
"""

import ctypes
import importlib.util
import os
import re
import types

BENCH_DIR = os.path.dirname(os.path.abspath(__file__))
OPERATOR_LIST = os.path.join(BENCH_DIR, "..", "kernels_cu", "operators.def")

ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_INT32 = 0, 1, 27, 3
ACL_FORMAT_ND = 2
ACL_MEMCPY_HOST_TO_DEVICE, ACL_MEMCPY_DEVICE_TO_HOST = 1, 2
ACL_MEM_MALLOC_HUGE_FIRST = 0

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
    return {torch.float32: ACL_FLOAT, torch.float16: ACL_FLOAT16, torch.bfloat16: ACL_BF16,
            torch.int32: ACL_INT32}[dt]


def uniform(shape, lo, hi, dtype, device, gen):
    import torch
    t = torch.rand(shape, generator=gen, dtype=torch.float32) * (hi - lo) + lo
    return t.to(dtype).to(device)


class Case:
    """One comparison's description: names, shape text, element count, minimum bytes."""

    def __init__(self, op, variant, dtype, shape_str, numel, min_bytes):
        self.op, self.variant, self.dtype = op, variant, dtype
        self.shape_str, self.numel, self.min_bytes = shape_str, numel, min_bytes


class Built:
    """What a recipe's build returns: the case, the aclnn name (without GetWorkspaceSize) and
    its phase-1 arguments, the torch callable and the two output fetchers (lists of tensors).
    `reference`, where the recipe has one, returns the outputs computed in float64 from the
    (first) inputs: both sides are then judged against it, since PyTorch's CPU kernels round some
    16-bit intermediates to the 16-bit type (torch.logit in bfloat16: 0.5 relative error at
    x = 0.498)."""

    def __init__(self, case, fname, args, torch_fn, fetch, fetch_t, reference=None, restore=None):
        self.case, self.fname, self.args = case, fname, args
        self.torch_fn, self.fetch, self.fetch_t = torch_fn, fetch, fetch_t
        self.reference = reference
        # In-place operators: puts the inputs both sides overwrite back to their first values,
        # so that one more call of each gives the outputs to check.
        self.restore = restore


def element_size(dtype):
    import torch
    return torch.tensor([], dtype=dtype).element_size()


def elementwise(ctx, spec, ranges):
    """The common start of an elementwise recipe over rows x cols: one input per (lo, hi) of
    `ranges` (transposed views when the spec says so), uploaded; a contiguous output. Returns
    (torch inputs, acl inputs, out_t, acl out, out_ptr, case stub args)."""
    import torch
    rows, cols, transposed = spec["rows"], spec["cols"], spec.get("transposed", False)
    ins, tins, stores, ptrs = [], [], [], []
    for lo, hi in ranges:
        store = uniform((rows, cols), lo, hi, ctx.dtype, ctx.device, ctx.gen)
        view = store.t() if transposed else store
        tin, ptr = ctx.bufs.upload(store, view)
        ins.append(view)
        tins.append(tin)
        stores.append(store)
        ptrs.append(ptr)
    out_t = torch.empty(ins[0].shape, dtype=ctx.dtype, device=ctx.device)
    tout, out_ptr = ctx.bufs.output(out_t)
    numel = rows * cols
    shape = f"{cols}x{rows}^T" if transposed else (f"{cols}" if rows == 1 else f"{rows}x{cols}")
    case = Case(spec["op"], spec["variant"], ctx.dtype, shape, numel,
                (len(ranges) + 1) * numel * element_size(ctx.dtype))
    fetch = lambda: [ctx.bufs.download(out_ptr, out_t)]
    fetch_t = lambda: [out_t.cpu()]
    return types.SimpleNamespace(ins=ins, tins=tins, stores=stores, ptrs=ptrs, out_t=out_t,
                                 tout=tout, case=case, fetch=fetch, fetch_t=fetch_t,
                                 transposed=transposed)


def in_place(ctx, e):
    """Turns elementwise(...)'s `e` into an in-place case on its first input (selfRef): the
    outputs to check are that input on both sides, `first` holds the inputs' first values (for
    the reference) and `restore` puts them back on both sides."""
    first = [x.clone() for x in e.ins]
    store0 = e.stores[0].clone()
    host0 = store0.contiguous().cpu()
    nbytes = host0.numel() * host0.element_size()

    def restore():
        e.stores[0].copy_(store0)
        if nbytes:
            ctx.acl.check(ctx.acl.rt.aclrtMemcpy(e.ptrs[0], nbytes, host0.data_ptr(), nbytes,
                                                 ACL_MEMCPY_HOST_TO_DEVICE), "aclrtMemcpy H2D")

    def fetch():
        got = ctx.bufs.download(e.ptrs[0], e.stores[0])
        return [got.t() if e.transposed else got]

    e.first, e.restore, e.fetch = first, restore, fetch
    e.fetch_t = lambda: [e.ins[0].cpu()]
    return e


def kernel_families(path=OPERATOR_LIST):
    """The kernel families of the operator list, in its order."""
    with open(path) as f:
        text = f.read()
    return re.findall(r"^ACLEMU_[A-Z_]*OP\((\w+),", text, re.MULTILINE)


def recipes():
    """Every operator of the operator list: a list of dicts (name, shape, build, ...) from the
    families' bench/ops/<family>.py, each with "family" added. A family without a recipe file
    is an error, as it is for aclemu_bench (a link error)."""
    out = []
    for family in kernel_families():
        path = os.path.join(BENCH_DIR, "ops", family + ".py")
        if not os.path.exists(path):
            raise FileNotFoundError(f"kernel family {family} of {OPERATOR_LIST} has no torch "
                                    f"recipe {path}")
        spec = importlib.util.spec_from_file_location(f"bench_recipe_{family}", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        for op in module.OPS:
            out.append(dict(op, family=family))
    return out
