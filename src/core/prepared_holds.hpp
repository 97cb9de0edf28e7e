// The holds of prepared transactions (horizon.hpp's holders that outlive their backend): a
// table in shared memory, one entry per prepared transaction that made keys, kept from
// PREPARE TRANSACTION until the transaction ends in any session (COMMIT or ROLLBACK PREPARED,
// here or from a coordinator such as Citus). No callback tells uuidx of that end, so an
// entry whose transaction has ended is recognised as such when met.
//
// The caller serialises every call on one table with a lock; the server's answers (whether a
// transaction is still running) come in as a function, so that the unit tests can play any
// history, 2^31 and 2^32 transactions long included.
#pragma once
#include "cpp_only.hpp"

#include <cstddef>
#include <cstdint>

#include "horizon.hpp"

namespace uuidx {

// The bound of a prepared transaction that made no key: it holds nothing.
inline constexpr uint64_t kMadeNoKey = ~uint64_t{0};

struct PreparedHold {
    uint64_t transaction;  // 0: a free entry (no transaction has the number 0)
    uint32_t database;
    uint64_t bound;  // the hold's bound, in v7 ticks
    bool known;      // false: prepared before the server's bookkeeping began, keys unknown (bound 0)
};

// Whether `transaction` has ended, from the server's answer for a transaction number as it
// is kept in the proc array (32 bits).
template <typename InProgress>
bool transaction_ended(uint64_t transaction, uint64_t /*next_transaction*/, InProgress in_progress) noexcept {
    return !in_progress(static_cast<uint32_t>(transaction));
}

// A view of the table, which lives in shared memory: `capacity` entries at `entries`.
template <typename InProgress>
class PreparedHolds {
public:
    PreparedHolds(PreparedHold* entries, size_t capacity, uint64_t next_transaction, InProgress in_progress) noexcept
        : entries_(entries), capacity_(capacity), next_(next_transaction), in_progress_(in_progress) {}

    // Adds (or lowers) the hold of a prepared transaction; false when there is no room.
    bool keep(uint64_t transaction, uint32_t database, uint64_t bound, bool known) noexcept {
        PreparedHold* entry = entry_for(transaction);
        if (entry == nullptr) return false;
        if (entry->transaction == transaction) {
            if (bound < entry->bound) entry->bound = bound;
            entry->known = entry->known && known;
            return true;
        }
        *entry = PreparedHold{transaction, database, bound, known};
        return true;
    }

    // A prepared transaction found in the server's list after a start or a promotion.
    bool list(uint64_t transaction, uint32_t database) noexcept { return keep(transaction, database, 0, false); }

    // The lowest bound below `horizon` held by the prepared transactions of `database`.
    uint64_t lowest_bound(uint32_t database, uint64_t horizon) noexcept {
        for (size_t i = 0; i < capacity_; ++i) {
            const PreparedHold& hold = entries_[i];
            if (hold.transaction != 0 && hold.database == database && hold.bound < horizon && !ended(hold))
                horizon = hold.bound;
        }
        return horizon;
    }

    // Calls `visit(hold)` for each hold of `database` whose transaction has not ended.
    template <typename Visit>
    void for_each_holder(uint32_t database, Visit visit) noexcept {
        for (size_t i = 0; i < capacity_; ++i) {
            const PreparedHold& hold = entries_[i];
            if (hold.transaction != 0 && hold.database == database && !ended(hold)) visit(hold);
        }
    }

    // How many entries are in use.
    size_t used() const noexcept {
        size_t count = 0;
        for (size_t i = 0; i < capacity_; ++i) count += entries_[i].transaction != 0;
        return count;
    }

private:
    bool ended(const PreparedHold& hold) const noexcept {
        return transaction_ended(hold.transaction, next_, in_progress_);
    }

    // The entry of `transaction`, or a free one (dropping ended holds to make room), or null.
    PreparedHold* entry_for(uint64_t transaction) noexcept {
        PreparedHold* free_entry = nullptr;
        for (size_t i = 0; i < capacity_; ++i) {
            PreparedHold& hold = entries_[i];
            if (hold.transaction != 0 && hold.transaction == transaction) return &hold;
            if (hold.transaction != 0 && ended(hold)) hold.transaction = 0;
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
