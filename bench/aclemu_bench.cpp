// aclemu_bench: how fast the four aclnn operators run on each backend, as achieved bandwidth
// from the minimum bytes each op must move, next to a device-to-device copy of the same bytes
// measured in the same run (op/copy is the headline), plus the host cost of the two-phase API.
//
// Each backend runs in a forked child process that sets ACLEMU_BACKEND before aclInit (the
// runtime picks its backend once per process); a backend that does not answer is reported and
// skipped. `aclemu_bench --help` lists the options.
#include "acl/acl.h"

#include "bench_cases.h"
#include "bench_data.h"
#include "bench_report.h"
#include "bench_timing.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <utility>
#include <vector>

namespace aclemu::bench {
namespace {

constexpr int kBackendUnavailable = 3;

enum class Mode { Quick, Default, Full };

struct Options {
    std::vector<std::string> backends = {"cpu", "gpu"};
    Mode mode = Mode::Default;
    int max_log2 = -1;          // -1: 26 on the CPU, 28 on a GPU (22 with --quick)
    int step = -1;              // -1: 4 with --quick, 2 by default, 1 with --full
    std::set<std::string> ops;  // --ops keys; empty: every operator of bench_ops()
    std::vector<aclDataType> dtypes = {ACL_FLOAT, ACL_FLOAT16, ACL_BF16};
    std::string csv_path;
    std::string md_path;
    double target_ms = -1;
    double max_mem_gb = -1;  // -1: half of the free memory aclrtGetMemInfo reports
    double cache_mb = -1;    // -1: the CPU's last-level cache, or 64 MiB on a GPU
    uint64_t seed = 20261121;
    bool sweep = true;
    bool overhead = true;
    bool fork_backends = true;
};

void usage() {
    std::printf(
        "usage: aclemu_bench [options]\n"
        "  --backend cpu|gpu|all   backends to run (default all; each in its own process)\n"
        "  --quick | --full        fewer sizes and repetitions | every power of 2, more reps\n"
        "  --max-log2 N            largest size 2^N (default 26 cpu, 28 gpu, 22 with --quick)\n"
        "  --step N                every N-th power of 2 (default 2; 4 quick; 1 full)\n"
        "  --ops a,b               operator keys (default all; --list shows them)\n"
        "  --list                  list the benchmarked operators (key, name, family) and exit\n"
        "  --dtypes a,b            of fp32,fp16,bf16 (default all)\n"
        "  --csv PATH              write CSV rows (all backends) to PATH\n"
        "  --md PATH               write markdown tables to PATH\n"
        "  --target-ms X           timed work per measurement (default 150; quick 40; full 400)\n"
        "  --max-mem-gb X          skip cases whose input sets need more device memory\n"
        "  --cache-mb X            cache size used to choose how many input sets to rotate\n"
        "  --seed N                random data seed\n"
        "  --no-sweep | --no-overhead   skip the bandwidth cases | the host-overhead table\n"
        "  --no-fork               run the (single) backend in this process\n");
}

std::vector<std::string> split(const std::string& s) {
    std::vector<std::string> out;
    std::stringstream ss(s);
    std::string item;
    while (std::getline(ss, item, ','))
        if (!item.empty())
            out.push_back(item);
    return out;
}

bool parse(int argc, char** argv, Options* o) {
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        auto value = [&]() -> std::string {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "aclemu_bench: %s needs a value\n", a.c_str());
                std::exit(2);
            }
            return argv[++i];
        };
        if (a == "--help" || a == "-h") {
            usage();
            std::exit(0);
        } else if (a == "--backend") {
            const std::string b = value();
            if (b == "all")
                o->backends = {"cpu", "gpu"};
            else if (b == "cpu" || b == "gpu" || b == "cuda" || b == "hip")
                o->backends = {b};
            else
                return false;
        } else if (a == "--quick") {
            o->mode = Mode::Quick;
        } else if (a == "--full") {
            o->mode = Mode::Full;
        } else if (a == "--max-log2") {
            o->max_log2 = std::atoi(value().c_str());
        } else if (a == "--step") {
            o->step = std::max(1, std::atoi(value().c_str()));
        } else if (a == "--list") {
            for (const BenchOp& op : bench_ops())
                std::printf("%-16s %-32s %s\n", op.key.c_str(), op.name.c_str(), op.family.c_str());
            std::exit(0);
        } else if (a == "--ops") {
            o->ops.clear();
            for (const std::string& op : split(value())) {
                if (!find_bench_op(op)) {
                    std::fprintf(stderr, "aclemu_bench: unknown op %s (see --list)\n", op.c_str());
                    return false;
                }
                o->ops.insert(op);
            }
        } else if (a == "--dtypes") {
            o->dtypes.clear();
            for (const std::string& d : split(value())) {
                if (d == "fp32")
                    o->dtypes.push_back(ACL_FLOAT);
                else if (d == "fp16")
                    o->dtypes.push_back(ACL_FLOAT16);
                else if (d == "bf16")
                    o->dtypes.push_back(ACL_BF16);
                else
                    return false;
            }
        } else if (a == "--csv") {
            o->csv_path = value();
        } else if (a == "--md") {
            o->md_path = value();
        } else if (a == "--target-ms") {
            o->target_ms = std::atof(value().c_str());
        } else if (a == "--max-mem-gb") {
            o->max_mem_gb = std::atof(value().c_str());
        } else if (a == "--cache-mb") {
            o->cache_mb = std::atof(value().c_str());
        } else if (a == "--seed") {
            o->seed = std::strtoull(value().c_str(), nullptr, 10);
        } else if (a == "--no-sweep") {
            o->sweep = false;
        } else if (a == "--no-overhead") {
            o->overhead = false;
        } else if (a == "--no-fork") {
            o->fork_backends = false;
        } else {
            std::fprintf(stderr, "aclemu_bench: unknown option %s\n", a.c_str());
            return false;
        }
    }
    return true;
}

