// The fence around PostgreSQL's headers, and the one place where PostgreSQL majors differ.
// Every file in src/pg includes the C++ headers it needs (core headers included) first and
// this file last: PostgreSQL's port.h redefines snprintf and friends, which must not reach
// the standard library's headers.
#pragma once

extern "C" {
#include "postgres.h"

#include "access/htup_details.h"
#include "fmgr.h"
#include "funcapi.h"
#include "lib/stringinfo.h"
#include "mb/pg_wchar.h"
#include "miscadmin.h"
#include "storage/ipc.h"
#include "storage/lwlock.h"
#include "storage/shmem.h"
#include "tcop/tcopprot.h"
#include "utils/builtins.h"
#include "utils/guc.h"
#include "utils/inet.h"
#include "utils/timestamp.h"
#include "utils/uuid.h"
}

// ---- differences between PostgreSQL majors (15 to 18) ----------------------------------

#if PG_VERSION_NUM < 150000
#error "uuidx needs PostgreSQL 15 or later (shmem_request_hook, MarkGUCPrefixReserved)"
#endif

// 18 records the library's name and version in its magic block (shown by
// pg_get_loaded_modules()); the extended block names every field, so C++ compilers see no
// missing initializer. UUIDX_VERSION comes from uuidx.control through the Makefile.
#if PG_VERSION_NUM >= 180000
#define UUIDX_MODULE_MAGIC PG_MODULE_MAGIC_EXT(.name = "uuidx", .version = UUIDX_VERSION)
#else
#define UUIDX_MODULE_MAGIC PG_MODULE_MAGIC
#endif

// ---------------------------------------------------------------------------------------

// Microseconds from 1970-01-01 (the core's epoch) to 2000-01-01 (PostgreSQL's).
constexpr int64 kUnixToPostgresEpochUs =
    static_cast<int64>(POSTGRES_EPOCH_JDATE - UNIX_EPOCH_JDATE) * SECS_PER_DAY * USECS_PER_SEC;
