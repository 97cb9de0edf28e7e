// Included first by every core header: the core must compile without PostgreSQL.
// PostgreSQL's headers redefine snprintf, printf and friends (port.h) and bring
// longjmp-based error handling; neither may leak into code that owns C++ objects.
//
// The fence: no include guard and no #pragma once, on purpose. Each core header is guarded
// itself, but this check runs again wherever a core header is first included, so a core
// header included after postgres.h fails the build even when another core header came first.
// (It holds only declarations-free preprocessor tests, so including it again is harmless.)

#if defined(POSTGRES_H) || defined(PG_VERSION_NUM) || defined(FMGR_H)
#error "src/core is PostgreSQL-free: include core headers before postgres.h, and never include postgres.h here"
#endif
