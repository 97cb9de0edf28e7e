// The commit horizon of the server's v7 keys (core/horizon.hpp), with uuidx preloaded: a
// holder record per backend in shared memory, published by a transaction's first tracked
// key and withdrawn by the end-of-transaction callback, which PostgreSQL calls once the end
// is visible to new snapshots; prepared transactions keep their holds in a table of their
// own until COMMIT or ROLLBACK PREPARED. SQL: uuidx_commit_horizon() and the holders.
#pragma once

#include "postgres.hpp"

namespace uuidx::pg {

// The shared memory of the horizon, asked for and attached by server_order.cpp's hooks
// (the one place that installs them), and its end-of-transaction callback, registered
// from _PG_init while preloading.
Size commit_horizon_shmem_size();
void request_commit_horizon_lock();
void attach_commit_horizon();
void register_commit_horizon_callbacks();

// uuidx.commit_horizon (PGC_POSTMASTER, on by default), defined while preloading: off, no
// transaction records its keys, for servers that read no horizon.
void define_commit_horizon_setting();

// Whether this process's transaction holds the horizon already (or needs no hold: without
// preloading nothing is tracked, and this stays true).
extern bool horizon_held_in_transaction;
void hold_commit_horizon_first_time();

// Called by every tracked generator before it takes a key from the server's v7 cell: the
// first time in a transaction, publishes the transaction's hold; then one predictable branch.
inline void hold_commit_horizon() {
    if (likely(horizon_held_in_transaction)) return;
    hold_commit_horizon_first_time();
}

}  // namespace uuidx::pg
