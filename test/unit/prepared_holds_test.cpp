// The holds of prepared transactions (prepared_holds.hpp) against a server in miniature
// whose "is this transaction running?" answers as PostgreSQL's TransactionIdIsInProgress()
// does, 32-bit numbers compared modulo 2^32 included, over histories 2^31 and 2^32
// transactions long.
#include <gtest/gtest.h>

#include <cstdint>
#include <set>
#include <vector>

#include "prepared_holds.hpp"

namespace {

using uuidx::PreparedHold;

constexpr uint64_t kTwoTo31 = uint64_t{1} << 31;
constexpr uint64_t kTwoTo32 = uint64_t{1} << 32;
constexpr uint32_t kDatabase = 5;
constexpr uint32_t kOtherDatabase = 6;

// The transactions of a server: full (64-bit) numbers, as PostgreSQL counts them since 14.
struct Server {
    uint64_t next = 3;              // FirstNormalTransactionId
    uint64_t latest_completed = 2;  // the newest transaction that has ended
    std::set<uint64_t> running;

    uint64_t begin() {
        running.insert(next);
        return next++;
    }
    void end(uint64_t transaction) {
        running.erase(transaction);
        if (transaction > latest_completed) latest_completed = transaction;
    }
    // `count` transactions that begin and end, none of them met here.
    void pass(uint64_t count) {
        next += count;
        latest_completed = next - 1;
    }
    // TransactionIdIsInProgress() of a 32-bit number: one that follows the newest completed
    // transaction (TransactionIdPrecedes compares modulo 2^32) is taken to be running;
    // otherwise it is running when a running transaction carries it.
    bool in_progress(uint32_t xid) const {
        if (static_cast<int32_t>(xid - static_cast<uint32_t>(latest_completed)) > 0) return true;
        for (uint64_t transaction : running)
            if (static_cast<uint32_t>(transaction) == xid) return true;
        return false;
    }
};

// The table in shared memory, and its view as the server answers now.
struct Table {
    explicit Table(size_t capacity) : entries(capacity, PreparedHold{0, 0, 0, 0}) {}
    auto view(const Server& server) {
        return uuidx::PreparedHolds(entries.data(), entries.size(), server.next,
                                    [&server](uint32_t xid) { return server.in_progress(xid); });
    }
    std::vector<PreparedHold> entries;
};

constexpr uint64_t kHorizon = 1'000'000;  // a reader's own tick, above every bound below
constexpr int64_t kSince = 42;

TEST(PreparedHolds, HoldUntilTheirTransactionEnds) {
    Server server;
    Table table(4);
    const uint64_t prepared = server.begin();
    ASSERT_TRUE(table.view(server).keep(prepared, kDatabase, 500, kSince));
    EXPECT_EQ(table.view(server).lowest_bound(kDatabase, kHorizon), 500u);
    server.pass(1000);
    EXPECT_EQ(table.view(server).lowest_bound(kDatabase, kHorizon), 500u);
    server.end(prepared);
    EXPECT_EQ(table.view(server).lowest_bound(kDatabase, kHorizon), kHorizon);
}

TEST(PreparedHolds, CountOnlyTheirOwnDatabase) {
    Server server;
    Table table(4);
    ASSERT_TRUE(table.view(server).keep(server.begin(), kOtherDatabase, 500, kSince));
    EXPECT_EQ(table.view(server).lowest_bound(kDatabase, kHorizon), kHorizon);
    EXPECT_EQ(table.view(server).lowest_bound(kOtherDatabase, kHorizon), 500u);
}

// A reader that meets an ended transaction's entry passes over it and writes nothing (readers
// share the table's lock); the next PREPARE drops it.
TEST(PreparedHolds, AReaderPassesOverAnEndedTransactionsEntryAndTheNextPrepareDropsIt) {
    Server server;
    Table table(4);
    const uint64_t prepared = server.begin();
    ASSERT_TRUE(table.view(server).keep(prepared, kDatabase, 500, kSince));
    server.end(prepared);
    EXPECT_EQ(table.view(server).lowest_bound(kDatabase, kHorizon), kHorizon);
    size_t holders = 0;
    table.view(server).for_each_holder(kDatabase, [&holders](const PreparedHold&) { ++holders; });
    EXPECT_EQ(holders, 0u);
    EXPECT_EQ(table.view(server).used(), 1u);
    const uint64_t next = server.begin();
    ASSERT_TRUE(table.view(server).keep(next, kDatabase, 600, kSince));
    EXPECT_EQ(table.view(server).used(), 1u);
    EXPECT_EQ(table.view(server).lowest_bound(kDatabase, kHorizon), 600u);
}

// The last PREPARE that made keys leaves its entry when no reader or later PREPARE meets it
// ended. 2^31 transactions later its 32-bit number follows the newest completed one modulo
// 2^32, so the server answers "running": the entry must still not hold.
TEST(PreparedHolds, AnEntryLeftBehindDoesNotHold2To31TransactionsLater) {
    Server server;
    Table table(4);
    const uint64_t prepared = server.begin();
    ASSERT_TRUE(table.view(server).keep(prepared, kDatabase, 500, kSince));
    server.end(prepared);
    server.pass(kTwoTo31 + 10);
    ASSERT_TRUE(server.in_progress(static_cast<uint32_t>(prepared)));  // the server's answer, as said
    EXPECT_EQ(table.view(server).lowest_bound(kDatabase, kHorizon), kHorizon);
    size_t holders = 0;
    table.view(server).for_each_holder(kDatabase, [&holders](const PreparedHold&) { ++holders; });
    EXPECT_EQ(holders, 0u);
}

// 2^32 transactions later the same 32-bit number belongs to another transaction, running.
TEST(PreparedHolds, AnEntryLeftBehindDoesNotHold2To32TransactionsLater) {
    Server server;
    Table table(4);
    const uint64_t prepared = server.begin();
    ASSERT_TRUE(table.view(server).keep(prepared, kDatabase, 500, kSince));
    server.end(prepared);
    server.pass(kTwoTo32 - 1);
    const uint64_t namesake = server.begin();
    ASSERT_EQ(static_cast<uint32_t>(namesake), static_cast<uint32_t>(prepared));
    EXPECT_EQ(table.view(server).lowest_bound(kDatabase, kHorizon), kHorizon);
    // A PREPARE of the namesake is a hold of its own.
    ASSERT_TRUE(table.view(server).keep(namesake, kDatabase, 900, kSince));
    EXPECT_EQ(table.view(server).lowest_bound(kDatabase, kHorizon), 900u);
}

// After a start or a promotion the server's prepared transactions are listed: those prepared
// before are of unknown keys and hold from the smallest key; those whose PREPARE uuidx saw
// since keep the bound it recorded.
TEST(PreparedHolds, TheListingAfterAStartKeepsTheBoundsItKnows) {
    Server server;
    Table table(4);
    const uint64_t before_start = server.begin();
    const uint64_t since_start = server.begin();
    ASSERT_TRUE(table.view(server).keep(since_start, kDatabase, 500, kSince));
    ASSERT_TRUE(table.view(server).list(before_start, kDatabase, kSince));
    ASSERT_TRUE(table.view(server).list(since_start, kDatabase, kSince));
    EXPECT_EQ(table.view(server).lowest_bound(kDatabase, kHorizon), 0u);
    server.end(before_start);
    EXPECT_EQ(table.view(server).lowest_bound(kDatabase, kHorizon), 500u);
}

// A prepared transaction that made no key has an entry too, so that the listing knows it was
// prepared since the start; it holds nothing.
TEST(PreparedHolds, ATransactionThatMadeNoKeyHoldsNothingAndIsNotListedAsUnknown) {
    Server server;
    Table table(4);
    const uint64_t keyless = server.begin();
    ASSERT_TRUE(table.view(server).keep(keyless, kDatabase, uuidx::kMadeNoKey, kSince));
    EXPECT_EQ(table.view(server).lowest_bound(kDatabase, kHorizon), kHorizon);
    ASSERT_TRUE(table.view(server).list(keyless, kDatabase, kSince));
    EXPECT_EQ(table.view(server).lowest_bound(kDatabase, kHorizon), kHorizon);
}

// One entry per transaction that may be prepared at once: a full table makes room by dropping
// the entries of ended transactions, and says so when there is none.
TEST(PreparedHolds, MakeRoomFromEndedTransactionsOnly) {
    Server server;
    Table table(2);
    const uint64_t first = server.begin();
    const uint64_t second = server.begin();
    ASSERT_TRUE(table.view(server).keep(first, kDatabase, 100, kSince));
    ASSERT_TRUE(table.view(server).keep(second, kDatabase, 200, kSince));
    const uint64_t third = server.begin();
    EXPECT_FALSE(table.view(server).keep(third, kDatabase, 300, kSince));
    server.end(first);
    EXPECT_TRUE(table.view(server).keep(third, kDatabase, 300, kSince));
    EXPECT_EQ(table.view(server).lowest_bound(kDatabase, kHorizon), 200u);
    EXPECT_EQ(table.view(server).used(), 2u);
}

// A PREPARE that fails after its hold was kept (a GID in use) leaves its entry: the entry
// holds until its transaction is seen ended, and the next PREPARE drops it, and nothing else.
// One that failed after the transaction was durably prepared holds on, as every prepared one.
TEST(PreparedHolds, AFailedPrepareHoldsUntilItsTransactionIsSeenEnded) {
    Server server;
    Table table(4);
    const uint64_t failed = server.begin();
    const uint64_t prepared = server.begin();
    ASSERT_TRUE(table.view(server).keep(failed, kDatabase, 100, kSince));
    ASSERT_TRUE(table.view(server).keep(prepared, kDatabase, 200, kSince));
    EXPECT_EQ(table.view(server).lowest_bound(kDatabase, kHorizon), 100u);
    server.end(failed);
    EXPECT_EQ(table.view(server).lowest_bound(kDatabase, kHorizon), 200u);
    const uint64_t next = server.begin();
    ASSERT_TRUE(table.view(server).keep(next, kDatabase, 300, kSince));
    EXPECT_EQ(table.view(server).used(), 2u);
}

TEST(PreparedHolds, AHolderIsVisitedWithWhatWasKeptOfIt) {
    Server server;
    Table table(4);
    const uint64_t prepared = server.begin();
    const uint64_t listed = server.begin();
    ASSERT_TRUE(table.view(server).keep(prepared, kDatabase, 200, 7));
    ASSERT_TRUE(table.view(server).list(listed, kDatabase, 9));
    std::vector<PreparedHold> seen;
    table.view(server).for_each_holder(kDatabase, [&seen](const PreparedHold& hold) { seen.push_back(hold); });
    ASSERT_EQ(seen.size(), 2u);
    EXPECT_EQ(seen[0].transaction, prepared);
    EXPECT_TRUE(seen[0].known());
    EXPECT_EQ(seen[0].bound, 200u);
    EXPECT_EQ(seen[0].since, 7);
    EXPECT_EQ(seen[1].transaction, listed);
    EXPECT_FALSE(seen[1].known());
    EXPECT_EQ(seen[1].bound, 0u);
    EXPECT_EQ(seen[1].since, 9);
}

// pg_prepared_xacts names a transaction by its 32-bit number; its full number is the one
// less than 2^31 behind the server's next.
TEST(PreparedHolds, AFullNumberIsFoundFromA32BitOne) {
    using uuidx::full_transaction_of;
    EXPECT_EQ(full_transaction_of(100, 101), 100u);
    EXPECT_EQ(full_transaction_of(100, 100), 100u);
    const uint64_t next = 5 * kTwoTo32 + 10;                                        // epoch 5, number 10
    EXPECT_EQ(full_transaction_of(4, next), 5 * kTwoTo32 + 4);                      // this epoch
    EXPECT_EQ(full_transaction_of(0xFFFFFFF0u, next), 4 * kTwoTo32 + 0xFFFFFFF0u);  // the epoch before
    EXPECT_EQ(full_transaction_of(static_cast<uint32_t>(next - (kTwoTo31 - 1)), next), next - (kTwoTo31 - 1));
}

}  // namespace
