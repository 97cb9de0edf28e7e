// One order for the whole server: with shared_preload_libraries = 'uuidx', the order cells
// of v7 and of v1/v6 live in shared memory, so every backend and parallel worker draws
// from the same TickSequence; otherwise each backend keeps its own.
#pragma once

#include "../core/generator.hpp"
#include "postgres.hpp"

namespace uuidx::pg {

// Called from _PG_init: defines uuidx.require_server_order and, in the postmaster while
// preloading, asks for the shared cells.
void init_server_order();

// The process's generator for ordered UUIDs (v1, v6, v7). Raises 55000 when
// uuidx.require_server_order is on and the cells are not shared.
Generator& ordered_generator();

// Whether the process's generator draws from the server's shared order cells.
bool server_order_in_effect();

// The server's shared v7 order cell, or null without preloading.
const OrderCell* server_v7_cell();

}  // namespace uuidx::pg
