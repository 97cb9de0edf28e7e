#include "server_order.hpp"

#include <new>

#include "../core/process.hpp"
#include "datums.hpp"
#include "door.hpp"

namespace uuidx::pg {

namespace {

// Each cell on its own cache line: v7 and v1/v6 callers never contend for one line.
struct SharedOrder {
    alignas(64) OrderCell v7{0};
    alignas(64) OrderCell gregorian{0};
};

// Set in the postmaster by the shared memory startup hook; every backend and worker forked
// from it inherits the pointer. Null without preloading.
SharedOrder* shared_order = nullptr;
bool require_server_order = false;

shmem_request_hook_type previous_shmem_request_hook = nullptr;
shmem_startup_hook_type previous_shmem_startup_hook = nullptr;

void request_shared_order() {
    if (previous_shmem_request_hook) previous_shmem_request_hook();
    RequestAddinShmemSpace(sizeof(SharedOrder));
}

void attach_shared_order() {
    if (previous_shmem_startup_hook) previous_shmem_startup_hook();
    bool found = false;
    LWLockAcquire(AddinShmemInitLock, LW_EXCLUSIVE);
    void* memory = ShmemInitStruct("uuidx server-wide order", sizeof(SharedOrder), &found);
    // A new server starts its cells at zero: after a restart the clock, not memory,
    // carries the order (values continue from the current time).
    auto* order = found ? static_cast<SharedOrder*>(memory) : new (memory) SharedOrder{};
    LWLockRelease(AddinShmemInitLock);
    shared_order = order;
    process_generator().use_order_cells(&order->v7, &order->gregorian);
}

}  // namespace

void init_server_order() {
    DefineCustomBoolVariable("uuidx.require_server_order",
                             "Demands that UUIDv1, v6 and v7 values be ordered across all sessions of the server.",
                             "Server-wide order needs uuidx in shared_preload_libraries; with this on and the "
                             "library not preloaded, generating an ordered UUID is an error instead of silently "
                             "ordering per session.",
                             &require_server_order, false, PGC_USERSET, 0, nullptr, nullptr, nullptr);
    MarkGUCPrefixReserved("uuidx");

    if (!process_shared_preload_libraries_in_progress) return;
    previous_shmem_request_hook = shmem_request_hook;
    shmem_request_hook = request_shared_order;
    previous_shmem_startup_hook = shmem_startup_hook;
    shmem_startup_hook = attach_shared_order;
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

}  // namespace uuidx::pg

extern "C" {

// Asks the generator itself which cells it draws from, so the answer is what generation
// really does, not what the configuration meant.
PG_FUNCTION_INFO_V1(uuidx_order_scope);
Datum uuidx_order_scope(PG_FUNCTION_ARGS) {
    const auto* shared = uuidx::pg::shared_order;
    const bool server_wide =
        shared != nullptr && uuidx::process_generator().uses_order_cells(&shared->v7, &shared->gregorian);
    PG_RETURN_TEXT_P(cstring_to_text(server_wide ? "server" : "session"));
}

}  // extern "C"