bool is_gpu(const std::string& backend) {
    return backend != "cpu";
}

// ---------------------------------------------------------------------------------------------
// The case list
// ---------------------------------------------------------------------------------------------

std::vector<int> sizes_log2(int max_log2, int step) {
    std::vector<int> ks;
    for (int k = 0; k <= max_log2; k += step)
        ks.push_back(k);
    if (ks.back() != max_log2)
        ks.push_back(max_log2);
    return ks;
}

int64_t pow2(int k) {
    return int64_t{1} << k;
}

/// Upsample rows (n*c) and L_in for scale `s` so that the larger of the two tensors has about
/// 2^k (at most) elements; L_in is a multiple of 4 so that x1.5 and x0.75 give integer L_out.
Case upsample_case(aclDataType dt, int k, double s, const char* variant, const BenchOp* op) {
    Case c;
    c.op = op;
    c.dtype = dt;
    c.variant = variant;
    const int a = std::clamp(k, 2, 12);
    c.l = pow2(a);
    c.l_out = static_cast<int64_t>(std::llround(static_cast<double>(c.l) * s));
    const double row = static_cast<double>(std::max(c.l, c.l_out));
    int64_t rows = 1;
    while (static_cast<double>(rows * 2) * row <= static_cast<double>(pow2(k)))
        rows *= 2;
    c.c = std::min<int64_t>(rows, 64);
    c.n = rows / c.c;
    c.scales = s;
    return c;
}

