// A table's public events (docs/protocol.md, "Events"): whole seeded games give every
// event in order, numbered 1..N, a trick after every 4 plays, never a hidden card; a
// refused action changes nothing; the computer seats are found in the documented order;
// and a reconnecting client gets exactly what it missed.
#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "hearts/ai/bot.h"
#include "model/fair.h"
#include "model/table.h"
#include "protocol/messages.h"

namespace hearts::server {
namespace {

using Json = nlohmann::json;

TableSetup setup(std::uint64_t seed, Rules rules = {}) {
    TableSetup s;
    s.id = "t" + std::to_string(seed);
    s.owner = "p_test";
    s.seats[0].player = s.owner;
    s.rules = rules;
    s.seed = seed;
    return s;
}

std::string seat_text(Seat s) {
    return std::string(1, seat_letter(s));
}

Json event_at(const Table& t, std::size_t i) {
    return Json::parse(event_json(t.events().at(i)));
}

// Everyone helps `target` take every point card: the target plays its highest card, the
// others duck under it and throw their points when they cannot follow. Moons happen.
Card feed(const Game& g, Seat target) {
    const CardSet legal = g.legal_plays();
    if (g.to_move() == target) return legal.highest();
    const Hand& h = g.hand();
    const bool following = h.trick_size() > 0 && legal.intersects(suit_mask(h.led().suit()));
    if (following) return legal.lowest();
    const CardSet points = legal & (kHearts | kQueenOfSpades);
    if (h.trick_size() > 0) return points.empty() ? legal.highest() : points.highest();
    const CardSet safe = legal - points;
    return safe.empty() ? legal.lowest() : safe.lowest();
}

// Who must act now: the table's computer seat, else the human (South).
Seat actor(const Table& t) {
    if (auto bot = t.bot_to_act()) return *bot;
    const Game& g = t.game();
    return g.phase() == Phase::Pass ? Seat::South : g.to_move();
}

// One action for whoever must act, chosen by `bot`; `next` after a scored hand.
Action next_action(const Table& t, ai::Bot& bot, std::uint64_t seed) {
    if (t.game().phase() == Phase::HandOver) return Action::next_hand();
    return ai::decide(bot, t.view(actor(t)), seed);
}

void play_out(Table& t, ai::Bot& bot, std::uint64_t seed) {
    for (std::uint64_t step = 0; !t.finished(); ++step) {
        const Status s = t.apply(next_action(t, bot, seed * 7919 + step));
        ASSERT_TRUE(s) << s.error().reason;
    }
}

TEST(Table, StartsWithTheFirstDeal) {
    const Table t(setup(1));
    EXPECT_EQ(t.id(), "t1");
    EXPECT_EQ(t.version(), 1);
    ASSERT_EQ(t.events().size(), 1u);
    EXPECT_EQ(t.events()[0].version, 1);
    EXPECT_EQ(event_at(t, 0), Json::parse(R"({"kind":"deal","hand":1,"pass":"left"})"));
    EXPECT_EQ(t.game(), Game(Rules{}, 1));
    EXPECT_FALSE(t.finished());
}

TEST(Table, FirstDealOfANoPassCycle) {
    const Table t(setup(1, parse_rules("pass=N").value()));
    EXPECT_EQ(event_at(t, 0), Json::parse(R"({"kind":"deal","hand":1,"pass":"none"})"));
    EXPECT_EQ(t.game().phase(), Phase::Play);
}

TEST(Table, PassEventsHideTheCards) {
    Table t(setup(1));
    const Seat order[] = {Seat::East, Seat::South, Seat::North, Seat::West};
    for (int i = 0; i < 4; ++i) {
        const Seat s = order[i];
        CardSet pass;
        for (Card c : t.game().holding(s))
            if (pass.size() < 3) pass |= c;
        ASSERT_TRUE(t.apply(Action::pass(s, pass)));
        EXPECT_EQ(event_at(t, std::size_t(i + 1)),
                  Json({{"kind", "passed"}, {"seat", seat_text(s)}}));
    }
    ASSERT_EQ(t.version(), 6);
    EXPECT_EQ(event_at(t, 5), Json::parse(R"({"kind":"exchange"})"));
    EXPECT_EQ(t.game().phase(), Phase::Play);
}

TEST(Table, RefusedActionsChangeNothing) {
    Table t(setup(1));
    const Game before = t.game();
    const struct {
        Action action;
        std::string reason;
    } cases[] = {
        {Action::play(Seat::South, kTwoOfClubs), "pass 3 cards first"},
        {Action::next_hand(), "the hand is not over yet"},
        {Action::pass(Seat::South, CardSet(0b111)), ""},  // legal only if South holds them
        {Action::choose_moon(Seat::North, MoonChoice::AddToOthers), "there is no moon to score"},
    };
    for (const auto& c : cases) {
        Game copy = before;
        const Status expected = copy.apply(c.action);
        if (expected) continue;  // South happened to hold 2C 3C 4C
        const Status got = t.apply(c.action);
        ASSERT_FALSE(got);
        EXPECT_EQ(got.error().reason, expected.error().reason);  // the game's own words
        if (!c.reason.empty()) {
            EXPECT_EQ(got.error().reason, c.reason);
        }
        EXPECT_EQ(t.version(), 1);
        EXPECT_EQ(t.game(), before);
    }
}

TEST(Table, BotToActInEachPhase) {
    Table t(setup(3));
    // Pass: each computer seat that has not passed, lowest first; then nobody (South's turn).
    for (Seat expected : {Seat::West, Seat::North, Seat::East}) {
        ASSERT_EQ(t.bot_to_act(), expected);
        CardSet pass;
        for (Card c : t.game().holding(expected))
            if (pass.size() < 3) pass |= c;
        ASSERT_TRUE(t.apply(Action::pass(expected, pass)));
    }
    EXPECT_EQ(t.bot_to_act(), std::nullopt);
    CardSet pass;
    for (Card c : t.game().holding(Seat::South))
        if (pass.size() < 3) pass |= c;
    ASSERT_TRUE(t.apply(Action::pass(Seat::South, pass)));
    // Play: the seat to move when it is a computer.
    for (int i = 0; i < 52; ++i) {
        const Seat to_move = t.game().to_move();
        EXPECT_EQ(t.bot_to_act(), to_move == Seat::South ? std::nullopt : std::optional(to_move));
        ASSERT_TRUE(t.apply(Action::play(to_move, t.game().legal_plays().lowest())));
    }
    ASSERT_EQ(t.game().phase(), Phase::HandOver);
    EXPECT_EQ(t.bot_to_act(), std::nullopt);  // South deals the next hand
}

TEST(Table, EventsSince) {
    Table t(setup(1));
    auto bot = ai::make_bot("random").value();
    for (int i = 0; i < 20; ++i) ASSERT_TRUE(t.apply(next_action(t, *bot, std::uint64_t(i))));
    const std::int64_t v = t.version();
    ASSERT_GT(v, 20);
    EXPECT_EQ(t.events_since(-1), std::nullopt);
    EXPECT_EQ(t.events_since(v + 1), std::nullopt);
    EXPECT_TRUE(t.events_since(v)->empty());
    const auto all = t.events_since(0);
    ASSERT_TRUE(all);
    ASSERT_EQ(all->size(), std::size_t(v));
    const auto tail = t.events_since(v - 3);
    ASSERT_TRUE(tail);
    ASSERT_EQ(tail->size(), 3u);
    for (std::size_t i = 0; i < 3; ++i) {
        EXPECT_EQ((*tail)[i].version, v - 2 + std::int64_t(i));
        EXPECT_EQ(event_json((*tail)[i]), event_json(t.events()[std::size_t(v - 3) + i]));
    }
}

TEST(Table, ForgottenEventsKeepTheVersionAndAreNotReplayed) {
    Table t(setup(1));
    auto bot = ai::make_bot("random").value();
    for (int i = 0; i < 20; ++i) ASSERT_TRUE(t.apply(next_action(t, *bot, std::uint64_t(i))));
    const std::int64_t v = t.version();
    t.forget_events();
    EXPECT_EQ(t.version(), v);
    EXPECT_TRUE(t.events().empty());
    EXPECT_EQ(t.events_since(v - 1), std::nullopt);  // gone: the client needs a snapshot
    EXPECT_TRUE(t.events_since(v)->empty());
    // New events go on from the same version.
    const std::int64_t before = t.version();
    ASSERT_TRUE(t.apply(next_action(t, *bot, 20)));
    ASSERT_FALSE(t.events().empty());
    EXPECT_EQ(t.events().front().version, before + 1);
    EXPECT_EQ(t.events().back().version, t.version());
    const auto since = t.events_since(before);
    ASSERT_TRUE(since);
    EXPECT_EQ(since->size(), t.events().size());
}

// The fields each kind of event has, exactly.
const std::map<std::string, std::set<std::string>> kEventFields = {
    {"deal", {"kind", "hand", "pass"}},
    {"passed", {"kind", "seat"}},
    {"exchange", {"kind"}},
    {"play", {"kind", "seat", "card"}},
    {"trick", {"kind", "winner", "points"}},
    {"hearts_broken", {"kind"}},
    {"claim", {"kind", "why", "seat", "points"}},  // no_points: only kind and why
    {"hand_over", {"kind", "result"}},
    {"moon", {"kind", "shooter", "scored"}},
    {"game_over", {"kind", "winners"}},
};

bool holds_a_card(const Json& j) {
    if (j.is_string()) {
        const std::string& s = j.get_ref<const std::string&>();
        auto c = parse_card(s);
        return s.size() == 2 && c && to_string(*c) == s;
    }
    if (j.is_structured()) {
        for (const auto& e : j)
            if (holds_a_card(e)) return true;
    }
    return false;
}

// Checks a finished table's events against its game, event by event.
void check_events(const Table& t) {
    const Game& g = t.game();
    const auto& events = t.events();
    int plays_in_trick = 0, hand = 0, passes = 0, tricks = 0, hand_points = 0;
    bool broken = false;
    int broken_events = 0, claims = 0;
    std::size_t hands_over = 0;
    std::string previous;
    for (std::size_t i = 0; i < events.size(); ++i) {
        SCOPED_TRACE("event " + std::to_string(i + 1) + ": " + event_json(events[i]));
        ASSERT_EQ(events[i].version, std::int64_t(i + 1));
        const Json e = Json::parse(event_json(events[i]));
        const std::string kind = e.at("kind");
        ASSERT_TRUE(kEventFields.count(kind));
        std::set<std::string> fields;
        for (auto it = e.begin(); it != e.end(); ++it) fields.insert(it.key());
        if (kind == "claim" && e["why"] == "no_points")
            EXPECT_EQ(fields, (std::set<std::string>{"kind", "why"}));
        else
            EXPECT_EQ(fields, kEventFields.at(kind));
        if (kind != "play") {
            EXPECT_FALSE(holds_a_card(e));
        }

        if (kind == "deal") {
            EXPECT_EQ(e["hand"], ++hand);
            EXPECT_EQ(e["pass"], std::string(to_string(g.rules().pass_direction(hand - 1))));
            EXPECT_EQ(plays_in_trick, 0);
            passes = 0;
            tricks = 0;
            broken = false;
            broken_events = 0;
            claims = 0;
            hand_points = 0;
        } else if (kind == "passed") {
            ++passes;
            EXPECT_EQ(tricks + plays_in_trick, 0);
        } else if (kind == "exchange") {
            EXPECT_EQ(passes, 4);
        } else if (kind == "play") {
            EXPECT_LT(plays_in_trick, 4) << "a fifth play without a trick event";
            ++plays_in_trick;
            const Card c = parse_card(e["card"].get<std::string>()).value();
            if (!broken && (c.suit() == Suit::Hearts ||
                            (g.rules().queen_breaks_hearts && c == kQueenOfSpades))) {
                broken = true;
                ASSERT_LT(i + 1, events.size());
                EXPECT_EQ(Json::parse(event_json(events[i + 1]))["kind"], "hearts_broken");
            }
        } else if (kind == "hearts_broken") {
            EXPECT_EQ(previous, "play");
            EXPECT_TRUE(broken) << "hearts_broken without a heart (or the queen) played";
            EXPECT_EQ(++broken_events, 1) << "hearts break once a hand";
        } else if (kind == "claim") {
            EXPECT_EQ(plays_in_trick, 0) << "a claim is made where a trick is about to be led";
            EXPECT_LT(tricks, 13);
            EXPECT_EQ(++claims, 1) << "one claim a hand";
        } else if (kind == "trick") {
            EXPECT_EQ(plays_in_trick, 4);
            plays_in_trick = 0;
            ++tricks;
            hand_points += e["points"].get<int>();
        } else if (kind == "moon" || kind == "hand_over") {
            EXPECT_EQ(tricks, 13);
            EXPECT_EQ(plays_in_trick, 0);
            if (kind == "hand_over") {
                ASSERT_LT(hands_over, g.results().size());
                const HandResult& r = g.results()[hands_over++];
                EXPECT_EQ(e["result"], Json::parse(sheet_row_json(r)));
                int taken = 0;
                for (int p : r.points) taken += p;
                EXPECT_EQ(hand_points, taken);
                EXPECT_EQ(r.moon, previous == "moon");
            }
        } else if (kind == "game_over") {
            EXPECT_EQ(i + 1, events.size()) << "game_over is the last event";
            EXPECT_EQ(previous, "hand_over");
            std::vector<std::string> winners;
            for (Seat s : g.winners()) winners.push_back(seat_text(s));
            EXPECT_EQ(e["winners"], Json(winners));
        }
        if (plays_in_trick == 4) {
            ASSERT_LT(i + 1, events.size());
            const std::string next = Json::parse(event_json(events[i + 1]))["kind"];
            if (next != "hearts_broken" && next != "claim") {
                EXPECT_EQ(next, "trick");
            }
        }
        previous = kind;
    }
    EXPECT_EQ(hands_over, g.results().size());
    EXPECT_EQ(hand, g.hand_index() + 1);
}

TEST(Table, WholeGamesGiveEveryEventInOrder) {
    auto bot = ai::make_bot("random").value();
    const std::vector<Rules> variants = {Rules{}, parse_rules("pass=LARN,queen_breaks=yes").value(),
                                         parse_rules("jack=yes,moon=shooter,end=60").value(),
                                         parse_rules("pass=N,tie=share,end=30").value()};
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        Table t(setup(seed, variants[seed % variants.size()]));
        play_out(t, *bot, seed);
        ASSERT_TRUE(t.finished());
        check_events(t);
        EXPECT_EQ(Json::parse(event_json(t.events().back()))["kind"], "game_over");
        EXPECT_EQ(t.bot_to_act(), std::nullopt);
        EXPECT_FALSE(t.apply(Action::next_hand()));
    }
}

// The claim event comes where the rest of a hand first can no longer change its score
// (hearts/claim.h), once a hand, and says what the engine's claim says.
TEST(Table, AHandIsClaimedOnceWhereItsRestCanFirstNoLongerChangeTheScore) {
    auto bot = ai::make_bot("random").value();
    int claims = 0, every_trick = 0;
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        Table t(setup(seed, seed % 2 ? Rules{} : parse_rules("jack=yes").value()));
        int claimed_hand = -1;
        for (std::uint64_t step = 0; !t.finished(); ++step) {
            const std::int64_t before = t.version();
            ASSERT_TRUE(t.apply(next_action(t, *bot, seed * 7919 + step)));
            const auto c = t.game().phase() == Phase::Play
                               ? claim(t.game().hand(), t.game().rules())
                               : std::nullopt;
            std::vector<Json> made;
            const auto since = t.events_since(before);
            ASSERT_TRUE(since);
            for (const TableEvent& e : *since) {
                const Json j = Json::parse(event_json(e));
                if (j["kind"] == "claim") made.push_back(j);
            }
            if (!c || claimed_hand == t.game().hand_index()) {
                EXPECT_TRUE(made.empty()) << made.front().dump();
                continue;
            }
            claimed_hand = t.game().hand_index();
            ASSERT_EQ(made.size(), 1u);
            ++claims;
            EXPECT_EQ(made[0]["why"], std::string(to_string(c->kind)));
            if (c->kind == ClaimKind::EveryTrick) {
                ++every_trick;
                EXPECT_EQ(made[0]["seat"], seat_text(c->seat));
                EXPECT_EQ(made[0]["points"], c->points);
            }
        }
        check_events(t);
    }
    EXPECT_GT(claims, 40);  // most hands of random play end in a claim
    EXPECT_GT(every_trick, 5);
}

