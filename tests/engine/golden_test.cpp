// Golden playthroughs: whole games with a fixed seed and a fixed policy for every
// decision, written out as text and compared with the files in tests/data. Any change
// to dealing, legal moves, trick winners or scoring shows up as a diff.
//
// After a deliberate change to the rules, regenerate the files and read the diff:
//   HEARTS_UPDATE_GOLDEN=1 ./engine_tests --gtest_filter='Golden*'
//
// File format: one `to_string(Action)` per line ("S pass 8H KH AH", "W play 2C",
// "N moon shooter", "next"), between lines that start with a word no action starts with:
// "rules", "seed", "hand" (number and pass direction), "deal" (a seat's 13 cards),
// "trick" (who won it), "result" (the hand's score sheet row), "final" (totals and
// winners). Each action line is replayed on a fresh Game to check the file itself.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "hearts/card.h"
#include "hearts/game.h"
#include "hearts/random.h"
#include "hearts/rules.h"
#include "notation.h"

#ifndef HEARTS_TEST_DATA_DIR
#error "HEARTS_TEST_DATA_DIR must name the tests/data directory"
#endif

namespace hearts {
namespace {

using namespace test_notation;

// The decisions of one seat's turn. Each policy is a pure function of the game and its
// own Rng, so the playthrough is the same on every compiler and platform.
struct Policy {
    std::function<CardSet(const Game&, Seat, Rng&)> pass;
    std::function<Card(const Game&, Rng&)> play;
    std::function<MoonChoice(const Game&, Rng&)> moon;
};

// Easy to check by eye: pass the three highest cards, play the lowest legal card.
Policy lowest_card_policy() {
    return {[](const Game& g, Seat s, Rng&) { return three_highest(g.holding(s)); },
            [](const Game& g, Rng&) { return g.legal_plays().lowest(); },
            [](const Game&, Rng&) { return MoonChoice::AddToOthers; }};
}

// A random legal card from the seeded Rng: reaches more kinds of play.
Policy random_card_policy() {
    return {[](const Game& g, Seat s, Rng&) { return three_highest(g.holding(s)); },
            [](const Game& g, Rng& rng) {
                const CardSet legal = g.legal_plays();
                return legal.nth(int(rng.below(std::uint32_t(legal.size()))));
            },
            [](const Game&, Rng& rng) {
                return rng.below(2) ? MoonChoice::SubtractFromShooter : MoonChoice::AddToOthers;
            }};
}

std::string seats_line(const std::array<int, kSeats>& v) {
    std::string out;
    for (Seat s : kAllSeats) {
        out += ' ';
        out += seat_letter(s);
        out += ' ';
        out += std::to_string(v[int(s)]);
    }
    return out;
}

std::string seat_list(const std::vector<Seat>& seats) {
    std::string out;
    for (Seat s : seats) {
        if (!out.empty()) out += ' ';
        out += seat_name(s);
    }
    return out;
}

struct Playthrough {
    std::string text;
    Game game;
};

// Plays the whole game and writes it down.
Playthrough play_through(const Rules& rules, std::uint64_t seed, const Policy& policy) {
    Game g(rules, seed);
    Rng rng(seed);
    std::ostringstream out;
    out << "rules " << to_string(rules) << "\n";
    out << "seed " << seed << "\n";
    auto apply = [&](const Action& a) {
        Status st = g.apply(a);
        EXPECT_TRUE(st) << to_string(a) << ": " << st.error().reason;
        out << to_string(a) << "\n";
        return bool(st);
    };
    auto start_hand = [&] {
        out << "hand " << g.hand_index() + 1 << " pass " << to_string(g.pass_direction()) << "\n";
        for (Seat s : kAllSeats)
            out << "deal " << seat_letter(s) << ' ' << to_string(g.dealt(s)) << "\n";
    };
    std::size_t results_written = 0;
    auto write_results = [&] {
        for (; results_written < g.results().size(); ++results_written) {
            const HandResult& r = g.results()[results_written];
            out << "result hand " << r.hand_index + 1 << " points" << seats_line(r.points);
            if (r.moon) out << " moon " << seat_name(r.shooter) << ' ' << to_string(r.moon_choice);
            out << " score" << seats_line(r.score) << " totals" << seats_line(r.totals)
                << " winners " << seat_list(r.winners()) << "\n";
        }
    };
    start_hand();
    while (g.phase() != Phase::GameOver) {
        bool ok = true;
        switch (g.phase()) {
            case Phase::Pass:
                for (Seat s : kAllSeats) ok = ok && apply(Action::pass(s, policy.pass(g, s, rng)));
                break;
            case Phase::Play:
                ok = apply(Action::play(g.to_move(), policy.play(g, rng)));
                if (ok && g.hand().trick_size() == 0) {
                    const int t = g.hand().trick_number() - 1;
                    out << "trick " << t + 1 << " won by " << seat_letter(g.hand().winner(t))
                        << "\n";
                }
                break;
            case Phase::MoonChoice:
                ok = apply(Action::choose_moon(g.to_move(), policy.moon(g, rng)));
                break;
            case Phase::HandOver:
                ok = apply(Action::next_hand());
                start_hand();
                break;
            case Phase::GameOver:
                break;
        }
        if (!ok) break;
        write_results();
    }
    out << "final totals" << seats_line(g.scores()) << " winners " << seat_list(g.winners())
        << "\n";
    return {out.str(), g};
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

bool is_note(const std::string& line) {
    for (const char* word : {"rules ", "seed ", "hand ", "deal ", "trick ", "result ", "final "}) {
        if (line.rfind(word, 0) == 0) return true;
    }
    return line.empty() || line[0] == '#';
}

// Compares with the golden file (or rewrites it), then replays the file's actions.
void check_golden(const std::string& file, const Rules& rules, std::uint64_t seed,
                  const Policy& policy) {
    const std::string path = std::string(HEARTS_TEST_DATA_DIR) + "/" + file;
    const Playthrough now = play_through(rules, seed, policy);
    ASSERT_EQ(now.game.phase(), Phase::GameOver);

    const char* update = std::getenv("HEARTS_UPDATE_GOLDEN");
    if (update && std::string(update) == "1") {
        std::ofstream(path) << now.text;
        std::cout << "rewrote " << path << "\n";
    }
    std::ifstream in(path);
    ASSERT_TRUE(in) << "cannot read " << path << "; create it with HEARTS_UPDATE_GOLDEN=1";
    std::stringstream golden;
    golden << in.rdbuf();

    const auto want = lines_of(golden.str());
    const auto got = lines_of(now.text);
    for (std::size_t i = 0; i < std::min(want.size(), got.size()); ++i) {
        ASSERT_EQ(got[i], want[i]) << path << ":" << i + 1 << " differs (the first difference)";
    }
    ASSERT_EQ(got.size(), want.size()) << path << " has a different number of lines";

    // The file is a game record in itself: its actions rebuild the same game.
    Game replay(rules, seed);
    int actions = 0;
    for (std::size_t i = 0; i < want.size(); ++i) {
        if (is_note(want[i])) continue;
        auto action = parse_action(want[i]);
        ASSERT_TRUE(action) << path << ":" << i + 1 << ": " << action.error().reason;
        EXPECT_EQ(to_string(*action), want[i]);
        Status st = replay.apply(*action);
        ASSERT_TRUE(st) << path << ":" << i + 1 << ": " << st.error().reason;
        ++actions;
    }
    EXPECT_EQ(actions, int(now.game.history().size()));
    EXPECT_EQ(replay, now.game);
}

TEST(Golden, DefaultRulesSeed1LowestCardPolicy) {
    check_golden("golden_seed1.txt", Rules{}, 1, lowest_card_policy());
}

TEST(Golden, VariantRulesSeed5RandomCardPolicy) {
    auto rules = parse_rules("pass=LARN,queen_breaks=yes,moon=choice,jack=yes,end=60,tie=share");
    ASSERT_TRUE(rules) << rules.error().reason;
    check_golden("golden_variant_seed5.txt", *rules, 5, random_card_policy());
}

}  // namespace
}  // namespace hearts
