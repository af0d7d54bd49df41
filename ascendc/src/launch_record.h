// One Ascend C kernel launch as libaclemu_ascendc runs it: the kernel's packed arguments, each
// block's printf output and the first failure, the SyncAll barrier, and what runs one block.
#pragma once

#include "aclemu/ascendc/block_api.h"
#include "aclemu/rt.h"
#include "tiling/platform/platform_ascendc.h"

#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <set>
#include <string>
#include <vector>

namespace aclemu::ascendc::detail {

/// UB bytes per block: the vector core's of the emulated A2/A3 SoC (platform_ascendc.h).
constexpr uint32_t kUbBytes = platform_ascendc::PlatformAscendC::kUbBytes;
/// Vector cores of the emulated SoC (Ascend910B): the blocks that run at once.
constexpr uint32_t kVectorCores = platform_ascendc::PlatformAscendC().GetCoreNumAiv();

class LaunchRecord {
public:
    LaunchRecord(
        std::string name, uint32_t blocks, void* closure, BlockEntry entry, ClosureDeleter deleter);
    ~LaunchRecord();
    LaunchRecord(const LaunchRecord&) = delete;
    LaunchRecord& operator=(const LaunchRecord&) = delete;

    const std::string& name() const { return name_; }
    /// The kernel's packed arguments (the launch's closure).
    const void* closure() const { return closure_; }
    uint32_t blocks() const { return blocks_; }
    /// How many blocks run at once (SyncAll needs every block live).
    uint32_t concurrent = 1;
    /// SyncAll's barrier where the blocks are not host threads (the GPU simulator's fibers);
    /// nullptr: barrier_wait.
    bool (*barrier)(LaunchRecord& record) = nullptr;

    /// Runs block `index` on the calling thread with `ub` as its UB (kUbBytes, 32-aligned);
    /// a failure (Trap, assert, strict check) unwinds the block and is recorded.
    void run_block(int64_t index, uint8_t* ub);
    /// The calling block failed.
    void record_failure(int64_t block, const std::string& what);
    /// True once per API: whether to print this check's warning.
    bool first_report(const std::string& api);
    std::string& output(int64_t block) { return output_[static_cast<size_t>(block)]; }
    /// SyncAll: waits for every block; false when the barrier cannot complete (a block failed or
    /// finished without reaching it).
    bool barrier_wait();
    /// The launch's end: prints the blocks' output in block order; reports the first failure on
    /// the stream (507035; on stderr only when `target` has no stream). False when a block failed.
    /// Then starts over (no output, no failure), for a captured launch's next replay.
    bool finish(const rt::StreamTarget& target);

private:
    void block_finished();
    void start_over();

    std::string name_;
    uint32_t blocks_;
    void* closure_;
    BlockEntry entry_;
    ClosureDeleter deleter_;
    std::vector<std::string> output_;

    std::mutex mu_;
    std::condition_variable barrier_open_;
    int64_t failed_block_ = -1;  // the lowest failed block
    std::string failure_;
    std::set<std::string> reported_;
    uint32_t arrived_ = 0;
    uint32_t finished_ = 0;
    uint64_t generation_ = 0;
    bool barrier_broken_ = false;
};

/// Sets the calling thread's block (nullptr: none).
void set_current_block(BlockState* state) noexcept;

/// ACLEMU_ASCENDC_STRICT set (and not 0): a reported API misuse fails the block.
bool strict_checks();

}  // namespace aclemu::ascendc::detail