std::vector<Case> build_cases(const Options& o, const std::string& backend) {
    const Mode m = o.mode;
    int max_log2 = o.max_log2;
    if (max_log2 < 0)
        max_log2 = m == Mode::Quick ? 22 : (is_gpu(backend) ? 28 : 26);
    int step = o.step;
    if (step < 0)
        step = m == Mode::Quick ? 4 : (m == Mode::Full ? 1 : 2);
    const std::vector<int> ks = sizes_log2(max_log2, step);

    // Strided (transposed-view) cases: a few sizes from 2^16 up.
    std::vector<int> strided_ks;
    for (int k : {16, 20, 24})
        if (k <= max_log2 && (m != Mode::Quick || k == 20))
            strided_ks.push_back(k);
    if (is_gpu(backend) && m != Mode::Quick && max_log2 > 24)
        strided_ks.push_back(max_log2);
    if (strided_ks.empty())
        strided_ks.push_back(max_log2);  // small (smoke) runs

    std::vector<Case> cases;
    for (const BenchOp& bop : bench_ops()) {
        if (!o.ops.empty() && !o.ops.count(bop.key))
            continue;
        const BenchOp* op = &bop;
        switch (op->shape) {
            case ShapeKind::Elementwise:
                for (aclDataType dt : o.dtypes) {
                    for (int k : ks) {
                        Case c;
                        c.op = op;
                        c.dtype = dt;
                        c.variant = "contig";
                        c.cols = pow2(k);
                        cases.push_back(c);
                    }
                    for (int k : strided_ks) {
                        Case c;
                        c.op = op;
                        c.dtype = dt;
                        c.variant = "transposed";
                        c.transposed = true;
                        c.rows = pow2(k / 2);
                        c.cols = pow2(k - k / 2);
                        cases.push_back(c);
                    }
                }
                break;
            case ShapeKind::BatchNorm:
                for (aclDataType dt : o.dtypes) {
                    for (int k : ks) {
                        Case c;
                        c.op = op;
                        c.dtype = dt;
                        c.variant = "sweep";
                        const int lc = std::min(k, 4);
                        const int r = k - lc;
                        c.c = pow2(lc);
                        c.n = pow2(r / 2);
                        c.l = pow2(r - r / 2);
                        cases.push_back(c);
                    }
                    // The two named shapes: few channels with a long reduction, many short ones
                    // (skipped by small smoke runs: they need 2^27 and 2^29 elements).
                    if ((m != Mode::Quick || dt == ACL_FLOAT) && max_log2 >= 22) {
                        Case few;
                        few.op = op;
                        few.dtype = dt;
                        few.variant = "C=8";
                        few.n = 64;
                        few.c = 8;
                        few.l = pow2(20);  // N * spatial = 2^26
                        cases.push_back(few);
                        Case many = few;
                        many.variant = "C=2048";
                        many.c = 2048;
                        many.l = 1024;  // N * spatial = 2^16
                        cases.push_back(many);
                    }
                }
                break;
            case ShapeKind::Upsample: {
                const std::pair<double, const char*> scales[] = {
                    {2.0, "x2"}, {0.5, "x0.5"}, {1.5, "x1.5"}, {0.75, "x0.75"}};
                for (const auto& [sc, name] : scales)
                    for (aclDataType dt : o.dtypes)
                        for (int k : ks)
                            cases.push_back(upsample_case(dt, k, sc, name, op));
                break;
            }
        }
    }
    return cases;
}

// ---------------------------------------------------------------------------------------------
// One backend
// ---------------------------------------------------------------------------------------------

double default_cache_bytes(const std::string& backend) {
    if (is_gpu(backend)) {
        int64_t l2 = 0;
        if (aclGetDeviceCapability(0, ACL_DEVICE_INFO_L2_SIZE, &l2) == ACL_SUCCESS && l2 > 0)
            return static_cast<double>(l2);
        aclGetRecentErrMsg();  // clear
        return 64.0 * (1 << 20);
    }
    long llc = sysconf(_SC_LEVEL3_CACHE_SIZE);
    if (llc <= 0) {
        std::ifstream f("/sys/devices/system/cpu/cpu0/cache/index3/size");
        std::string s;
        if (f >> s) {
            llc = std::atol(s.c_str());
            if (!s.empty() && (s.back() == 'K' || s.back() == 'k'))
                llc *= 1024;
            if (!s.empty() && (s.back() == 'M' || s.back() == 'm'))
                llc *= 1024 * 1024;
        }
    }
    return llc > 0 ? static_cast<double>(llc) : 32.0 * (1 << 20);
}

double default_max_mem(const std::string& backend) {
    size_t free_b = 0;
    size_t total_b = 0;
    const aclrtMemAttr attr = is_gpu(backend) ? ACL_HBM_MEM : ACL_DDR_MEM;
    if (aclrtGetMemInfo(attr, &free_b, &total_b) == ACL_SUCCESS && free_b > 0)
        return 0.5 * static_cast<double>(free_b);
    aclGetRecentErrMsg();
    return 4.0 * (1 << 30);
}

struct CopyKey {
    double bytes;
    int sets;
    bool operator<(const CopyKey& o) const {
        return bytes != o.bytes ? bytes < o.bytes : sets < o.sets;
    }
};

void append_md(const Options& o, const std::string& text) {
    if (o.md_path.empty())
        return;
    if (std::FILE* f = std::fopen(o.md_path.c_str(), "a")) {
        std::fputs(text.c_str(), f);
        std::fclose(f);
    }
}

TimingPolicy policy_for(const Options& o) {
    TimingPolicy p;
    p.target_ms = o.target_ms > 0
                      ? o.target_ms
                      : (o.mode == Mode::Quick ? 40 : (o.mode == Mode::Full ? 400 : 150));
    p.min_reps = o.mode == Mode::Quick ? 3 : (o.mode == Mode::Full ? 10 : 5);
    p.max_reps = o.mode == Mode::Full ? 500 : 200;
    p.warmup = 2;
    return p;
}

