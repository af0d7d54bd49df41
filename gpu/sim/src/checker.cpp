// The race and sync checker (checker.h). Within a block: a table of the bytes its threads touched
// (by aligned 4-byte word, one entry holding its four bytes), each with the threads that wrote,
// read and atomically updated it in the current barrier interval (a barrier opens a new interval
// without clearing the table: an interval number per entry says whether it is current) and over
// the whole block. Across blocks: when a block ends,
// the global bytes it touched become ranges per kind, checked against and then merged into the
// launch's ranges (blocks of a launch are unordered, so any overlap of a write with another
// block's access is a race).
#include "checker.h"

#include "sanitizer.h"
#include "settings.h"
#include "state.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace gpusim::detail::check {
namespace {

constexpr int kMaxReportsPerLaunch = 8;

thread_local BlockChecker* tl_current __attribute__((tls_model("initial-exec"))) = nullptr;

const char* verb(Access kind) {
    switch (kind) {
        case Access::Read:
            return "read";
        case Access::Write:
            return "wrote";
        case Access::Atomic:
            break;
    }
    return "atomically updated";
}

// A thread's position as CUDA names it.
struct Position {
    dim3 block;
    dim3 thread;
};

Position position_of(const LaunchConfig& config, uint64_t block, unsigned thread) {
    const dim3 g = config.grid;
    const dim3 b = config.block;
    Position p;
    p.block = dim3(static_cast<unsigned>(block % g.x),
                   static_cast<unsigned>(block / g.x % g.y),
                   static_cast<unsigned>(block / g.x / g.y));
    p.thread = dim3(thread % b.x, thread / b.x % b.y, thread / b.x / b.y);
    return p;
}

std::string describe(const LaunchConfig& config, uint64_t block, unsigned thread) {
    const Position p = position_of(config, block, thread);
    char text[96];
    std::snprintf(text,
                  sizeof text,
                  "thread (%u,%u,%u) of block (%u,%u,%u)",
                  p.thread.x,
                  p.thread.y,
                  p.thread.z,
                  p.block.x,
                  p.block.y,
                  p.block.z);
    return text;
}

// A range of bytes one kind of access of the launch touched, and the first thread that did.
struct Span {
    uintptr_t end;
    uint64_t block;
    unsigned thread;
};
using SpanMap = std::map<uintptr_t, Span>;

// The span of `spans` overlapping [begin, end), or nullptr.
const std::pair<const uintptr_t, Span>* overlap(const SpanMap& spans,
                                                uintptr_t begin,
                                                uintptr_t end) {
    auto it = spans.upper_bound(begin);
    if (it != spans.begin()) {
        auto before = std::prev(it);
        if (before->second.end > begin) {
            return &*before;
        }
    }
    if (it != spans.end() && it->first < end) {
        return &*it;
    }
    return nullptr;
}

void insert(SpanMap& spans, uintptr_t begin, const Span& span) {
    auto it = spans.upper_bound(begin);
    if (it != spans.begin()) {
        auto before = std::prev(it);
        if (before->second.end >= begin) {  // touching or overlapping: extend it
            before->second.end = std::max(before->second.end, span.end);
            while (it != spans.end() && it->first <= before->second.end) {
                before->second.end = std::max(before->second.end, it->second.end);
                it = spans.erase(it);
            }
            return;
        }
    }
    auto placed = spans.emplace_hint(it, begin, span);
    for (auto next = std::next(placed); next != spans.end() && next->first <= placed->second.end;) {
        placed->second.end = std::max(placed->second.end, next->second.end);
        next = spans.erase(next);
    }
}

}  // namespace

class LaunchChecker {
public:
    explicit LaunchChecker(const LaunchConfig& c) : config(c) {}

    /// Prints a report unless the launch has printed enough; makes the launch a fault.
    void report(const std::string& text) {
        const uint64_t n = count.fetch_add(1);
        if (n < kMaxReportsPerLaunch) {
            std::fprintf(
                stderr, "gpusim race check: kernel %s: %s\n", config.kernel_name, text.c_str());
        } else if (n == kMaxReportsPerLaunch) {
            std::fprintf(stderr,
                         "gpusim race check: kernel %s: more reports left out\n",
                         config.kernel_name);
        }
        set_sticky(gpusimErrorLaunchFailure);
    }

    const LaunchConfig config;
    std::atomic<uint64_t> count{0};
    std::mutex mutex;  // the spans
    SpanMap spans[3];  // by Access
};