// Plays a hand where everyone feeds `target`, and returns whether it shot the moon.
bool feed_a_hand(Table& t, Seat target) {
    const Game& g = t.game();
    while (g.phase() == Phase::Pass) {
        const Seat s = actor(t);
        CardSet pass;
        for (Card c : g.holding(s))
            if (pass.size() < 3) pass |= c;
        if (!t.apply(Action::pass(s, pass))) return false;
    }
    while (g.phase() == Phase::Play)
        if (!t.apply(Action::play(g.to_move(), feed(g, target)))) return false;
    return g.phase() == Phase::MoonChoice || (!g.results().empty() && g.results().back().moon);
}

TEST(Table, MoonChoiceWaitsForTheShooter) {
    for (std::uint64_t seed = 1; seed < 400; ++seed) {
        Table t(setup(seed, parse_rules("moon=choice").value()));
        const Seat target = Seat(seed % 4);
        if (!feed_a_hand(t, target)) continue;
        ASSERT_EQ(t.game().phase(), Phase::MoonChoice);
        const Seat shooter = t.game().moon_shooter();
        // The last trick is out; nothing more until the shooter chooses.
        EXPECT_EQ(event_at(t, t.events().size() - 1)["kind"], "trick");
        EXPECT_EQ(t.bot_to_act(),
                  shooter == Seat::South ? std::nullopt : std::optional<Seat>(shooter));
        const std::int64_t v = t.version();
        ASSERT_TRUE(t.apply(Action::choose_moon(shooter, MoonChoice::SubtractFromShooter)));
        ASSERT_EQ(t.version(), v + 2);
        EXPECT_EQ(event_at(t, std::size_t(v)),
                  Json({{"kind", "moon"}, {"shooter", seat_text(shooter)}, {"scored", "shooter"}}));
        const Json over = event_at(t, std::size_t(v + 1));
        EXPECT_EQ(over["kind"], "hand_over");
        EXPECT_EQ(over["result"]["moon"],
                  Json({{"shooter", seat_text(shooter)}, {"scored", "shooter"}}));
        check_events(t);
        return;
    }
    FAIL() << "no moon in 400 fed hands";
}

