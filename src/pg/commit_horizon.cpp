// Core headers first: commit_horizon.hpp brings PostgreSQL's (postgres.hpp).
#include <new>

#include "../core/horizon.hpp"
#include "../core/layout.hpp"
#include "../core/prepared_holds.hpp"
#include "../core/process.hpp"
#include "commit_horizon.hpp"
#include "datums.hpp"
#include "door.hpp"
#include "server_order.hpp"

namespace uuidx::pg {

bool horizon_held_in_transaction = true;  // false at each transaction's start once preloaded
bool commit_horizon_enabled = true;       // uuidx.commit_horizon

namespace {

// Lock order: a reader or a PREPARE takes its snapshot (ProcArrayLock, inside
// GetSnapshotData()) before prepared_lock, and takes no other lock while it holds
// prepared_lock, so prepared_lock never waits on the proc array. Readers of the horizon and
// of its holders take prepared_lock shared (they write nothing: core/prepared_holds.hpp), so
// no reader waits for another; a PREPARE, and the listing after a start, take it alone.
struct HorizonShared {
    LWLock* prepared_lock;  // the prepared holds, and the writing of `listed`
    // The prepared transactions of before the bookkeeping began are entries. Set once, under
    // prepared_lock taken alone; read without it (once true, it stays true).
    std::atomic<bool> listed;
    int record_count;
    int prepared_capacity;
    // HolderRecord records[record_count], HeldSince since[record_count],
    // then PreparedHold prepared[prepared_capacity]
};

// When a record's hold began (the start of the statement that made the transaction's first
// key), for uuidx_horizon_holders alone: the horizon never reads it.
using HeldSince = std::atomic<int64>;
static_assert(HeldSince::is_always_lock_free, "a hold's start must be usable in shared memory");

constexpr const char* kLockTranche = "uuidx commit horizon";

HorizonShared* shared = nullptr;  // null without preloading
HolderRecord* records = nullptr;
HeldSince* held_since = nullptr;
PreparedHold* prepared = nullptr;

// The full number of this backend's transaction while its PREPARE is under way (its entry
// was kept at XACT_EVENT_PRE_PREPARE, and no later key would be held), 0 otherwise.
uint64 preparing_transaction = 0;

// Every process with a PGPROC that can run SQL: backends, background and autovacuum
// workers, WAL senders (MaxBackends), and the auxiliary processes, which never make keys.
int record_count() { return MaxBackends + NUM_AUXILIARY_PROCS; }
// Room for every prepared transaction and for a PREPARE under way in every backend: the
// entry is kept when the PREPARE starts, before the transaction counts as prepared.
int prepared_capacity() { return max_prepared_xacts > 0 ? max_prepared_xacts + MaxBackends : 0; }
Size records_offset() { return MAXALIGN(sizeof(HorizonShared)); }
Size held_since_offset(int count) { return MAXALIGN(records_offset() + sizeof(HolderRecord) * count); }
Size prepared_offset(int count) { return MAXALIGN(held_since_offset(count) + sizeof(HeldSince) * count); }

// The record that holds for this process's transaction: its own, or in a parallel worker
// its leader's, whose transaction inserts what the workers compute.
int own_record_number() {
    const PGPROC* owner = MyProc->lockGroupLeader != nullptr ? MyProc->lockGroupLeader : MyProc;
    const int number = UUIDX_PROC_NUMBER(owner);
    return number < shared->record_count ? number : -1;
}
HolderRecord* own_record() {
    const int number = own_record_number();
    return number >= 0 ? &records[number] : nullptr;
}

// The transactions running at one moment, in a snapshot of this backend's own:
// GetLatestSnapshot() refuses to run in parallel mode, where a leader may read the horizon
// (the function is PARALLEL RESTRICTED, not UNSAFE). GetSnapshotData() allocates its arrays
// on its first call, once per backend.
SnapshotData running_transactions_snapshot{};
Snapshot running_transactions() {
    running_transactions_snapshot.snapshot_type = SNAPSHOT_MVCC;
    return GetSnapshotData(&running_transactions_snapshot);
}

// The table of prepared holds (core/prepared_holds.hpp) as the server answers at one moment:
// a snapshot taken now, before prepared_lock (see the lock order above), says which
// transactions are still running. A transaction it counts as running may have ended since:
// its hold lasts until the next read.
auto prepared_holds() {
    const Snapshot now = running_transactions();
    return PreparedHolds(prepared, static_cast<size_t>(shared->prepared_capacity),
                         U64FromFullTransactionId(ReadNextFullTransactionId()),
                         [now](uint32_t xid) { return XidInMVCCSnapshot(xid, now); });
}

// XACT_EVENT_PRE_PREPARE, where an error still aborts the PREPARE cleanly: the transaction's
// hold, or a note that it made no key (which the listing after a start needs), goes into the
// prepared table while its record still holds. PrepareTransaction() has given the
// transaction its number before this event, so every prepared transaction has an entry.
void keep_hold_of_prepare() {
    if (shared->prepared_capacity == 0) return;  // PREPARE is off and fails on its own
    const HolderRecord* record = own_record();
    const uint64 bound = record != nullptr ? record->load() : kHoldsNothing;
    const int number = own_record_number();
    const int64 since = bound != kHoldsNothing && number >= 0 ? held_since[number].load() : 0;
    const uint64 transaction = U64FromFullTransactionId(GetTopFullTransactionId());
    auto holds = prepared_holds();
    LWLockAcquire(shared->prepared_lock, LW_EXCLUSIVE);
    const bool kept = holds.keep(transaction, MyDatabaseId, bound == kHoldsNothing ? kMadeNoKey : bound, since);
    LWLockRelease(shared->prepared_lock);
    if (!kept)
        ereport(ERROR, (errcode(ERRCODE_INSUFFICIENT_RESOURCES),
                        errmsg("uuidx has no room to record this prepared transaction's keys"),
                        errdetail("The commit horizon keeps %d entries: max_prepared_transactions plus one for each "
                                  "connection, all of them held by running or prepared transactions.",
                                  shared->prepared_capacity),
                        errhint("Retry the PREPARE once other prepared transactions have ended.")));
    preparing_transaction = transaction;
}

// PostgreSQL calls XACT_EVENT_COMMIT and XACT_EVENT_ABORT after ProcArrayEndTransaction(), and
// XACT_EVENT_PREPARE once the prepared transaction stands in the proc array in the backend's
// place: each end is visible to new snapshots when its record is withdrawn. At those three
// events nothing may fail (a PREPARE is durable by then, and an error would record an abort
// for a prepared transaction): they only store to the backend's record. They touch no
// prepared entry: telling which have ended needs a snapshot, which can fail, and an abort
// cannot tell whether its PREPARE was durable (another library's XACT_EVENT_PREPARE callback
// may fail after it, and PostgreSQL then aborts the session's transaction while the prepared
// one stays, to be committed later). An entry goes when a horizon read or a PREPARE sees its
// transaction ended (core/prepared_holds.hpp). A parallel worker's transactions withdraw
// nothing: it held in its leader's record, for the leader's transaction.
void at_transaction_event(XactEvent event, void*) {
    if (shared == nullptr) return;
    switch (event) {
        case XACT_EVENT_PRE_PREPARE: keep_hold_of_prepare(); return;
        case XACT_EVENT_PREPARE:
        case XACT_EVENT_COMMIT:
        case XACT_EVENT_ABORT: {
            // A parallel worker also runs ordinary transactions of its own (restoring its
            // leader's libraries and settings) while its leader's transaction holds.
            HolderRecord* record = IsParallelWorker() ? nullptr : own_record();
            // The prepared table took over the hold at XACT_EVENT_PRE_PREPARE.
            if (record != nullptr && record->load() != kHoldsNothing) release_hold(*record);
            preparing_transaction = 0;
            horizon_held_in_transaction = false;
            return;
        }
        case XACT_EVENT_PARALLEL_COMMIT:
        case XACT_EVENT_PARALLEL_ABORT: horizon_held_in_transaction = false; return;
        default: return;
    }
}

// A backend that exits inside a transaction aborts it first (the callback above); this is
// for one that exits otherwise, so that its record never outlives it. A parallel worker's
// exit leaves its leader's record alone. Registered after InitProcess() registered
// ProcKill(), so it runs before ProcKill() gives the PGPROC (and its databaseId, which
// holds_database() reads) to another process.
void release_at_exit(int, Datum) {
    if (shared == nullptr || MyProc == nullptr || IsParallelWorker()) return;
    HolderRecord* record = own_record();
    if (record != nullptr) release_hold(*record);
}

// After a start or a promotion, the server may hold prepared transactions that no callback
// here saw: they hold the horizon at the smallest key (their keys are unknown) until they
// end. Listed once, by the first horizon read; every PREPARE since the start has an entry
// already (kept when it began, before pg_prepared_xact() could show it), which stays.
// The listing is the server's, whoever reads first: it runs as the bootstrap superuser, so a
// reader without EXECUTE on pg_prepared_xact() (revoked from PUBLIC by many hardening guides)
// gets the horizon too. Its query is fixed, schema-qualified text; the reader's identity comes
// back after it, or at the abort of an error (AbortTransaction restores it).
void list_prepared_transactions_once() {
    if (shared->listed.load()) return;
    Oid reader = InvalidOid;
    int reader_security = 0;
    GetUserIdAndSecContext(&reader, &reader_security);
    SetUserIdAndSecContext(BOOTSTRAP_SUPERUSERID,
                           reader_security | SECURITY_LOCAL_USERID_CHANGE | SECURITY_RESTRICTED_OPERATION);
    if (SPI_connect() != SPI_OK_CONNECT) elog(ERROR, "uuidx: SPI_connect failed");
    if (SPI_execute("SELECT transaction, dbid, prepared FROM pg_catalog.pg_prepared_xact()", true, 0) != SPI_OK_SELECT)
        elog(ERROR, "uuidx: could not list the prepared transactions");
    SetUserIdAndSecContext(reader, reader_security);
    auto holds = prepared_holds();
    const uint64 next = U64FromFullTransactionId(ReadNextFullTransactionId());
    bool kept = true;
    LWLockAcquire(shared->prepared_lock, LW_EXCLUSIVE);
    for (uint64 row = 0; row < SPI_processed && kept && !shared->listed.load(); ++row) {
        bool xid_null = false, database_null = false, prepared_null = false;
        HeapTuple tuple = SPI_tuptable->vals[row];
        TupleDesc columns = SPI_tuptable->tupdesc;
        const Datum xid = SPI_getbinval(tuple, columns, 1, &xid_null);
        const Datum database = SPI_getbinval(tuple, columns, 2, &database_null);
        const Datum prepared_at = SPI_getbinval(tuple, columns, 3, &prepared_null);
        if (xid_null || database_null) continue;
        kept = holds.list(full_transaction_of(DatumGetTransactionId(xid), next), DatumGetObjectId(database),
                          prepared_null ? GetCurrentTimestamp() : DatumGetTimestampTz(prepared_at));
    }
    if (kept) shared->listed.store(true);
    LWLockRelease(shared->prepared_lock);
    SPI_finish();
    if (!kept) elog(ERROR, "uuidx: no room to list the prepared transactions for the commit horizon");
}

// Whether a record's holder is connected to `database`. PGPROC.databaseId is set once when a
// backend connects; a record is withdrawn before its PGPROC is released (release_at_exit), so
// a record that holds is read with its own holder's database.
bool holds_database(int record, Oid database) { return ProcGlobal->allProcs[record].databaseId == database; }

// The horizon of `database` in ticks: a tick taken from the server's v7 cell as a key is
// (the clock's, or one above the newest key), then its running holders' records, then its
// prepared holds (in that order: a PREPARE keeps its entry before it withdraws its record).
uint64 database_horizon_ticks(Oid database) {
    const uint64 taken = take_horizon_tick();
    uint64 horizon =
        horizon_ticks(taken, records, static_cast<size_t>(shared->record_count),
                      [database](size_t record) { return holds_database(static_cast<int>(record), database); });
    const auto holds = prepared_holds();
    LWLockAcquire(shared->prepared_lock, LW_SHARED);
    horizon = holds.lowest_bound(database, horizon);
    LWLockRelease(shared->prepared_lock);
    return horizon;
}

// The smallest v7 key of `ticks`: every key of fewer ticks sorts below it.
Datum first_key_of(uint64 ticks) {
    static constexpr uint8_t kZeros[8] = {};
    return uuid_datum(encode_v7(ticks, kZeros));
}

void require_a_primary_with_the_horizon(const char* function) {
    if (shared == nullptr || !server_order_in_effect())
        ereport(ERROR, (errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE), errmsg("%s needs uuidx preloaded", function),
                        errdetail("Only the server-wide order of preloaded uuidx knows which keys are still held by "
                                  "running transactions."),
                        errhint("Add 'uuidx' to shared_preload_libraries in postgresql.conf and restart the "
                                "server.")));
    if (!commit_horizon_enabled)
        ereport(ERROR, (errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE),
                        errmsg("%s needs uuidx.commit_horizon = on", function),
                        errdetail("With uuidx.commit_horizon off, no transaction records the keys it makes."),
                        errhint("Set uuidx.commit_horizon = on in postgresql.conf and restart the server.")));
    if (RecoveryInProgress())
        ereport(ERROR,
                (errcode(ERRCODE_OBJECT_NOT_IN_PREREQUISITE_STATE), errmsg("%s cannot be read on a standby", function),
                 errdetail("A standby makes no keys: the horizon of the keys it replays is the primary's."),
                 errhint("Read the horizon on the primary, or consume the primary's rows.")));
}

}  // namespace

