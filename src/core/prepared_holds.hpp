// The holds of prepared transactions (horizon.hpp's holders that outlive their backend): a
// table in shared memory, one entry per prepared transaction, kept from the start of its
// PREPARE TRANSACTION until the transaction ends in any session (COMMIT or ROLLBACK PREPARED,
// here or from a coordinator such as Citus). No callback tells uuidx of that end: a horizon
// read passes over an ended transaction's entry, and the next PREPARE drops it. A PREPARE
// that fails leaves its entry to the same fate: its abort cannot tell whether the transaction
// was prepared all the same (an error after the PREPARE is durable aborts the session's
// transaction, not the prepared one), and an entry is dropped only once it is seen ended.
//
// Entries are keyed by full (64-bit) transaction numbers. The proc array answers "is it
// running?" for 32-bit numbers, compared modulo 2^32: an entry 2^31 transactions old would
// read as running again, and 2^32 old as a newer transaction of the same number. A running
// or prepared transaction is never that old (PostgreSQL stops assigning numbers before the
// oldest unfrozen one is 2^31 behind, and a running one is never frozen), so an entry that
// old has ended whatever the 32-bit answer says.
//
// The caller guards the table with a lock, and takes its "is it running" answer (a snapshot)
// before that lock: the table never waits on the proc array. The readers (lowest_bound,
// for_each_holder, used) write nothing, so they share the lock: no read of the horizon waits
// for another. keep and list write, and drop every ended entry they meet, under the lock
// taken alone. The unit tests pass in any history, 2^31 and 2^32 transactions long included.
#pragma once
#include "cpp_only.hpp"

#include <cstddef>
#include <cstdint>

#include "horizon.hpp"

namespace uuidx {

// The bound of a prepared transaction that made no key: it holds nothing. It has an entry
// all the same, so that the listing after a start knows it was prepared since.
inline constexpr uint64_t kMadeNoKey = ~uint64_t{0};

struct PreparedHold {
    uint64_t transaction;  // full number; 0: a free entry (no transaction has the number 0)
    uint32_t database;
    uint64_t bound;  // the hold's bound in v7 ticks (at least 1), kMadeNoKey, or 0 when unknown
    int64_t since;   // when the hold began, in the caller's unit (diagnostics only)

    // false: prepared before the bookkeeping began (a start, a promotion), keys unknown.
    constexpr bool known() const noexcept { return bound != 0; }
};

// The full number of a 32-bit `xid` of a transaction that may still be running, given the
// server's next full number: it is less than 2^31 transactions behind it.
constexpr uint64_t full_transaction_of(uint32_t xid, uint64_t next_transaction) noexcept {
    const uint32_t behind = static_cast<uint32_t>(next_transaction) - xid;
    return next_transaction - behind;
}

// Whether `transaction` has ended, from the server's next full number and its answer for a
// 32-bit number, which is only right for numbers less than 2^31 behind the next one.
template <typename InProgress>
bool transaction_ended(uint64_t transaction, uint64_t next_transaction, const InProgress& in_progress) noexcept {
    constexpr uint64_t kHalfTheNumbers = uint64_t{1} << 31;
    if (transaction >= next_transaction) return false;  // not possible for an entry: kept, to be safe
    if (next_transaction - transaction >= kHalfTheNumbers) return true;
    return !in_progress(static_cast<uint32_t>(transaction));
}

// A view of the table, which lives in shared memory: `capacity` entries at `entries`, read
// with the server's next full transaction number and "is it running" answer of one moment.
template <typename InProgress>
class PreparedHolds {
public:
    PreparedHolds(PreparedHold* entries, size_t capacity, uint64_t next_transaction, InProgress in_progress) noexcept
        : entries_(entries), capacity_(capacity), next_(next_transaction), in_progress_(in_progress) {}

    // The hold of a transaction being prepared (`bound` kMadeNoKey if it made no key); false
    // when there is no room even after dropping the entries of ended transactions.
    bool keep(uint64_t transaction, uint32_t database, uint64_t bound, int64_t since) noexcept {
        PreparedHold* entry = entry_for(transaction);
        if (entry == nullptr) return false;
        if (entry->transaction == transaction) {
            if (bound < entry->bound) entry->bound = bound;  // a second call can only lower it
            return true;
        }
        *entry = PreparedHold{transaction, database, bound, since};
        return true;
    }

    // A prepared transaction found in the server's list after a start or a promotion: one
    // with an entry was prepared since and keeps it; any other holds every key (bound 0).
    bool list(uint64_t transaction, uint32_t database, int64_t since) noexcept {
        PreparedHold* entry = entry_for(transaction);
        if (entry == nullptr) return false;
        if (entry->transaction != transaction) *entry = PreparedHold{transaction, database, 0, since};
        return true;
    }

    // The lowest bound below `horizon` held by the prepared transactions of `database`.
    uint64_t lowest_bound(uint32_t database, uint64_t horizon) const noexcept {
        for_each_holder(database, [&horizon](const PreparedHold& hold) {
            if (hold.bound < horizon) horizon = hold.bound;
        });
        return horizon;
    }

    // Calls `visit(hold)` for each hold of `database` (of a transaction that has not ended and
    // made or may have made keys), passing over the entries of ended transactions.
    template <typename Visit>
    void for_each_holder(uint32_t database, Visit visit) const noexcept {
        for (size_t i = 0; i < capacity_; ++i) {
            const PreparedHold& hold = entries_[i];
            if (hold.transaction == 0 || has_ended(hold)) continue;
            if (hold.database == database && hold.bound != kMadeNoKey) visit(hold);
        }
    }

    // How many entries are in use.
    size_t used() const noexcept {
        size_t count = 0;
        for (size_t i = 0; i < capacity_; ++i) count += entries_[i].transaction != 0;
        return count;
    }

private:
    bool has_ended(const PreparedHold& hold) const noexcept {
        return transaction_ended(hold.transaction, next_, in_progress_);
    }
    void drop_if_ended(PreparedHold& hold) const noexcept {
        if (has_ended(hold)) hold.transaction = 0;
    }

    // The entry of `transaction`, or a free one (dropping ended entries on the way), or null.
    PreparedHold* entry_for(uint64_t transaction) noexcept {
        PreparedHold* free_entry = nullptr;
        for (size_t i = 0; i < capacity_; ++i) {
            PreparedHold& hold = entries_[i];
            if (hold.transaction == transaction) return &hold;
            if (hold.transaction != 0) drop_if_ended(hold);
            if (hold.transaction == 0 && free_entry == nullptr) free_entry = &hold;
        }
        return free_entry;
    }

    PreparedHold* entries_;
    size_t capacity_;
    uint64_t next_;
    InProgress in_progress_;
};

}  // namespace uuidx
