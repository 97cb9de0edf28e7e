// The commit horizon (horizon.hpp): its values step by step, and the race it exists for,
// with threads standing in for backends: writers that hold, take keys and release, readers
// that check every horizon they compute against the keys of the writers still running.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

#include "horizon.hpp"
#include "sequence.hpp"

namespace {

using uuidx::HolderRecord;
using uuidx::horizon_ticks;
using uuidx::kHoldsNothing;
using uuidx::OrderCell;
using uuidx::TickSequence;

constexpr uint64_t kMax = ~uint64_t{0};

// A server in miniature: the order cell and one holder record per backend.
struct Server {
    explicit Server(size_t backends) : records(backends) {
        for (HolderRecord& record : records) record.store(kHoldsNothing);
    }
    uint64_t next_key(uint64_t now = 0) { return TickSequence(&cell, kMax).next(now).value; }
    // A reader's horizon: a tick of its own, then the records.
    uint64_t horizon(uint64_t now = 0) { return horizon_ticks(next_key(now), records.data(), records.size()); }
    OrderCell cell{0};
    std::vector<HolderRecord> records;
};

TEST(CommitHorizon, WithNoHolderIsTheReadersOwnTickAboveEveryKey) {
    Server server(4);
    const uint64_t key = server.next_key(1000);
    EXPECT_EQ(key, 1000u);
    EXPECT_EQ(server.horizon(), 1001u);      // one tick above the newest key when the clock is behind
    EXPECT_EQ(server.horizon(5000), 5000u);  // the clock's tick when it is ahead
    EXPECT_GT(server.next_key(), 5000u);     // every later key sorts above
}

TEST(CommitHorizon, StopsAtTheFirstKeyOfARunningTransactionUntilItEnds) {
    Server server(4);
    server.next_key(1000);
    uuidx::hold_before_first_key(server.records[2], server.cell);
    const uint64_t first = server.next_key(1000);
    EXPECT_EQ(first, 1001u);
    EXPECT_EQ(server.horizon(), first);  // the bound is the cell's value plus one: the key itself here
    server.next_key(5000);               // other transactions' keys, committed
    server.next_key(6000);
    EXPECT_EQ(server.horizon(), first);
    uuidx::release_hold(server.records[2]);
    const uint64_t released = server.horizon();
    EXPECT_EQ(released, server.cell.load());  // the reader's own tick again
    EXPECT_GT(released, 6000u);
}

TEST(CommitHorizon, IsTheLowestBoundOfAllHolders) {
    Server server(4);
    server.next_key(100);
    uuidx::hold_before_first_key(server.records[3], server.cell);
    server.next_key(200);
    uuidx::hold_before_first_key(server.records[0], server.cell);
    server.next_key(300);
    EXPECT_EQ(server.horizon(), 101u);
    uuidx::release_hold(server.records[3]);
    EXPECT_EQ(server.horizon(), 201u);
    uuidx::release_hold(server.records[0]);
    EXPECT_EQ(server.horizon(400), 400u);
}

// A database's horizon counts its own transactions only.
TEST(CommitHorizon, CountsOnlyTheHoldersItIsAskedAbout) {
    Server server(3);
    server.next_key(100);
    uuidx::hold_before_first_key(server.records[1], server.cell);
    server.next_key(200);
    const auto all_but_one = [](size_t index) { return index != 1; };
    EXPECT_EQ(horizon_ticks(server.next_key(300), server.records.data(), server.records.size(), all_but_one), 300u);
    EXPECT_EQ(server.horizon(), 101u);
}

// A parallel worker holds for its leader in the leader's record: a bound already there was
// read from the cell earlier, so it is no higher, and stays.
TEST(CommitHorizon, AHeldRecordKeepsItsBound) {
    Server server(2);
    server.next_key(100);
    uuidx::hold_before_first_key(server.records[0], server.cell);
    server.next_key(200);
    uuidx::hold_before_first_key(server.records[0], server.cell);
    EXPECT_EQ(server.records[0].load(), 101u);
    EXPECT_EQ(server.horizon(), 101u);
}

TEST(CommitHorizon, ABoundSaturatesAtTheLastTick) {
    Server server(1);
    TickSequence(&server.cell, kMax).raise_to(kMax);
    uuidx::hold_before_first_key(server.records[0], server.cell);
    EXPECT_EQ(server.records[0].load(), kMax);
    EXPECT_FALSE(TickSequence(&server.cell, kMax).next(0));  // no key, nor a reader's tick, comes after it
}

// What a reader checks after computing a horizon: every key of a writer still running (its
// `open_keys` entry, set after the key is taken and cleared before the writer releases its
// hold) is at or above the horizon. Returns how many open keys it saw below it.
size_t keys_below(uint64_t horizon, const std::vector<std::atomic<uint64_t>>& open_keys, size_t* seen) {
    size_t below = 0;
    for (const std::atomic<uint64_t>& open : open_keys) {
        const uint64_t key = open.load();
        if (key == kHoldsNothing) continue;
        ++*seen;
        if (key < horizon) ++below;
    }
    return below;
}

// The check is not vacuous: a bound published after the key is taken (the order the
// protocol forbids) leaves a running transaction's key below the horizon, and it says so.
TEST(CommitHorizon, TheCheckCatchesABoundPublishedAfterTheKey) {
    Server server(1);
    std::vector<std::atomic<uint64_t>> open_keys(1);
    server.next_key(100);
    const uint64_t key = server.next_key(100);  // taken before any bound
    open_keys[0].store(key);
    size_t seen = 0;
    EXPECT_EQ(keys_below(server.horizon(), open_keys, &seen), 1u);
    EXPECT_EQ(seen, 1u);
}

// The race: writers take keys (one to four per transaction) from one cell while readers
// compute horizons; no horizon may pass a key of a transaction that had not ended.
TEST(CommitHorizon, NeverPassesAKeyOfARunningTransactionUnderContention) {
    constexpr size_t kWriters = 3;
    constexpr size_t kReaders = 2;
    constexpr uint64_t kTransactions = 2000000;
    Server server(kWriters);
    std::vector<std::atomic<uint64_t>> open_keys(kWriters);
    std::atomic<bool> writing{true};
    std::atomic<size_t> violations{0}, open_keys_seen{0}, held_horizons{0}, horizons{0};

    std::vector<std::thread> threads;
    for (size_t w = 0; w < kWriters; ++w)
        threads.emplace_back([&, w] {
            for (uint64_t t = 0; t < kTransactions; ++t) {
                uuidx::hold_before_first_key(server.records[w], server.cell);
                const uint64_t first = server.next_key();
                open_keys[w].store(first);
                for (uint64_t extra = t % 4; extra > 0; --extra) server.next_key();
                open_keys[w].store(kHoldsNothing);
                uuidx::release_hold(server.records[w]);
            }
        });
    for (size_t r = 0; r < kReaders; ++r)
        threads.emplace_back([&] {
            size_t seen = 0, held = 0, computed = 0, below = 0;
            while (writing.load()) {
                const uint64_t horizon = server.horizon();
                below += keys_below(horizon, open_keys, &seen);
                held += horizon < server.cell.load();  // some writer held it below the reader's own tick
                ++computed;
            }
            violations += below;
            open_keys_seen += seen;
            held_horizons += held;
            horizons += computed;
        });
    for (size_t w = 0; w < kWriters; ++w) threads[w].join();
    writing.store(false);
    for (size_t r = kWriters; r < threads.size(); ++r) threads[r].join();

    EXPECT_EQ(violations.load(), 0u);
    // The readers really met running writers and held horizons, or this proved nothing.
    EXPECT_GT(horizons.load(), 1000u);
    EXPECT_GT(open_keys_seen.load(), 100u);
    EXPECT_GT(held_horizons.load(), 100u);
    const uint64_t last = server.horizon();
    EXPECT_EQ(last, server.cell.load());  // every writer ended: the reader's own tick
}

}  // namespace