Size commit_horizon_shmem_size() {
    return add_size(prepared_offset(record_count()), mul_size(sizeof(PreparedHold), prepared_capacity()));
}

void request_commit_horizon_lock() { RequestNamedLWLockTranche(kLockTranche, 1); }

// In the postmaster at start and after a crash (shared memory made anew: no transaction
// survives a crash but the prepared ones, which the first horizon read lists).
void attach_commit_horizon() {
    bool found = false;
    const int count = record_count();
    void* memory = ShmemInitStruct("uuidx commit horizon", commit_horizon_shmem_size(), &found);
    auto* state = static_cast<HorizonShared*>(memory);
    auto* base = static_cast<char*>(memory);
    if (!found) {
        state->prepared_lock = &GetNamedLWLockTranche(kLockTranche)->lock;
        new (&state->listed) std::atomic<bool>(false);
        state->record_count = count;
        state->prepared_capacity = prepared_capacity();
        auto* new_records = reinterpret_cast<HolderRecord*>(base + records_offset());
        auto* new_since = reinterpret_cast<HeldSince*>(base + held_since_offset(count));
        for (int i = 0; i < count; ++i) {
            new (&new_records[i]) HolderRecord(kHoldsNothing);
            new (&new_since[i]) HeldSince(0);
        }
        auto* new_prepared = reinterpret_cast<PreparedHold*>(base + prepared_offset(count));
        for (int i = 0; i < state->prepared_capacity; ++i) new_prepared[i] = PreparedHold{0, InvalidOid, 0, 0};
    }
    shared = state;
    records = reinterpret_cast<HolderRecord*>(base + records_offset());
    held_since = reinterpret_cast<HeldSince*>(base + held_since_offset(state->record_count));
    prepared = reinterpret_cast<PreparedHold*>(base + prepared_offset(state->record_count));
}

