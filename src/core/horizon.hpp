// The commit horizon of a server-wide order cell: the lowest key that a transaction still
// running may hold. Keys are handed out in the order they are made; transactions commit in
// another order, so a reader that moves past key K can later see a key below K commit. The
// horizon H is the answer: every key below H was taken by a transaction that has ended.
//
// Each transaction that takes keys from the cell owns one holder record (a backend's slot
// in shared memory). Before its first key it publishes a lower bound on every key it will
// take, the cell's value plus one; it withdraws the bound only once its end is visible. A
// reader takes a tick of its own from the cell, as a key is taken but handed to no one, then
// reads every record: the horizon is the lowest bound published, or that tick when none is
// lower. Every key made after the reader's tick sorts above it.
//
// Why no key of a running transaction falls below H. The invariant it rests on: every write
// of the cell is one of TickSequence's compare-and-swaps, which only raise it (OrderCell has
// no store, so no other write compiles); the cell's writes after a compare-and-swap are then
// all read-modify-writes, its release sequence, and a later compare-and-swap that acquires
// synchronizes with it. Now: the transaction's record's bound B was stored (by
// the transaction, or by one of its parallel workers) after a load of the cell that read V,
// B = V + 1, and before the compare-and-swap that takes the transaction's first key K, a
// release; that compare-and-swap reads the cell after the load of V, so K > V and B <= K.
// The reader's tick T is a compare-and-swap on the same cell (acquire), before its loads of
// the records. Compare-and-swaps of one cell happen in one order. If K's comes first, the
// reader's synchronizes with it, so the store of B happened before the reader's load of the
// record: the reader sees B, or nothing once the transaction has ended (the next store to
// the record), and H <= B <= K. If the reader's comes first, K > T >= H. The transaction's
// later keys are greater than K.
#pragma once
#include "cpp_only.hpp"

#include <atomic>
#include <cstddef>
#include <cstdint>

#include "sequence.hpp"

namespace uuidx {

// A transaction's published bound: every key it takes from the cell is at least this.
using HolderRecord = std::atomic<uint64_t>;
static_assert(HolderRecord::is_always_lock_free, "a holder record must be usable in shared memory");

// The value of a record that holds nothing (a bound is at least 1: the cell's value plus one).
inline constexpr uint64_t kHoldsNothing = 0;

// One tick above `value`, saturating at the cell's largest value (which the cell can no
// longer pass: the generator fails there).
constexpr uint64_t tick_after(uint64_t value) noexcept { return value == ~uint64_t{0} ? value : value + 1; }

// Called before the compare-and-swap that takes a transaction's first key from `cell`:
// publishes the cell's value plus one in `record`, unless the record holds a bound already
// (published by this transaction, or for it by one of its parallel workers), which is then
// no higher: it was read from the cell earlier, and the cell is only raised.
inline void hold_before_first_key(HolderRecord& record, const OrderCell& cell) noexcept {
    if (record.load(std::memory_order_seq_cst) != kHoldsNothing) return;
    uint64_t nothing = kHoldsNothing;
    record.compare_exchange_strong(nothing, tick_after(cell.load(std::memory_order_seq_cst)),
                                   std::memory_order_seq_cst);
}

// Called once the transaction's end (commit or abort) is visible to new snapshots.
inline void release_hold(HolderRecord& record) noexcept { record.store(kHoldsNothing, std::memory_order_seq_cst); }

// The horizon in ticks: the lowest bound of `records`, or `taken` (a tick the reader has just
// taken from the cell with TickSequence::next(), so no key carries it) when none is lower.
// Counts only the records whose holder `counts(index)` (a database's horizon counts its own
// transactions: another database's keys are never in its tables). No lock, no write.
template <typename Counts>
uint64_t horizon_ticks(uint64_t taken, const HolderRecord* records, size_t count, Counts counts) noexcept {
    uint64_t horizon = taken;
    for (size_t i = 0; i < count; ++i) {
        const uint64_t bound = records[i].load(std::memory_order_seq_cst);
        if (bound != kHoldsNothing && bound < horizon && counts(i)) horizon = bound;
    }
    return horizon;
}

inline uint64_t horizon_ticks(uint64_t taken, const HolderRecord* records, size_t count) noexcept {
    return horizon_ticks(taken, records, count, [](size_t) { return true; });
}

// A holder record as a listing of the holders shows it, beside what the holder's process slot
// says of its holder (its process id, read by `pid_of()`; its database and the hold's start,
// read by `read_facts()`, which returns false to leave the record out). The id is read before
// the record and after the facts, and the record is left out when the two differ: the slot
// changed hands between the reads, so the bound may be the new holder's and the id the old
// one's. The fences keep the slot's plain reads on their side of the record's load.
template <typename PidOf, typename ReadFacts>
bool read_listed_holder(const HolderRecord& record, PidOf pid_of, ReadFacts read_facts, uint64_t& bound,
                        int& pid) noexcept {
    pid = pid_of();
    std::atomic_thread_fence(std::memory_order_seq_cst);
    bound = record.load(std::memory_order_seq_cst);
    if (bound == kHoldsNothing || !read_facts()) return false;
    std::atomic_thread_fence(std::memory_order_seq_cst);
    return pid_of() == pid;
}

}  // namespace uuidx
