// Strict order from an unordered clock. A TickSequence hands out time values that are
// strictly increasing for everyone who shares its cell: one process (the default) or every
// backend of a server (a cell in shared memory). A value is the clock reading itself
// when the clock has moved past the last value handed out, otherwise the last value plus
// one, so the embedded time runs ahead of the real clock only by what order demands.
#pragma once
#include "cpp_only.hpp"

#include <atomic>
#include <cstdint>

#include "result.hpp"

namespace uuidx {

using OrderCell = std::atomic<uint64_t>;
static_assert(OrderCell::is_always_lock_free, "an order cell must be usable in shared memory");

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
