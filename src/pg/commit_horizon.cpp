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

struct HorizonShared {
    LWLock* prepared_lock;  // the prepared holds; taken by readers, and by PREPARE
    bool prepared_listed;   // the prepared transactions the server started with are entries
    int record_count;
    int prepared_capacity;
    // HolderRecord records[record_count], then PreparedHold prepared[prepared_capacity]
};

constexpr const char* kLockTranche = "uuidx commit horizon";

HorizonShared* shared = nullptr;  // null without preloading
HolderRecord* records = nullptr;
PreparedHold* prepared = nullptr;
TransactionId preparing_xid = InvalidTransactionId;

// Every process with a PGPROC that can run SQL: backends, background and autovacuum
// workers, WAL senders (MaxBackends), and the auxiliary processes, which never make keys.
int record_count() { return MaxBackends + NUM_AUXILIARY_PROCS; }
Size records_offset() { return MAXALIGN(sizeof(HorizonShared)); }
Size prepared_offset(int count) { return MAXALIGN(records_offset() + sizeof(HolderRecord) * count); }

// The record that holds for this process's transaction: its own, or in a parallel worker
// its leader's, whose transaction inserts what the workers compute.
HolderRecord* own_record() {
    const PGPROC* owner = MyProc->lockGroupLeader != nullptr ? MyProc->lockGroupLeader : MyProc;
    const int number = UUIDX_PROC_NUMBER(owner);
    return number < shared->record_count ? &records[number] : nullptr;
}

// The table of prepared holds (core/prepared_holds.hpp), as the server answers now.
auto prepared_holds() {
    return PreparedHolds(prepared, static_cast<size_t>(shared->prepared_capacity), 0,
                         [](uint32_t xid) { return TransactionIdIsInProgress(xid); });
}

// Adds (or lowers) the hold of a prepared transaction. Under prepared_lock, exclusive. With
// no room (there is one entry per possible prepared transaction, so only if that changed),
// the next horizon lists every prepared transaction as holding from the smallest key.
void keep_prepared_hold(TransactionId xid, Oid database, uint64 bound, bool known) {
    if (!prepared_holds().keep(xid, database, bound, known)) shared->prepared_listed = false;
}

// PREPARE TRANSACTION: the backend moves on, its transaction stays. The hold moves to the
// prepared table before the backend's record is cleared, so a reader, which reads the records
// first and the table after, sees one or the other. A transaction without an xid wrote no
// row, so none of its keys can be read: its hold simply ends.
void move_hold_to_prepared(HolderRecord& record) {
    const uint64 bound = record.load();
    if (bound == kHoldsNothing || !TransactionIdIsValid(preparing_xid)) return;
    LWLockAcquire(shared->prepared_lock, LW_EXCLUSIVE);
    keep_prepared_hold(preparing_xid, MyDatabaseId, bound, true);
    LWLockRelease(shared->prepared_lock);
}