TEST(Table, MoonScoredAtOnceComesBeforeTheHandOver) {
    for (std::uint64_t seed = 1; seed < 400; ++seed) {
        Table t(setup(seed));
        if (!feed_a_hand(t, Seat(seed % 4))) continue;
        const auto& events = t.events();
        ASSERT_GE(events.size(), 3u);
        const Json moon = Json::parse(event_json(events[events.size() - 2]));
        EXPECT_EQ(moon["kind"], "moon");
        EXPECT_EQ(moon["scored"], "others");
        EXPECT_EQ(Json::parse(event_json(events.back()))["kind"], "hand_over");
        check_events(t);
        return;
    }
    FAIL() << "no moon in 400 fed hands";
}

TEST(Table, NextHandDealsAndIsRefusedMidHand) {
    Table t(setup(5));
    auto bot = ai::make_bot("random").value();
    while (t.game().phase() != Phase::HandOver) {
        ASSERT_NE(t.game().phase(), Phase::GameOver);
        if (t.game().phase() == Phase::Play && t.game().hand().plays_made() == 10) {
            const Status s = t.apply(Action::next_hand());
            ASSERT_FALSE(s);
            EXPECT_EQ(s.error().reason, "the hand is not over yet");
        }
        ASSERT_TRUE(t.apply(next_action(t, *bot, 1)));
    }
    ASSERT_TRUE(t.apply(Action::next_hand()));
    EXPECT_EQ(Json::parse(event_json(t.events().back())),
              Json::parse(R"({"kind":"deal","hand":2,"pass":"right"})"));
}

