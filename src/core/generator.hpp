// The generators of the random and time-based versions. A Generator owns no resource of
// its own: it combines a clock, a random pool and the order cells it is given, so tests
// can drive each of them and PostgreSQL can hand it cells in shared memory.
#pragma once
#include "cpp_only.hpp"

#include <cstdint>

#include "clock.hpp"
#include "layout.hpp"
#include "random.hpp"
#include "result.hpp"
#include "sequence.hpp"
#include "uuid.hpp"

namespace uuidx {

class Generator {
public:
    Generator(Clock& clock, RandomPool& random, OrderCell* v7_cell, OrderCell* gregorian_cell) noexcept
        : clock_(clock),
          random_(random),
          v7_ticks_(v7_cell, kV7MaxTicks),
          gregorian_ticks_(gregorian_cell, kGregorianMax100ns) {}

    // RFC 9562 UUIDv4: 122 random bits.
    Result<Uuid> v4() noexcept;

    // RFC 9562 UUIDv7, strictly greater than every v7 drawn from the same order cell.
    // Inline down to the clock read and the pool's refills, so that its SQL entry point
    // makes no other call into the core: v7 is the generator of keys. The random bytes are
    // taken first: the compare-and-swap orders memory, so copying them before it overlaps
    // the clock read, and a failing source leaves the order untouched.
    Result<Uuid> v7() noexcept {
        uint8_t tail[8];
        if (!random_.take(tail, sizeof tail)) return Result<Uuid>::failure(Errc::random_unavailable);
        const Result<uint64_t> ticks = next_v7_ticks();
        if (!ticks) return Result<Uuid>::failure(ticks.error);
        return {encode_v7(ticks.value, tail)};
    }

    // The ordered tick count the next v7 will carry (see layout.hpp). Exposed so that the
    // SQL layer can shift it by a calendar interval before encoding with v7_at_ticks().
    Result<uint64_t> next_v7_ticks() noexcept {
        const Result<uint64_t> now = v7_ticks_from_unix_ns(clock_.unix_ns());
        if (!now) return now;
        return v7_ticks_.next(now.value);
    }

    // A v7 carrying exactly `ticks`, random otherwise (no ordering involved).
    Result<Uuid> v7_at_ticks(uint64_t ticks) noexcept {
        uint8_t tail[8];
        if (!random_.take(tail, sizeof tail)) return Result<Uuid>::failure(Errc::random_unavailable);
        return {encode_v7(ticks, tail)};
    }

    // RFC 9562 UUIDv6: ordered Gregorian time, random clock_seq and node (multicast bit set).
    Result<Uuid> v6() noexcept;

    // RFC 9562 UUIDv1: ordered Gregorian time, this process's random clock_seq and node.
    Result<Uuid> v1() noexcept;

    // Raises the order cell of `key`'s family (v7, or v1/v6 together) to the key's time,
    // never lowering it, so that every ordered value drawn from that cell afterwards sorts
    // after `key`. Returns the family and the time its cell then holds (the floor in
    // effect), or unexpected_version for a key that carries no ordered time.
    Result<OrderedTime> raise_order_floor(const Uuid& key) noexcept {
        const Result<OrderedTime> time = ordered_time_of(key);
        if (!time) return time;
        TickSequence& sequence = time.value.family == OrderFamily::v7 ? v7_ticks_ : gregorian_ticks_;
        return {{time.value.family, sequence.raise_to(time.value.value)}};
    }

    // Raises the v7 cell to the clock's tick, never lowering it: a new server's cell starts
    // where its first key would, not at zero.
    void raise_v7_order_to_clock() noexcept {
        const Result<uint64_t> now = v7_ticks_from_unix_ns(clock_.unix_ns());
        if (now) v7_ticks_.raise_to(now.value);
    }

    // Forgets every per-process secret: the child of a fork calls it before any UUID.
    void after_fork_in_child() noexcept {
        random_.discard();
        v1_identity_known_ = false;
    }

    void use_order_cells(OrderCell* v7_cell, OrderCell* gregorian_cell) noexcept {
        v7_ticks_.use_cell(v7_cell);
        gregorian_ticks_.use_cell(gregorian_cell);
    }
    bool uses_order_cells(const OrderCell* v7_cell, const OrderCell* gregorian_cell) const noexcept {
        return v7_ticks_.cell() == v7_cell && gregorian_ticks_.cell() == gregorian_cell;
    }

private:
    Result<uint64_t> next_gregorian() noexcept;

    Clock& clock_;
    RandomPool& random_;
    TickSequence v7_ticks_;
    TickSequence gregorian_ticks_;

    // v1's clock sequence and node: drawn once per process (RFC 9562 section 5.1, 6.10).
    bool v1_identity_known_ = false;
    uint16_t v1_clock_seq_ = 0;
    uint64_t v1_node_ = 0;
};

// The 48-bit random node of RFC 9562 section 6.10: multicast bit (the least significant
// bit of the first octet) set, so it can never equal a real IEEE 802 address.
constexpr uint64_t random_node_from(const uint8_t (&bytes)[6]) {
    uint64_t node = 0;
    for (uint8_t b : bytes) node = (node << 8) | b;
    return node | (uint64_t{1} << 40);
}

}  // namespace uuidx