void measure_overhead(const Options& o,
                      const std::string& backend,
                      const std::string& device,
                      aclrtStream stream,
                      std::vector<OverheadRow>* rows) {
    const int iters = o.mode == Mode::Quick ? 500 : 2000;
    const int batches = 5;
    for (const BenchOp& bop : bench_ops()) {
        if (!o.ops.empty() && !o.ops.count(bop.key))
            continue;
        const BenchOp* op = &bop;
        Case c;
        c.op = op;
        c.dtype = ACL_FLOAT;
        c.variant = "1 element";
        if (op->shape == ShapeKind::Upsample)
            c.scales = 1.0;
        OverheadRow row;
        row.backend = backend;
        row.device = device;
        row.op = op->name;
        row.dtype = "fp32";
        auto inst = CaseInstance::create(c, 1, o.seed);
        if (!inst) {
            row.note = "setup failed";
            rows->push_back(row);
            continue;
        }
        auto run_batches = [&](bool pair, double* us) {
            std::vector<double> per;
            for (int b = -1; b < batches; ++b) {  // b = -1: warm-up
                const auto t0 = std::chrono::steady_clock::now();
                for (int i = 0; i < iters; ++i) {
                    aclOpExecutor* ex = nullptr;
                    if (pair) {
                        uint64_t ws = 0;
                        if (!inst->phase1(&ws, &ex))
                            return false;
                    }
                    if (!inst->phase2(ex, stream))
                        return false;
                }
                const auto t1 = std::chrono::steady_clock::now();
                // Drain outside the timed region: the kernels are not part of the overhead.
                if (!BENCH_OK(aclrtSynchronizeStream(stream)))
                    return false;
                if (b >= 0)
                    per.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count()
                                  / iters);
            }
            *us = median(per);
            return true;
        };
        if (!run_batches(true, &row.pair_us) || !run_batches(false, &row.exec_us))
            row.note = "failed";
        row.iters = static_cast<int64_t>(iters) * batches;
        rows->push_back(row);
    }
}

// Non-empty when the timed repetitions page-faulted more than stray faults (the first case's
// lazy set-up, a queue that grows: up to about one per repetition on the development VM): more
// than 16 faults per repetition and more than 1% of the pages a repetition moves. Then the time
// is the kernel's page-fault handling, not the op (Note [Every page written at set-up],
// bench_cases.cpp: the set-up maps every page; an op that allocates memory per call shows here).
std::string page_fault_note(const char* what, const Timing& t, double bytes) {
    if (t.reps <= 0)
        return "";
    const double per_rep = static_cast<double>(t.page_faults) / t.reps;
    const double pages_moved = bytes / static_cast<double>(sysconf(_SC_PAGESIZE));
    if (per_rep <= std::max(16.0, 0.01 * pages_moved))
        return "";
    char buf[128];
    std::snprintf(buf,
                  sizeof buf,
                  "%s page-faulted %.0f times per repetition (memory touched afresh)",
                  what,
                  per_rep);
    return buf;
}

/// CPU backend only: wall-clock median of a host memcpy of the copy baseline's bytes, split over
/// the CPU kernels' thread count (ACLEMU_CPU_THREADS, else every core), one new thread per part.
/// The CPU backend's "device" memory is host memory, so this cross-checks the baseline from
/// outside the API (aclrtMemcpyAsync splits copies of 4 MiB or more over the same threads).
bool host_copy(CaseInstance& inst, const TimingPolicy& policy, double* median_ms) {
    int threads = static_cast<int>(std::thread::hardware_concurrency());
    if (const char* env = std::getenv("ACLEMU_CPU_THREADS"); env && std::atoi(env) > 0)
        threads = std::atoi(env);
    auto once = [&](int set) {
        const void* src = nullptr;
        void* dst = nullptr;
        size_t bytes = 0;
        inst.copy_span(set, &src, &dst, &bytes);
        const int t = bytes >= (size_t{1} << 22) ? std::max(threads, 1) : 1;
        const size_t part = (bytes / static_cast<size_t>(t) + 63) / 64 * 64;
        const auto t0 = std::chrono::steady_clock::now();
        std::vector<std::thread> workers;
        for (int i = 1; i < t; ++i) {
            const size_t begin = std::min(bytes, part * static_cast<size_t>(i));
            const size_t len = std::min(part, bytes - begin);
            workers.emplace_back([=] {
                std::memcpy(
                    static_cast<char*>(dst) + begin, static_cast<const char*>(src) + begin, len);
            });
        }
        std::memcpy(dst, src, std::min(part, bytes));
        for (std::thread& w : workers)
            w.join();
        return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
            .count();
    };
    const int sets = inst.sets();
    double one = once(0);
    for (int i = 1; i < std::min(sets, 2); ++i)
        one = once(i);
    one = std::max(one, 1e-4);
    int reps = std::clamp(static_cast<int>(std::ceil(policy.target_ms / one)),
                          one > policy.target_ms ? std::min(policy.min_reps, 3) : policy.min_reps,
                          policy.max_reps);
    std::vector<double> times;
    for (int r = 0; r < reps; ++r)
        times.push_back(once(r % sets));
    *median_ms = median(times);
    return true;
}

