// Renderings of the benchmark rows (see bench_report.h). Times are printed in microseconds,
// bandwidths in GB/s (1e9 bytes per second).
#include "bench_report.h"

namespace aclemu::bench {

namespace {

// CSV fields here never contain commas or quotes except `note`, which is quoted.
std::string quoted(const std::string& s) {
    std::string q = "\"";
    for (char c : s) {
        if (c == '"')
            q += '"';
        q += c;
    }
    return q + "\"";
}

}  // namespace

void print_bandwidth_header(std::FILE* f) {
    std::fprintf(f,
                 "%-26s %-11s %-5s %-20s %12s %4s %10s %9s %9s %7s %9s\n",
                 "op",
                 "case",
                 "dtype",
                 "shape",
                 "numel",
                 "sets",
                 "op_us",
                 "op_GB/s",
                 "copyGB/s",
                 "op/copy",
                 "hostGB/s");
}

void print_bandwidth_row(std::FILE* f, const BandwidthRow& r) {
    if (!r.note.empty()) {
        std::fprintf(f,
                     "%-26s %-11s %-5s %-20s %12lld  -- %s\n",
                     r.op.c_str(),
                     r.variant.c_str(),
                     r.dtype.c_str(),
                     r.shape.c_str(),
                     static_cast<long long>(r.numel),
                     r.note.c_str());
        return;
    }
    std::fprintf(f,
                 "%-26s %-11s %-5s %-20s %12lld %4d %10.2f %9.2f %9.2f %7.3f %9.2f\n",
                 r.op.c_str(),
                 r.variant.c_str(),
                 r.dtype.c_str(),
                 r.shape.c_str(),
                 static_cast<long long>(r.numel),
                 r.sets,
                 r.op_ms * 1e3,
                 r.op_gbps(),
                 r.copy_gbps(),
                 r.ratio(),
                 r.host_copy_gbps());
    std::fflush(f);
}

void print_overhead_table(std::FILE* f, const std::vector<OverheadRow>& rows) {
    std::fprintf(f,
                 "\nHost overhead, 1-element tensors (wall clock, kernel excluded)\n"
                 "%-28s %-5s %14s %14s %8s\n",
                 "op",
                 "dtype",
                 "ws+exec us",
                 "exec-only us",
                 "iters");
    for (const OverheadRow& r : rows) {
        if (!r.note.empty()) {
            std::fprintf(f, "%-28s %-5s  -- %s\n", r.op.c_str(), r.dtype.c_str(), r.note.c_str());
            continue;
        }
        std::fprintf(f,
                     "%-28s %-5s %14.3f %14.3f %8lld\n",
                     r.op.c_str(),
                     r.dtype.c_str(),
                     r.pair_us,
                     r.exec_us,
                     static_cast<long long>(r.iters));
    }
    std::fflush(f);
}

void write_csv_header(std::FILE* f) {
    std::fprintf(f,
                 "kind,backend,device,op,case,dtype,shape,numel,bytes,sets,reps,op_us,op_min_us,"
                 "op_gbps,copy_us,copy_gbps,op_over_copy,pair_us,exec_us,host_copy_gbps,note\n");
}

void write_csv_row(std::FILE* f, const BandwidthRow& r) {
    std::fprintf(
        f,
        "bandwidth,%s,%s,%s,%s,%s,%s,%lld,%.0f,%d,%d,%.4f,%.4f,%.4f,%.4f,%.4f,%.5f,,,%.4f,%s\n",
        r.backend.c_str(),
        quoted(r.device).c_str(),
        r.op.c_str(),
        r.variant.c_str(),
        r.dtype.c_str(),
        r.shape.c_str(),
        static_cast<long long>(r.numel),
        r.bytes,
        r.sets,
        r.reps,
        r.op_ms * 1e3,
        r.op_min_ms * 1e3,
        r.op_gbps(),
        r.copy_ms * 1e3,
        r.copy_gbps(),
        r.ratio(),
        r.host_copy_gbps(),
        quoted(r.note).c_str());
}

void write_csv_row(std::FILE* f, const OverheadRow& r) {
    std::fprintf(f,
                 "overhead,%s,%s,%s,,%s,1,1,,,%lld,,,,,,,%.4f,%.4f,,%s\n",
                 r.backend.c_str(),
                 quoted(r.device).c_str(),
                 r.op.c_str(),
                 r.dtype.c_str(),
                 static_cast<long long>(r.iters),
                 r.pair_us,
                 r.exec_us,
                 quoted(r.note).c_str());
}

void write_markdown(std::FILE* f,
                    const std::string& backend,
                    const std::string& device,
                    const std::vector<BandwidthRow>& bw,
                    const std::vector<OverheadRow>& overhead) {
    std::fprintf(f, "\n### Backend `%s` (%s)\n\n", backend.c_str(), device.c_str());
    const bool host = !bw.empty() && bw.front().backend == "cpu";
    std::fprintf(f,
                 "| op | case | dtype | shape | numel | op µs | op GB/s | copy GB/s | op/copy |%s\n"
                 "|---|---|---|---|---:|---:|---:|---:|---:|%s\n",
                 host ? " host copy GB/s |" : "",
                 host ? "---:|" : "");
    for (const BandwidthRow& r : bw) {
        if (!r.note.empty()) {
            std::fprintf(f,
                         "| %s | %s | %s | %s | %lld | — | — | — | %s |%s\n",
                         r.op.c_str(),
                         r.variant.c_str(),
                         r.dtype.c_str(),
                         r.shape.c_str(),
                         static_cast<long long>(r.numel),
                         r.note.c_str(),
                         host ? " — |" : "");
            continue;
        }
        char extra[32] = "";
        if (host)
            std::snprintf(extra, sizeof extra, " %.2f |", r.host_copy_gbps());
        std::fprintf(f,
                     "| %s | %s | %s | %s | %lld | %.2f | %.2f | %.2f | %.3f |%s\n",
                     r.op.c_str(),
                     r.variant.c_str(),
                     r.dtype.c_str(),
                     r.shape.c_str(),
                     static_cast<long long>(r.numel),
                     r.op_ms * 1e3,
                     r.op_gbps(),
                     r.copy_gbps(),
                     r.ratio(),
                     extra);
    }
    if (!overhead.empty()) {
        std::fprintf(
            f,
            "\nHost overhead on `%s`, 1-element tensors, wall clock, kernel excluded:\n\n"
            "| op | dtype | GetWorkspaceSize + execute µs | execute only µs (repeatable) |\n"
            "|---|---|---:|---:|\n",
            backend.c_str());
        for (const OverheadRow& r : overhead) {
            if (!r.note.empty()) {
                std::fprintf(
                    f, "| %s | %s | — | %s |\n", r.op.c_str(), r.dtype.c_str(), r.note.c_str());
                continue;
            }
            std::fprintf(f,
                         "| %s | %s | %.3f | %.3f |\n",
                         r.op.c_str(),
                         r.dtype.c_str(),
                         r.pair_us,
                         r.exec_us);
        }
    }
    std::fflush(f);
}

}  // namespace aclemu::bench
