// The shared library's identity for PostgreSQL, and its load-time set-up.
#include "foreign_bounds.hpp"
#include "public_id.hpp"
#include "server_order.hpp"
#include "time_order.hpp"
#include "time_planner.hpp"

extern "C" {

UUIDX_MODULE_MAGIC;

PGDLLEXPORT void _PG_init(void);
void _PG_init(void) {
    // Before init_server_order(), which reserves the "uuidx." prefix.
    uuidx::pg::define_public_id_keys();
    uuidx::pg::hide_key_statements_from_the_log();
    uuidx::pg::define_time_predicates();
    uuidx::pg::init_server_order();
    uuidx::pg::install_time_predicates_planner();
    uuidx::pg::install_time_order_paths();
    uuidx::pg::install_foreign_bounds_planner();
}

}  // extern "C"
