// Result rows of the benchmark and their three renderings: a fixed-width table on stdout, CSV
// rows (one file for all backends: each backend's child process appends its rows) and markdown.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace aclemu::bench {

/// One bandwidth measurement: an operator case and the copy of the same bytes.
struct BandwidthRow {
    std::string backend;
    std::string device;
    std::string op;
    std::string variant;  // "contig", "transposed", "C=8", "x1.5", ...
    std::string dtype;
    std::string shape;  // e.g. "64x8x1048576"
    int64_t numel = 0;  // elements of the largest tensor
    double bytes = 0;   // minimum bytes the op must move
    int sets = 1;       // rotated input sets
    int reps = 0;
    double op_ms = 0;  // median
    double op_min_ms = 0;
    double copy_ms = 0;  // median time of copying bytes/2 device-to-device
    // CPU backend only: median time of a multi-threaded host memcpy of the same bytes (the
    // cores' copy bandwidth; aclrtMemcpyAsync on the CPU backend is one memmove on one thread).
    double host_copy_ms = 0;
    std::string note;  // non-empty: the case failed or was skipped, and why

    double op_gbps() const { return op_ms > 0 ? bytes / (op_ms * 1e6) : 0; }
    double copy_gbps() const { return copy_ms > 0 ? bytes / (copy_ms * 1e6) : 0; }
    double ratio() const { return copy_ms > 0 && op_ms > 0 ? copy_ms / op_ms : 0; }
    double host_copy_gbps() const { return host_copy_ms > 0 ? bytes / (host_copy_ms * 1e6) : 0; }
};

/// Host cost of GetWorkspaceSize + execute on a 1-element tensor.
struct OverheadRow {
    std::string backend;
    std::string device;
    std::string op;
    std::string dtype;
    double pair_us = 0;  // GetWorkspaceSize + execute (single-use executor)
    double exec_us = 0;  // execute alone, repeatable executor
    int64_t iters = 0;
    std::string note;
};

void print_bandwidth_header(std::FILE* f);
void print_bandwidth_row(std::FILE* f, const BandwidthRow& r);
void print_overhead_table(std::FILE* f, const std::vector<OverheadRow>& rows);

void write_csv_header(std::FILE* f);
void write_csv_row(std::FILE* f, const BandwidthRow& r);
void write_csv_row(std::FILE* f, const OverheadRow& r);

void write_markdown(std::FILE* f,
                    const std::string& backend,
                    const std::string& device,
                    const std::vector<BandwidthRow>& bw,
                    const std::vector<OverheadRow>& overhead);

}  // namespace aclemu::bench
