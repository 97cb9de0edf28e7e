#include <new>

#include "../core/generator.hpp"
#include "../core/layout.hpp"
#include "../core/process.hpp"
#include "../core/result.hpp"
#include "server_order.hpp"
#include "commit_horizon.hpp"
#include "datums.hpp"
#include "door.hpp"

namespace uuidx::pg {

namespace {

// Each cell on its own cache line: v7 and v1/v6 callers never contend for one line.
// v7_raised_since_start: raise_v7_order_to_clock_once_writable() has raised the v7 cell since
// this shared memory was made; read on every transaction's first hold, written once.
struct SharedOrder {
    alignas(64) OrderCell v7{0};
    alignas(64) OrderCell gregorian{0};
    alignas(64) std::atomic<bool> v7_raised_since_start{false};
};
static_assert(std::atomic<bool>::is_always_lock_free, "the raise's flag must be usable in shared memory");

constexpr const char* kGregorianRange = "UUIDv1 and UUIDv6 hold times from 1582-10-15 00:00:00 UTC to the year 5236.";

// Set in the postmaster by the shared memory startup hook; every backend and worker forked
// from it inherits the pointer. Null without preloading.
SharedOrder* shared_order = nullptr;
bool require_server_order = false;

shmem_request_hook_type previous_shmem_request_hook = nullptr;
shmem_startup_hook_type previous_shmem_startup_hook = nullptr;

void request_shared_order() {
    if (previous_shmem_request_hook) previous_shmem_request_hook();
    RequestAddinShmemSpace(sizeof(SharedOrder));
    RequestAddinShmemSpace(commit_horizon_shmem_size());
    request_commit_horizon_lock();
}

void attach_shared_order() {
    if (previous_shmem_startup_hook) previous_shmem_startup_hook();
    bool found = false;
    LWLockAcquire(AddinShmemInitLock, LW_EXCLUSIVE);
    void* memory = ShmemInitStruct("uuidx server-wide order", sizeof(SharedOrder), &found);
    // After a restart the clock, not memory, carries the order: a new server's cells
    // continue from the current time. The v7 cell starts at the clock's tick rather than at
    // zero, so that a commit horizon bound published before the server's first key (the
    // cell's value plus one) is not below every key made before the start.
    auto* order = found ? static_cast<SharedOrder*>(memory) : new (memory) SharedOrder{};
    attach_commit_horizon();
    LWLockRelease(AddinShmemInitLock);
    shared_order = order;
    process_generator().use_order_cells(&order->v7, &order->gregorian);
    if (!found) process_generator().raise_v7_order_to_clock();
}

// Enforced at every ordered call rather than by a check hook: a SET issued before the
// library is loaded only creates a placeholder, and a check failing when the library loads
// would drop the demand with a mere warning.
Generator& ordered_generator() {
    if (unlikely(require_server_order && shared_order == nullptr))
        ereport(ERROR, (errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
                        errmsg("uuidx.require_server_order is on, but uuidx is not preloaded"),
                        errdetail("Without preloading, UUIDs are ordered within each session only."),
                        errhint("Add 'uuidx' to shared_preload_libraries in postgresql.conf and restart "
                                "the server, or set uuidx.require_server_order = off.")));
    return process_generator();
}

}  // namespace

void init_server_order() {
    DefineCustomBoolVariable("uuidx.require_server_order",
                             "Demands that UUIDv1, v6 and v7 values be ordered across all sessions of the server.",
                             "Server-wide order needs uuidx in shared_preload_libraries; with this on and the "
                             "library not preloaded, generating an ordered UUID is an error instead of silently "
                             "ordering per session.",
                             &require_server_order, false, PGC_USERSET, 0, nullptr, nullptr, nullptr);
    // Before the prefix is reserved, which drops the placeholders of names not yet defined.
    if (process_shared_preload_libraries_in_progress) define_commit_horizon_setting();
    MarkGUCPrefixReserved("uuidx");

    if (!process_shared_preload_libraries_in_progress) return;
    previous_shmem_request_hook = shmem_request_hook;
    shmem_request_hook = request_shared_order;
    previous_shmem_startup_hook = shmem_startup_hook;
    shmem_startup_hook = attach_shared_order;
    register_commit_horizon_callbacks();
}

// The hold comes between the generator's checks and its compare-and-swap on the cell: the
// bound it publishes is read from the cell before the key is taken (core/horizon.hpp).
Uuid draw_v7_key() {
    Generator& generator = ordered_generator();
    hold_commit_horizon();
    return value_or_raise(generator.v7(), kV7Range);
}

uint64 draw_v7_key_ticks() {
    Generator& generator = ordered_generator();
    hold_commit_horizon();
    return value_or_raise(generator.next_v7_ticks(), kV7Range);
}

Uuid draw_v6_key() { return value_or_raise(ordered_generator().v6(), kGregorianRange); }
Uuid draw_v1_key() { return value_or_raise(ordered_generator().v1(), kGregorianRange); }

uint64 take_horizon_tick() { return value_or_raise(process_generator().next_v7_ticks(), kV7Range); }

void raise_v7_order_to_clock_once_writable() {
    if (shared_order == nullptr || shared_order->v7_raised_since_start.load()) return;
    // Raised before the flag is set: whoever sees the flag set sees the raised cell.
    process_generator().raise_v7_order_to_clock();
    shared_order->v7_raised_since_start.store(true);
}

const OrderCell* server_v7_cell() { return shared_order != nullptr ? &shared_order->v7 : nullptr; }

// Whether the process generator draws from the shared cells: what generation really does,
// not what the configuration meant.
bool server_order_in_effect() {
    return shared_order != nullptr && process_generator().uses_order_cells(&shared_order->v7, &shared_order->gregorian);
}

}  // namespace uuidx::pg

