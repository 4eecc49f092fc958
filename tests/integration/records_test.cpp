// A finished game, against a real `hearts serve`: the table stays live for its keep
// time (`--keep-finished`), then is dropped, and its record stays downloadable over HTTP
// to its players, with their token, and to nobody else.
#include <utility>  // before Asio: Boost 1.74's headers use std::exchange without it

#include <gtest/gtest.h>
#include <openssl/evp.h>
#include <sqlite3.h>

#include <algorithm>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "digest.h"
#include "harness.h"
#include "http.h"
#include "peer.h"

namespace {

using namespace hearts::testing;

// The record download: the player and their token go in a header, never the address.
HttpResponse get_record(unsigned short port, const std::string& table, const std::string& player,
                        const std::string& token) {
    return http_get(port, "/api/games/" + table + "/record.json",
                    {{"Authorization", "Bearer " + player + ":" + token}});
}

// A solo game against random computer players, to its end. Returns the table.
std::string finished_solo_game(Peer& me, const std::string& rules) {
    Peers peers{&me};
    me.send({{"t", "new_game"}, {"rules", rules}, {"level", "random"}});
    const json snap = wait_for(peers, me, type_is("snapshot"), "the new game");
    me.table = snap["table"];
    me.seat = "S";
    play_until(
        peers, me, [](const json& v) { return v["phase"] == "game_over"; }, 120s);
    return me.table;
}

TEST(Records, AFinishedTableLeavesMemoryAfterItsKeepTimeAndComesBackForItsPlayers) {
    Server server(temp_dir("records_keep"), {"--keep-finished", "1"});
    Peer me(server.port(), "Me"), other(server.port(), "Other");
    Peers peers{&me, &other};
    hello(peers, me);
    hello(peers, other);
    const std::string table = finished_solo_game(me, "end=20");
    const json last = me.view;

    // Not finished yet: no record (it would show hidden cards).
    other.send({{"t", "new_game"}, {"level", "random"}});
    const std::string unfinished = wait_for(peers, other, type_is("snapshot"), "a game")["table"];
    const auto open = get_record(server.port(), unfinished, other.player, other.token);
    EXPECT_EQ(open.result_int(), 404);
    EXPECT_NE(open.body().find("the game is not finished"), std::string::npos) << open.body();

    // Live for a while after the end: a resume still gets the final position.
    expect_ack(request(peers, me, {{"t", "resume"}, {"table", table}}));
    // Then it leaves memory: only the other's game is left there.
    const auto live_tables = [&] {
        return json::parse(http_get(server.port(), "/api/stats").body())["tables"];
    };
    const auto end = std::chrono::steady_clock::now() + 15s;
    while (live_tables() != 1 && std::chrono::steady_clock::now() < end)
        std::this_thread::sleep_for(100ms);
    ASSERT_EQ(live_tables(), 1) << "the finished table stayed in memory";
    // Its player's resume loads it again, at its end (a page reloaded after the game, or
    // whose server went down before it sent the last card); anyone else's finds nothing.
    expect_ack(request(peers, me, {{"t", "resume"}, {"table", table}}));
    EXPECT_EQ(me.view["phase"], "game_over");
    EXPECT_EQ(me.view["scores"], last["scores"]);
    const json answer = request(peers, other, {{"t", "resume"}, {"table", table}});
    EXPECT_EQ(answer["code"], "not_found") << answer.dump();
    EXPECT_EQ(answer["reason"], "Game table not found");

    // The record is still there for its player, as a download.
    const auto res = get_record(server.port(), table, me.player, me.token);
    ASSERT_EQ(res.result_int(), 200) << res.body();
    EXPECT_EQ(res[http::field::content_type], "application/json");
    EXPECT_EQ(res[http::field::content_disposition],
              "attachment; filename=\"hearts-" + table + ".json\"");
    const json record = json::parse(res.body());
    EXPECT_EQ(record["format"], "hearts-game-record");
    EXPECT_EQ(record["rules"]["end"], 20);
    // In the pretty form a person can read (docs/game-record.md), though it is stored on
    // one line: an action a line.
    EXPECT_EQ(res.body().rfind("{\n  \"format\": \"hearts-game-record\",\n", 0), 0u)
        << res.body().substr(0, 200);
    EXPECT_GT(std::count(res.body().begin(), res.body().end(), '\n'),
              std::ptrdiff_t(record["actions"].size()));
    // The game the player saw: as many hands, and the same final totals.
    EXPECT_EQ(record["deals"].size(), last["hand"].get<std::size_t>());
    ASSERT_TRUE(record.contains("result")) << res.body().substr(0, 400);
    EXPECT_EQ(record["result"]["finished"], true);
    const json& scores = record["result"]["scores"];
    EXPECT_EQ(json::array({scores["S"], scores["W"], scores["N"], scores["E"]}), last["scores"]);

    // Nobody else gets it: a wrong token, or another player with their own token.
    const auto wrong = get_record(server.port(), table, me.player, other.token);
    EXPECT_EQ(wrong.result_int(), 403);
    const auto stranger = get_record(server.port(), table, other.player, other.token);
    EXPECT_EQ(stranger.result_int(), 404);
    EXPECT_EQ(stranger.body().find("\"deals\""), std::string::npos);
    // Without the header: asked to say who you are. The old form with the token in the
    // address is refused with what to do instead.
    const auto anonymous = http_get(server.port(), "/api/games/" + table + "/record.json");
    EXPECT_EQ(anonymous.result_int(), 401);
    const auto in_url =
        http_get(server.port(),
                 "/api/games/" + table + "/record.json?player=" + me.player + "&token=" + me.token);
    EXPECT_EQ(in_url.result_int(), 400);
    EXPECT_NE(in_url.body().find("Authorization header"), std::string::npos) << in_url.body();
}

}  // namespace