void define_commit_horizon_setting() {
    DefineCustomBoolVariable("uuidx.commit_horizon",
                             "Keeps the commit horizon of v7 keys, which uuidx_commit_horizon() returns.",
                             "Each transaction that makes a v7 key records a bound on its keys in shared memory until "
                             "it ends. Off, nothing is recorded and uuidx_commit_horizon() is an error.",
                             &commit_horizon_enabled, true, PGC_POSTMASTER, 0, nullptr, nullptr, nullptr);
}

// Off, no callback and no hold: horizon_held_in_transaction stays true in every process.
void register_commit_horizon_callbacks() {
    if (!commit_horizon_enabled) return;
    RegisterXactCallback(at_transaction_event, nullptr);
    horizon_held_in_transaction = false;
}

void hold_commit_horizon_first_time() {
    // A transaction begun in recovery stays read-only after a promotion: none of its keys can
    // be written, and a hold would keep the new primary's horizon back until it ends. Asked of
    // the transaction, not of the server: its first key may come after the promotion.
    if (shared == nullptr || MyProc == nullptr || !server_order_in_effect() || TransactionStartedDuringRecovery()) {
        horizon_held_in_transaction = true;  // nothing is tracked in this transaction
        return;
    }
    // The prepared table took this transaction's hold when its PREPARE began: a first key made
    // after that (by another extension's pre-prepare callback) would be held by no one.
    if (preparing_transaction != 0)
        ereport(ERROR, (errcode(ERRCODE_ACTIVE_SQL_TRANSACTION),
                        errmsg("cannot make a v7 key while the transaction is being prepared"),
                        errdetail("uuidx recorded this transaction's keys for the commit horizon when its PREPARE "
                                  "TRANSACTION began.")));
    static bool exit_callback_registered = false;
    if (!exit_callback_registered) {
        on_shmem_exit(release_at_exit, 0);
        exit_callback_registered = true;
    }
    const int number = own_record_number();
    if (number < 0) elog(ERROR, "uuidx: process %d has no commit horizon record", MyProc->pid);
    if (records[number].load() == kHoldsNothing) held_since[number].store(GetCurrentStatementStartTimestamp());
    raise_v7_order_to_clock_once_writable();
    hold_before_first_key(records[number], *server_v7_cell());
    horizon_held_in_transaction = true;
}

}  // namespace uuidx::pg