int run_backend(const Options& o, const std::string& backend) {
    setenv("ACLEMU_BACKEND", backend.c_str(), 1);
    if (!BENCH_OK(aclInit(nullptr)))
        return 1;
    if (aclrtSetDevice(0) != ACL_SUCCESS) {
        const char* why = aclGetRecentErrMsg();
        std::printf("\n== backend %s: not available, skipped (%s)\n",
                    backend.c_str(),
                    why ? why : "aclrtSetDevice failed");
        append_md(o,
                  "\n### Backend `" + backend + "`: not available, skipped ("
                      + std::string(why ? why : "aclrtSetDevice failed") + ")\n");
        if (!o.csv_path.empty()) {
            if (std::FILE* f = std::fopen(o.csv_path.c_str(), "a")) {
                std::fprintf(
                    f, "unavailable,%s,,,,,,,,,,,,,,,,,,,\"not available\"\n", backend.c_str());
                std::fclose(f);
            }
        }
        aclFinalize();
        return kBackendUnavailable;
    }
    const char* soc = aclrtGetSocName();
    const std::string device = soc ? soc : backend;
    aclrtStream stream = nullptr;
    if (!BENCH_OK(aclrtCreateStream(&stream)))
        return 1;

    const double cache = o.cache_mb > 0 ? o.cache_mb * (1 << 20) : default_cache_bytes(backend);
    const double max_mem = o.max_mem_gb > 0 ? o.max_mem_gb * (1 << 30) : default_max_mem(backend);
    const TimingPolicy policy = policy_for(o);
    std::printf("\n== backend %s: %s (cache %.0f MiB, memory cap %.1f GiB, target %.0f ms)\n",
                backend.c_str(),
                device.c_str(),
                cache / (1 << 20),
                max_mem / (1 << 30),
                policy.target_ms);

    std::FILE* csv = o.csv_path.empty() ? nullptr : std::fopen(o.csv_path.c_str(), "a");
    std::vector<BandwidthRow> rows;
    std::map<CopyKey, Timing> copies;
    std::map<CopyKey, double> host_copies;
    EventTimer timer(stream);
    int failures = 0;
    const auto t_start = std::chrono::steady_clock::now();

    if (o.sweep) {
        print_bandwidth_header(stdout);
        for (const Case& c : build_cases(o, backend)) {
            BandwidthRow row;
            row.backend = backend;
            row.device = device;
            row.op = c.op->name;
            row.variant = c.variant;
            row.dtype = dtype_name(c.dtype);
            row.shape = c.shape();
            row.numel = c.numel();
            row.bytes = c.min_bytes();
            const double arena = static_cast<double>(c.arena_bytes());
            int sets = std::clamp(static_cast<int>(std::ceil(2.0 * cache / arena)), 1, 8);
            while (sets > 1 && sets * arena > max_mem)
                --sets;
            row.sets = sets;
            if (arena > max_mem) {
                char buf[96];
                std::snprintf(buf, sizeof buf, "skipped: needs %.1f GiB", arena / (1 << 30));
                row.note = buf;
            } else if (auto inst = CaseInstance::create(c, sets, o.seed)) {
                Timing op_t;
                const bool op_ok = timer.measure(
                    [&](int s) { return inst->enqueue_op(s, stream); }, sets, policy, &op_t);
                const CopyKey key{row.bytes, sets};
                bool copy_ok = copies.count(key) > 0;
                if (op_ok && !copy_ok) {
                    Timing copy_t;
                    copy_ok = timer.measure([&](int s) { return inst->enqueue_copy(s, stream); },
                                            sets,
                                            policy,
                                            &copy_t);
                    if (copy_ok)
                        copies[key] = copy_t;
                }
                if (op_ok && copy_ok && !is_gpu(backend) && !host_copies.count(key)) {
                    double ms = 0;
                    if (host_copy(*inst, policy, &ms))
                        host_copies[key] = ms;
                }
                // The CPU backend runs the op in this process: its faults are the op's.
                if (op_ok && copy_ok && !is_gpu(backend)) {
                    row.note = page_fault_note("the op", op_t, row.bytes);
                    if (row.note.empty())
                        row.note = page_fault_note("the copy", copies[key], row.bytes);
                }
                if (op_ok && copy_ok && row.note.empty()) {
                    if (host_copies.count(key))
                        row.host_copy_ms = host_copies[key];
                    row.reps = op_t.reps;
                    row.op_ms = op_t.median_ms;
                    row.op_min_ms = op_t.min_ms;
                    row.copy_ms = copies[key].median_ms;
                } else if (!op_ok || !copy_ok) {
                    row.note = "failed";
                    aclrtSynchronizeStream(stream);
                }
            } else {
                row.note = "setup failed";
            }
            if (!row.note.empty() && row.note.rfind("skipped", 0) != 0)
                ++failures;
            print_bandwidth_row(stdout, row);
            if (csv) {
                write_csv_row(csv, row);
                std::fflush(csv);
            }
            rows.push_back(row);
        }
    }

    std::vector<OverheadRow> overhead;
    if (o.overhead) {
        measure_overhead(o, backend, device, stream, &overhead);
        print_overhead_table(stdout, overhead);
        if (csv)
            for (const OverheadRow& r : overhead)
                write_csv_row(csv, r);
    }
    if (csv)
        std::fclose(csv);
    if (!o.md_path.empty()) {
        if (std::FILE* f = std::fopen(o.md_path.c_str(), "a")) {
            write_markdown(f, backend, device, rows, overhead);
            std::fclose(f);
        }
    }
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t_start).count();
    std::printf(
        "== backend %s done in %.1f s, %d failed case(s)\n", backend.c_str(), secs, failures);

    aclrtDestroyStream(stream);
    aclrtResetDevice(0);
    aclFinalize();
    return failures == 0 ? 0 : 1;
}

}  // namespace
}  // namespace aclemu::bench