std::shared_ptr<LaunchChecker> make_launch_checker(const LaunchConfig& config) {
    return std::make_shared<LaunchChecker>(config);
}

uint64_t reports(const LaunchChecker& launch) {
    return launch.count.load();
}

namespace {

constexpr int32_t kNone = -1;

// One byte's accesses: in the current interval (which threads) and over the block (which kinds,
// the first thread of each).
struct Lane {
    int32_t writer = kNone;
    int32_t readers[2] = {kNone, kNone};  // two distinct readers are enough to tell
    int32_t atomics[2] = {kNone, kNone};
    int32_t block_first[3] = {kNone, kNone, kNone};  // by Access
    bool reported = false;
};

// The four bytes of an aligned word: one table lookup serves every byte of a 4-byte access.
constexpr uintptr_t kWordBytes = 4;
struct Cell {
    uintptr_t word = 0;
    uint32_t generation = 0;  // the block it belongs to (an older one: an empty slot)
    uint32_t interval = 0;    // the barrier interval of the lanes' thread fields
    Lane lanes[kWordBytes];
};

// An open-addressing table of cells, emptied in O(1) per block by its generation.
class CellTable {
public:
    CellTable() : slots_(1u << 12) {}

    void clear() {
        if (++generation_ == 0) {  // wrapped: forget every slot for real
            std::fill(slots_.begin(), slots_.end(), Cell{});
            generation_ = 1;
        }
        used_ = 0;
        last_ = nullptr;
    }

    Cell& find(uintptr_t word) {
        if (last_ != nullptr && last_->word == word) {
            return *last_;  // consecutive accesses mostly touch the same word
        }
        if ((used_ + 1) * 2 > slots_.size()) {
            grow();
        }
        size_t i = hash(word) & (slots_.size() - 1);
        for (;;) {
            Cell& cell = slots_[i];
            if (cell.generation != generation_) {
                cell = Cell{};
                cell.word = word;
                cell.generation = generation_;
                cell.interval = ~0u;
                ++used_;
                last_ = &cell;
                return cell;
            }
            if (cell.word == word) {
                last_ = &cell;
                return cell;
            }
            i = (i + 1) & (slots_.size() - 1);
        }
    }

    template <typename F>
    void for_each(F&& f) const {
        for (const Cell& cell : slots_) {
            if (cell.generation == generation_) {
                f(cell);
            }
        }
    }

private:
    static size_t hash(uintptr_t a) {
        return static_cast<size_t>((a * 0x9E3779B97F4A7C15ull) >> 20);
    }
    void grow() {
        std::vector<Cell> old(slots_.size() * 2);
        old.swap(slots_);
        const uint32_t generation = generation_;
        used_ = 0;
        last_ = nullptr;
        for (const Cell& cell : old) {
            if (cell.generation == generation) {
                size_t i = hash(cell.word) & (slots_.size() - 1);
                while (slots_[i].generation == generation) {
                    i = (i + 1) & (slots_.size() - 1);
                }
                slots_[i] = cell;
                ++used_;
            }
        }
    }

    std::vector<Cell> slots_;
    uint32_t generation_ = 1;
    size_t used_ = 0;
    Cell* last_ = nullptr;
};

}  // namespace

struct BlockChecker::State {
    LaunchChecker* launch = nullptr;
    uint64_t block = 0;
    uintptr_t shared_begin = 0;
    uintptr_t shared_end = 0;
    unsigned thread = 0;
    uintptr_t stack_begin = 0;
    uintptr_t stack_end = 0;
    uint32_t interval = 0;
    bool barrier_reported = false;
    CellTable cells;

    std::string where(uintptr_t address) const {
        char text[128];
        if (address >= shared_begin && address < shared_end) {
            std::snprintf(text,
                          sizeof text,
                          "__shared__ memory at 0x%llx (byte %llu of the block's shared memory)",
                          static_cast<unsigned long long>(address),
                          static_cast<unsigned long long>(address - shared_begin));
        } else {
            std::snprintf(text,
                          sizeof text,
                          "global memory at 0x%llx",
                          static_cast<unsigned long long>(address));
        }
        return text;
    }

    void race(uintptr_t address, Access mine, int32_t other, Access theirs) {
        const LaunchConfig& config = launch->config;
        launch->report(where(address) + ": " + describe(config, block, thread) + " " + verb(mine)
                       + " it and " + describe(config, block, static_cast<unsigned>(other)) + " "
                       + verb(theirs) + " it with no __syncthreads() between");
    }

