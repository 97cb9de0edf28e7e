// The fault-injection test build only (test/hardening.mk FAULT_INJECTION=1 links this file
// into uuidx.so, with ld --wrap for each function wrapped below): uuidx.so's own calls of
// those functions come here, consult the fault chosen by the switch below, then call the
// real one. ld --wrap redirects only the undefined references of the objects it links, so
// PostgreSQL's own calls of the same functions are never redirected. The wrapped calls:
//   - OpenSSL's RAND_bytes and EVP_DigestUpdate (the core's random source and digests);
//   - PostgreSQL's get_opfamily_member, through which the planner finds uuid's btree
//     comparison operators (planner/time_catalog.cpp): a fault makes them missing, as
//     catalog surgery on uuid_ops would;
//   - PostgreSQL's LWLockAcquire, which uuidx calls only for the commit horizon's lock
//     (commit_horizon.cpp: a PREPARE TRANSACTION, a read of the horizon): a one-shot fault
//     makes the next one raise an ERROR, as running out of memory there would.
// One fault wraps nothing: prepare_event_fails registers, when it is injected, a transaction
// callback of its own that raises an ERROR at XACT_EVENT_PREPARE, as another library's may.
// Registered after uuidx's (which _PG_init registered), it is called before uuidx's, once the
// PREPARE is durable: PostgreSQL then aborts the session's transaction, and the prepared one
// stays.
// The product build neither compiles this file nor links any redirection, so its code paths
// are the ones the tests see minus the switch. It lives with the tests, as PostgreSQL keeps
// its injection points in src/test/modules/.
// The switch is a SQL function that the tests declare themselves, as PostgreSQL's
// injection_points test module attaches its faults, so the extension's script is the same
// in every build:
//   CREATE FUNCTION uuidx_inject_fault(fault text) RETURNS void
//       AS 'uuidx', 'uuidx_inject_fault' LANGUAGE C STRICT;
#include <openssl/evp.h>
#include <openssl/rand.h>

#include <climits>
#include <cstring>
#include <string_view>

#include "../../src/core/process.hpp"
#include "../../src/pg/postgres.hpp"

namespace {

enum class Fault {
    none,
    random_source_fails,     // RAND_bytes() reports failure, as when OpenSSL cannot seed
    digest_fails,            // EVP_DigestUpdate() reports failure, as when a provider breaks
    undefined_behavior,      // a digest update overflows a signed int: UBSan must report it
    uuid_operators_missing,  // get_opfamily_member() finds no uuid = uuid member, as after
                             // catalog surgery on uuid's btree operator family
    horizon_lock_fails,      // the next LWLockAcquire() raises an ERROR; the fault then clears
    prepare_event_fails,     // the next XACT_EVENT_PREPARE raises an ERROR; the fault then clears
};

struct NamedFault {
    std::string_view name;
    Fault fault;
};
constexpr NamedFault kFaults[] = {
    {"none", Fault::none},
    {"random_source_fails", Fault::random_source_fails},
    {"digest_fails", Fault::digest_fails},
    {"undefined_behavior", Fault::undefined_behavior},
    {"uuid_operators_missing", Fault::uuid_operators_missing},
    {"horizon_lock_fails", Fault::horizon_lock_fails},
    {"prepare_event_fails", Fault::prepare_event_fails},
};

// The fault of this process (a backend: faults never reach other sessions).
Fault injected = Fault::none;

// Consulted before every RAND_bytes() call of the core.
bool random_source_fails() noexcept { return injected == Fault::random_source_fails; }

// Called before every EVP_DigestUpdate() call of the core: whether the update fails.
bool digest_update_fails() noexcept {
    switch (injected) {
        case Fault::digest_fails: return true;
        case Fault::undefined_behavior: {
            volatile int largest = INT_MAX;  // volatile: the overflow happens at run time
            largest = largest + 1;
            return false;
        }
        case Fault::none:
        case Fault::random_source_fails:
        case Fault::uuid_operators_missing:
        case Fault::horizon_lock_fails:
        case Fault::prepare_event_fails: break;
    }
    return false;
}

// Consulted before every get_opfamily_member() call of uuidx: whether a member comparing two
// uuids is missing.
bool uuid_operator_missing(Oid lefttype, Oid righttype) noexcept {
    return injected == Fault::uuid_operators_missing && lefttype == UUIDOID && righttype == UUIDOID;
}

// Consulted before every LWLockAcquire() call of uuidx: whether this one fails, which uses
// the fault up (one-shot, so that the session's next transactions run as usual).
bool lock_acquisition_fails() noexcept {
    if (injected != Fault::horizon_lock_fails) return false;
    injected = Fault::none;
    return true;
}

// Another library's transaction callback: raises an ERROR at the PREPARE event while the
// fault is injected, which uses it up.
void fail_at_prepare_event(XactEvent event, void*) {
    if (event != XACT_EVENT_PREPARE || injected != Fault::prepare_event_fails) return;
    injected = Fault::none;
    ereport(ERROR, (errcode(ERRCODE_OUT_OF_MEMORY), errmsg("out of memory"),
                    errdetail("Injected fault prepare_event_fails: another library's callback failed at "
                              "XACT_EVENT_PREPARE, after the transaction was prepared.")));
}

}  // namespace

