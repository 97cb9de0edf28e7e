// Included first by every core header: the core must compile without PostgreSQL.
// PostgreSQL's headers redefine snprintf, printf and friends (port.h) and bring
// longjmp-based error handling; neither may leak into code that owns C++ objects.
#pragma once

#if defined(POSTGRES_H) || defined(PG_VERSION_NUM) || defined(FMGR_H)
#error "src/core is PostgreSQL-free: include core headers before postgres.h, and never include postgres.h here"
#endif
