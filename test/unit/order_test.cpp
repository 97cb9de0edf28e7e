// The server-wide order: in PostgreSQL every backend has its own Generator (own pool,
// own random source) but all of them point at the same two order cells in shared memory.
// Threads stand in for backends here: each has its own Generator and all share one pair
// of OrderCell objects, so the tick values must be unique across all of them.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <memory>
#include <thread>
#include <vector>

#include "clock.hpp"
#include "fakes.hpp"
#include "generator.hpp"
#include "layout.hpp"
#include "random.hpp"
#include "sequence.hpp"
#include "test_util.hpp"

namespace {

using uuidx::Generator;
using uuidx::OrderCell;
using uuidx::RandomPool;
using uuidx::TickSequence;
using uuidx::Uuid;
using uuidx_test::FakeClock;
using uuidx_test::FakeRandom;
using uuidx_test::v7_ticks_of;

constexpr int kThreads = 4;
constexpr size_t kPerThread = 200000;
constexpr int64_t kStartNs = uuidx_test::kVectorUnixNs;  // the start of a millisecond
constexpr uint64_t kStartMs = uuidx_test::kVectorUnixMs;

// Runs body(thread_index) on kThreads threads released together, so that their calls
// really overlap (a thread that finished before the next one started would prove nothing).
template <typename Body>
void run_concurrently(Body body) {
    std::atomic<int> arrived{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t)
        threads.emplace_back([&, t] {
            arrived.fetch_add(1);
            while (arrived.load() < kThreads) std::this_thread::yield();
            body(t);
        });
    for (std::thread& th : threads) th.join();
}

// One backend: its own random source and pool, the shared clock and the shared cells.
struct Backend {
    Backend(uuidx::Clock& clock, uuidx::RandomSource& source, OrderCell* v7_cell, OrderCell* gregorian_cell)
        : pool(source), gen(clock, pool, v7_cell, gregorian_cell) {}
    RandomPool pool;
    Generator gen;
};

// Generates kPerThread v7 values per thread, each thread with its own Generator and
// random source, all with the cells returned by cells_for(thread).
template <typename MakeSource, typename CellsFor>
std::vector<std::vector<Uuid>> v7_from_threads(uuidx::Clock& clock, MakeSource make_source, CellsFor cells_for,
                                               size_t per_thread = kPerThread) {
    std::vector<std::vector<Uuid>> out(kThreads, std::vector<Uuid>(per_thread));
    std::atomic<int> failures{0};
    run_concurrently([&](int t) {
        auto source = make_source(t);
        const auto cells = cells_for(t);
        Backend backend(clock, *source, cells.first, cells.second);
        for (size_t i = 0; i < per_thread; ++i) {
            const auto r = backend.gen.v7();
            if (!r) failures.fetch_add(1);
            out[t][i] = r.value;
        }
    });
    EXPECT_EQ(failures.load(), 0);
    return out;
}

void expect_each_thread_strictly_increasing(const std::vector<std::vector<Uuid>>& per_thread) {
    for (size_t t = 0; t < per_thread.size(); ++t)
        for (size_t i = 1; i < per_thread[t].size(); ++i)
            ASSERT_LT(per_thread[t][i - 1], per_thread[t][i]) << "thread " << t << " value " << i;
}

std::vector<uint64_t> sorted_ticks(const std::vector<std::vector<Uuid>>& per_thread) {
    std::vector<uint64_t> ticks;
    for (const auto& values : per_thread)
        for (const Uuid& u : values) ticks.push_back(v7_ticks_of(u));
    std::sort(ticks.begin(), ticks.end());
    return ticks;
}

size_t adjacent_duplicates(const std::vector<uint64_t>& sorted) {
    size_t duplicates = 0;
    for (size_t i = 1; i < sorted.size(); ++i) duplicates += sorted[i - 1] == sorted[i];
    return duplicates;
}

void expect_all_values_distinct(const std::vector<std::vector<Uuid>>& per_thread) {
    std::vector<Uuid> all;
    for (const auto& values : per_thread) all.insert(all.end(), values.begin(), values.end());
    std::sort(all.begin(), all.end(), [](const Uuid& a, const Uuid& b) { return a < b; });
    size_t duplicates = 0;
    for (size_t i = 1; i < all.size(); ++i) duplicates += all[i - 1] == all[i];
    EXPECT_EQ(duplicates, 0u);
    EXPECT_EQ(all.size(), per_thread.size() * kPerThread);
}

TEST(ServerWideOrder, FrozenClockThreadsSharingCellsGetEveryTickExactlyOnce) {
    FakeClock clock(kStartNs);  // frozen: every tick comes from the shared counter
    OrderCell v7_cell{0};
    OrderCell gregorian_cell{0};
    const auto values = v7_from_threads(
        clock, [](int t) { return std::make_unique<FakeRandom>(static_cast<uint64_t>(t) + 1); },
        [&](int) { return std::make_pair(&v7_cell, &gregorian_cell); });

    expect_each_thread_strictly_increasing(values);
    expect_all_values_distinct(values);
    // All 800,000 values come from one counter starting at the clock's tick: they are
    // exactly the ticks T0, T0+1, ..., T0+799999, with no gap and no duplicate.
    const std::vector<uint64_t> ticks = sorted_ticks(values);
    ASSERT_EQ(ticks.size(), kThreads * kPerThread);
    EXPECT_EQ(adjacent_duplicates(ticks), 0u);
    const uint64_t first = uuidx::v7_ticks(kStartMs, 0);
    for (size_t i = 0; i < ticks.size(); ++i) ASSERT_EQ(ticks[i], first + i) << i;
    EXPECT_EQ(v7_cell.load(), first + ticks.size() - 1);
}

TEST(ServerWideOrder, SystemClockThreadsSharingCellsGetGloballyUniqueTicks) {
    uuidx::SystemClock clock;
    OrderCell v7_cell{0};
    OrderCell gregorian_cell{0};
    const auto values = v7_from_threads(
        clock, [](int) { return std::make_unique<uuidx::OpenSslRandom>(); },
        [&](int) { return std::make_pair(&v7_cell, &gregorian_cell); });

    expect_each_thread_strictly_increasing(values);
    expect_all_values_distinct(values);
    EXPECT_EQ(adjacent_duplicates(sorted_ticks(values)), 0u);
    for (const auto& per_thread : values)
        for (const Uuid& u : per_thread) {
            ASSERT_EQ(u.version_nibble(), 7);
            ASSERT_EQ(u.variant(), 2);
        }
}

TEST(ServerWideOrder, NextV7TicksFromThreadsSharingCellsHasNoDuplicates) {
    uuidx::SystemClock clock;
    OrderCell v7_cell{0};
    OrderCell gregorian_cell{0};
    std::vector<std::vector<uint64_t>> ticks(kThreads, std::vector<uint64_t>(kPerThread));
    std::atomic<int> failures{0};
    run_concurrently([&](int t) {
        FakeRandom source(static_cast<uint64_t>(t));
        Backend backend(clock, source, &v7_cell, &gregorian_cell);
        for (size_t i = 0; i < kPerThread; ++i) {
            const auto r = backend.gen.next_v7_ticks();
            if (!r) failures.fetch_add(1);
            ticks[t][i] = r.value;
        }
    });
    ASSERT_EQ(failures.load(), 0);
    std::vector<uint64_t> all;
    for (const auto& per_thread : ticks) {
        for (size_t i = 1; i < per_thread.size(); ++i) ASSERT_LT(per_thread[i - 1], per_thread[i]) << i;
        all.insert(all.end(), per_thread.begin(), per_thread.end());
    }
    std::sort(all.begin(), all.end());
    EXPECT_EQ(adjacent_duplicates(all), 0u);
}

TEST(ServerWideOrder, ControlWithoutSharedCellsAFrozenClockRepeatsTicks) {
    // What the shared cell prevents: with one cell per backend (process-local order
    // only), a frozen clock gives every backend the same ticks. This also shows that the
    // duplicate check above can fail.
    FakeClock clock(kStartNs);
    std::vector<OrderCell> v7_cells(kThreads);  // each at 0, as a new cell is
    std::vector<OrderCell> gregorian_cells(kThreads);
    constexpr size_t kFew = 1000;
    const auto values = v7_from_threads(
        clock, [](int t) { return std::make_unique<FakeRandom>(static_cast<uint64_t>(t) + 1); },
        [&](int t) { return std::make_pair(&v7_cells[t], &gregorian_cells[t]); }, kFew);
    EXPECT_EQ(adjacent_duplicates(sorted_ticks(values)), (kThreads - 1) * kFew);
}

TEST(ServerWideOrder, V6FromThreadsSharingTheGregorianCellGetsEveryTimestampOnce) {
    FakeClock clock(kStartNs);
    OrderCell v7_cell{0};
    OrderCell gregorian_cell{0};
    constexpr size_t kV6PerThread = 50000;
    std::vector<uint64_t> stamps(kThreads * kV6PerThread);
    std::atomic<int> failures{0};
    run_concurrently([&](int t) {
        FakeRandom source(static_cast<uint64_t>(t));
        Backend backend(clock, source, &v7_cell, &gregorian_cell);
        uint64_t previous = 0;
        for (size_t i = 0; i < kV6PerThread; ++i) {
            const auto r = backend.gen.v6();
            const uint64_t stamp = uuidx::decode_gregorian(r.value).timestamp_100ns;
            if (!r || stamp <= previous) failures.fetch_add(1);
            stamps[t * kV6PerThread + i] = previous = stamp;
        }
    });
    ASSERT_EQ(failures.load(), 0);  // every call succeeded, each thread strictly increasing
    std::sort(stamps.begin(), stamps.end());
    const uint64_t first = uuidx::gregorian_from_unix_ns(kStartNs).value;
    for (size_t i = 0; i < stamps.size(); ++i) ASSERT_EQ(stamps[i], first + i) << i;
}

TEST(TickSequenceConcurrency, ThreadsWithAFrozenClockGetExactlyOneToN) {
    OrderCell cell{0};
    std::vector<std::vector<uint64_t>> got(kThreads, std::vector<uint64_t>(kPerThread));
    std::atomic<int> failures{0};
    run_concurrently([&](int t) {
        TickSequence seq(&cell, uuidx::kV7MaxTicks);  // one sequence per thread, one cell
        for (size_t i = 0; i < kPerThread; ++i) {
            const auto r = seq.next(0);
            if (!r) failures.fetch_add(1);
            got[t][i] = r.value;
        }
    });
    ASSERT_EQ(failures.load(), 0);
    std::vector<uint64_t> all;
    for (const auto& per_thread : got) {
        for (size_t i = 1; i < per_thread.size(); ++i) ASSERT_LT(per_thread[i - 1], per_thread[i]) << i;
        all.insert(all.end(), per_thread.begin(), per_thread.end());
    }
    std::sort(all.begin(), all.end());
    for (size_t i = 0; i < all.size(); ++i) ASSERT_EQ(all[i], i + 1) << i;
    EXPECT_EQ(cell.load(), all.size());
}

// A raise racing with generation: threads draw v7 ticks from one cell while another raises
// its floor step by step. Every value drawn after a raise returned is above that floor, no
// value is drawn twice, and the cell is never lowered.
TEST(TickSequenceConcurrency, RaisesRacingWithNextNeverLowerTheCellNorRepeatAValue) {
    OrderCell cell{0};
    constexpr uint64_t kRaises = 2000;
    constexpr uint64_t kStep = 1000;
    std::vector<std::vector<uint64_t>> got(kThreads);
    std::atomic<uint64_t> floor_in_effect{0};
    std::atomic<int> failures{0};
    std::atomic<int> below_floor{0};
    run_concurrently([&](int t) {
        TickSequence seq(&cell, uuidx::kV7MaxTicks);
        if (t == 0) {
            for (uint64_t i = 1; i <= kRaises; ++i) {
                const uint64_t held = seq.raise_to(i * kStep);
                if (held < i * kStep) failures.fetch_add(1);
                floor_in_effect.store(i * kStep);
            }
            return;
        }
        for (size_t i = 0; i < kPerThread / 4; ++i) {
            const uint64_t floor = floor_in_effect.load();
            const auto r = seq.next(0);
            if (!r) failures.fetch_add(1);
            if (r.value <= floor) below_floor.fetch_add(1);
            got[t].push_back(r.value);
        }
    });
    EXPECT_EQ(failures.load(), 0);
    EXPECT_EQ(below_floor.load(), 0);
    std::vector<uint64_t> all;
    for (const auto& per_thread : got) {
        for (size_t i = 1; i < per_thread.size(); ++i) ASSERT_LT(per_thread[i - 1], per_thread[i]) << i;
        all.insert(all.end(), per_thread.begin(), per_thread.end());
    }
    std::sort(all.begin(), all.end());
    EXPECT_EQ(adjacent_duplicates(all), 0u);
    EXPECT_GE(cell.load(), kRaises * kStep);
    EXPECT_GE(cell.load(), all.back());
}

}  // namespace
