// The shared library's identity for PostgreSQL, and its load-time set-up.
#include "planner/hooks.hpp"
#include "public_id.hpp"
#include "server_order.hpp"

extern "C" {

UUIDX_MODULE_MAGIC;

PGDLLEXPORT void _PG_init(void);
void _PG_init(void) {
    // Before init_server_order(), which reserves the "uuidx." prefix.
    uuidx::pg::define_public_id_keys();
    uuidx::pg::hide_key_statements_from_the_log();
    uuidx::pg::define_time_predicates_setting();
    uuidx::pg::init_server_order();
    uuidx::pg::install_planner();
}

}  // extern "C"