// ---- Fair deals (model/fair.h; docs/protocol.md, "Fair deals")

// The commitment is SHA-256 of a documented text; this vector was computed apart from the
// program (Python's hashlib) for the worked example of docs/game-record.md, seed 155.
TEST(Fair, TheCommitmentIsSha256OfTheDocumentedText) {
    const std::string salt = "00112233445566778899aabbccddeeff";
    EXPECT_EQ(commitment_text(155, 0, salt),
              "hearts-deal-1:1:18131988017634935936:00112233445566778899aabbccddeeff");
    EXPECT_EQ(deal_commitment(155, 0, salt),
              "512d5acf52c920af9c8d109fb037cfcbe73cc5346583dba6040ffae218f7a263");
    EXPECT_NE(deal_commitment(155, 1, salt), deal_commitment(155, 0, salt));
    EXPECT_NE(deal_commitment(155, 0, "00112233445566778899aabbccddeefe"),
              deal_commitment(155, 0, salt));
}

TEST(Fair, SaltsAreFreshAndWellFormed) {
    std::set<std::string> seen;
    for (int i = 0; i < 100; ++i) {
        const auto salt = fresh_salt();
        ASSERT_TRUE(salt);
        EXPECT_TRUE(is_salt(*salt)) << *salt;
        seen.insert(*salt);
    }
    EXPECT_EQ(seen.size(), 100u);
    EXPECT_FALSE(is_salt(""));
    EXPECT_FALSE(is_salt("00112233445566778899AABBCCDDEEFF"));  // written in lower case
    EXPECT_FALSE(is_salt("00112233445566778899aabbccddeef"));
    EXPECT_FALSE(is_salt("00112233445566778899aabbccddeefg"));
}

