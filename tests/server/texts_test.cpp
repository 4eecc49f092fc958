// The server's texts (server/protocol/texts.h, docs/protocol.md "Codes"): every code is
// one of its kind, a text's values fill exactly its placeholders, every refusal of the
// rules is known by its code, and real refusals carry their code and values over the wire.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "coded.h"
#include "hearts/game.h"
#include "protocol/messages.h"
#include "protocol/texts.h"

namespace hearts::server {
namespace texts_test {

using coded::expect_coded;
using nlohmann::json;

// The placeholders of a text's English, in order.
std::vector<std::string> placeholders_of(std::string_view english) {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < english.size(); ++i) {
        const std::string_view p = texts::placeholder_at(english, i);
        if (p.empty()) continue;
        out.emplace_back(p);
        i += p.size() + 1;
    }
    return out;
}

// The first `n` cards of `cards`.
CardSet first(CardSet cards, int n) {
    CardSet out;
    for (Card c : cards) {
        if (out.size() == n) break;
        out |= c;
    }
    return out;
}

TEST(Texts, EveryCodeIsDistinctAndEveryPlaceholderNamed) {
    const std::regex code("[a-z][a-z0-9_]*");
    std::set<std::string_view> codes;
    for (const TextDef& t : kTexts) {
        EXPECT_TRUE(std::regex_match(std::string(t.code), code)) << t.code;
        EXPECT_TRUE(codes.insert(t.code).second) << "twice: " << t.code;
        EXPECT_FALSE(t.english.empty()) << t.code;
        const std::vector<std::string> names = placeholders_of(t.english);
        EXPECT_EQ(std::set<std::string>(names.begin(), names.end()).size(), names.size())
            << t.code << ": a placeholder twice";
        // A count is `n` (a language's plural goes by it); a text has at most one.
        EXPECT_LE(std::count(names.begin(), names.end(), "n"), 1) << t.code;
        EXPECT_EQ(texts::find(t.code), &t - kTexts);
    }
    EXPECT_EQ(codes.size(), kTextCount);
}

// What `say` checks as it is compiled: the code, and the names of the values.
static_assert(texts::find("must_follow") >= 0);
static_assert(texts::find("no_such_code") < 0);
static_assert(texts::placeholders_are("at most {n} in {s}", {"s", "n"}));
static_assert(!texts::placeholders_are("at most {n} in {s}", {"n"}));              // one missing
static_assert(!texts::placeholders_are("at most {n}", {"n", "s"}));                // one more
static_assert(!texts::placeholders_are("at most {n}", {"n", "n"}));                // twice
static_assert(texts::placeholders_are("say hello first: {\"t\":\"hello\"}", {}));  // JSON

TEST(Texts, AValueFillsItsPlaceholderAndAMissingOneIsFlagged) {
    const Text full = say<"watchers_full", "n">(8);
    EXPECT_EQ(full.english(), "This table has as many watchers as it takes (8): try again later");
    EXPECT_TRUE(text_problems(full).empty());
    // A seat goes as its letter, and the English says its name.
    const Text passed = say<"already_passed", "seat">(Seat::West);
    EXPECT_EQ(std::get<std::string>(passed.args.at(0).second), "W");
    EXPECT_EQ(passed.english(), "West has already passed");
    // An item and an achievement go by their ids; the English names them.
    const Text wear = say<"item_not_earned", "item", "achievement">("flat_cap", "first_game");
    EXPECT_EQ(wear.english(),
              "wearing: the flat cap comes with the achievement \"First game\", which you have "
              "not earned yet");

    const Text missing{kTexts[texts::find("watchers_full")].code, {}};
    EXPECT_EQ(text_problems(missing), std::vector<std::string>{"missing: n"});
    EXPECT_EQ(missing.english(),
              "This table has as many watchers as it takes ({n}): try again later");
    const Text extra{kTexts[texts::find("table_full")].code, {{"n", std::int64_t(3)}}};
    EXPECT_EQ(text_problems(extra), std::vector<std::string>{"unexpected: n"});
    const Text twice{kTexts[texts::find("offline")].code,
                     {{"name", std::string("Ada")}, {"name", std::string("Bo")}}};
    EXPECT_EQ(text_problems(twice), std::vector<std::string>{"twice: name"});
    EXPECT_FALSE(text_problems(Text{"no_such_code", {}}).empty());
}

TEST(Texts, EnglishFromBelowIsReadBackIntoItsText) {
    const auto yours = table_refusal("table k3v9q2mx: no such table of yours");
    ASSERT_TRUE(yours);
    EXPECT_EQ(yours->code, "not_yours");
    EXPECT_EQ(std::get<std::string>(yours->args.at(0).second), "k3v9q2mx");
    EXPECT_FALSE(table_refusal("database: disk I/O error (reading tables)"));

    const Text bot = unreadable_message(
        "name: Mike is the name of a computer player: choose "
        "another name");
    EXPECT_EQ(bot.code, "name_bot");
    EXPECT_EQ(std::get<std::string>(bot.args.at(0).second), "Mike");
    const Text other = unreadable_message("t: missing");
    EXPECT_EQ(other.code, "bad_message");
    EXPECT_EQ(other.english(), "t: missing");

    // Not a seat's name, not a count: not that text.
    EXPECT_EQ(rules_refusal("Nobody has already passed").code, "refused");
    EXPECT_EQ(rules_refusal("the hand is over, really").code, "refused");
    const auto rated = rating_reasons(
        "Players with fewer than 10 rated games do not move your rating yet; you have played 6 "
        "rated games with the same players today, so this one counts for 50%");
    ASSERT_TRUE(rated);
    ASSERT_EQ(rated->size(), 2u);
    EXPECT_EQ(rated->at(0).code, "rating_newcomers");
    EXPECT_EQ(rated->at(1).code, "rating_same_players");
    EXPECT_EQ(rated->at(1).english(),
              "you have played 6 rated games with the same players today, so this one counts for "
              "50%");
    EXPECT_EQ(std::get<std::int64_t>(rated->at(1).args.at(1).second), 50);
    EXPECT_FALSE(rating_reasons(""));
    EXPECT_FALSE(rating_reasons("Players with fewer than 10 rated games do not move; or else"));
    const Text days = *recognise("day: boards go back 366 days", {"days_kept"});
    EXPECT_EQ(std::get<std::int64_t>(days.args.at(0).second), 366);
    EXPECT_FALSE(recognise("day: boards go back many days", {"days_kept"}));
}

// Every refusal of the rules met in whole games, with every card, pass and choice tried by
// every seat at every step, is known by its code, and its English is the engine's.
TEST(Texts, EveryRefusalOfTheRulesHasItsCode) {
    std::set<std::string_view> seen;
    std::mt19937_64 rng(7);
    const auto check = [&](const Game& g, const Action& a) {
        const Status ok = g.validate(a);
        if (ok) return;
        const Text t = rules_refusal(ok.error().reason);
        EXPECT_NE(t.code, "refused") << ok.error().reason;
        EXPECT_EQ(t.english(), ok.error().reason);
        EXPECT_TRUE(text_problems(t).empty()) << t.code;
        seen.insert(t.code);
    };
    const std::vector<std::string_view> met{
        "not_pass_time",  "already_passed",    "pass_three",     "pass_not_held",
        "pass_first",     "not_play_time",     "not_seats_turn", "card_not_held",
        "two_clubs_lead", "hearts_not_broken", "must_follow",    "no_points_first_trick",
        "no_moon",        "hand_not_over",     "game_is_over"};
    const auto all_met = [&] {
        return std::all_of(met.begin(), met.end(), [&](auto c) { return seen.contains(c); });
    };
    // Games until each of them was met (a seat without clubs on the first trick is rare).
    for (std::uint64_t seed = 1; seed <= 400 && (seed <= 4 || !all_met()); ++seed) {
        Rules rules;
        rules.end_score = 30;
        Game g(rules, seed);
        for (int step = 0; step < 2000 && g.phase() != Phase::GameOver; ++step) {
            for (Seat s : kAllSeats) {
                for (int c = 0; c < kCards; ++c) check(g, Action::play(s, Card::from_index(c)));
                check(g, Action::pass(s, first(g.holding(s), 3)));
                check(g, Action::pass(s, first(g.holding(s), 2)));
                check(g, Action::pass(s, first(kAllCards - g.dealt(s), 3)));
                check(g, Action::choose_moon(s, MoonChoice::AddToOthers));
            }
            check(g, Action::next_hand());
            // One legal action moves the game on.
            Action next = Action::next_hand();
            if (g.phase() == Phase::Pass) {
                for (Seat s : kAllSeats) {
                    if (g.has_passed(s)) continue;
                    next = Action::pass(s, first(g.holding(s), 3));
                    break;
                }
            } else if (g.phase() == Phase::Play) {
                std::vector<Card> legal;
                for (Card c : g.legal_plays()) legal.push_back(c);
                next = Action::play(g.to_move(), legal[rng() % legal.size()]);
            } else if (g.phase() == Phase::MoonChoice) {
                next = Action::choose_moon(g.to_move(), MoonChoice::AddToOthers);
            }
            ASSERT_TRUE(g.apply(next)) << to_string(next);
        }
        EXPECT_EQ(g.phase(), Phase::GameOver);
        check(g, Action::next_hand());
    }
    for (std::string_view code : met) EXPECT_TRUE(seen.contains(code)) << code << " was never met";
}

TEST(Texts, AnErrorAndANoticeCarryTheirCodeAndValues) {
    const Text full = say<"watchers_full", "n">(8);
    const json e = json::parse(error_message({"full", full.english(), 4, false, full}));
    EXPECT_EQ(e, json::parse(R"({"t":"error","code":"full","reason":"This table has as many )"
                             R"(watchers as it takes (8): try again later","msg":"watchers_full",)"
                             R"("args":{"n":8},"id":4})"));
    const json u = json::parse(unwatched_message("k3v9q2mx", say<"nobody_playing">()));
    EXPECT_EQ(u, json::parse(R"({"t":"unwatched","table":"k3v9q2mx","reason":"Nobody is playing )"
                             R"(at this table any more","msg":"nobody_playing","args":{}})"));
    // A message the server cannot read: bad_message, the parser's words as its detail.
    for (const char* frame : {R"({"t":"play","table":"k3v9q2mx","card":"ZZ","id":3})",
                              R"({"t":"set_name","name":"Mike","id":3})", "[1,2]"}) {
        const auto r = parse_client_message(frame);
        ASSERT_TRUE(std::holds_alternative<ProtocolError>(r)) << frame;
        expect_coded(json::parse(error_message(std::get<ProtocolError>(r))));
    }
    const auto bot = parse_client_message(R"({"t":"set_name","name":"Mike"})");
    EXPECT_EQ(std::get<ProtocolError>(bot).text.code, "name_bot");
}

}  // namespace texts_test
}  // namespace hearts::server
