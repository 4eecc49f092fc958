// Budgets (server/model/budgets.h): token buckets, the same keyed by address, address keys, and
// who may open a connection when the server is full.
#include "model/budgets.h"

#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <vector>

namespace hearts::server {
namespace {

using namespace std::chrono_literals;
const LimitClock::time_point t0{};

TEST(Budgets, ABucketSpendsItsBurstThenRefillsAtItsRate) {
    TokenBucket bucket({2.0, 4.0}, t0);  // 2 a second, bursts of 4
    for (int k = 0; k < 4; ++k) EXPECT_TRUE(bucket.take(t0));
    EXPECT_FALSE(bucket.take(t0));
    EXPECT_FALSE(bucket.take(t0 + 400ms));  // 0.8 of a token
    EXPECT_TRUE(bucket.take(t0 + 500ms));
    EXPECT_FALSE(bucket.full(t0 + 500ms));
    EXPECT_TRUE(bucket.full(t0 + 3s));
    for (int k = 0; k < 4; ++k) EXPECT_TRUE(bucket.take(t0 + 10s));  // never more than the burst
    EXPECT_FALSE(bucket.take(t0 + 10s));
}

TEST(Budgets, KeysHaveBucketsOfTheirOwnAndFullOnesAreForgotten) {
    KeyedLimiter limiter(Budget::per_minute(3));
    for (int k = 0; k < 3; ++k) EXPECT_TRUE(limiter.take("a", t0));
    EXPECT_FALSE(limiter.take("a", t0));
    EXPECT_TRUE(limiter.take("b", t0));
    EXPECT_TRUE(limiter.take("a", t0 + 20s));  // one a minute / 3 = one per 20 s
    // Thousands of keys that each spent once are forgotten once their buckets are full.
    for (int k = 0; k < 5000; ++k) limiter.take("k" + std::to_string(k), t0 + 30s);
    for (int k = 0; k < 2048; ++k) limiter.take("late", t0 + 10min);
    EXPECT_LT(limiter.keys(), 10u);
}

TEST(Budgets, AddressKeysGroupAnIPv6HostByItsSlash64) {
    EXPECT_EQ(address_key("192.0.2.7"), "192.0.2.7");
    EXPECT_EQ(address_key("2001:db8:1:2:aaaa::1"), "2001:db8:1:2::/64");
    EXPECT_EQ(address_key("2001:db8:1:2:bbbb:1:2:3"), "2001:db8:1:2::/64");
    EXPECT_NE(address_key("2001:db8:1:3::1"), address_key("2001:db8:1:2::1"));
    EXPECT_EQ(address_key("::ffff:192.0.2.7"), "192.0.2.7");
}

TEST(Budgets, AdmissionCapsEachAddressAndTheTotal) {
    Admission a({/*per_address=*/2, /*total=*/4, /*per_minute=*/100});
    std::vector<Admission::Id> ids;
    for (const char* who : {"10.0.0.1", "10.0.0.1"}) ids.push_back(a.admit(who, t0).id);
    const auto third = a.admit("10.0.0.1", t0);
    EXPECT_FALSE(third.admitted);
    EXPECT_EQ(third.reason, "too many connections from that address");
    a.release(ids[0]);
    EXPECT_TRUE(a.admit("10.0.0.1", t0).admitted);  // a freed place is used again
    EXPECT_EQ(a.open("10.0.0.1"), 2);
    EXPECT_EQ(a.total(), 2);
}

TEST(Budgets, AFullServerStillLetsANewAddressInAtTheBusiestAddresssCost) {
    Admission a({/*per_address=*/3, /*total=*/5, /*per_minute=*/100});
    std::vector<Admission::Id> busy;
    for (int k = 0; k < 3; ++k) busy.push_back(a.admit("10.0.0.1", t0).id);
    a.admit("10.0.0.2", t0);
    a.admit("10.0.0.2", t0);
    ASSERT_EQ(a.total(), 5);
    // A newcomer: the busiest address (3 open) gives up its oldest.
    const auto d = a.admit("10.0.0.3", t0);
    EXPECT_TRUE(d.admitted);
    EXPECT_EQ(d.evict, busy[0]);
    EXPECT_EQ(a.open("10.0.0.1"), 2);
    EXPECT_EQ(a.total(), 5);
    // Now everyone holds 2 or fewer: another 10.0.0.3 (it would hold 2) is refused, as
    // nobody holds more than it would.
    const auto again = a.admit("10.0.0.3", t0);
    EXPECT_FALSE(again.admitted);
    EXPECT_EQ(again.reason, "the server is full");
    // But yet another address still gets in.
    EXPECT_TRUE(a.admit("10.0.0.4", t0).admitted);
}

// A closing connection gives its address's place back at once (the client may connect
// again) but holds its place in the total until its socket is gone.
TEST(Budgets, AClosingConnectionFreesItsAddressButCountsInTheTotal) {
    Admission a({/*per_address=*/1, /*total=*/2, /*per_minute=*/100});
    const auto first = a.admit("10.0.0.1", t0);
    a.leave_address(first.id);
    EXPECT_EQ(a.open("10.0.0.1"), 0);
    EXPECT_EQ(a.total(), 1);
    const auto again = a.admit("10.0.0.1", t0);
    EXPECT_TRUE(again.admitted);
    EXPECT_EQ(a.total(), 2);
    EXPECT_FALSE(a.admit("10.0.0.2", t0).admitted);  // full: nobody holds more than one
    a.release(first.id);
    EXPECT_TRUE(a.admit("10.0.0.2", t0).admitted);
}

// Through a trusted proxy: no per-address cap for the proxy, and when the server is full
// the busiest address makes room for someone behind it, too.
TEST(Budgets, AProxySpeaksForManyAndIsNeverTheOneToMakeRoom) {
    Admission a({/*per_address=*/3, /*total=*/4, /*per_minute=*/100});
    std::vector<Admission::Id> busy;
    for (int k = 0; k < 3; ++k) busy.push_back(a.admit("10.0.0.1", t0).id);
    const auto p1 = a.admit("127.0.0.1", t0, /*proxy=*/true);
    EXPECT_TRUE(p1.admitted);
    const auto p2 = a.admit("127.0.0.1", t0, /*proxy=*/true);  // full: 10.0.0.1 makes room
    EXPECT_TRUE(p2.admitted);
    EXPECT_EQ(p2.evict, busy[0]);
    EXPECT_TRUE(a.admit("127.0.0.1", t0, true).admitted);  // and again
    EXPECT_EQ(a.open("10.0.0.1"), 1);
    EXPECT_FALSE(a.admit("127.0.0.1", t0, true).admitted);  // nobody holds two any more
}

TEST(Budgets, AdmissionCapsNewConnectionsAMinutePerAddress) {
    Admission a({/*per_address=*/100, /*total=*/1000, /*per_minute=*/5});
    for (int k = 0; k < 5; ++k) a.release(a.admit("10.0.0.1", t0).id);
    const auto d = a.admit("10.0.0.1", t0);
    EXPECT_FALSE(d.admitted);
    EXPECT_EQ(d.reason, "more than 5 new connections a minute from that address");
    EXPECT_TRUE(a.admit("10.0.0.2", t0).admitted);
    EXPECT_TRUE(a.admit("10.0.0.1", t0 + 12s).admitted);
}

}  // namespace
}  // namespace hearts::server
