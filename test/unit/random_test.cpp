// The random pool (random.hpp): which bytes of the source it hands out, when it refills,
// and what it keeps in memory, also after a failing source and a fork's discard(). The
// FakeRandom stream tells every byte's position, and its last fill target is the pool's
// own buffer, so the tests read what the pool holds.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <vector>

#include "fakes.hpp"
#include "random.hpp"

namespace {

using uuidx::RandomPool;
using uuidx_test::FakeRandom;

constexpr size_t kCapacity = RandomPool::kCapacity;

// The number of bytes in [first, first + n) of the pool's memory that are not zero.
size_t nonzero_bytes(const uint8_t* pool_memory, size_t first, size_t n) {
    size_t count = 0;
    for (size_t i = first; i < first + n; ++i) count += pool_memory[i] != 0;
    return count;
}

TEST(RandomPoolTest, HandsOutTheSourceStreamInOrderAndRefillsOnlyWhenEmpty) {
    FakeRandom source(7);
    RandomPool pool(source);
    uint8_t out[16];
    for (uint64_t n = 0; n < kCapacity / 16; ++n) {
        ASSERT_TRUE(pool.take(out, sizeof out));
        for (uint64_t i = 0; i < 16; ++i) ASSERT_EQ(out[i], source.byte_at(16 * n + i));
    }
    EXPECT_EQ(source.fill_calls(), 1u);
    EXPECT_EQ(source.last_size(), kCapacity);  // a refill is one call for the whole pool
    ASSERT_TRUE(pool.take(out, sizeof out));
    EXPECT_EQ(source.fill_calls(), 2u);
    EXPECT_EQ(out[0], source.byte_at(kCapacity));
}

TEST(RandomPoolTest, OneRefillServes2048V7Tails) {
    // The pool's size is chosen for this: a RAND_bytes() call's fixed cost shared by
    // 2048 UUIDv7 values of 8 random bytes each.
    FakeRandom source(7);
    RandomPool pool(source);
    uint8_t tail[8];
    for (int n = 0; n < 2048; ++n) ASSERT_TRUE(pool.take(tail, sizeof tail));
    EXPECT_EQ(source.fill_calls(), 1u);
    ASSERT_TRUE(pool.take(tail, sizeof tail));
    EXPECT_EQ(source.fill_calls(), 2u);
}

TEST(RandomPoolTest, TooFewBufferedBytesAreSkippedNotReused) {
    FakeRandom source(7);
    RandomPool pool(source);
    std::vector<uint8_t> out(kCapacity - 24);
    ASSERT_TRUE(pool.take(out.data(), out.size()));
    ASSERT_TRUE(pool.take(out.data(), 100));  // only 24 left: a new block
    EXPECT_EQ(source.fill_calls(), 2u);
    for (uint64_t i = 0; i < 100; ++i) ASSERT_EQ(out[i], source.byte_at(kCapacity + i));
}

TEST(RandomPoolTest, RequestLargerThanThePoolBypassesItWithoutDisturbingIt) {
    FakeRandom source(7);
    RandomPool pool(source);
    uint8_t small[16];
    ASSERT_TRUE(pool.take(small, sizeof small));
    std::vector<uint8_t> big(kCapacity + 1);
    ASSERT_TRUE(pool.take(big.data(), big.size()));
    for (uint64_t i = 0; i < big.size(); ++i) ASSERT_EQ(big[i], source.byte_at(kCapacity + i));
    ASSERT_TRUE(pool.take(small, sizeof small));
    for (uint64_t i = 0; i < 16; ++i) ASSERT_EQ(small[i], source.byte_at(16 + i));
    EXPECT_EQ(source.fill_calls(), 2u);
}

TEST(RandomPoolTest, HandedOutBytesAreWipedFromThePool) {
    FakeRandom source(7);
    RandomPool pool(source);
    uint8_t out[16];
    ASSERT_TRUE(pool.take(out, sizeof out));
    const uint8_t* memory = source.last_target();
    EXPECT_EQ(nonzero_bytes(memory, 0, 16), 0u);
    for (uint64_t i = 16; i < kCapacity; ++i) ASSERT_EQ(memory[i], source.byte_at(i)) << i;
}

TEST(RandomPoolTest, DiscardWipesThePoolAndTheNextTakeRefills) {
    FakeRandom source(7);
    RandomPool pool(source);
    uint8_t out[16];
    ASSERT_TRUE(pool.take(out, sizeof out));
    const uint8_t* memory = source.last_target();
    pool.discard();
    EXPECT_EQ(nonzero_bytes(memory, 0, kCapacity), 0u);
    ASSERT_TRUE(pool.take(out, sizeof out));
    EXPECT_EQ(source.fill_calls(), 2u);
    for (uint64_t i = 0; i < 16; ++i) EXPECT_EQ(out[i], source.byte_at(kCapacity + i));
}

TEST(RandomPoolTest, FailingSourceFailsTheTakeAndARecoveredSourceServesAgain) {
    FakeRandom source(7);
    RandomPool pool(source);
    uint8_t out[16];
    source.set_failing(true);
    EXPECT_FALSE(pool.take(out, sizeof out));
    std::vector<uint8_t> big(kCapacity * 2);
    EXPECT_FALSE(pool.take(big.data(), big.size()));
    source.set_failing(false);
    ASSERT_TRUE(pool.take(out, sizeof out));
    EXPECT_EQ(out[0], source.byte_at(0));
}

TEST(RandomPoolTest, AFailedRefillHandsOutNeitherOldBytesNorWhatTheFailingFillWrote) {
    FakeRandom source(7);
    RandomPool pool(source);
    std::vector<uint8_t> most(kCapacity - 4);
    ASSERT_TRUE(pool.take(most.data(), most.size()));  // 4 fresh bytes stay buffered

    // The refill fails after writing 100 bytes, as a source failing midway might.
    source.set_failing(true, 100);
    uint8_t out[8];
    std::fill(std::begin(out), std::end(out), 0xEE);
    EXPECT_FALSE(pool.take(out, sizeof out));
    for (uint8_t b : out) EXPECT_EQ(b, 0xEE);                          // nothing handed out, not even zeros
    EXPECT_EQ(nonzero_bytes(source.last_target(), 0, kCapacity), 0u);  // and nothing kept

    // The 4 bytes that were buffered before the failure are gone: a take they would have
    // served asks the (still failing) source again.
    const size_t fills = source.fill_calls();
    EXPECT_FALSE(pool.take(out, 4));
    EXPECT_EQ(source.fill_calls(), fills + 1);

    // Once the source works again, the bytes come from its next fill, from the position
    // after everything the failed fills wrote.
    source.set_failing(false);
    const uint64_t next = source.position();
    ASSERT_TRUE(pool.take(out, sizeof out));
    for (uint64_t i = 0; i < sizeof out; ++i) EXPECT_EQ(out[i], source.byte_at(next + i)) << i;
}

}  // namespace
