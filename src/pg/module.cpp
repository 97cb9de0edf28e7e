// The shared library's identity for PostgreSQL.
#include "postgres.hpp"

extern "C" {
PG_MODULE_MAGIC;
}