namespace {

json stats_of(const Peers& peers, Peer& p) {
    expect_ack(request(peers, p, {{"t", "stats"}}));
    return wait_for(peers, p, type_is("stats"), "the statistics");
}

// Statistics come from the games the server saw end, never from what a client says, and
// asking for them has a budget per address that costs nobody else anything.
// Neither side picks the seed (docs/protocol.md, "Fair deals"): the server commits to its
// salt before the player sends a number, and the game's seed is mixed of both. At the end
// the reveal proves it: the salt is the one committed to, and the seed is the mix.
TEST(Records, APlayersNumberIsMixedIntoTheSeedAfterTheSaltWasCommitted) {
    Server server(temp_dir("records_nonce"));
    Peer me(server.port(), "Me");
    Peers peers{&me};
    hello(peers, me);
    const std::string committed =
        wait_for(peers, me, type_is("next_deal"), "a commitment")["commit"];
    ASSERT_EQ(committed.size(), 64u);

    for (const json& bad : {json("xyz"), json("0123456789ABCDEF"), json("0123"), json(12345)}) {
        const json refused = request(peers, me, {{"t", "new_game"}, {"nonce", bad}});
        EXPECT_EQ(refused["code"], "bad_message") << bad.dump();
    }
    const std::string nonce = "00112233445566778899aabbccddeeff";
    const json started =
        request(peers, me,
                {{"t", "new_game"}, {"rules", "hands=1"}, {"level", "random"}, {"nonce", nonce}});
    expect_ack(started);
    const json snap = wait_for(peers, me, type_is("snapshot"), "the new game");
    me.table = snap["table"];
    me.seat = "S";
    // The next game's salt is another, committed to at once.
    const std::string next =
        wait_for(peers, me, type_is("next_deal"), "the next commitment")["commit"];
    EXPECT_NE(next, committed);
    EXPECT_FALSE(snap["fair"].contains("salt")) << snap.dump();

    play_until(
        peers, me, [](const json& v) { return v["phase"] == "game_over"; }, 120s);
    me.send({{"t", "resume"}, {"table", me.table}});
    const json end = wait_for(peers, me, type_is("snapshot"), "the finished game");
    const json fair = end.at("fair");
    EXPECT_EQ(fair["nonce"], nonce);
    const std::string salt = fair["salt"];
    EXPECT_EQ(sha256_hex("hearts-salt-1:" + salt), committed);
    std::uint64_t mixed = 0;
    sha256_hex("hearts-seed-1:" + salt + ":" + nonce, &mixed);
    EXPECT_EQ(fair["seed"], std::to_string(mixed));
    // The record's seed, which deals every hand.
    const auto record = get_record(server.port(), me.table, me.player, me.token);
    ASSERT_EQ(record.result_int(), 200) << record.body();
    EXPECT_EQ(json::parse(record.body())["seed"], std::to_string(mixed));
}

TEST(Records, StatisticsAreTheGamesThePlayerFinished) {
    Server server(temp_dir("records_stats"), {"--stats-per-minute", "3"});
    Peer me(server.port(), "Me"), other(server.port(), "Other");
    Peers peers{&me, &other};
    hello(peers, me);
    hello(peers, other);
    EXPECT_EQ(stats_of(peers, me)["all"]["games"], 0);

    finished_solo_game(me, "end=20");
    const json last = me.view;
    const json stats = stats_of(peers, me);
    const int score = last["scores"][0];  // S W N E
    bool won = false;
    for (const json& w : last["winners"]) won = won || w == "S";
    EXPECT_EQ(stats["all"]["games"], 1) << stats.dump();
    EXPECT_EQ(stats["all"]["won"], won ? 1 : 0);
    EXPECT_EQ(stats["all"]["points"], score);
    EXPECT_EQ(stats["all"]["hands"], last["sheet"].size());
    ASSERT_EQ(stats["groups"].size(), 1u);
    EXPECT_EQ(stats["groups"][0]["people"], false);
    EXPECT_EQ(stats["groups"][0]["level"], "random");
    ASSERT_EQ(stats["recent"].size(), 1u);
    EXPECT_EQ(stats["recent"][0]["table"], me.table);
    EXPECT_EQ(stats["recent"][0]["score"], score);
    EXPECT_EQ(stats["streak"], won ? 1 : 0);

    // A client cannot write its own: the request takes no fields.
    const json claim = request(peers, me, {{"t", "stats"}, {"won", 100}});
    EXPECT_EQ(claim["code"], "bad_message") << claim.dump();
    // Another player's are their own.
    EXPECT_EQ(stats_of(peers, other)["all"]["games"], 0);

    // The budget is the address's: three were asked from it (two by me, one by the other
    // player), so the fourth in the minute waits, and play goes on.
    const json refused = request(peers, me, {{"t", "stats"}});
    EXPECT_EQ(refused["code"], "rate_limited") << refused.dump();
    EXPECT_NE(refused["reason"].get<std::string>().find("try again in a minute"),
              std::string::npos);
    me.send({{"t", "new_game"}, {"level", "random"}});
    EXPECT_EQ(wait_for(peers, me, type_is("snapshot"), "a new game")["view"]["phase"], "pass");
}

// A finished game shared by its player: the link's id comes back, and anyone can then
// fetch the replay's record and names with it, without a token; an unfinished game, a
// stranger's table and a link that is not one are refused with reasons.
TEST(Records, AFinishedGameSharedIsReplayedByAnyoneWithItsLink) {
    Server server(temp_dir("records_share"));
    Peer me(server.port(), "Me"), other(server.port(), "Other");
    Peers peers{&me, &other};
    hello(peers, me);
    hello(peers, other);
    const std::string table = finished_solo_game(me, "end=20");

    // Not the other player's to share; and their unfinished game cannot be shared.
    const json stranger = request(peers, other, {{"t", "share"}, {"table", table}});
    EXPECT_EQ(stranger["code"], "not_found") << stranger.dump();
    other.send({{"t", "new_game"}, {"level", "random"}});
    const std::string open = wait_for(peers, other, type_is("snapshot"), "a game")["table"];
    const json early = request(peers, other, {{"t", "share"}, {"table", open}});
    EXPECT_EQ(early["code"], "not_found") << early.dump();
    EXPECT_NE(early["reason"].get<std::string>().find("not finished"), std::string::npos);

    expect_ack(request(peers, me, {{"t", "share"}, {"table", table}}));
    const json shared = wait_for(peers, me, type_is("shared"), "the share link");
    EXPECT_EQ(shared["table"], table);
    EXPECT_EQ(shared["waiting"], 0);
    const std::string link = shared["share"];
    ASSERT_EQ(link.size(), 16u);

    // Anyone: no Authorization header.
    const auto res = http_get(server.port(), "/api/replays/" + link);
    ASSERT_EQ(res.result_int(), 200) << res.body();
    EXPECT_EQ(res[http::field::content_type], "application/json");
    const json replay = json::parse(res.body());
    EXPECT_EQ(replay["record"]["format"], "hearts-game-record");
    EXPECT_EQ(replay["record"]["result"]["finished"], true);
    // Whoever follows the link is not "You": that seat goes by its place.
    EXPECT_EQ(replay["names"], json({"South", "Mike", "Bill", "Lisa"}));
    // The same record the player downloads.
    const auto mine = get_record(server.port(), table, me.player, me.token);
    EXPECT_EQ(replay["record"], json::parse(mine.body()));

    for (const std::string bad :
         {"0123456789abcdef", "short", "../../etc/passwd0", "ABCDEFGHIJKLMNOP"}) {
        const auto refused = http_get(server.port(), "/api/replays/" + bad);
        EXPECT_EQ(refused.result_int(), 404) << bad;
        EXPECT_NE(refused.body().find("No shared game has this link"), std::string::npos)
            << refused.body();
    }
    // Asking again gives the same link.
    expect_ack(request(peers, me, {{"t", "share"}, {"table", table}}));
    EXPECT_EQ(wait_for(peers, me, type_is("shared"), "the link again")["share"], link);
}

// The review of a finished game: every card the player played weighed against the
// search's best, made on the computer players' threads and kept; refused for a stranger's
// table and an unfinished game, and past the address's budget.
namespace {
// The review kept for seat 0 of `table` in the SQLite database in `dir`, if any.
std::optional<json> kept_review(const std::string& dir, const std::string& table) {
    sqlite3* db = nullptr;
    std::optional<json> out;
    if (sqlite3_open_v2((dir + "/hearts.db").c_str(), &db, SQLITE_OPEN_READONLY, nullptr) !=
        SQLITE_OK) {
        ADD_FAILURE() << "the database does not open";
        sqlite3_close(db);
        return out;
    }
    sqlite3_busy_timeout(db, 5000);
    sqlite3_stmt* st = nullptr;
    if (sqlite3_prepare_v2(db, "SELECT review FROM reviews WHERE table_id = ?1 AND seat = 0", -1,
                           &st, nullptr) == SQLITE_OK) {
        sqlite3_bind_text(st, 1, table.c_str(), -1, SQLITE_TRANSIENT);
        if (sqlite3_step(st) == SQLITE_ROW)
            out = json::parse(reinterpret_cast<const char*>(sqlite3_column_text(st, 0)));
    } else {
        ADD_FAILURE() << sqlite3_errmsg(db);
    }
    sqlite3_finalize(st);
    sqlite3_close(db);
    return out;
}

// The player `ids` (id, token) back on a new connection to `port`, after a restart.
std::unique_ptr<Peer> back_as(unsigned short port, const std::vector<std::string>& ids) {
    auto back = std::make_unique<Peer>(port, "Me");
    back->player = ids[0];
    back->token = ids[1];
    hello(Peers{back.get()}, *back, true);
    return back;
}
}  // namespace

// Asked for, a finished game is reviewed card by card and pass by pass, kept with it, and
// given again after a restart. (Reviews after the game are off here: see the next test.)
TEST(Records, AFinishedGameIsReviewedCardByCard) {
    const std::string dir = temp_dir("records_review");
    auto server = std::make_unique<Server>(
        dir, std::vector<std::string>{"--reviews-per-minute", "4", "--background-reviews", "0"});
    Peer me(server->port(), "Me"), other(server->port(), "Other");
    Peers peers{&me, &other};
    hello(peers, me);
    hello(peers, other);
    const std::string table = finished_solo_game(me, "end=20");
    const std::size_t hands = me.view["sheet"].size();
    // Once the game's end is stored, the server hands it to the reviewer, which makes no
    // review in the background here: none is waiting, being made or kept.
    wait_until(
        peers, [&] { return stats(server->port())["reviews"]["games_after"] == 1; },
        "the game handed to the reviewer");
    EXPECT_EQ(stats(server->port())["reviews"]["background"], 0);
    EXPECT_FALSE(kept_review(dir, table)) << "reviewed after the game with --background-reviews 0";

    expect_ack(request(peers, me, {{"t", "review"}, {"table", table}}));
    const json review = wait_for(peers, me, type_is("review"), "the review", 60s);
    EXPECT_EQ(review["table"], table);
    EXPECT_EQ(review["seat"], "S");
    EXPECT_EQ(review["deals"], 100);
    ASSERT_GE(review["plays"].size(), 13 * hands - 13);  // every card of every hand, or near
    int last_hand = 0;
    double lost = 0;
    for (const json& p : review["plays"]) {
        EXPECT_GE(p["hand"].get<int>(), last_hand);
        last_hand = p["hand"];
        const double loss = p["played_points"].get<double>() - p["best_points"].get<double>();
        EXPECT_GE(loss, -0.01) << p.dump();
        if (loss >= 0.25) lost += loss;
    }
    // Each hand with a pass (3 in every 4: left, right, across, then none) has its pass
    // weighed against the search's.
    const std::vector<std::string> to{"W", "E", "N"};
    std::size_t passes = 0;
    for (std::size_t h = 0; h < hands; ++h) passes += h % 4 != 3;
    ASSERT_EQ(review["passes"].size(), passes) << review["passes"].dump();
    double passing = 0;
    for (const json& p : review["passes"]) {
        const int hand = p["hand"];
        EXPECT_EQ(p["to"], to[std::size_t(hand - 1) % 4]) << p.dump();
        EXPECT_EQ(p["passed"].size(), 3u) << p.dump();
        EXPECT_EQ(p["best"].size(), 3u) << p.dump();
        const double loss = p["passed_points"].get<double>() - p["best_points"].get<double>();
        if (p["mistake"].get<bool>()) {
            EXPECT_GE(loss, 0.25) << p.dump();
            passing += loss;
        }
    }
    EXPECT_NEAR(review["by_kind"]["pass"].get<double>(), passing, 0.02 * double(passes + 1));
    EXPECT_NEAR(review["lost"].get<double>(), lost + passing,
                0.05 * double(review["plays"].size()));
    EXPECT_EQ(review["text"].get<std::string>().rfind("Review of You: ", 0), 0u) << review.dump();

    // Asked again: the same review, kept.
    expect_ack(request(peers, me, {{"t", "review"}, {"table", table}}));
    EXPECT_EQ(wait_for(peers, me, type_is("review"), "the review again"), review);

    const json stranger = request(peers, other, {{"t", "review"}, {"table", table}});
    EXPECT_EQ(stranger["code"], "not_found") << stranger.dump();
    other.send({{"t", "new_game"}, {"level", "random"}});
    const std::string open = wait_for(peers, other, type_is("snapshot"), "a game")["table"];
    const json early = request(peers, other, {{"t", "review"}, {"table", open}});
    EXPECT_NE(early["reason"].get<std::string>().find("not finished"), std::string::npos)
        << early.dump();
    const json refused = request(peers, me, {{"t", "review"}, {"table", table}});
    EXPECT_EQ(refused["code"], "rate_limited") << refused.dump();
    EXPECT_EQ(refused["reason"], "Too many reviews: try again in a minute");

    // The review is kept with the game in the database, as it was sent.
    EXPECT_EQ(kept_review(dir, table), review);
    // And after a restart, it is the one given.
    std::vector<std::string> ids{me.player, me.token};
    server.reset();
    server = std::make_unique<Server>(dir);
    const auto back = back_as(server->port(), ids);
    const Peers again{back.get()};
    expect_ack(request(again, *back, {{"t", "review"}, {"table", table}}));
    EXPECT_EQ(wait_for(again, *back, type_is("review"), "the kept review"), review);
}

// A finished game is reviewed as soon as its end is stored, without being asked (at a low
// priority, on the review thread): "Review my play" then answers from what is kept. A
// review kept by an older server, without the passes, is made again when asked for.
TEST(Records, AFinishedGameIsReviewedAfterItEndsWithoutBeingAsked) {
    const std::string dir = temp_dir("records_review_after");
    auto server = std::make_unique<Server>(dir);
    Peer me(server->port(), "Me");
    Peers peers{&me};
    hello(peers, me);
    const std::string table = finished_solo_game(me, "end=20");
    std::optional<json> kept;
    for (int i = 0; i < 600 && !kept; ++i) {
        std::this_thread::sleep_for(100ms);
        kept = kept_review(dir, table);
    }
    ASSERT_TRUE(kept) << "no review was made within 60 s of the game's end";
    EXPECT_EQ((*kept)["t"], "review");
    EXPECT_EQ((*kept)["table"], table);
    EXPECT_FALSE((*kept)["passes"].empty()) << kept->dump();
    expect_ack(request(peers, me, {{"t", "review"}, {"table", table}}));
    EXPECT_EQ(wait_for(peers, me, type_is("review"), "the review made after the game"), *kept);
    const json stats = json::parse(http_get(server->port(), "/api/stats").body());
    EXPECT_EQ(stats["reviews"]["background"], 0) << stats.dump();

    // A review without passes, as servers before them kept it: made again when asked.
    json old = *kept;
    old.erase("passes");
    old["by_kind"].erase("pass");
    std::vector<std::string> ids{me.player, me.token};
    server.reset();
    {
        sqlite3* db = nullptr;
        ASSERT_EQ(sqlite3_open((dir + "/hearts.db").c_str(), &db), SQLITE_OK);
        sqlite3_stmt* st = nullptr;
        ASSERT_EQ(sqlite3_prepare_v2(db, "UPDATE reviews SET review = ?1 WHERE table_id = ?2", -1,
                                     &st, nullptr),
                  SQLITE_OK);
        const std::string text = old.dump();
        sqlite3_bind_text(st, 1, text.c_str(), -1, SQLITE_TRANSIENT);
        sqlite3_bind_text(st, 2, table.c_str(), -1, SQLITE_TRANSIENT);
        ASSERT_EQ(sqlite3_step(st), SQLITE_DONE);
        sqlite3_finalize(st);
        sqlite3_close(db);
    }
    server = std::make_unique<Server>(dir);
    const auto back = back_as(server->port(), ids);
    const Peers again{back.get()};
    expect_ack(request(again, *back, {{"t", "review"}, {"table", table}}));
    const json made = wait_for(again, *back, type_is("review"), "the review made again");
    // The passes made are the same; what the search finds may differ where its time ran
    // out on a loaded machine.
    ASSERT_EQ(made["passes"].size(), (*kept)["passes"].size()) << made.dump();
    for (std::size_t i = 0; i < made["passes"].size(); ++i)
        EXPECT_EQ(made["passes"][i]["passed"], (*kept)["passes"][i]["passed"]) << made.dump();
    EXPECT_EQ(kept_review(dir, table), made);
}

// Achievements are the server's: awarded from the game it saw end, announced once that end
// is stored, kept across a restart; an item is worn only once earned, and the people at a
// table see the face and the item.
TEST(Records, AchievementsComeFromTheGameAndShowAtTheTable) {
    Server server(temp_dir("records_achievements"), {"--looks-per-minute", "4"});
    Peer me(server.port(), "Me"), other(server.port(), "Other");
    Peers peers{&me, &other};
    hello(peers, me);
    hello(peers, other);
    const auto earned_of = [&](Peer& p) {
        expect_ack(request(peers, p, {{"t", "achievements"}}));
        const json a = wait_for(peers, p, type_is("achievements"), "the achievements");
        std::vector<std::string> out;
        for (const json& e : a["list"])
            if (!e["earned"].is_null()) out.push_back(e["id"]);
        return out;
    };
    EXPECT_TRUE(earned_of(me).empty());
    const json early =
        request(peers, me, {{"t", "set_look"}, {"face", 5}, {"wearing", "flat_cap"}});
    EXPECT_EQ(early["code"], "bad_message") << early.dump();
    EXPECT_EQ(early["reason"],
              "wearing: the flat cap comes with the achievement \"First game\", which you have "
              "not earned yet");

    const std::string table = finished_solo_game(me, "end=20");
    // It comes after the game's last update (the driver above read past it).
    const auto announced = [&]() -> const json* {
        bool over = false;
        for (const json& m : me.log()) {
            over = over || (m.contains("view") && m["view"]["phase"] == "game_over");
            if (m["t"] == "achievement" && m["achievement"] == "first_game")
                return over ? &m : nullptr;
        }
        return nullptr;
    };
    wait_until(
        peers, [&] { return announced() != nullptr; }, "the first game's achievement");
    const json first = *announced();
    EXPECT_EQ(first["table"], table);
    EXPECT_EQ(first["title"], "card player");
    EXPECT_EQ(first["item_name"], "flat cap");
    const auto mine = earned_of(me);
    ASSERT_FALSE(mine.empty());
    EXPECT_EQ(mine.front(), "first_game");
    EXPECT_TRUE(earned_of(other).empty());  // nobody else's

    expect_ack(request(peers, me, {{"t", "set_look"}, {"face", 5}, {"wearing", "flat_cap"}}));
    const json look = wait_for(peers, me, type_is("look"), "the new look");
    EXPECT_EQ(look["face"], 5);
    EXPECT_EQ(look["wearing"], "flat_cap");

    // Kept across a restart: the welcome says what I look like.
    server.kill(SIGKILL);
    server.start();
    Peer back(server.port(), "Me again"), other2(server.port(), "Other again");
    Peers again{&back, &other2};
    back.player = me.player;
    back.token = me.token;
    back.send({{"t", "hello"}, {"player", me.player}, {"token", me.token}});
    const json welcome = wait_for(again, back, type_is("welcome"), "welcome");
    EXPECT_EQ(welcome["face"], 5);
    EXPECT_EQ(welcome["wearing"], "flat_cap");
    other2.player = other.player;
    other2.token = other.token;
    hello(again, other2, true);
    name(again, back);
    name(again, other2);

    // At a table with people, the others see it, and see it change.
    const std::string t = create(again, back, false);
    join(again, other2, t);
    const auto seat_s = [](const json& m) { return m["info"]["seats"][0]; };
    const json* seen = nullptr;  // the join read it
    for (const json& m : other2.log())
        if (m["t"] == "table" && m["table"] == t) seen = &m;
    ASSERT_NE(seen, nullptr);
    EXPECT_EQ(seat_s(*seen)["player"], me.player);
    EXPECT_EQ(seat_s(*seen)["face"], 5);
    EXPECT_EQ(seat_s(*seen)["wearing"], "flat_cap");
    expect_ack(request(again, back, {{"t", "set_look"}, {"face", 2}, {"wearing", ""}}));
    wait_for(
        again, other2,
        [&](const json& m) {
            return m["t"] == "table" && seat_s(m)["face"] == 2 && seat_s(m)["wearing"] == "";
        },
        "my new face at the table");

    // Changing looks has a budget per address (4 a minute here; the restart began a new
    // one): each change is a write and a message to everyone at my tables.
    for (int face : {3, 4, 5})
        expect_ack(request(again, back, {{"t", "set_look"}, {"face", face}, {"wearing", ""}}));
    const json flood = request(again, back, {{"t", "set_look"}, {"face", 6}, {"wearing", ""}});
    EXPECT_EQ(flood["code"], "rate_limited") << flood.dump();
    EXPECT_EQ(flood["reason"], "You are changing your look too fast: try again in a minute");
    // It costs nobody at another address anything.
    Peer elsewhere(server.port(), "Elsewhere", "127.0.0.9");
    Peers third{&elsewhere};
    hello(third, elsewhere);
    expect_ack(request(third, elsewhere, {{"t", "set_look"}, {"face", 1}, {"wearing", ""}}));

    // After another restart, the table is loaded with my look: the others see it before
    // I come back, not a face drawn from my id.
    server.kill(SIGKILL);
    server.start();
    Peer other3(server.port(), "Other, third time");
    Peers last{&other3};
    other3.player = other.player;
    other3.token = other.token;
    hello(last, other3, true);
    other3.send({{"t", "resume"}, {"table", t}});
    const json after = wait_for(
        last, other3, [&](const json& m) { return m["t"] == "table" && m["table"] == t; },
        "the table after a restart");
    EXPECT_EQ(seat_s(after)["player"], me.player);
    EXPECT_EQ(seat_s(after)["face"], 5);
    EXPECT_EQ(seat_s(after)["wearing"], "");
}

}  // namespace