    // The other thread of the interval whose access conflicts with `kind` by `me`, or kNone.
    static int32_t other_of(const int32_t (&threads)[2], int32_t me) {
        return threads[0] != kNone && threads[0] != me ? threads[0] : threads[1];
    }

    // Records the access of byte `address` (lane `lane` of `cell`); reports a race unless `quiet`
    // (true: one was reported for this access already) or the byte raced before. Returns true
    // when it raced.
    bool touch(Cell& cell, unsigned lane, uintptr_t address, Access kind, bool quiet) {
        Lane& l = cell.lanes[lane];
        const auto me = static_cast<int32_t>(thread);
        bool raced = false;
        if (!l.reported) {
            int32_t other = kNone;
            Access theirs = Access::Read;
            if (l.writer != kNone && l.writer != me) {
                other = l.writer;
                theirs = Access::Write;
            } else if (kind != Access::Read && other_of(l.readers, me) != kNone) {
                other = other_of(l.readers, me);
                theirs = Access::Read;
            } else if (kind != Access::Atomic && other_of(l.atomics, me) != kNone) {
                other = other_of(l.atomics, me);
                theirs = Access::Atomic;
            }
            if (other != kNone) {
                l.reported = true;
                raced = true;
                if (!quiet) {
                    race(address, kind, other, theirs);
                }
            }
        }
        switch (kind) {
            case Access::Write:
                l.writer = me;
                break;
            case Access::Read:
                remember(l.readers, me);
                break;
            case Access::Atomic:
                remember(l.atomics, me);
                break;
        }
        int32_t& first = l.block_first[static_cast<int>(kind)];
        if (first == kNone) {
            first = me;
        }
        return raced;
    }

    static void remember(int32_t (&threads)[2], int32_t me) {
        if (threads[0] == kNone) {
            threads[0] = me;
        } else if (threads[0] != me && threads[1] == kNone) {
            threads[1] = me;
        }
    }
};

bool enabled() {
    static const bool on = checker_requested();
    return on;
}

BlockChecker::BlockChecker() : state_(std::make_unique<State>()) {}
BlockChecker::~BlockChecker() = default;

void BlockChecker::begin_block(LaunchChecker* launch,
                               uint64_t block,
                               const void* shared,
                               size_t shared_bytes) {
    State& s = *state_;
    s.launch = launch;
    s.block = block;
    s.shared_begin = reinterpret_cast<uintptr_t>(shared);
    s.shared_end = s.shared_begin + (shared != nullptr ? shared_bytes : 0);
    s.interval = 0;
    s.barrier_reported = false;
    s.cells.clear();
}

void BlockChecker::set_thread(unsigned thread, const void* stack_bottom, size_t stack_size) {
    State& s = *state_;
    s.thread = thread;
    s.stack_begin = reinterpret_cast<uintptr_t>(stack_bottom);
    s.stack_end = s.stack_begin + stack_size;
}

void BlockChecker::barrier_opened() {
    ++state_->interval;
}

void BlockChecker::access(const void* address, size_t bytes, Access kind, size_t align) {
    State& s = *state_;
    const auto begin = reinterpret_cast<uintptr_t>(address);
    if (begin >= s.stack_begin && begin < s.stack_end) {
        return;  // the thread's own stack: its registers and local memory
    }
    if (align > 1 && begin % align != 0) {
        char text[160];
        std::snprintf(text,
                      sizeof text,
                      "misaligned %zu-byte access at 0x%llx (its type needs %zu-byte alignment)",
                      bytes,
                      static_cast<unsigned long long>(begin),
                      align);
        s.launch->report(describe(s.launch->config, s.block, s.thread) + ": " + text);
    }
    bool raced = false;
    const uintptr_t end = begin + bytes;
    for (uintptr_t word = begin & ~(kWordBytes - 1); word < end; word += kWordBytes) {
        Cell& cell = s.cells.find(word);
        if (cell.interval != s.interval) {  // a new barrier interval: forget who touched it
            cell.interval = s.interval;
            for (Lane& lane : cell.lanes) {
                lane.writer = kNone;
                lane.readers[0] = lane.readers[1] = kNone;
                lane.atomics[0] = lane.atomics[1] = kNone;
            }
        }
        const uintptr_t from = std::max(word, begin);
        const uintptr_t to = std::min(word + kWordBytes, end);
        for (uintptr_t address = from; address < to; ++address) {
            raced =
                s.touch(cell, static_cast<unsigned>(address - word), address, kind, raced) || raced;
        }
    }
}

