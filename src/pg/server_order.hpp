// One order for the whole server: with shared_preload_libraries = 'uuidx', the order cells
// of v7 and of v1/v6 live in shared memory, so every backend and parallel worker draws
// from the same TickSequence; otherwise each backend keeps its own.
#pragma once

#include "../core/sequence.hpp"
#include "../core/uuid.hpp"
#include "postgres.hpp"

namespace uuidx::pg {

// Called from _PG_init: defines uuidx.require_server_order and, in the postmaster while
// preloading, asks for the shared cells.
void init_server_order();

// Every draw from the server's order cells is here, and only here (the source check of
// test/run-source.sh keeps it so). A v7 key is drawn only after this transaction holds the
// commit horizon (commit_horizon.hpp): a key that left the order unheld could commit below a
// horizon a consumer has already passed. Each raises 55000 when uuidx.require_server_order is
// on and the cells are not shared, and 22008 at the end of the version's time range.
Uuid draw_v7_key();          // uuid_generate_v7(), uuidv7(), typeid_generate()
uint64 draw_v7_key_ticks();  // uuidv7(interval): the ticks of the key it shifts
Uuid draw_v6_key();
Uuid draw_v1_key();

// A tick of the v7 order for the commit horizon's own reading: handed to no key, so it holds
// nothing (a consumer polling inside one transaction must not pin the horizon it reads).
uint64 take_horizon_tick();

// Raises the server's v7 cell to the clock the first time it is called since the server
// started accepting writes (its start, or a promotion). A standby's cell may still be where its
// start left it; the first hold after a promotion publishes the cell's value plus one, which
// would then sit at that start and stall every consumer until its transaction ends.
void raise_v7_order_to_clock_once_writable();

// Whether the process's generator draws from the server's shared order cells.
bool server_order_in_effect();

// The server's shared v7 order cell, or null without preloading.
const OrderCell* server_v7_cell();

}  // namespace uuidx::pg
