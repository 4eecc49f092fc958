// The table actor in process (tests/server/threaded/inprocess.h): a rule of the table checked in
// milliseconds, with the turn clocks 200 times faster.
#include "inprocess.h"
#include "model/rating.h"

namespace hearts::server {
namespace {

using namespace inprocess;
using nlohmann::json;
using namespace std::chrono_literals;

// Every card a person was sent is one their seat may see: their own, the ones they passed
// and received, and the ones played in the open.
void expect_only_own_cards(Person& p) {
    for (const json& m : p.log()) {
        if (!m.contains("view")) continue;
        const json& v = m["view"];
        std::set<std::string> allowed;
        for (const char* k : {"cards", "passed", "received"})
            for (const auto& c : v[k]) allowed.insert(c);
        for (const char* k : {"trick", "last_trick"})
            if (v[k].is_object())
                for (const auto& c : v[k]["cards"]) allowed.insert(c);
        for (const auto& c : v["legal"]) {
            EXPECT_TRUE(allowed.contains(c)) << p.label() << ": legal " << c << " not in hand";
        }
        if (m.contains("event") && m["event"].contains("card")) allowed.insert(m["event"]["card"]);
        std::function<void(const json&)> walk = [&](const json& j) {
            if (j.is_string()) {
                const std::string s = j;
                if (s.size() == 2 && std::string("23456789TJQKA").find(s[0]) != std::string::npos &&
                    std::string("CDHS").find(s[1]) != std::string::npos) {
                    EXPECT_TRUE(allowed.contains(s)) << p.label() << " was sent " << s;
                }
            } else if (j.is_structured()) {
                for (const auto& x : j) walk(x);
            }
        };
        walk(v);
    }
}

TEST_F(TableInProcess, TwoPeopleAndTwoComputersPlayAHandAndEachSeesOnlyTheirOwnCards) {
    auto ada = person("Ada"), bob = person("Bob");
    table_of_two(ada, bob, {{"timer", 0}});
    // Each passes their first three cards, then plays their first legal card when it is
    // their turn, until the hand is over.
    std::set<std::string> passed;
    for (const auto& p : {ada, bob}) {
        const json v = p->view();
        ASSERT_EQ(v["phase"], "pass");
        ASSERT_EQ(v["cards"].size(), 13u);
        const json three = json::array({v["cards"][0], v["cards"][1], v["cards"][2]});
        EXPECT_EQ(request(p, {{"t", "pass"}, {"table", p->table}, {"cards", three}})["t"], "ack");
    }
    play_until(ada, bob, "hand_over");
    const json end = view_when(
        ada, [](const json& v) { return v["phase"] == "hand_over"; }, "the end of the hand");
    ASSERT_FALSE(end.is_null());
    const json bobs = view_when(
        bob, [](const json& v) { return v["phase"] == "hand_over"; }, "the end of the hand");
    // Both see one score sheet: the hand's 26 points taken, or a moon's.
    EXPECT_EQ(end["scores"], bobs["scores"]);
    EXPECT_EQ(end["points"], bobs["points"]);
    int total = 0;
    for (const auto& s : end["points"]) total += s.get<int>();
    EXPECT_TRUE(total == 26 || total == 78 || total == -26) << end["points"].dump();
    expect_only_own_cards(*ada);
    expect_only_own_cards(*bob);
}

TEST_F(TableInProcess, AMoveOutOfTurnOrAgainstTheRulesIsRefusedAndChangesNothing) {
    auto ada = person("Ada"), bob = person("Bob");
    const std::string table = table_of_two(ada, bob, {{"timer", 0}});
    // Passing a card not in the hand is refused.
    const json v = ada->view();
    const json theirs = bob->view()["cards"];
    json wrong = json::array({v["cards"][0], v["cards"][1], theirs[0]});
    const json refused = request(ada, {{"t", "pass"}, {"table", table}, {"cards", wrong}});
    EXPECT_EQ(refused["t"], "error") << refused.dump();
    EXPECT_EQ(ada->view()["cards"], v["cards"]) << "a refused pass took cards";
    // Playing during the pass is refused too.
    EXPECT_EQ(request(ada, {{"t", "play"}, {"table", table}, {"card", v["cards"][0]}})["t"],
              "error");
    // Whoever of the two does not move now is refused with not_your_turn, and a card
    // outside the legal ones with illegal; neither moves the table on.
    const auto [mover, other] = pass_then_first_turn(ada, bob);
    ASSERT_TRUE(mover);
    const json ov = other->view();
    const json a = request(other, {{"t", "play"}, {"table", table}, {"card", ov["cards"][0]}});
    EXPECT_EQ(a["t"], "error");
    EXPECT_EQ(a["code"], "not_your_turn") << a.dump();
    const json mv = mover->view();
    std::string outside;
    for (const auto& c : mv["cards"])
        if (std::find(mv["legal"].begin(), mv["legal"].end(), c) == mv["legal"].end()) outside = c;
    if (!outside.empty()) {
        const json b = request(mover, {{"t", "play"}, {"table", table}, {"card", outside}});
        EXPECT_EQ(b["t"], "error");
        EXPECT_EQ(b["code"], "illegal") << b.dump();
    }
    EXPECT_EQ(mover->view()["cards"], mv["cards"]) << "a refused card left the hand";
    EXPECT_EQ(request(mover, {{"t", "play"}, {"table", table}, {"card", mv["legal"][0]}})["t"],
              "ack");
}

TEST_F(TableInProcess, ATurnClockThatRunsOutPlaysForThePerson) {
    auto ada = person("Ada"), bob = person("Bob");
    const std::string table = table_of_two(ada, bob, {{"timer", 10}});
    // Nobody passes: the clock (10 s, here 50 ms) passes for both, and play goes on.
    const json v = view_when(
        ada, [](const json& v) { return v["phase"] == "play"; }, "play after the clock passed");
    ASSERT_FALSE(v.is_null());
    EXPECT_EQ(v["passed"].size(), 3u) << "the clock passed nothing for Ada";
    EXPECT_EQ(v["received"].size(), 3u);
    // And a person who never plays has their cards played until the hand ends.
    const json end = view_when(
        bob, [](const json& v) { return v["phase"] == "hand_over"; }, "a hand played by the clock");
    ASSERT_FALSE(end.is_null());
    EXPECT_TRUE(end["cards"].empty());
}

// A page that comes back after the last card (it reloaded, or its server went down with
// the game's end unsent) gets the end of its game, also once the table left memory.
TEST_F(TableInProcess, AFinishedGameComesBackToItsPeopleAfterItLeftMemory) {
    auto ada = person("Ada"), bob = person("Bob");
    const std::string table = table_of_two(ada, bob, {{"timer", 0}, {"rules", "end=10"}});
    play_until(ada, bob, "game_over");
    const json end = ada->view();
    ASSERT_EQ(end["phase"], "game_over");
    ASSERT_TRUE(eventually([&] { return json::parse(service_->stats_json())["tables"] == 0; }))
        << "the finished table stayed in memory";
    // Ada comes back on a new connection, as a reloaded page does.
    auto again = std::make_shared<Person>("Ada again");
    deliver(again, {{"t", "hello"}, {"player", ada->player}, {"token", ada->token}});
    again->wait_for([](const json& m) { return m["t"] == "welcome"; }, "welcome");
    const json answer = request(again, {{"t", "resume"}, {"table", table}});
    EXPECT_EQ(answer["t"], "ack") << answer.dump();
    const json back = again->view();
    EXPECT_EQ(back["phase"], "game_over");
    EXPECT_EQ(back["scores"], end["scores"]);
    EXPECT_EQ(back["winners"], end["winners"]);
    // Someone who never sat there still finds nothing.
    auto eve = person("Eve");
    const json refused = request(eve, {{"t", "resume"}, {"table", table}});
    EXPECT_EQ(refused["code"], "not_found") << refused.dump();
    // A private table's game is not rated (docs/ratings.md, "What is rated").
    for (const json& m : ada->log()) EXPECT_NE(m["t"], "rating") << m.dump();
    auto ratings = store_->ratings_of(ada->player);
    ASSERT_TRUE(ratings);
    EXPECT_TRUE(ratings->empty());
}

// A private table's game is rated when its host asks and everyone there agrees before the
// first card (docs/ratings.md, "What is rated"); once it has begun, nobody can take it back.
TEST_F(TableInProcess, APrivateTableIsRatedWhenItsHostAsksAndEveryoneAgreesBeforeTheFirstCard) {
    auto ada = person("Ada"), bob = person("Bob");
    const std::string table =
        table_of_two(ada, bob, {{"timer", 0}, {"rules", "end=10"}}, [&](const json& made) {
            const std::string id = made["table"];
            EXPECT_EQ(made["info"]["rated"], false);
            EXPECT_EQ(made["info"]["rated_votes"], json::array());
            ASSERT_EQ(request(ada, {{"t", "allow_rated"}, {"table", id}, {"on", true}})["t"],
                      "ack");
            const json asked = bob->wait_for(
                [](const json& m) {
                    return m["t"] == "table" && m["info"]["rated_votes"].size() == 1;
                },
                "the host's asking");
            EXPECT_EQ(asked["info"]["rated"], false) << "rated before Bob agreed";
            ASSERT_EQ(request(bob, {{"t", "allow_rated"}, {"table", id}, {"on", true}})["t"],
                      "ack");
            const json agreed = ada->wait_for(
                [](const json& m) { return m["t"] == "table" && m["info"]["rated"] == true; },
                "everyone's agreement");
            EXPECT_EQ(agreed["info"]["rated_votes"].size(), 2u);
        });
    const json late = request(bob, {{"t", "allow_rated"}, {"table", table}, {"on", false}});
    EXPECT_EQ(late["code"], "state") << late.dump();
    play_until(ada, bob, "game_over");
    for (const auto& p : {ada, bob}) {
        const bool came = eventually([&] {
            for (const json& m : p->log())
                if (m["t"] == "rating" && m["table"] == table) return true;
            return false;
        });
        EXPECT_TRUE(came) << p->label() << " never heard of their rating";
    }
}

// A public table's game between two people (and two computer players) is rated once its
// end is stored: each person hears what it did to their rating, on the board of its rules,
// and the winner's belief rises while the other's falls.
TEST_F(TableInProcess, APublicGameBetweenPeopleIsRatedAndEachHearsTheirChange) {
    auto ada = person("Ada"), bob = person("Bob");
    const std::string table =
        table_of_two(ada, bob, {{"private", false}, {"timer", 0}, {"rules", "end=10"}});
    play_until(ada, bob, "game_over");
    // The change may come before the ack of the game's last card (it goes out once the
    // game's end is stored, and that ack waits behind it), so the whole log is searched.
    std::map<std::string, json> heard;
    for (const auto& p : {ada, bob}) {
        const bool came = eventually([&] {
            for (const json& m : p->log())
                if (m["t"] == "rating" && m["table"] == table) heard[p->label()] = m;
            return heard.contains(p->label());
        });
        ASSERT_TRUE(came) << p->label() << " never heard of their rating";
    }
    const json& a = heard[ada->label()];
    const json& b = heard[bob->label()];
    for (const json* r : {&a, &b}) {
        // A rule set's own board, named by its rules in full.
        EXPECT_NE((*r)["board"].get<std::string>().find(",end=10,"), std::string::npos)
            << r->dump();
        EXPECT_EQ((*r)["games"], 1);
        EXPECT_EQ((*r)["provisional"], true);
        EXPECT_EQ((*r)["before"]["rating"], 1000);
        EXPECT_LT((*r)["after"]["sigma"].get<double>(), (*r)["before"]["sigma"].get<double>());
    }
    // Their places among the people, and their new ratings as the model has them: the two
    // expert computer players stand in the game's standings at their fixed rating
    // (docs/ratings.md, "What is rated"), and both people are new, so rated against all.
    const json scores = ada->view()["scores"];
    const auto seat_of = [](const std::shared_ptr<Person>& p) {
        return int(std::string("SWNE").find(p->seat[0]));
    };
    const int sa = seat_of(ada), sb = seat_of(bob);
    const int ta = scores[sa], tb = scores[sb];
    EXPECT_EQ(a["place"], tb < ta ? 2 : 1);
    EXPECT_EQ(b["place"], ta < tb ? 2 : 1);
    if (ta == tb) {
        EXPECT_EQ(a["after"], b["after"]);  // a tie moves both alike
    }
    const RatingModel model;
    const Rating expert = bot_rating("expert").value();
    std::vector<Rating> before;
    std::vector<int> standing;
    for (int s = 0; s < 4; ++s) {
        before.push_back(s == sa || s == sb ? model.fresh() : expert);
        int lower = 0;
        for (int o = 0; o < 4; ++o) lower += scores[o] < scores[s] ? 1 : 0;
        standing.push_back(lower);
    }
    const auto after = rate_game(before, standing, model).value();
    EXPECT_NEAR(a["after"]["mu"].get<double>(), after[std::size_t(sa)].mu, 0.006) << scores;
    EXPECT_NEAR(b["after"]["mu"].get<double>(), after[std::size_t(sb)].mu, 0.006) << scores;
    // Kept with the game, once: the store has each person's board rating and this game's
    // changes.
    auto kept = store_->rating_changes(table);
    ASSERT_TRUE(kept) << kept.error().reason;
    ASSERT_EQ(kept->size(), 2u);
    auto mine = store_->ratings_of(ada->player);
    ASSERT_TRUE(mine);
    ASSERT_EQ(mine->size(), 1u);
    EXPECT_EQ(mine->front().board, a["board"]);
    EXPECT_EQ(mine->front().games, 1);

    // Ada asks for the leaderboard of those rules (docs/protocol.md, "Leaderboards"): her
    // provisional rating is hers to see on that board, but nobody is ranked there yet.
    const json board = request(ada, {{"t", "leaderboard"}, {"rules", "end=10"}});
    EXPECT_EQ(board["t"], "ack") << board.dump();
    json answer;
    for (const json& m : ada->log())
        if (m["t"] == "leaderboard") answer = m;
    ASSERT_TRUE(answer.is_object()) << "no leaderboard came";
    EXPECT_EQ(answer["board"], a["board"]);
    EXPECT_EQ(answer["leaders"], json::array());
    EXPECT_EQ(answer["rank"], 0);
    ASSERT_EQ(answer["boards"].size(), 1u);
    EXPECT_EQ(answer["boards"][0]["board"], a["board"]);
    EXPECT_EQ(answer["boards"][0]["rating"], a["after"]["rating"]);
    EXPECT_EQ(answer["boards"][0]["games"], 1);
    EXPECT_EQ(answer["boards"][0]["provisional"], true);
    // Bob opens Ada's name: her ratings, as the leaderboards show them.
    EXPECT_EQ(request(bob, {{"t", "profile"}, {"player", ada->player}})["t"], "ack");
    json profile;
    for (const json& m : bob->log())
        if (m["t"] == "profile") profile = m;
    ASSERT_TRUE(profile.is_object()) << "no profile came";
    EXPECT_EQ(profile["player"], ada->player);
    EXPECT_EQ(profile["name"], "Ada");
    EXPECT_EQ(profile["rank"], 0);
    EXPECT_EQ(profile["boards"], answer["boards"]);
    const json nobody = request(bob, {{"t", "profile"}, {"player", "p_nobody"}});
    EXPECT_EQ(nobody["code"], "not_found") << nobody.dump();
    ASSERT_EQ(answer["history"].size(), 1u);
    EXPECT_EQ(answer["history"][0]["rating"], a["after"]["rating"]);
    EXPECT_EQ(answer["history"][0]["games"], 1);
}

// A page whose connection the table let go of while the page stayed (in a cluster, a node
// taken for gone while it was paused: the other nodes drop its connections at their
// tables) comes back through a connection the table does not know, and plays without
// resuming first. It hears its own card and everything after it, and plays the hand out,
// instead of an ack alone and a table that seems to wait on it forever. (The seat is held
// for a minute after its connection went: grace_seconds, not scaled by the clocks.)
TEST_F(TableInProcess, AConnectionTheTableLetGoOfHearsTheGameAgainOnceItPlays) {
    auto ada = person("Ada"), bob = person("Bob");
    table_of_two(ada, bob, {{"timer", 0}});
    const auto [mover, other] = pass_then_first_turn(ada, bob);
    ASSERT_TRUE(mover);
    const json card = mover->view()["legal"][0];
    service_->disconnected(mover);
    auto back = again(mover);
    back->seat = mover->seat;
    const json a = request(back, {{"t", "play"}, {"table", back->table}, {"card", card}});
    ASSERT_EQ(a["t"], "ack") << a.dump();
    bool heard = false;
    for (const json& m : back->log())
        heard = heard || (m["t"] == "update" && m["event"]["kind"] == "play" &&
                          m["event"]["card"] == card && m["v"] == a["v"]);
    EXPECT_TRUE(heard) << "the new connection was not sent its own card's update";
    play_until(back, other, "hand_over");
    EXPECT_EQ(back->view()["points"], other->view()["points"]);
}

}  // namespace
}  // namespace hearts::server