int main(int argc, char** argv) {
    using namespace aclemu::bench;
    Options o;
    if (!parse(argc, argv, &o)) {
        usage();
        return 2;
    }
    if (!o.csv_path.empty()) {
        std::FILE* f = std::fopen(o.csv_path.c_str(), "w");
        if (!f) {
            std::perror(o.csv_path.c_str());
            return 2;
        }
        write_csv_header(f);
        std::fclose(f);
    }
    if (!o.md_path.empty()) {
        std::FILE* f = std::fopen(o.md_path.c_str(), "w");
        if (!f) {
            std::perror(o.md_path.c_str());
            return 2;
        }
        std::fprintf(f,
                     "## aclemu_bench results\n\n"
                     "Achieved bandwidth = minimum bytes / median event-timed kernel time; copy = "
                     "aclrtMemcpyAsync device-to-device of the same bytes (read + write) on the "
                     "same backend in the same run; op/copy = copy time / op time.\n");
        std::fclose(f);
    }
    if (!o.fork_backends) {
        if (o.backends.size() != 1) {
            std::fprintf(stderr, "aclemu_bench: --no-fork needs a single --backend\n");
            return 2;
        }
        const int rc = run_backend(o, o.backends[0]);
        return rc == 3 ? 0 : rc;
    }
    int status_all = 0;
    for (const std::string& backend : o.backends) {
        std::fflush(stdout);
        std::fflush(stderr);
        const pid_t pid = fork();
        if (pid < 0) {
            std::perror("fork");
            return 1;
        }
        if (pid == 0) {
            const int rc = run_backend(o, backend);
            std::fflush(stdout);
            std::fflush(stderr);
            _exit(rc);
        }
        int status = 0;
        waitpid(pid, &status, 0);
        if (WIFEXITED(status)) {
            const int rc = WEXITSTATUS(status);
            if (rc != 0 && rc != 3)
                status_all = 1;
        } else {
            std::fprintf(stderr, "aclemu_bench: backend %s crashed\n", backend.c_str());
            status_all = 1;
        }
    }
    return status_all;
}
