// The shared library's identity for PostgreSQL, and its load-time set-up.
#include "server_order.hpp"

extern "C" {

UUIDX_MODULE_MAGIC;

PGDLLEXPORT void _PG_init(void);
void _PG_init(void) { uuidx::pg::init_server_order(); }

}  // extern "C"