extern "C" {

// ld --wrap=NAME sends the core's calls of NAME here and names OpenSSL's own __real_NAME.
int __real_RAND_bytes(unsigned char* buffer, int length);
int __real_EVP_DigestUpdate(EVP_MD_CTX* context, const void* data, size_t length);
Oid __real_get_opfamily_member(Oid opfamily, Oid lefttype, Oid righttype, int16 strategy);
bool __real_LWLockAcquire(LWLock* lock, LWLockMode mode);

int __wrap_RAND_bytes(unsigned char* buffer, int length) {
    if (random_source_fails()) {
        // A failing source may have written part of the buffer: bytes the pool must drop
        // (and would hand out identically if it kept them).
        if (length > 0) std::memset(buffer, 0xA5, static_cast<size_t>(length));
        return 0;
    }
    return __real_RAND_bytes(buffer, length);
}

int __wrap_EVP_DigestUpdate(EVP_MD_CTX* context, const void* data, size_t length) {
    if (digest_update_fails()) return 0;
    return __real_EVP_DigestUpdate(context, data, length);
}

Oid __wrap_get_opfamily_member(Oid opfamily, Oid lefttype, Oid righttype, int16 strategy) {
    if (uuid_operator_missing(lefttype, righttype)) return InvalidOid;
    return __real_get_opfamily_member(opfamily, lefttype, righttype, strategy);
}

// An ERROR where PostgreSQL's own LWLockAcquire() can raise none: what any allocation or
// check that code around the lock may raise would do to the caller.
bool __wrap_LWLockAcquire(LWLock* lock, LWLockMode mode) {
    if (lock_acquisition_fails())
        ereport(ERROR, (errcode(ERRCODE_OUT_OF_MEMORY), errmsg("out of memory"),
                        errdetail("Injected fault horizon_lock_fails: uuidx could not take a lock.")));
    return __real_LWLockAcquire(lock, mode);
}

// uuidx_inject_fault(fault text): one of the names of kFaults, for this
// backend only.
PG_FUNCTION_INFO_V1(uuidx_inject_fault);
Datum uuidx_inject_fault(PG_FUNCTION_ARGS) {
    const char* name = text_to_cstring(PG_GETARG_TEXT_PP(0));
    for (const NamedFault& entry : kFaults) {
        if (entry.name != name) continue;
        injected = entry.fault;
        // The pool's bytes and v1's clock sequence and node were drawn before the fault:
        // forget them as a forked child does, so that the next UUID of every version draws
        // from the failing source.
        if (entry.fault == Fault::random_source_fails) uuidx::process_generator().after_fork_in_child();
        static bool prepare_callback_registered = false;
        if (entry.fault == Fault::prepare_event_fails && !prepare_callback_registered) {
            RegisterXactCallback(fail_at_prepare_event, nullptr);
            prepare_callback_registered = true;
        }
        PG_RETURN_VOID();
    }
    ereport(ERROR, (errcode(ERRCODE_INVALID_PARAMETER_VALUE), errmsg("unknown fault \"%s\"", name)));
}

}  // extern "C"
