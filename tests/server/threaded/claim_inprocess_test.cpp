// Claims at a live table (hearts/claim.h; docs/protocol.md, "Claims"): the table actor
// plays out a hand whose rest can no longer change its score, in the same change as the
// card that made it so, and stores those cards like any other, so the game loads again
// the same after a restart.
#include "inprocess.h"

#include "hearts/claim.h"
#include "hearts/game.h"

namespace hearts::server {
namespace {

using namespace inprocess;
using nlohmann::json;

bool my_turn(const json& v) {
    return (v["phase"] == "pass" && !v["has_passed"][0].get<bool>()) ||
           (v["phase"] == "play" && v["to_move"] == "S") || v["phase"] == "hand_over" ||
           v["phase"] == "game_over";
}

TEST_F(TableInProcess, AHandWhoseRestCannotChangeItsScoreEndsAtOnceAndLoadsAgainTheSame) {
    auto ada = person("Ada");
    ASSERT_EQ(request(ada, {{"t", "new_game"}, {"level", "random"}, {"rules", "end=40"}})["t"],
              "ack");
    for (const json& m : ada->log())
        if (m["t"] == "snapshot") ada->table = m["table"];
    ASSERT_FALSE(ada->table.empty()) << "no snapshot of the new game";
    // Ada plays her lowest legal card, as random players play theirs.
    // The hands in which she played fewer than 13 cards: those whose rest was claimed.
    int my_plays_in_hand = 0, short_hands = 0;
    for (int step = 0; step < 400; ++step) {
        const json v = view_when(ada, my_turn, "Ada's turn");
        ASSERT_FALSE(v.is_null());
        if (v["phase"] == "game_over") {
            if (my_plays_in_hand < 13) ++short_hands;
            break;
        }
        json m = {{"table", ada->table}};
        if (v["phase"] == "pass") {
            m["t"] = "pass";
            m["cards"] = json::array({v["cards"][0], v["cards"][1], v["cards"][2]});
        } else if (v["phase"] == "play") {
            m["t"] = "play";
            m["card"] = v["legal"][0];
            ++my_plays_in_hand;
        } else {
            m["t"] = "next";
            if (my_plays_in_hand < 13) ++short_hands;
            my_plays_in_hand = 0;
        }
        ASSERT_EQ(request(ada, m)["t"], "ack") << m.dump() << " at " << v.dump();
    }
    ASSERT_EQ(ada->view()["phase"], "game_over");
    // Every update carries the view after the whole change: the last events may still be
    // on their way when the view says the game is over.
    ASSERT_TRUE(eventually([&] {
        const std::vector<json> log = ada->log();
        return std::any_of(log.begin(), log.end(), [](const json& m) {
            return m["t"] == "update" && m["event"]["kind"] == "game_over";
        });
    })) << "no game_over event";

    // Every claim is followed by the rest of its hand, and nothing Ada chose: only plays,
    // tricks, hearts broken and a moon, then the hand's end. The tricks after it are the
    // claimant's with its points, or worth nothing.
    const std::vector<json> log = ada->log();
    int claims = 0;
    for (std::size_t i = 0; i < log.size(); ++i) {
        if (log[i]["t"] != "update" || log[i]["event"]["kind"] != "claim") continue;
        ++claims;
        const json claim = log[i]["event"];
        SCOPED_TRACE(claim.dump());
        int plays = 0, points = 0;
        std::size_t j = i + 1;
        for (; j < log.size(); ++j) {
            if (log[j]["t"] != "update") continue;
            const json e = log[j]["event"];
            if (e["kind"] == "hand_over") break;
            ASSERT_TRUE(e["kind"] == "play" || e["kind"] == "trick" ||
                        e["kind"] == "hearts_broken" || e["kind"] == "moon")
                << e.dump();
            if (e["kind"] == "play") ++plays;
            if (e["kind"] != "trick") continue;
            points += e["points"].get<int>();
            if (claim["why"] == "every_trick") {
                EXPECT_EQ(e["winner"], claim["seat"]);
            } else {
                EXPECT_EQ(e["points"], 0);
            }
        }
        ASSERT_LT(j, log.size()) << "no hand_over after the claim";
        EXPECT_EQ(plays % 4, 0);
        EXPECT_GT(plays, 0);
        EXPECT_EQ(points, claim.value("points", 0));
    }
    // Random play leaves most hands to a claim before their last trick.
    EXPECT_GT(claims, 0);
    EXPECT_EQ(short_hands, claims) << "a hand ended early without a claim, or a claim did not";

    // The plays made for the claims were stored: the game loads again to the same end.
    const json last = ada->view();
    restart();
    auto again_ada = again(ada);
    EXPECT_EQ(request(again_ada, {{"t", "resume"}, {"table", ada->table}})["t"], "ack");
    json snap;
    for (const json& m : again_ada->log())
        if (m["t"] == "snapshot") snap = m;
    EXPECT_EQ(snap["view"]["phase"], "game_over");
    EXPECT_EQ(snap["view"]["sheet"], last["sheet"]);
    EXPECT_EQ(snap["view"]["scores"], last["scores"]);
}

// The server stopped between the writes of a claim (or the game was stored before
// claims): the table, loaded again, plays the claimed hand out at once.
TEST_F(TableInProcess, ATableLoadedInTheMiddleOfAClaimPlaysItOut) {
    auto ada = person("Ada");
    // A solo game stored up to the first point of its first hand where a claim holds.
    TableSetup setup;
    setup.id = store_->new_table_id().value();
    setup.owner = ada->player;
    setup.seats[0].player = ada->player;
    setup.names[0] = "Ada";
    setup.bot_level = "random";
    setup.seed = 7;
    Game g(setup.rules, setup.seed);
    for (Seat s : kAllSeats) {
        CardSet three;
        for (Card c : g.holding(s))
            if (three.size() < 3) three |= c;
        ASSERT_TRUE(g.apply(Action::pass(s, three)));
    }
    while (!claim(g.hand(), g.rules()))
        ASSERT_TRUE(g.apply(Action::play(g.to_move(), g.legal_plays().lowest())));
    ASSERT_EQ(g.phase(), Phase::Play);
    const auto claimed = claim(g.hand(), g.rules());
    ASSERT_TRUE(store_->create_table(setup));
    for (std::size_t i = 0; i < g.history().size(); ++i)
        ASSERT_TRUE(store_->append_action(setup.id, std::int64_t(i), g.history()[i]));
    restart();

    auto back = again(ada);
    EXPECT_EQ(request(back, {{"t", "resume"}, {"table", setup.id}})["t"], "ack");
    const json over = view_when(
        back, [](const json& v) { return v["phase"] == "hand_over"; }, "the hand's end");
    ASSERT_EQ(over["sheet"].size(), 1u);
    // Played out as the claim says, and stored: the game loads again at the hand's end.
    restart();
    auto again_back = again(ada);
    EXPECT_EQ(request(again_back, {{"t", "resume"}, {"table", setup.id}})["t"], "ack");
    const json loaded = view_when(
        again_back, [](const json& v) { return v["phase"] == "hand_over"; },
        "the hand's end again");
    EXPECT_EQ(loaded["sheet"], over["sheet"]);
    // Its snapshot says why the hand ended early, as the claim's event did: a page that
    // comes back at the hand's end still shows it.
    json snap;
    for (const json& m : again_back->log())
        if (m["t"] == "snapshot") snap = m;
    ASSERT_TRUE(snap.contains("claim")) << snap.dump();
    EXPECT_EQ(snap["claim"]["kind"], "claim");
    EXPECT_EQ(snap["claim"]["why"],
              claimed->kind == ClaimKind::EveryTrick ? "every_trick" : "no_points");
}

}  // namespace
}  // namespace hearts::server