// Every deal carries its hand's commitment, and nothing before the game's end gives away
// the seed or the salt: not an event, not a snapshot's `fair`. Once the game is over, its
// last event and the snapshot reveal both, and they prove every commitment sent.
TEST(Fair, EachDealIsCommittedAndOnlyTheEndRevealsTheSecret) {
    TableSetup s = setup(12345678901234567, parse_rules("end=60").value());
    s.salt = fresh_salt().value();
    Table t(s);
    auto bot = ai::make_bot("medium");
    ASSERT_TRUE(bot);
    std::vector<std::string> commits;
    const std::string seed_text = std::to_string(s.seed);
    std::size_t seen = 0;
    for (std::uint64_t step = 0; !t.finished(); ++step) {
        for (; seen < t.events().size(); ++seen) {
            const std::string json = event_json(t.events()[seen]);
            EXPECT_EQ(json.find(s.salt), std::string::npos) << json;
            EXPECT_EQ(json.find(seed_text), std::string::npos) << json;
            const Json e = Json::parse(json);
            if (e["kind"] == "deal") {
                EXPECT_EQ(e["hand"], commits.size() + 1);
                commits.push_back(e.at("commit"));
            }
        }
        const std::string fair = t.fair_json();
        EXPECT_EQ(fair.find(s.salt), std::string::npos) << fair;
        EXPECT_EQ(Json::parse(fair), Json({{"hand", commits.size()}, {"commit", commits.back()}}));
        ASSERT_TRUE(t.apply(next_action(t, **bot, step)));
    }
    ASSERT_GE(commits.size(), 3u);
    EXPECT_EQ(std::set<std::string>(commits.begin(), commits.end()).size(), commits.size());

    const Json over = Json::parse(event_json(t.events().back()));
    ASSERT_EQ(over["kind"], "game_over");
    EXPECT_EQ(over["fair"], Json({{"seed", seed_text}, {"salt", s.salt}}));
    const Json fair = Json::parse(t.fair_json());
    EXPECT_EQ(fair["seed"], seed_text);
    EXPECT_EQ(fair["salt"], s.salt);
    EXPECT_EQ(fair["hand"], commits.size());
    for (std::size_t h = 0; h < commits.size(); ++h)
        EXPECT_EQ(deal_commitment(s.seed, int(h), s.salt), commits[h]) << "hand " << h + 1;
}

