// The lobby's list (server/social/lobby.h): what is listed, in which order, and the change sets
// that take a watcher from one listing to the next.
#include "social/lobby.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

namespace hearts::server {
namespace {

LobbyEntry entry(const std::string& id, const std::string& state, std::int64_t created) {
    LobbyEntry e{id, "end=100", state, 30, {}, created};
    e.seats[0] = SeatInfo{"p_" + id, "Host " + id, true, false, false, {}};
    return e;
}

std::vector<std::string> ids(const std::vector<LobbyEntry>& entries) {
    std::vector<std::string> out;
    for (const LobbyEntry& e : entries) out.push_back(e.table);
    return out;
}

// What a watcher holds after applying `changes` to `held` (as the client does).
void apply_changes(std::map<std::string, LobbyEntry>& held, const LobbyList::Changes& changes) {
    for (const std::string& id : changes.removed) held.erase(id);
    for (const LobbyEntry& e : changes.set) held.insert_or_assign(e.table, e);
}

TEST(Lobby, ListsWaitingTablesFirstThenTheNewest) {
    LobbyList list(10);
    list.upsert(entry("a", "playing", 3));
    list.upsert(entry("b", "waiting", 1));
    list.upsert(entry("c", "waiting", 2));
    list.upsert(entry("d", "playing", 4));
    const auto changes = list.take_changes();
    EXPECT_EQ(ids(changes.set), (std::vector<std::string>{"c", "b", "d", "a"}));
    EXPECT_TRUE(changes.removed.empty());
    EXPECT_EQ(ids(list.listing()), (std::vector<std::string>{"c", "b", "d", "a"}));
}

TEST(Lobby, ChangesCarryOnlyWhatChanged) {
    LobbyList list(10);
    list.upsert(entry("a", "waiting", 1));
    list.upsert(entry("b", "waiting", 2));
    list.take_changes();
    EXPECT_TRUE(list.take_changes().empty());
    // The same entry again is no change; another seat taken is one.
    EXPECT_FALSE(list.upsert(entry("a", "waiting", 1)));
    LobbyEntry joined = entry("a", "waiting", 1);
    joined.seats[1] = SeatInfo{"p_z", "Zoe", true, false, false, {}};
    EXPECT_TRUE(list.upsert(joined));
    EXPECT_TRUE(list.remove("b"));
    EXPECT_FALSE(list.remove("b"));
    const auto changes = list.take_changes();
    ASSERT_EQ(changes.set.size(), 1u);
    EXPECT_EQ(changes.set[0].seats[1].name, "Zoe");
    EXPECT_EQ(changes.removed, (std::vector<std::string>{"b"}));
}

TEST(Lobby, ListsAtMostItsCapacityAndBringsTheNextOneInWhenOneGoes) {
    LobbyList list(3);
    for (int k = 0; k < 5; ++k) list.upsert(entry("t" + std::to_string(k), "waiting", k));
    auto changes = list.take_changes();
    EXPECT_EQ(ids(changes.set), (std::vector<std::string>{"t4", "t3", "t2"}));
    EXPECT_EQ(list.known(), 5u);
    // The newest leaves: the next newest is listed in its place.
    list.remove("t4");
    changes = list.take_changes();
    EXPECT_EQ(ids(changes.set), (std::vector<std::string>{"t1"}));
    EXPECT_EQ(changes.removed, (std::vector<std::string>{"t4"}));
    // A newer one pushes the oldest listed out.
    list.upsert(entry("t9", "waiting", 9));
    changes = list.take_changes();
    EXPECT_EQ(ids(changes.set), (std::vector<std::string>{"t9"}));
    EXPECT_EQ(changes.removed, (std::vector<std::string>{"t1"}));
}

// Whatever happens, a watcher that started from a listing and applied every change set
// holds exactly the listing.
TEST(Lobby, AWatcherThatAppliesEveryChangeHoldsTheListing) {
    LobbyList list(4);
    std::map<std::string, LobbyEntry> held;
    std::uint64_t x = 12345;
    const auto next = [&] {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        return x;
    };
    for (int step = 0; step < 2000; ++step) {
        const std::string id = "t" + std::to_string(next() % 9);
        switch (next() % 3) {
            case 0:
                list.upsert(entry(id, "waiting", std::int64_t(next() % 5)));
                break;
            case 1:
                list.upsert(entry(id, "playing", std::int64_t(next() % 5)));
                break;
            default:
                list.remove(id);
        }
        if (next() % 4 == 0) {
            apply_changes(held, list.take_changes());
            std::vector<LobbyEntry> mine;
            for (const auto& [k, e] : held) mine.push_back(e);
            std::sort(mine.begin(), mine.end(), lobby_order);
            ASSERT_EQ(ids(mine), ids(list.listing())) << "step " << step;
            ASSERT_LE(mine.size(), 4u);
        }
    }
}

}  // namespace
}  // namespace hearts::server
