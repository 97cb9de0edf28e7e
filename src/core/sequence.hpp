// Strict order from an unordered clock. A TickSequence hands out time values that are
// strictly increasing for everyone who shares its cell: one process (the default) or every
// backend of a server (a cell in shared memory). A value is the clock reading itself
// when the clock has moved past the last value handed out, otherwise the last value plus
// one, so the embedded time runs ahead of the real clock only by what order demands.
#pragma once
#include "cpp_only.hpp"

#include <atomic>
#include <cstdint>
#include <type_traits>

#include "result.hpp"

namespace uuidx {

// The last value handed out from one order. Its only writes are compare-and-swaps: it has
// no store. The commit horizon's proof (horizon.hpp) needs every write of the cell to be a
// read-modify-write: each then reads the value it replaces (TickSequence only raises it; a
// store could lower it), and a compare-and-swap synchronizes with every earlier one, not only
// the last (a plain store would end that release sequence).
class OrderCell {
public:
    constexpr explicit OrderCell(uint64_t initial = 0) noexcept : value_(initial) {}
    OrderCell(const OrderCell&) = delete;
    OrderCell& operator=(const OrderCell&) = delete;

    uint64_t load(std::memory_order order = std::memory_order_seq_cst) const noexcept { return value_.load(order); }
    bool compare_exchange_weak(uint64_t& expected, uint64_t desired, std::memory_order success,
                               std::memory_order failure) noexcept {
        return value_.compare_exchange_weak(expected, desired, success, failure);
    }

private:
    std::atomic<uint64_t> value_;
};
// In shared memory a cell is constructed in place in the postmaster and never destroyed.
static_assert(std::atomic<uint64_t>::is_always_lock_free, "an order cell must be usable in shared memory");
static_assert(std::is_trivially_destructible_v<OrderCell> && std::is_standard_layout_v<OrderCell> &&
                  sizeof(OrderCell) == sizeof(uint64_t),
              "an order cell must be placeable in shared memory as one word");

class TickSequence {
public:
    TickSequence(OrderCell* cell, uint64_t max_value) noexcept : cell_(cell), max_(max_value) {}

    // The next value: max(now, last + 1), published with one compare-and-swap, so no
    // lock is ever held. Fails only when the last value handed out is max_value.
    Result<uint64_t> next(uint64_t now) noexcept {
        uint64_t last = cell_->load(std::memory_order_relaxed);
        for (;;) {
            uint64_t candidate = now;
            if (now <= last) {
                if (last >= max_) return Result<uint64_t>::failure(Errc::time_out_of_range);
                candidate = last + 1;
            } else if (now > max_) {
                return Result<uint64_t>::failure(Errc::time_out_of_range);
            }
            if (cell_->compare_exchange_weak(last, candidate, std::memory_order_acq_rel, std::memory_order_relaxed))
                return {candidate};
        }
    }

    // Raises the cell to at least `floor` (capped at max_value), never lowering it, so every
    // value handed out afterwards is greater than `floor`; returns the value the cell then
    // holds. A compare-and-swap loop like next(): a concurrent next() either sees the
    // raised value or published its own before it, which the raise then leaves alone if it is
    // already higher.
    uint64_t raise_to(uint64_t floor) noexcept {
        if (floor > max_) floor = max_;
        uint64_t last = cell_->load(std::memory_order_relaxed);
        while (last < floor) {
            if (cell_->compare_exchange_weak(last, floor, std::memory_order_acq_rel, std::memory_order_relaxed))
                return floor;
        }
        return last;
    }

    void use_cell(OrderCell* cell) noexcept { cell_ = cell; }
    const OrderCell* cell() const noexcept { return cell_; }

private:
    OrderCell* cell_;
    uint64_t max_;
};

}  // namespace uuidx