void BlockChecker::end_block() {
    State& s = *state_;
    // The block's global bytes, as ranges of each kind with their first thread: its words in
    // address order, byte by byte.
    std::vector<const Cell*> words;
    s.cells.for_each([&](const Cell& cell) {
        if (cell.word + kWordBytes <= s.shared_begin || cell.word >= s.shared_end) {
            words.push_back(&cell);  // shared memory is the block's own
        }
    });
    if (words.empty()) {
        return;
    }
    std::sort(
        words.begin(), words.end(), [](const Cell* a, const Cell* b) { return a->word < b->word; });
    struct Range {
        uintptr_t begin;
        uintptr_t end;
        unsigned thread;
    };
    std::vector<Range> ranges[3];
    for (const Cell* cell : words) {
        for (uintptr_t lane = 0; lane < kWordBytes; ++lane) {
            const uintptr_t address = cell->word + lane;
            for (int k = 0; k < 3; ++k) {
                const int32_t first = cell->lanes[lane].block_first[k];
                if (first == kNone) {
                    continue;
                }
                std::vector<Range>& list = ranges[k];
                if (!list.empty() && list.back().end == address) {
                    ++list.back().end;
                } else {
                    list.push_back(Range{address, address + 1, static_cast<unsigned>(first)});
                }
            }
        }
    }
    LaunchChecker& launch = *s.launch;
    std::lock_guard<std::mutex> lock(launch.mutex);
    // A write conflicts with every other block's access; a read or an atomic with a write, and
    // with each other's kind: a read with an atomic update.
    static constexpr bool kConflicts[3][3] = {
        /* Read   */ {false, true, true},
        /* Write  */ {true, true, true},
        /* Atomic */ {true, true, false},
    };
    int reported = 0;
    for (int k = 0; k < 3 && reported < 1; ++k) {
        for (const Range& range : ranges[k]) {
            for (int other = 0; other < 3; ++other) {
                if (!kConflicts[k][other]) {
                    continue;
                }
                if (const auto* hit = overlap(launch.spans[other], range.begin, range.end)) {
                    const uintptr_t at = std::max(range.begin, hit->first);
                    launch.report(s.where(at) + ": "
                                  + describe(launch.config, s.block, range.thread) + " "
                                  + verb(static_cast<Access>(k)) + " it and "
                                  + describe(launch.config, hit->second.block, hit->second.thread)
                                  + " " + verb(static_cast<Access>(other))
                                  + " it (blocks of a launch are unordered)");
                    ++reported;
                    break;
                }
            }
            if (reported > 0) {
                break;
            }
        }
    }
    for (int k = 0; k < 3; ++k) {
        for (const Range& range : ranges[k]) {
            insert(launch.spans[k], range.begin, Span{range.end, s.block, range.thread});
        }
    }
}

void BlockChecker::check_barrier(const BarrierSite* sites, unsigned threads) {
    State& s = *state_;
    if (s.barrier_reported) {
        return;
    }
    int32_t waiting = kNone;
    int32_t ended = kNone;
    int32_t elsewhere = kNone;
    for (unsigned t = 0; t < threads; ++t) {
        const BarrierSite& site = sites[t];
        if (site.file == nullptr) {
            ended = ended == kNone ? static_cast<int32_t>(t) : ended;
        } else if (waiting == kNone) {
            waiting = static_cast<int32_t>(t);
        } else if (elsewhere == kNone
                   && (site.line != sites[waiting].line
                       || std::strcmp(site.file, sites[waiting].file) != 0)) {
            elsewhere = static_cast<int32_t>(t);
        }
    }
    if (waiting == kNone || (ended == kNone && elsewhere == kNone)) {
        return;
    }
    s.barrier_reported = true;
    const LaunchConfig& config = s.launch->config;
    const auto at = [&](int32_t t) {
        return std::string(sites[t].file) + ":" + std::to_string(sites[t].line);
    };
    std::string text = "__syncthreads() not reached by every thread of the block: "
                       + describe(config, s.block, static_cast<unsigned>(waiting)) + " waits at "
                       + at(waiting) + ", ";
    if (elsewhere != kNone) {
        text += describe(config, s.block, static_cast<unsigned>(elsewhere)) + " waits at "
                + at(elsewhere);
    } else {
        text += describe(config, s.block, static_cast<unsigned>(ended)) + " has ended";
    }
    s.launch->report(text);
}

BlockChecker* current() {
    return tl_current;
}

void set_current(BlockChecker* checker) {
    tl_current = checker;
}

}  // namespace gpusim::detail::check