namespace {

// A floor further ahead of the clock than this is worth a warning: keys then carry the
// floor's time, not the clock's, until the clock gets there.
constexpr int64 kFloorAheadWarningUs = 60 * USECS_PER_SEC;

[[noreturn]] void raise_no_ordered_time(const uuidx::Uuid& key) {
    uuidx::pg::raise_core_error(
        uuidx::Errc::unexpected_version,
        key.is_rfc9562()
            ? psprintf("uuidx_raise_order_floor() takes a version 1, 6 or 7 UUID; a version %d UUID carries no "
                       "ordered time.",
                       key.version_nibble())
            : psprintf("uuidx_raise_order_floor() takes a version 1, 6 or 7 UUID; one of variant %d has no version "
                       "and carries no ordered time.",
                       key.variant()));
}

}  // namespace

extern "C" {

// Asks the generator itself which cells it draws from, so the answer is what generation
// really does, not what the configuration meant.
PG_FUNCTION_INFO_V1(uuidx_order_scope);
Datum uuidx_order_scope(PG_FUNCTION_ARGS) {
    PG_RETURN_TEXT_P(cstring_to_text(uuidx::pg::server_order_in_effect() ? "server" : "session"));
}

// uuidx_raise_order_floor(past uuid): every v7 (for a v7 key) or v1/v6 (for a v1 or v6 key)
// the server makes from now on sorts after `past`, as setval() moves a sequence; for a new
// primary whose clock is behind the keys its old primary made. Only the shared cells can
// carry that to every session, so without preloading it is an error, not a session's floor.
// Returns the time the cell holds afterwards: the floor in effect, which is `past`'s time or
// a later one already there.
PG_FUNCTION_INFO_V1(uuidx_raise_order_floor);
Datum uuidx_raise_order_floor(PG_FUNCTION_ARGS) {
    const uuidx::Uuid past = uuidx::pg::uuid_from_datum(PG_GETARG_UUID_P(0));
    if (!uuidx::ordered_time_of(past)) raise_no_ordered_time(past);
    if (!uuidx::pg::server_order_in_effect())
        ereport(ERROR, (errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
                        errmsg("uuidx is not preloaded, so there is no server-wide order to raise"),
                        errdetail("Without preloading, each session orders its own UUIDs: a floor raised in this "
                                  "session would not reach the others."),
                        errhint("Add 'uuidx' to shared_preload_libraries in postgresql.conf and restart the "
                                "server.")));

    const uuidx::Result<uuidx::OrderedTime> floor = uuidx::process_generator().raise_order_floor(past);
    if (!floor) raise_no_ordered_time(past);
    const int64 floor_unix_us = floor.value.family == uuidx::OrderFamily::v7
                                    ? uuidx::v7_ticks_to_unix_us(floor.value.value)
                                    : uuidx::gregorian_to_unix_us(floor.value.value);
    const TimestampTz floor_time = floor_unix_us - kUnixToPostgresEpochUs;

    const TimestampTz now = GetCurrentTimestamp();
    if (floor_time - now > kFloorAheadWarningUs)
        ereport(WARNING,
                (errmsg("the order floor is %.0f seconds ahead of the server's clock",
                        static_cast<double>(floor_time - now) / USECS_PER_SEC),
                 errdetail("Until the clock reaches %s, new %s carry the floor's time plus a step per key, not the "
                           "clock's.",
                           timestamptz_to_str(floor_time),
                           floor.value.family == uuidx::OrderFamily::v7 ? "v7 keys" : "v1 and v6 keys"),
                 errhint("Check the server's clock; a floor raised too far stays until the server restarts.")));
    PG_RETURN_TIMESTAMPTZ(floor_time);
}

}  // extern "C"
