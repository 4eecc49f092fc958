// The rating model (model/rating.h) against the reference: every case of
// tests/data/openskill-vectors.json, written by the npm openskill package
// (tools/ratings/vectors.mjs), agrees to 1e-9; and what a player would notice of it.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "hearts/ai/bot.h"
#include "model/rating.h"

namespace hearts::server {
namespace {

using Json = nlohmann::json;

Json vectors() {
    std::ifstream in(std::string(HEARTS_TEST_DATA_DIR) + "/openskill-vectors.json");
    EXPECT_TRUE(in) << "tests/data/openskill-vectors.json is missing";
    return Json::parse(in);
}

TEST(Rating, AgreesWithTheReferenceOnEveryCase) {
    const Json all = vectors();
    const Json& cases = all.at("cases");
    ASSERT_EQ(cases.size(), 360u);
    int ties = 0;
    for (std::size_t k = 0; k < cases.size(); ++k) {
        const Json& c = cases[k];
        SCOPED_TRACE("case " + std::to_string(k) + ": " + c.dump());
        RatingModel model;
        if (c["options"].contains("tau")) model.tau = c["options"]["tau"].get<double>();
        if (c["options"].contains("limitSigma"))
            model.limit_sigma = c["options"]["limitSigma"].get<bool>();
        std::vector<Rating> before;
        for (const Json& p : c["before"])
            before.push_back(Rating{p["mu"].get<double>(), p["sigma"].get<double>()});
        const std::vector<int> places = c["places"].get<std::vector<int>>();
        for (std::size_t i = 0; i < places.size(); ++i)
            for (std::size_t j = i + 1; j < places.size(); ++j) ties += places[i] == places[j];
        auto after = rate_game(before, places, model);
        ASSERT_TRUE(after) << after.error().reason;
        ASSERT_EQ(after->size(), before.size());
        for (std::size_t i = 0; i < before.size(); ++i) {
            EXPECT_NEAR((*after)[i].mu, c["after"][i]["mu"].get<double>(), 1e-9);
            EXPECT_NEAR((*after)[i].sigma, c["after"][i]["sigma"].get<double>(), 1e-9);
            EXPECT_NEAR(model.ordinal((*after)[i]), c["ordinals"][i].get<double>(), 1e-9);
        }
    }
    EXPECT_GT(ties, 100);  // the cases include tied places, not only clean orders
}

TEST(Rating, TheWinnerGainsTheLastLosesAndEveryoneGrowsMoreCertain) {
    const RatingModel model;
    const std::vector<Rating> four(4, model.fresh());
    auto after = rate_game(four, std::vector<int>{0, 1, 2, 3}, model);
    ASSERT_TRUE(after);
    EXPECT_GT((*after)[0].mu, (*after)[1].mu);
    EXPECT_GT((*after)[1].mu, (*after)[2].mu);
    EXPECT_GT((*after)[2].mu, (*after)[3].mu);
    EXPECT_GT((*after)[0].mu, model.mu);
    EXPECT_LT((*after)[3].mu, model.mu);
    for (const Rating& r : *after) EXPECT_LT(r.sigma, model.sigma);
}

TEST(Rating, PlayersWhoTieMoveAlike) {
    const RatingModel model;
    const std::vector<Rating> four(4, model.fresh());
    auto after = rate_game(four, std::vector<int>{1, 0, 1, 2}, model);
    ASSERT_TRUE(after);
    EXPECT_DOUBLE_EQ((*after)[0].mu, (*after)[2].mu);
    EXPECT_DOUBLE_EQ((*after)[0].sigma, (*after)[2].sigma);
    EXPECT_GT((*after)[1].mu, (*after)[0].mu);
    EXPECT_GT((*after)[0].mu, (*after)[3].mu);
}

TEST(Rating, BeatingAStrongerPlayerGainsMoreThanBeatingAWeakerOne) {
    const RatingModel model;
    const Rating me = model.fresh();
    auto over_strong = rate_game(std::vector<Rating>{me, Rating{35, 3}}, std::vector<int>{0, 1});
    auto over_weak = rate_game(std::vector<Rating>{me, Rating{15, 3}}, std::vector<int>{0, 1});
    ASSERT_TRUE(over_strong);
    ASSERT_TRUE(over_weak);
    EXPECT_GT((*over_strong)[0].mu - me.mu, (*over_weak)[0].mu - me.mu);
}

TEST(Rating, AGameNeedsTwoPlayersEachWithAPlace) {
    const RatingModel model;
    EXPECT_FALSE(rate_game(std::vector<Rating>{model.fresh()}, std::vector<int>{0}));
    EXPECT_FALSE(rate_game(std::vector<Rating>(3, model.fresh()), std::vector<int>{0, 1}));
}

// Against farming: a pair's games together today count less and less after the third,
// and a person with fewer than 10 rated games moves nobody else's rating.
TEST(RatingLimits, ThePairsFirstThreeGamesADayCountInFullThenHalfAsMuchEachTime) {
    const RatingModel model;
    const std::vector<RatingEntry> two = {{Rating{30, 2}, 40, 0}, {Rating{28, 2}, 40, 1}};
    auto full =
        rate_game(std::vector<Rating>{two[0].before, two[1].before}, std::vector<int>{0, 1}, model);
    ASSERT_TRUE(full);
    for (int before : {0, 2, 3, 4, 5}) {
        SCOPED_TRACE("games together before: " + std::to_string(before));
        auto o = rate_with_limits(two, {{0, before}, {before, 0}}, model);
        ASSERT_TRUE(o);
        const double share = before < 3 ? 1.0 : std::pow(0.5, before - 2);
        EXPECT_DOUBLE_EQ((*o)[0].counted, share);
        EXPECT_NEAR((*o)[0].after.mu - 30, share * ((*full)[0].mu - 30), 1e-12);
        EXPECT_NEAR((*o)[1].after.mu - 28, share * ((*full)[1].mu - 28), 1e-12);
        if (share < 1) {
            EXPECT_NE((*o)[0].reason.find("rated games with the same players today"),
                      std::string::npos)
                << (*o)[0].reason;
            EXPECT_NE((*o)[0].reason.find(std::to_string(before + 1) + " rated games"),
                      std::string::npos)
                << (*o)[0].reason;
        } else {
            EXPECT_EQ((*o)[0].reason, "");
        }
    }
}

TEST(RatingLimits, ANewPlayerMovesNobodyElsesRatingButIsRatedThemselves) {
    const RatingModel model;
    // An established winner, an established loser, and a new account that came second.
    const std::vector<RatingEntry> three = {
        {Rating{25, 3}, 30, 0}, {Rating{25, 3}, 30, 2}, {model.fresh(), 2, 1}};
    const std::vector<std::vector<int>> none(3, std::vector<int>(3, 0));
    auto o = rate_with_limits(three, none, model);
    ASSERT_TRUE(o);
    // The established two are rated as if the new one were not there.
    auto alone = rate_game(std::vector<Rating>{three[0].before, three[1].before},
                           std::vector<int>{0, 2}, model);
    ASSERT_TRUE(alone);
    EXPECT_DOUBLE_EQ((*o)[0].after.mu, (*alone)[0].mu);
    EXPECT_DOUBLE_EQ((*o)[1].after.mu, (*alone)[1].mu);
    EXPECT_NE((*o)[0].reason.find("fewer than 10 rated games"), std::string::npos);
    // The new one is rated against everyone.
    auto all = rate_game(std::vector<Rating>{three[0].before, three[1].before, three[2].before},
                         std::vector<int>{0, 2, 1}, model);
    ASSERT_TRUE(all);
    EXPECT_DOUBLE_EQ((*o)[2].after.mu, (*all)[2].mu);
    EXPECT_EQ((*o)[2].reason, "");
    // An established person whose only opponents are new is not moved at all.
    const std::vector<RatingEntry> lone = {{Rating{25, 3}, 30, 0}, {model.fresh(), 0, 1}};
    auto l = rate_with_limits(lone, {{0, 0}, {0, 0}}, model);
    ASSERT_TRUE(l);
    EXPECT_EQ((*l)[0].counted, 0);
    EXPECT_EQ((*l)[0].after.mu, 25);
    EXPECT_EQ((*l)[0].after.sigma, 3);
    EXPECT_GT((*l)[1].after.mu, 0);
}

// What is rated (docs/ratings.md): a public game played to its end by two or more people;
// the people ranked among themselves by their totals, a conceder last.
class RatedGameTest : public ::testing::Test {
  protected:
    // A public game of `rules` played to its end by the computer, seats 0..people-1
    // held by people p0, p1, ...
    void play(int people, Rules rules = {}) {
        setup_.kind = TableKind::Public;
        setup_.rules = rules;
        for (int s = 0; s < people; ++s)
            setup_.seats[std::size_t(s)].player = "p" + std::to_string(s);
        game_ = Game(rules, 42);
        auto bot = ai::make_bot("medium").value();
        std::uint64_t seed = 1;
        while (game_.phase() != Phase::GameOver) {
            Seat who = game_.to_move();
            if (game_.phase() == Phase::Pass)
                for (Seat s : kAllSeats)
                    if (game_.awaiting(s)) who = s;
            const Action a = game_.phase() == Phase::HandOver
                                 ? Action::next_hand()
                                 : ai::decide(*bot, game_.view(who), seed++);
            ASSERT_TRUE(game_.apply(a));
        }
    }
    TableSetup setup_;
    Game game_{Rules{}, 1};
};

TEST_F(RatedGameTest, APublicGameOfTwoPeopleIsRatedByTheirTotals) {
    play(2);
    auto rated = rated_game(setup_, game_);
    ASSERT_TRUE(rated);
    EXPECT_EQ(rated->board, kStandardBoard);
    ASSERT_EQ(rated->people.size(), 2u);
    const auto totals = game_.scores();
    const int p0 = totals[0], p1 = totals[1];
    const int place0 =
        rated->people[0].player == "p0" ? rated->people[0].place : rated->people[1].place;
    const int place1 =
        rated->people[0].player == "p1" ? rated->people[0].place : rated->people[1].place;
    EXPECT_EQ(place0 < place1, p0 < p1);
    EXPECT_EQ(place0 == place1, p0 == p1);
}

TEST_F(RatedGameTest, AConcederTakesTheLastPlaceAndOtherRulesHaveTheirOwnBoard) {
    Rules rules;
    rules.end_score = 50;
    play(3, rules);
    setup_.seats[0].conceded = true;
    auto rated = rated_game(setup_, game_);
    ASSERT_TRUE(rated);
    EXPECT_EQ(rated->board, to_string(rules));
    ASSERT_EQ(rated->people.size(), 3u);
    EXPECT_EQ(rated->people.back().player, "p0");
    EXPECT_EQ(rated->people.back().place, 2);
}

TEST_F(RatedGameTest, NotRatedAloneInPrivateInTheDailyDealOrBeforeTheEnd) {
    play(1);
    EXPECT_FALSE(rated_game(setup_, game_));  // one person
    play(2);
    TableSetup priv = setup_;
    priv.kind = TableKind::Private;
    EXPECT_FALSE(rated_game(priv, game_));
    TableSetup daily = setup_;
    daily.daily = "2026-12-06";
    EXPECT_FALSE(rated_game(daily, game_));
    EXPECT_FALSE(rated_game(setup_, Game(Rules{}, 7)));  // not over
}

// A private table's game is rated when every person who sat there agreed before its first
// card (the host's agreement is the asking); someone who sat down later did not agree.
TEST_F(RatedGameTest, APrivateGameIsRatedWhenEveryPersonAtItAgreed) {
    play(3);
    TableSetup priv = setup_;
    priv.kind = TableKind::Private;
    for (int s = 0; s < 3; ++s) priv.seats[std::size_t(s)].rated_vote = true;
    EXPECT_TRUE(rated_table(priv));
    auto rated = rated_game(priv, game_);
    ASSERT_TRUE(rated);
    EXPECT_EQ(rated->people.size(), 3u);
    // One of them did not agree (or sat down after the first card): not rated.
    priv.seats[1].rated_vote = false;
    EXPECT_FALSE(rated_table(priv));
    EXPECT_FALSE(rated_game(priv, game_));
    // A conceder's agreement still counts: they agreed, and take the last place.
    priv.seats[1].rated_vote = true;
    priv.seats[2].conceded = true;
    ASSERT_TRUE(rated_game(priv, game_));
    EXPECT_EQ(rated_game(priv, game_)->people.back().player, "p2");
    // Alone, or a game against the computer, never.
    TableSetup alone = priv;
    alone.seats[1].player.clear();
    alone.seats[2].player.clear();
    EXPECT_FALSE(rated_table(alone));
    TableSetup solo = priv;
    solo.kind = TableKind::Solo;
    EXPECT_FALSE(rated_table(solo));
    EXPECT_TRUE(rated_table(setup_));  // public: always
}

// Computer players at a table of people (docs/ratings.md, "What is rated"): each that held
// an empty seat stands in the standings at its level's fixed rating, so the people are
// rated against it too; the one that took a conceded seat does not (the person is last).
TEST_F(RatedGameTest, ComputerPlayersCountInTheStandingsAtTheirLevelsFixedRating) {
    play(2);  // p0 and p1; two expert computer players
    auto rated = rated_game(setup_, game_);
    ASSERT_TRUE(rated);
    ASSERT_EQ(rated->bots.size(), 2u);
    EXPECT_EQ(rated->bots[0].rating.mu, bot_rating("expert")->mu);
    const auto totals = game_.scores();
    // Each person's standing is the count of seats with a lower total; their place the
    // count of people with one.
    for (const RatedPlace& p : rated->people) {
        const int seat = p.player == "p0" ? 0 : 1;
        int lower = 0;
        for (int t : totals) lower += t < totals[std::size_t(seat)] ? 1 : 0;
        EXPECT_EQ(p.standing, lower) << p.player;
        const int other = totals[std::size_t(1 - seat)];
        EXPECT_EQ(p.place, other < totals[std::size_t(seat)] ? 1 : 0) << p.player;
    }
    for (const RatedBot& b : rated->bots) EXPECT_GE(b.standing, 0);
    // Levels are ordered, and an unknown level counts nobody.
    EXPECT_LT(bot_rating("random")->mu, bot_rating("easy")->mu);
    EXPECT_LT(bot_rating("easy")->mu, bot_rating("medium")->mu);
    EXPECT_LT(bot_rating("medium")->mu, bot_rating("hard")->mu);
    EXPECT_LT(bot_rating("hard")->mu, bot_rating("expert")->mu);
    EXPECT_FALSE(bot_rating("moonshot"));
    TableSetup odd = setup_;
    odd.bot_level = "moonshot";
    EXPECT_TRUE(rated_game(odd, game_)->bots.empty());
    // The computer player that took p1's conceded seat is not in the standings.
    setup_.seats[1].conceded = true;
    rated = rated_game(setup_, game_);
    ASSERT_TRUE(rated);
    EXPECT_EQ(rated->bots.size(), 2u);
    EXPECT_EQ(rated->people.back().player, "p1");
    EXPECT_EQ(rated->people.back().standing, 3);
    EXPECT_EQ(rated->people.back().place, 1);
}

}  // namespace
}  // namespace hearts::server