extern "C" {

// uuidx_commit_horizon(): every tracked key below it was made by a transaction whose end
// was visible to new snapshots before this call returned (docs/consumers.md).
PG_FUNCTION_INFO_V1(uuidx_commit_horizon);
Datum uuidx_commit_horizon(PG_FUNCTION_ARGS) {
    using namespace uuidx::pg;
    require_a_primary_with_the_horizon("uuidx_commit_horizon()");
    list_prepared_transactions_once();
    return first_key_of(database_horizon_ticks(MyDatabaseId));
}

// The holders of this database's horizon, one row each: (pid, transaction, oldest_key,
// oldest_key_known, held_since); a running transaction has its pid, a prepared one its xid.
// The view uuidx_horizon_holders adds what pg_stat_activity and pg_prepared_xacts know of them.
PG_FUNCTION_INFO_V1(uuidx_horizon_holder_records);
Datum uuidx_horizon_holder_records(PG_FUNCTION_ARGS) {
    using namespace uuidx::pg;
    require_a_primary_with_the_horizon("uuidx_horizon_holders");
    list_prepared_transactions_once();
    InitMaterializedSRF(fcinfo, 0);
    auto* result = reinterpret_cast<ReturnSetInfo*>(fcinfo->resultinfo);
    constexpr int kColumns = 5;

    for (int i = 0; i < shared->record_count; ++i) {
        uint64 bound = uuidx::kHoldsNothing;
        int pid = 0;
        int64 since = 0;
        const volatile PGPROC& holder = ProcGlobal->allProcs[i];
        const auto read_facts = [i, &since] {
            since = held_since[i].load();
            return holds_database(i, MyDatabaseId);
        };
        if (!uuidx::read_listed_holder(
                records[i], [&holder] { return holder.pid; }, read_facts, bound, pid))
            continue;
        Datum values[kColumns] = {Int32GetDatum(pid), 0, first_key_of(bound), BoolGetDatum(true),
                                  TimestampTzGetDatum(since)};
        bool nulls[kColumns] = {false, true, false, false, since == 0};
        tuplestore_putvalues(result->setResult, result->setDesc, values, nulls);
    }
    // Copied out under the lock, written to the result after it.
    auto* holders = static_cast<uuidx::PreparedHold*>(
        palloc(sizeof(uuidx::PreparedHold) * static_cast<Size>(Max(shared->prepared_capacity, 1))));
    int holder_count = 0;
    const auto holds = prepared_holds();
    LWLockAcquire(shared->prepared_lock, LW_SHARED);
    holds.for_each_holder(
        MyDatabaseId, [holders, &holder_count](const uuidx::PreparedHold& hold) { holders[holder_count++] = hold; });
    LWLockRelease(shared->prepared_lock);
    for (int i = 0; i < holder_count; ++i) {
        const uuidx::PreparedHold& hold = holders[i];
        Datum values[kColumns] = {0, TransactionIdGetDatum(static_cast<TransactionId>(hold.transaction)),
                                  first_key_of(hold.bound), BoolGetDatum(hold.known()),
                                  TimestampTzGetDatum(hold.since)};
        bool nulls[kColumns] = {true, false, false, false, false};
        tuplestore_putvalues(result->setResult, result->setDesc, values, nulls);
    }
    pfree(holders);
    return static_cast<Datum>(0);
}

}  // extern "C"