// PostgreSQL calls XACT_EVENT_COMMIT and XACT_EVENT_ABORT after ProcArrayEndTransaction(), and
// XACT_EVENT_PREPARE once the prepared transaction stands in the proc array in the backend's
// place: each end is visible to new snapshots when its hold is withdrawn. A parallel worker's
// transactions withdraw nothing: it held in its leader's record, for the leader's transaction.
void at_transaction_event(XactEvent event, void*) {
    if (shared == nullptr) return;
    switch (event) {
        case XACT_EVENT_PRE_PREPARE: preparing_xid = GetTopTransactionIdIfAny(); return;
        case XACT_EVENT_PREPARE:
        case XACT_EVENT_COMMIT:
        case XACT_EVENT_ABORT: {
            // A parallel worker also runs ordinary transactions of its own (restoring its
            // leader's libraries and settings) while its leader's transaction holds.
            HolderRecord* record = IsParallelWorker() ? nullptr : own_record();
            if (record != nullptr && record->load() != kHoldsNothing) {
                if (event == XACT_EVENT_PREPARE) move_hold_to_prepared(*record);
                release_hold(*record);
            }
            preparing_xid = InvalidTransactionId;
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
// exit leaves its leader's record alone.
void release_at_exit(int, Datum) {
    if (shared == nullptr || MyProc == nullptr || IsParallelWorker()) return;
    HolderRecord* record = own_record();
    if (record != nullptr) release_hold(*record);
}

// After a start or a promotion, the server may hold prepared transactions that no callback
// here saw: they hold the horizon at the smallest key (their keys are unknown) until they
// end. Listed once, by the first horizon read; later PREPAREs keep their own holds.
void list_prepared_transactions_once() {
    if (shared->prepared_listed) return;
    if (SPI_connect() != SPI_OK_CONNECT) elog(ERROR, "uuidx: SPI_connect failed");
    if (SPI_execute("SELECT transaction, dbid FROM pg_catalog.pg_prepared_xact()", true, 0) != SPI_OK_SELECT)
        elog(ERROR, "uuidx: could not list the prepared transactions");
    LWLockAcquire(shared->prepared_lock, LW_EXCLUSIVE);
    if (!shared->prepared_listed) {
        shared->prepared_listed = true;
        for (uint64 row = 0; row < SPI_processed; ++row) {
            bool xid_null = false, database_null = false;
            const Datum xid = SPI_getbinval(SPI_tuptable->vals[row], SPI_tuptable->tupdesc, 1, &xid_null);
            const Datum database = SPI_getbinval(SPI_tuptable->vals[row], SPI_tuptable->tupdesc, 2, &database_null);
            if (xid_null || database_null) continue;
            keep_prepared_hold(DatumGetTransactionId(xid), DatumGetObjectId(database), 0, false);
        }
    }
    LWLockRelease(shared->prepared_lock);
    SPI_finish();
}

bool holds_database(int record, Oid database) { return ProcGlobal->allProcs[record].databaseId == database; }

// The horizon of `database` in ticks: a tick taken from the server's v7 cell as a key is
// (the clock's, or one above the newest key), then its running holders' records, then its
// prepared holds (in that order: see move_hold_to_prepared).
uint64 database_horizon_ticks(Oid database) {
    const uint64 taken = value_or_raise(process_generator().next_v7_ticks(), kV7Range);
    uint64 horizon =
        horizon_ticks(taken, records, static_cast<size_t>(shared->record_count),
                      [database](size_t record) { return holds_database(static_cast<int>(record), database); });
    LWLockAcquire(shared->prepared_lock, LW_SHARED);
    horizon = prepared_holds().lowest_bound(database, horizon);
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
    return add_size(prepared_offset(record_count()), mul_size(sizeof(PreparedHold), max_prepared_xacts));
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
        state->prepared_listed = false;
        state->record_count = count;
        state->prepared_capacity = max_prepared_xacts;
        auto* new_records = reinterpret_cast<HolderRecord*>(base + records_offset());
        for (int i = 0; i < count; ++i) new (&new_records[i]) HolderRecord(kHoldsNothing);
        auto* new_prepared = reinterpret_cast<PreparedHold*>(base + prepared_offset(count));
        for (int i = 0; i < max_prepared_xacts; ++i)
            new_prepared[i] = PreparedHold{0, InvalidOid, 0, false};
    }
    shared = state;
    records = reinterpret_cast<HolderRecord*>(base + records_offset());
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
    if (shared == nullptr || MyProc == nullptr || !server_order_in_effect()) {
        horizon_held_in_transaction = true;  // nothing is tracked in this process
        return;
    }
    static bool exit_callback_registered = false;
    if (!exit_callback_registered) {
        on_shmem_exit(release_at_exit, 0);
        exit_callback_registered = true;
    }
    HolderRecord* record = own_record();
    if (record == nullptr) elog(ERROR, "uuidx: process number %d has no commit horizon record", MyProc->pid);
    hold_before_first_key(*record, *server_v7_cell());
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
// oldest_key_known); a running transaction has its pid, a prepared one its xid. The view
// uuidx_horizon_holders adds what pg_stat_activity and pg_prepared_xacts know of them.
PG_FUNCTION_INFO_V1(uuidx_horizon_holder_records);
Datum uuidx_horizon_holder_records(PG_FUNCTION_ARGS) {
    using namespace uuidx::pg;
    require_a_primary_with_the_horizon("uuidx_horizon_holders");
    list_prepared_transactions_once();
    InitMaterializedSRF(fcinfo, 0);
    auto* result = reinterpret_cast<ReturnSetInfo*>(fcinfo->resultinfo);

    for (int i = 0; i < shared->record_count; ++i) {
        const uint64 bound = records[i].load();
        if (bound == uuidx::kHoldsNothing || !holds_database(i, MyDatabaseId)) continue;
        Datum values[4] = {Int32GetDatum(ProcGlobal->allProcs[i].pid), 0, first_key_of(bound), BoolGetDatum(true)};
        bool nulls[4] = {false, true, false, false};
        tuplestore_putvalues(result->setResult, result->setDesc, values, nulls);
    }
    LWLockAcquire(shared->prepared_lock, LW_SHARED);
    prepared_holds().for_each_holder(MyDatabaseId, [result](const uuidx::PreparedHold& hold) {
        Datum values[4] = {0, TransactionIdGetDatum(static_cast<TransactionId>(hold.transaction)),
                           first_key_of(hold.bound), BoolGetDatum(hold.known)};
        bool nulls[4] = {true, false, false, false};
        tuplestore_putvalues(result->setResult, result->setDesc, values, nulls);
    });
    LWLockRelease(shared->prepared_lock);
    return static_cast<Datum>(0);
}

}  // extern "C"