// The deals and commitments of tests/data/deal-vectors.txt, computed by
// tools/deal_vectors.py from the documents alone, are the engine's (the browser's deal is
// checked against the same file: web/tests/deal.test.ts).
TEST(Fair, TheEngineDealsAndCommitsAsTheSharedVectorsSay) {
    std::ifstream in(std::string(HEARTS_TEST_DATA_DIR) + "/deal-vectors.txt");
    ASSERT_TRUE(in) << "tests/data/deal-vectors.txt is missing";
    int deals = 0, commits = 0, mixes = 0;
    for (std::string line; std::getline(in, line);) {
        std::istringstream words(line);
        std::string kind;
        std::uint64_t seed = 0;
        int hand = 0;
        words >> kind;
        if (kind == "seedmix") {
            std::string salt, nonce, committed;
            words >> salt >> nonce >> committed >> seed;
            EXPECT_TRUE(is_salt(salt) && is_nonce(nonce)) << line;
            EXPECT_EQ(salt_commitment(salt), committed) << line;
            EXPECT_EQ(mixed_seed(salt, nonce), seed) << line;
            ++mixes;
            continue;
        }
        words >> seed >> hand;
        if (kind == "deal") {
            const Hands hands = deal(hand_seed(seed, hand - 1));
            for (Seat s : kAllSeats) {
                std::string expected, got;
                words >> expected;
                for (Card c : hands[std::size_t(s)]) got += to_string(c);
                EXPECT_EQ(got, expected) << "seed " << seed << ", hand " << hand;
            }
            ++deals;
        } else if (kind == "commit") {
            std::string salt, commit;
            words >> salt >> commit;
            EXPECT_EQ(deal_commitment(seed, hand - 1, salt), commit)
                << "seed " << seed << ", hand " << hand;
            ++commits;
        }
    }
    EXPECT_EQ(deals, 1000);
    EXPECT_EQ(commits, 20);
    EXPECT_EQ(mixes, 20);
}

// A table opened before commitments (no salt) deals as it always did.
TEST(Fair, ATableWithoutASaltCommitsToNothing) {
    Table t(setup(5, parse_rules("end=30").value()));
    EXPECT_EQ(event_at(t, 0), Json::parse(R"({"kind":"deal","hand":1,"pass":"left"})"));
    EXPECT_EQ(t.fair_json(), "");
    auto bot = ai::make_bot("medium");
    play_out(t, **bot, 5);
    EXPECT_FALSE(Json::parse(event_json(t.events().back())).contains("fair"));
    EXPECT_EQ(t.fair_json(), "");
}

}  // namespace
}  // namespace hearts::server
