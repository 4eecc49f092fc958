// Game records (docs/game-record.md): a record loads back to the very game that wrote
// it, in every phase and under every rule variant; every kind of bad record is refused
// with the field or action at fault named; and no input, however broken, crashes or
// throws.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <nlohmann/json.hpp>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "hearts/game.h"
#include "hearts/hand.h"
#include "hearts/random.h"
#include "hearts/record.h"

namespace hearts {
namespace {

using Json = nlohmann::ordered_json;

// ---- driving games ----

// Everyone helps `target` take every point card: the target plays high, the others
// follow low and throw points when void. About one hand in thirty ends in a moon, which
// random play almost never reaches.
Card helper_play(const Game& g, Seat target) {
    const CardSet legal = g.legal_plays();
    if (g.to_move() == target) return legal.highest();
    const Hand& hand = g.hand();
    if (hand.trick_size() > 0) {
        if (legal.intersects(suit_mask(hand.led().suit()))) return legal.lowest();
        const CardSet points = legal & (kHearts | kQueenOfSpades);
        return points.empty() ? legal.highest() : points.highest();
    }
    const CardSet safe = legal - kHearts - kQueenOfSpades;
    return safe.empty() ? legal.lowest() : safe.lowest();
}

// Plays random legal actions, one at a time, and remembers each hand's deal. A third of
// the hands are played by helper_play so that moons happen.
class Driver {
  public:
    explicit Driver(std::uint64_t seed) : rng_(seed) {}

    int below(int n) { return int(rng_() % std::uint64_t(n)); }

    // Applies one legal action. False once the game is over.
    bool step(Game& g) {
        if (g.phase() == Phase::GameOver) return false;
        if (g.hand_index() != hand_) {
            hand_ = g.hand_index();
            helping_ = below(3) == 0;
            target_ = Seat(below(4));
            Hands dealt{};
            for (Seat s : kAllSeats) dealt[std::size_t(s)] = g.dealt(s);
            deals_.push_back(dealt);
        }
        Action a;
        switch (g.phase()) {
            case Phase::Pass: {
                std::vector<Seat> waiting;
                for (Seat s : kAllSeats)
                    if (g.awaiting(s)) waiting.push_back(s);
                const Seat s = waiting[std::size_t(below(int(waiting.size())))];
                const CardSet holding = g.holding(s);
                CardSet pass;
                while (pass.size() < 3) pass |= holding.nth(below(holding.size()));
                a = Action::pass(s, pass);
                break;
            }
            case Phase::Play: {
                const CardSet legal = g.legal_plays();
                a = Action::play(g.to_move(), helping_ ? helper_play(g, target_)
                                                       : legal.nth(below(legal.size())));
                break;
            }
            case Phase::MoonChoice:
                a = Action::choose_moon(g.to_move(), MoonChoice(below(2)));
                break;
            case Phase::HandOver:
                a = Action::next_hand();
                break;
            case Phase::GameOver:
                return false;
        }
        const Status applied = g.apply(a);
        EXPECT_TRUE(applied) << to_string(a) << ": " << applied.error().reason;
        return bool(applied);
    }

    // The deal of every hand started so far, as seen while playing.
    const std::vector<Hands>& deals() const { return deals_; }

  private:
    std::mt19937_64 rng_;
    int hand_ = -1;
    bool helping_ = false;
    Seat target_ = Seat::South;
    std::vector<Hands> deals_;
};

Rules rules_from(std::string_view text) {
    auto r = parse_rules(text);
    EXPECT_TRUE(r) << text << ": " << r.error().reason;
    return r ? *r : Rules{};
}

const std::vector<std::string> kVariants = {
    "",
    "pass=LARN,queen_breaks=yes",
    "moon=choice,jack=yes",
    "moon=shooter,jack=yes,tie=share,end=60",
    "pass=N,moon=choice,end=50",
    "pass=AL,tie=share,end=1",
    "hands=4,tie=share",
};

// A game played by a Driver to the end or until `max_actions`.
Game play(const Rules& rules, std::uint64_t seed, int max_actions = 1 << 30) {
    Game g(rules, seed);
    Driver d(seed * 7919 + 1);
    for (int i = 0; i < max_actions && d.step(g); ++i) {
    }
    return g;
}

Json parse_json(const std::string& text) {
    Json j = Json::parse(text, nullptr, false);
    EXPECT_FALSE(j.is_discarded()) << text;
    return j;
}

std::string seat_key(Seat s) {
    return std::string(1, seat_letter(s));
}

std::vector<std::string> card_strings(CardSet cards) {
    std::vector<std::string> out;
    for (Card c : cards) out.push_back(to_string(c));
    return out;
}

// Checks a record against the game field by field, independently of the loader, so a
// writer bug cannot hide behind a loader that shares it.
void expect_record_describes(const Json& r, const Game& g, const std::vector<Hands>& deals) {
    EXPECT_EQ(r["format"], "hearts-game-record");
    EXPECT_EQ(r["version"], 1);
    EXPECT_EQ(r["seed"], std::to_string(g.seed()));
    EXPECT_EQ(r["rules"]["pass"], pass_cycle_string(g.rules()));
    EXPECT_EQ(r["rules"]["queen_breaks"], g.rules().queen_breaks_hearts);
    EXPECT_EQ(r["rules"]["moon"], std::string(to_string(g.rules().moon)));
    EXPECT_EQ(r["rules"]["jack"], g.rules().jack_of_diamonds);
    EXPECT_EQ(r["rules"]["end"], g.rules().end_score);
    EXPECT_EQ(r["rules"]["tie"], g.rules().tie_continues ? "continue" : "share");

    ASSERT_EQ(r["deals"].size(), deals.size());
    for (std::size_t i = 0; i < deals.size(); ++i) {
        EXPECT_EQ(r["deals"][i]["hand"], i + 1);
        for (Seat s : kAllSeats) {
            EXPECT_EQ(r["deals"][i][seat_key(s)].get<std::vector<std::string>>(),
                      card_strings(deals[i][std::size_t(s)]))
                << "hand " << i + 1 << " seat " << seat_key(s);
        }
    }

    const auto& history = g.history();
    ASSERT_EQ(r["actions"].size(), history.size());
    for (std::size_t i = 0; i < history.size(); ++i) {
        const Json& a = r["actions"][i];
        std::string text;
        if (a.contains("next")) {
            EXPECT_EQ(a.size(), 1u);
            text = "next";
        } else {
            EXPECT_EQ(a.size(), 2u);
            const std::string seat = a["seat"];
            if (a.contains("pass")) {
                text = seat + " pass";
                for (const Json& c : a["pass"]) text += " " + c.get<std::string>();
            } else if (a.contains("play")) {
                text = seat + " play " + a["play"].get<std::string>();
            } else {
                text = seat + " moon " + a["moon"].get<std::string>();
            }
        }
        EXPECT_EQ(text, to_string(history[i])) << "actions[" << i << "]";
    }

    const Json& result = r["result"];
    ASSERT_EQ(result["hands"].size(), g.results().size());
    for (std::size_t i = 0; i < g.results().size(); ++i) {
        const HandResult& hr = g.results()[i];
        const Json& h = result["hands"][i];
        EXPECT_EQ(h["hand"], hr.hand_index + 1);
        EXPECT_EQ(h["pass"], std::string(to_string(hr.pass)));
        for (Seat s : kAllSeats) {
            EXPECT_EQ(h["points"][seat_key(s)], hr.points[std::size_t(s)]);
            EXPECT_EQ(h["score"][seat_key(s)], hr.score[std::size_t(s)]);
            EXPECT_EQ(h["totals"][seat_key(s)], hr.totals[std::size_t(s)]);
        }
        if (hr.moon) {
            EXPECT_EQ(h["moon"]["shooter"], seat_key(hr.shooter));
            EXPECT_EQ(h["moon"]["scored"], std::string(to_string(hr.moon_choice)));
        } else {
            EXPECT_TRUE(h["moon"].is_null());
        }
        std::vector<std::string> winners;
        for (Seat s : hr.winners()) winners.push_back(seat_key(s));
        EXPECT_EQ(h["winners"].get<std::vector<std::string>>(), winners);
    }
    for (Seat s : kAllSeats) EXPECT_EQ(result["scores"][seat_key(s)], g.scores()[std::size_t(s)]);
    EXPECT_EQ(result["finished"], g.phase() == Phase::GameOver);
    if (g.phase() == Phase::GameOver) {
        std::vector<std::string> winners;
        for (Seat s : g.winners()) winners.push_back(seat_key(s));
        EXPECT_EQ(result["winners"].get<std::vector<std::string>>(), winners);
    } else {
        EXPECT_FALSE(result.contains("winners"));
    }
}

// The record of `g` loads back to `g`. `thorough` also tries one line and indents 0 and
// 4, and checks that the loaded game writes the very same text.
void expect_round_trip(const Game& g, bool thorough = false) {
    const std::vector<int> indents = thorough ? std::vector<int>{2, -1, 0, 4} : std::vector<int>{2};
    for (int indent : indents) {
        const std::string text = to_record_json(g, indent);
        auto back = load_record(text);
        ASSERT_TRUE(back) << back.error().reason << "\n" << text;
        EXPECT_TRUE(*back == g) << "phase " << to_string(g.phase()) << ", " << g.history().size()
                                << " actions";
        if (thorough) {
            EXPECT_EQ(to_record_json(*back, indent), text);
            if (indent < 0) {
                EXPECT_EQ(text, parse_json(to_record_json(g)).dump());
            }
        }
    }
}

// ---- round trips ----

TEST(RecordRoundTrip, RandomGamesStoppedAnywhereUnderEveryVariant) {
    std::set<Phase> phases_checked;
    int moon_choices_checked = 0, mid_pass_checked = 0, moons_scored = 0;
    for (const std::string& variant : kVariants) {
        const Rules rules = rules_from(variant);
        for (std::uint64_t seed = 1; seed <= 6; ++seed) {
            SCOPED_TRACE("rules '" + variant + "' seed " + std::to_string(seed));
            Game g(rules, seed * 1000003);
            Driver d(seed);
            std::mt19937_64 when(seed);
            do {
                // Every pending moon choice, a quarter of the hand ends, 1/60 of the rest.
                const std::uint64_t odds = g.phase() == Phase::MoonChoice ? 1
                                           : g.phase() == Phase::HandOver ? 4
                                                                          : 60;
                if (when() % odds != 0) continue;
                expect_round_trip(g);
                if (HasFatalFailure()) return;
                phases_checked.insert(g.phase());
                int passed = 0;
                for (Seat s : kAllSeats) passed += g.has_passed(s) ? 1 : 0;
                mid_pass_checked += g.phase() == Phase::Pass && passed > 0;
                moon_choices_checked += g.phase() == Phase::MoonChoice;
            } while (d.step(g));
            ASSERT_EQ(g.phase(), Phase::GameOver);
            expect_round_trip(g, true);
            phases_checked.insert(g.phase());
            for (const HandResult& r : g.results()) moons_scored += r.moon;
            expect_record_describes(parse_json(to_record_json(g)), g, d.deals());
        }
    }
    // The test means little if the interesting states never came up.
    EXPECT_EQ(phases_checked.size(), 5u);
    EXPECT_GE(moon_choices_checked, 2);
    EXPECT_GE(mid_pass_checked, 5);
    EXPECT_GE(moons_scored, 5);
    std::printf("checked %d pending moon choices and %d half-done passes; %d moons scored\n",
                moon_choices_checked, mid_pass_checked, moons_scored);
}

TEST(RecordRoundTrip, RecordDescribesGamesInEveryPhase) {
    for (const std::string& variant : kVariants) {
        const Rules rules = rules_from(variant);
        Game g(rules, 99);
        Driver d(99);
        int steps = 0;
        do {
            if (++steps % 37 == 0)
                expect_record_describes(parse_json(to_record_json(g)), g, d.deals());
        } while (d.step(g));
    }
}

// Under moon=choice the shooter's decision is its own state; both answers round-trip.
TEST(RecordRoundTrip, MoonChoicePendingAndEitherAnswer) {
    Rules rules = rules_from("pass=N,moon=choice");
    int found = 0;
    for (std::uint64_t seed = 0; seed < 400 && found < 3; ++seed) {
        Game g(rules, seed);
        while (g.phase() == Phase::Play) {
            ASSERT_TRUE(g.apply(Action::play(g.to_move(), helper_play(g, Seat(seed % 4)))));
        }
        if (g.phase() != Phase::MoonChoice) continue;
        ++found;
        SCOPED_TRACE("seed " + std::to_string(seed));
        expect_round_trip(g, true);
        for (MoonChoice choice : {MoonChoice::AddToOthers, MoonChoice::SubtractFromShooter}) {
            Game chosen = g;
            ASSERT_TRUE(chosen.apply(Action::choose_moon(chosen.moon_shooter(), choice)));
            expect_round_trip(chosen, true);
            const Json r = parse_json(to_record_json(chosen));
            EXPECT_EQ(r["actions"].back()["moon"], std::string(to_string(choice)));
            const Json& moon = r["result"]["hands"][0]["moon"];
            EXPECT_EQ(moon["shooter"], seat_key(chosen.moon_shooter()));
            EXPECT_EQ(moon["scored"], std::string(to_string(choice)));
        }
    }
    EXPECT_EQ(found, 3);
}

TEST(RecordRoundTrip, LargestSeedIsExact) {
    const std::uint64_t seed = std::numeric_limits<std::uint64_t>::max();
    const Game g = play(Rules{}, seed, 80);
    const std::string text = to_record_json(g);
    EXPECT_NE(text.find("\"seed\": \"18446744073709551615\""), std::string::npos);
    auto back = load_record(text);
    ASSERT_TRUE(back) << back.error().reason;
    EXPECT_EQ(back->seed(), seed);
    EXPECT_TRUE(*back == g);
}

TEST(RecordRoundTrip, NewGameWithNoActions) {
    for (const std::string& variant : kVariants) {
        const Game g(rules_from(variant), 5);
        expect_round_trip(g, true);
    }
}

// ---- layout ----

TEST(RecordFormat, OneLineOutputIsOneLineOfJson) {
    const Game g = play(rules_from("moon=choice,jack=yes"), 3);
    const std::string line = to_record_json(g, -1);
    EXPECT_EQ(line.find('\n'), std::string::npos);
    EXPECT_EQ(parse_json(line), parse_json(to_record_json(g)));
    // Written straight to text, it is byte for byte what the JSON library prints for the
    // same values (the pretty form is written through the library).
    EXPECT_EQ(line, parse_json(to_record_json(g)).dump());
    auto back = load_record(line);
    ASSERT_TRUE(back) << back.error().reason;
    EXPECT_TRUE(*back == g);
}

TEST(RecordFormat, PrettyOutputHasOneActionPerLineWithin100Columns) {
    const Game g = play(Rules{}, 11);
    const std::string text = to_record_json(g);
    std::size_t lines = 0, start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos) end = text.size();
        EXPECT_LE(end - start, 100u) << text.substr(start, end - start);
        ++lines;
        start = end + 1;
    }
    // One line per action plus a bounded frame: not nlohmann's one line per value.
    EXPECT_LT(lines, g.history().size() + 17 * g.results().size() + 40);
    EXPECT_NE(text.find("\n    {\"seat\": \"S\", \"pass\": ["), std::string::npos);
}

TEST(RecordFormat, SeedMayBeANumber) {
    const Game g = play(Rules{}, 12345, 30);
    Json r = parse_json(to_record_json(g));
    r["seed"] = 12345;
    auto back = load_record(r.dump());
    ASSERT_TRUE(back) << back.error().reason;
    EXPECT_TRUE(*back == g);

    const Game big = play(Rules{}, std::numeric_limits<std::uint64_t>::max(), 30);
    Json rb = parse_json(to_record_json(big));
    rb["seed"] = std::numeric_limits<std::uint64_t>::max();
    auto back_big = load_record(rb.dump());
    ASSERT_TRUE(back_big) << back_big.error().reason;
    EXPECT_TRUE(*back_big == big);
}

TEST(RecordFormat, DealsAndResultAreOptional) {
    const Game g = play(rules_from("jack=yes"), 8, 300);
    Json r = parse_json(to_record_json(g));
    r.erase("deals");
    r.erase("result");
    auto back = load_record(r.dump());
    ASSERT_TRUE(back) << back.error().reason;
    EXPECT_TRUE(*back == g);

    auto minimal = load_record(R"({"format": "hearts-game-record", "version": 1,
        "rules": {"pass": "LRAN", "queen_breaks": false, "moon": "others", "jack": false,
                  "end": 100, "tie": "continue"},
        "seed": "42", "actions": []})");
    ASSERT_TRUE(minimal) << minimal.error().reason;
    EXPECT_TRUE(*minimal == Game(Rules{}, 42));
}

// The example in docs/game-record.md, byte for byte: a one-hand game (end 1) in which
// North shoots the moon and chooses +26 for the others. It pins the layout, the deal
// algorithm and the scoring of the format.
constexpr std::string_view kDocExample = R"({
  "format": "hearts-game-record",
  "version": 1,
  "rules": {
    "pass": "LRAN",
    "queen_breaks": false,
    "moon": "choice",
    "jack": false,
    "end": 1,
    "tie": "continue"
  },
  "seed": "155",
  "deals": [
    {
      "hand": 1,
      "S": ["5C", "6C", "KC", "2D", "5D", "7D", "9D", "KD", "4S", "TS", "5H", "6H", "8H"],
      "W": ["2C", "4C", "9C", "TC", "6D", "AD", "QS", "2H", "3H", "7H", "9H", "JH", "KH"],
      "N": ["QC", "3D", "TD", "2S", "3S", "6S", "9S", "JS", "KS", "AS", "TH", "QH", "AH"],
      "E": ["3C", "7C", "8C", "JC", "AC", "4D", "8D", "JD", "QD", "5S", "7S", "8S", "4H"]
    }
  ],
  "actions": [
    {"seat": "S", "pass": ["6C", "2D", "8H"]},
    {"seat": "W", "pass": ["9C", "AD", "QS"]},
    {"seat": "N", "pass": ["3D", "QH", "AH"]},
    {"seat": "E", "pass": ["7C", "JC", "AC"]},
    {"seat": "W", "play": "2C"},
    {"seat": "N", "play": "QC"},
    {"seat": "E", "play": "3C"},
    {"seat": "S", "play": "5C"},
    {"seat": "N", "play": "AS"},
    {"seat": "E", "play": "5S"},
    {"seat": "S", "play": "4S"},
    {"seat": "W", "play": "KH"},
    {"seat": "N", "play": "TH"},
    {"seat": "E", "play": "4H"},
    {"seat": "S", "play": "5H"},
    {"seat": "W", "play": "2H"},
    {"seat": "N", "play": "KS"},
    {"seat": "E", "play": "7S"},
    {"seat": "S", "play": "TS"},
    {"seat": "W", "play": "JH"},
    {"seat": "N", "play": "QS"},
    {"seat": "E", "play": "8S"},
    {"seat": "S", "play": "6H"},
    {"seat": "W", "play": "9H"},
    {"seat": "N", "play": "JS"},
    {"seat": "E", "play": "AH"},
    {"seat": "S", "play": "KD"},
    {"seat": "W", "play": "8H"},
    {"seat": "N", "play": "9S"},
    {"seat": "E", "play": "QH"},
    {"seat": "S", "play": "9D"},
    {"seat": "W", "play": "7H"},
    {"seat": "N", "play": "6S"},
    {"seat": "E", "play": "QD"},
    {"seat": "S", "play": "7D"},
    {"seat": "W", "play": "3H"},
    {"seat": "N", "play": "3S"},
    {"seat": "E", "play": "JD"},
    {"seat": "S", "play": "5D"},
    {"seat": "W", "play": "6D"},
    {"seat": "N", "play": "2S"},
    {"seat": "E", "play": "8D"},
    {"seat": "S", "play": "AC"},
    {"seat": "W", "play": "2D"},
    {"seat": "N", "play": "AD"},
    {"seat": "E", "play": "3D"},
    {"seat": "S", "play": "KC"},
    {"seat": "W", "play": "TC"},
    {"seat": "N", "play": "TD"},
    {"seat": "E", "play": "4D"},
    {"seat": "S", "play": "JC"},
    {"seat": "W", "play": "6C"},
    {"seat": "N", "play": "9C"},
    {"seat": "E", "play": "8C"},
    {"seat": "S", "play": "7C"},
    {"seat": "W", "play": "4C"},
    {"seat": "N", "moon": "others"}
  ],
  "result": {
    "hands": [
      {
        "hand": 1,
        "pass": "left",
        "points": {"S": 0, "W": 0, "N": 26, "E": 0},
        "score": {"S": 26, "W": 26, "N": 0, "E": 26},
        "totals": {"S": 26, "W": 26, "N": 0, "E": 26},
        "moon": {"shooter": "N", "scored": "others"},
        "winners": ["N"]
      }
    ],
    "scores": {"S": 26, "W": 26, "N": 0, "E": 26},
    "finished": true,
    "winners": ["N"]
  }
})";

TEST(RecordGolden, DocumentExampleLoadsAndIsWrittenIdentically) {
    auto g = load_record(kDocExample);
    ASSERT_TRUE(g) << g.error().reason;
    EXPECT_EQ(g->seed(), 155u);
    EXPECT_EQ(g->phase(), Phase::GameOver);
    EXPECT_EQ(g->winners(), std::vector<Seat>{Seat::North});
    EXPECT_EQ(g->scores(), (std::array<int, kSeats>{26, 26, 0, 26}));
    EXPECT_EQ(to_record_json(*g), kDocExample);
}

// The deal exactly as docs/game-record.md states it, written from the document: if the
// engine's shuffle changes, this and the document must change with it.
TEST(RecordDealAlgorithm, MatchesTheDocumentedSteps) {
    struct DocRng {
        std::uint64_t state;
        std::vector<std::uint32_t> pending;  // the low half, waiting
        static std::uint64_t mix(std::uint64_t z) {
            z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
            z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
            return z ^ (z >> 31);
        }
        std::uint32_t draw32() {
            if (!pending.empty()) {
                const std::uint32_t low = pending.back();
                pending.clear();
                return low;
            }
            state += 0x9e3779b97f4a7c15ULL;
            const std::uint64_t x = mix(state);
            pending.push_back(std::uint32_t(x & 0xffffffffu));
            return std::uint32_t(x >> 32);
        }
        std::uint32_t below(std::uint32_t n) {
            const std::uint32_t threshold = std::uint32_t((std::uint64_t{1} << 32) % n);
            for (;;) {
                const std::uint64_t m = std::uint64_t(draw32()) * n;
                if (std::uint32_t(m) >= threshold) return std::uint32_t(m >> 32);
            }
        }
    };
    const auto doc_deal = [](std::uint64_t game_seed, int hand_number) {
        DocRng rng{DocRng::mix(game_seed + 0x9e3779b97f4a7c15ULL * std::uint64_t(hand_number)), {}};
        std::array<int, 52> deck{};
        for (int i = 0; i < 52; ++i) deck[std::size_t(i)] = i;
        for (int i = 51; i >= 1; --i) {
            std::swap(deck[std::size_t(i)], deck[rng.below(std::uint32_t(i + 1))]);
        }
        Hands hands{};
        for (int k = 0; k < 52; ++k)
            hands[std::size_t(k / 13)] |= Card::from_index(deck[std::size_t(k)]);
        return hands;
    };

    // The worked example in the document.
    EXPECT_EQ(hand_seed(155, 0), 0xfba1c308dec50480ULL);
    EXPECT_EQ(to_string(doc_deal(155, 1)[0]), "5C 6C KC 2D 5D 7D 9D KD 4S TS 5H 6H 8H");

    std::mt19937_64 seeds(2024);
    for (int n = 0; n < 300; ++n) {
        const std::uint64_t edges[] = {0, std::uint64_t{1} << 63, ~std::uint64_t{0}};
        const std::uint64_t seed = n < 3 ? edges[n] : seeds();
        const Game g = play(rules_from("pass=N"), seed, 60 * (n % 5));
        const int hands_dealt = g.hand_index() + 1;
        const Json r = parse_json(to_record_json(g));
        ASSERT_EQ(int(r["deals"].size()), hands_dealt);
        for (int h = 0; h < hands_dealt; ++h) {
            const Hands expected = doc_deal(seed, h + 1);
            EXPECT_EQ(deal(hand_seed(seed, h)), expected);
            for (Seat s : kAllSeats) {
                EXPECT_EQ(r["deals"][std::size_t(h)][seat_key(s)].get<std::vector<std::string>>(),
                          card_strings(expected[std::size_t(s)]));
            }
        }
    }
}

// ---- rejections ----

std::string text_reason(std::string_view text) {
    auto g = load_record(text);
    EXPECT_FALSE(g) << "accepted: " << text.substr(0, 300);
    return g ? std::string() : g.error().reason;
}

std::string reason(const Json& j) {
    return text_reason(j.dump());
}

// A finished short game (end 20) under jack=yes, so results have several hands.
const Json& sample() {
    static const Json record = [] {
        const Game g = play(rules_from("jack=yes,end=20"), 77);
        EXPECT_EQ(g.phase(), Phase::GameOver);
        EXPECT_GE(g.results().size(), 2u);
        return parse_json(to_record_json(g));
    }();
    return record;
}

#define EXPECT_STARTS_WITH(text, prefix)                    \
    EXPECT_TRUE(std::string_view(text).starts_with(prefix)) \
        << "reason: " << (text) << "\nexpected start: " << (prefix)

TEST(RecordRejects, EmptyInput) {
    EXPECT_EQ(text_reason(""), "empty input: a game record is a JSON object");
    EXPECT_EQ(text_reason(" \n\t "), "empty input: a game record is a JSON object");
}

TEST(RecordRejects, EveryTruncationOfARecord) {
    const std::string text = to_record_json(play(Rules{}, 4, 70), -1);
    for (std::size_t n = 1; n < text.size(); ++n) {
        const std::string why = text_reason(text.substr(0, n));
        EXPECT_STARTS_WITH(why, "not valid JSON: ");
        if (HasFailure()) return;
    }
    EXPECT_STARTS_WITH(text_reason(text + "}"), "not valid JSON: ");
    EXPECT_STARTS_WITH(text_reason(text + " x"), "not valid JSON: ");
}

TEST(RecordRejects, JsonErrorsAreShortPrintableAscii) {
    const auto printable = [](const std::string& text) {
        for (char c : text)
            if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) > 0x7e)
                return false;
        return true;
    };
    std::string why = text_reason("\xff\xfe");
    EXPECT_STARTS_WITH(why, "not valid JSON: parse error at line 1, column 1");
    EXPECT_TRUE(printable(why)) << why;
    why = text_reason("{\"format\": \"" + std::string(100000, 'a'));
    EXPECT_STARTS_WITH(why, "not valid JSON: parse error at line 1, column 100013");
    EXPECT_LT(why.size(), 300u);
    why = text_reason("{\"x\": \"\x01\xce\xbb");
    EXPECT_TRUE(printable(why)) << why;
}

TEST(RecordRejects, NotAnObject) {
    EXPECT_EQ(text_reason("[]"), "a game record is a JSON object, got []");
    EXPECT_EQ(text_reason("42"), "a game record is a JSON object, got 42");
    EXPECT_EQ(text_reason("\"hearts\""), "a game record is a JSON object, got \"hearts\"");
    EXPECT_EQ(text_reason("null"), "a game record is a JSON object, got null");
}

TEST(RecordRejects, FormatAndVersion) {
    Json r = sample();
    r.erase("format");
    EXPECT_EQ(reason(r), "format: missing; this is not a hearts game record");
    r = sample();
    r["format"] = "chess";
    EXPECT_EQ(reason(r),
              "format: expected \"hearts-game-record\", got \"chess\"; this is not a "
              "hearts game record");
    r = sample();
    r["version"] = 2;
    EXPECT_EQ(reason(r), "version: this program reads version 1 records; this one is version 2");
    r["version"] = "1";
    EXPECT_EQ(reason(r), "version: expected the whole number 1, got \"1\"");
    r["version"] = 1.0;
    EXPECT_EQ(reason(r), "version: expected the whole number 1, got 1.0");
    r["version"] = std::numeric_limits<std::uint64_t>::max();
    EXPECT_STARTS_WITH(reason(r), "version: this program reads version 1 records");
    r.erase("version");
    EXPECT_EQ(reason(r), "version: missing");
}

TEST(RecordRejects, UnknownTopLevelField) {
    Json r = sample();
    r["comment"] = "hi";
    EXPECT_STARTS_WITH(reason(r), "comment: unknown field; a record has format, version,");
    r = sample();
    r["a b"] = 1;
    EXPECT_STARTS_WITH(reason(r), "\"a b\": unknown field");
}

TEST(RecordRejects, MissingRequiredFields) {
    for (const char* field : {"rules", "seed", "actions"}) {
        Json r = sample();
        r.erase(field);
        EXPECT_EQ(reason(r), std::string(field) + ": missing");
    }
}

TEST(RecordRejects, BadRules) {
    struct Case {
        const char* key;
        Json value;
        std::string expected;  // the whole reason, or its start when it ends in "..."
    };
    const std::vector<Case> cases = {
        {"moon", "x", R"(rules.moon: expected "others", "shooter" or "choice", got "x")"},
        {"moon", 1, R"(rules.moon: expected "others", "shooter" or "choice", got 1)"},
        {"pass", "LRX", "rules.pass: expected 1 to 8 of the letters ..."},
        {"pass", "lran", "rules.pass: expected 1 to 8 of the letters ..."},
        {"pass", "", "rules.pass: expected 1 to 8 of the letters ..."},
        {"pass", "LRANLRANL", "rules.pass: expected 1 to 8 of the letters ..."},
        {"pass", Json::array({"L"}), "rules.pass: expected 1 to 8 of the letters ..."},
        {"queen_breaks", "no", R"(rules.queen_breaks: expected true or false, got "no")"},
        {"jack", 0, "rules.jack: expected true or false, got 0"},
        {"end", 0, "rules.end: expected a whole number from 1 to 10000, got 0"},
        {"end", -5, "rules.end: expected a whole number from 1 to 10000, got -5"},
        {"end", 10001, "rules.end: expected a whole number from 1 to 10000, got 10001"},
        {"end", 99.5, "rules.end: expected a whole number from 1 to 10000, got 99.5"},
        {"end", std::numeric_limits<std::uint64_t>::max(),
         "rules.end: expected a whole number from 1 to 10000, got 18446744073709551615"},
        {"end", std::numeric_limits<std::int64_t>::min(),
         "rules.end: expected a whole number from 1 to 10000, got -9223372036854775808"},
        {"end", "100", R"(rules.end: expected a whole number from 1 to 10000, got "100")"},
        {"tie", "x", R"(rules.tie: expected "continue" or "share", got "x")"},
        {"hands", -1, "rules.hands: expected a whole number from 0 to 1000, got -1"},
        {"hands", "4", R"(rules.hands: expected a whole number from 0 to 1000, got "4")"},
        {"speed", "fast", "rules.speed: unknown field; rules are pass, ..."},
    };
    for (const Case& c : cases) {
        Json r = sample();
        r["rules"][c.key] = c.value;
        const std::string why = reason(r);
        if (c.expected.ends_with("...")) {
            EXPECT_STARTS_WITH(why, c.expected.substr(0, c.expected.size() - 3));
        } else {
            EXPECT_EQ(why, c.expected);
        }
    }
    Json r = sample();
    r["rules"].erase("moon");
    EXPECT_EQ(reason(r), "rules.moon: missing");
    r["rules"] = "pass=LRAN";
    EXPECT_EQ(reason(r), "rules: expected an object of rules, got \"pass=LRAN\"");
}

TEST(RecordRejects, HugeNumbersInTheText) {
    std::string text = sample().dump();
    const auto replace = [&](const std::string& from, const std::string& to) {
        std::string t = text;
        const auto at = t.find(from);
        EXPECT_NE(at, std::string::npos) << from;
        return t.replace(at, from.size(), to);
    };
    EXPECT_STARTS_WITH(text_reason(replace("\"end\":20", "\"end\":99999999999999999999999")),
                       "rules.end: expected a whole number from 1 to 10000, got 9.99");
    EXPECT_FALSE(load_record(replace("\"end\":20", "\"end\":1e400")));
    EXPECT_FALSE(load_record(replace("\"end\":20", "\"end\":-1e400")));
    EXPECT_STARTS_WITH(text_reason(replace("\"seed\":\"77\"", "\"seed\":184467440737095516160")),
                       "seed: must be a decimal string");
    EXPECT_FALSE(load_record(replace("\"seed\":\"77\"", "\"seed\":" + std::string(5000, '9'))));
    EXPECT_FALSE(load_record(replace("\"seed\":\"77\"", "\"seed\":1e99999")));
}

TEST(RecordRejects, BadSeed) {
    const std::string want = "seed: must be a decimal string of a 64-bit unsigned integer";
    for (const Json& seed : {Json("abc"), Json("-1"), Json("+1"), Json("18446744073709551616"),
                             Json("99999999999999999999999"), Json(""), Json("01"), Json(" 1"),
                             Json("1.5"), Json("0x10"), Json(-1), Json(1.5), Json(1e30), Json(true),
                             Json(nullptr), Json::array({1})}) {
        Json r = sample();
        r["seed"] = seed;
        EXPECT_STARTS_WITH(reason(r), want) << "seed " << seed.dump();
    }
    Json r = sample();
    r["seed"] = "abc";
    EXPECT_EQ(reason(r), want +
                             " (0 to 18446744073709551615, no sign or leading zeros, like "
                             "\"12345\"), got \"abc\"");
}

TEST(RecordRejects, MalformedActionsNameTheirIndex) {
    struct Case {
        Json action;
        std::string expected;  // the start of the reason
    };
    const std::vector<Case> cases = {
        {"S play 2C", "actions[3]: unknown action: expected an object like"},
        {Json::object(), "actions[3]: unknown action; an action has one of"},
        {{{"seat", "S"}, {"dance", "x"}}, "actions[3]: unknown action; "},
        {{{"seat", "S"}, {"play", "2C"}, {"pass", {"2C", "3C", "4C"}}},
         "actions[3]: unknown action: it has both \"pass\" and \"play\""},
        {{{"seat", "X"}, {"play", "2C"}},
         R"(actions[3].seat: expected "S", "W", "N" or "E", got "X")"},
        {{{"seat", "South"}, {"play", "2C"}}, "actions[3].seat: expected"},
        {{{"play", "2C"}}, "actions[3].seat: missing"},
        {{{"seat", "S"}, {"play", "ZZ"}}, "actions[3].play: expected a card like \"QS\""},
        {{{"seat", "S"}, {"play", "qs"}}, "actions[3].play: expected a card like \"QS\""},
        {{{"seat", "S"}, {"play", "10S"}}, "actions[3].play: expected a card like \"QS\""},
        {{{"seat", "S"}, {"play", 5}}, "actions[3].play: expected a card like \"QS\""},
        {{{"seat", "S"}, {"pass", {"2C", "3C"}}}, "actions[3].pass: expected an array of 3 cards"},
        {{{"seat", "S"}, {"pass", "2C 3C 4C"}}, "actions[3].pass: expected an array of 3 cards"},
        {{{"seat", "S"}, {"pass", {"2C", "2C", "3C"}}}, "actions[3].pass[1]: 2C is listed twice"},
        {{{"seat", "S"}, {"pass", {"2C", "XX", "3C"}}}, "actions[3].pass[1]: expected a card"},
        {{{"next", false}}, "actions[3].next: expected true, got false"},
        {{{"next", 1}}, "actions[3].next: expected true, got 1"},
        {{{"next", true}, {"seat", "S"}}, "actions[3].seat: \"next\" takes no seat"},
        {{{"seat", "S"}, {"play", "2C"}, {"why", "x"}},
         "actions[3].why: unknown field in a play action"},
        {{{"seat", "S"}, {"moon", "both"}},
         R"(actions[3].moon: expected "others" or "shooter", got "both")"},
    };
    for (const Case& c : cases) {
        Json r = sample();
        r["actions"][3] = c.action;
        EXPECT_STARTS_WITH(reason(r), c.expected) << "action " << c.action.dump();
    }
    Json r = sample();
    r["actions"] = Json::object();
    EXPECT_EQ(reason(r), "actions: expected an array of actions, got {}");
}

// The action index in `r` at which `seat` first plays a card while holding a card of
// the suit led, and a card of another suit it holds then.
struct Misplay {
    std::size_t index = 0;
    Action action;
};
Misplay find_misplay(const Json& r) {
    const Rules rules = rules_from("jack=yes,end=20");
    Game g(rules, std::stoull(r["seed"].get<std::string>()));
    for (std::size_t i = 0; i < r["actions"].size(); ++i) {
        const Game before = g;
        const Json& a = r["actions"][i];
        Action act = Action::next_hand();
        if (a.contains("pass")) {
            CardSet cards;
            for (const Json& c : a["pass"]) cards |= *parse_card(c.get<std::string>());
            act = Action::pass(*parse_seat(a["seat"].get<std::string>()), cards);
        } else if (a.contains("play")) {
            act = Action::play(*parse_seat(a["seat"].get<std::string>()),
                               *parse_card(a["play"].get<std::string>()));
        } else if (a.contains("moon")) {
            act = Action::choose_moon(*parse_seat(a["seat"].get<std::string>()),
                                      *parse_moon_choice(a["moon"].get<std::string>()));
        }
        EXPECT_TRUE(g.apply(act));
        if (act.kind != ActionKind::Play || before.hand().trick_size() == 0) continue;
        const CardSet holding = before.holding(act.seat);
        const CardSet follow = holding & suit_mask(before.hand().led().suit());
        if (!follow.empty() && !(holding - follow).empty()) {
            return {i, Action::play(act.seat, (holding - follow).lowest())};
        }
    }
    ADD_FAILURE() << "no play could be made illegal";
    return {};
}

TEST(RecordRejects, IllegalPlayGivesTheGamesReason) {
    Json r = sample();
    const Misplay bad = find_misplay(r);
    r["actions"][bad.index]["play"] = to_string(bad.action.card);
    EXPECT_EQ(reason(r), "actions[" + std::to_string(bad.index) + "]: " + to_string(bad.action) +
                             ": you must follow suit");
}

TEST(RecordRejects, ActionsOutOfOrder) {
    const Json& r = sample();
    // Passing a card the seat was not dealt.
    Json first = r["actions"][0];
    ASSERT_TRUE(first.contains("pass"));
    const std::string passer = first["seat"];
    const Json& dealt = r["deals"][0][passer];
    std::string not_held;
    for (const char* c : {"2C", "3C", "4C", "5C", "6C", "AH"}) {
        bool held = false;
        for (const Json& d : dealt) held |= d == c;
        if (!held) not_held = c;
    }
    first["pass"][0] = not_held;
    Json bad = r;
    bad["actions"][0] = first;
    EXPECT_STARTS_WITH(reason(bad), "actions[0]: " + passer + " pass ");
    EXPECT_NE(reason(bad).find(": you can only pass cards you hold"), std::string::npos);

    // The wrong seat plays the first card.
    bad = r;
    Json& lead = bad["actions"][4];
    ASSERT_TRUE(lead.contains("play"));
    const std::string leader = lead["seat"];
    lead["seat"] = leader == "S" ? "W" : "S";
    EXPECT_NE(reason(bad).find(": it is "), std::string::npos);
    EXPECT_STARTS_WITH(reason(bad), "actions[4]: " + lead["seat"].get<std::string>() + " play " +
                                        lead["play"].get<std::string>() + ": it is ");

    // "next" in the middle of a hand.
    bad = r;
    bad["actions"][5] = {{"next", true}};
    EXPECT_EQ(reason(bad), "actions[5]: next: the hand is not over yet");

    // Anything after the end of the game.
    bad = r;
    const std::size_t n = bad["actions"].size();
    bad["actions"].push_back({{"next", true}});
    EXPECT_EQ(reason(bad), "actions[" + std::to_string(n) + "]: next: the game is over");
}

TEST(RecordRejects, TamperedResults) {
    const Json& r = sample();
    Json bad = r;
    bad["result"]["scores"]["S"] = r["result"]["scores"]["S"].get<int>() + 1;
    EXPECT_STARTS_WITH(reason(bad), "result.scores.S: the record says ");
    EXPECT_NE(reason(bad).find(" but the replay gives "), std::string::npos);

    bad = r;
    bad["result"]["hands"][1]["points"]["W"] = 30;
    EXPECT_STARTS_WITH(reason(bad), "result.hands[1].points.W: the record says 30 but the replay");

    bad = r;
    bad["result"]["hands"][0]["totals"]["E"] = r["result"]["hands"][0]["totals"]["E"].dump() + "";
    EXPECT_STARTS_WITH(reason(bad), "result.hands[0].totals.E: the record says \"");

    bad = r;
    bad["result"]["hands"][0]["score"]["N"] = r["result"]["hands"][0]["score"]["N"].get<double>();
    EXPECT_STARTS_WITH(reason(bad), "result.hands[0].score.N: the record says ");

    bad = r;
    bad["result"]["finished"] = false;
    EXPECT_EQ(reason(bad), "result.finished: the record says false but the replay gives true");

    bad = r;
    bad["result"]["winners"] = Json::array({"S", "W", "N", "E"});
    EXPECT_STARTS_WITH(reason(bad),
                       "result.winners: the record says [\"S\",\"W\",\"N\",\"E\"] but the replay "
                       "gives [");

    bad = r;
    bad["result"]["hands"][0]["moon"] = {{"shooter", "S"}, {"scored", "others"}};
    EXPECT_STARTS_WITH(reason(bad), "result.hands[0].moon");

    bad = r;
    bad["result"]["hands"].push_back(r["result"]["hands"][0]);
    EXPECT_EQ(reason(bad),
              "result.hands: the record has " + std::to_string(r["result"]["hands"].size() + 1) +
                  " entries but the replay gives " + std::to_string(r["result"]["hands"].size()));

    bad = r;
    bad["result"].erase("scores");
    EXPECT_EQ(reason(bad), "result.scores: missing");

    bad = r;
    bad["result"]["bonus"] = 1;
    EXPECT_EQ(reason(bad), "result.bonus: unknown field");

    bad = r;
    bad["result"] = 1;
    EXPECT_STARTS_WITH(reason(bad), "result: the record says 1 but the replay gives ");

    // A record cut short is a record of a shorter game, but not with the final result.
    bad = r;
    bad["actions"].erase(bad["actions"].size() - 1);
    EXPECT_STARTS_WITH(reason(bad), "result.");
}

// nlohmann's own == would take 2^64 - 10 for -10; the check must not.
TEST(RecordRejects, UnsignedWrapAroundIsNotANegativeScore) {
    for (std::uint64_t seed = 0; seed < 50; ++seed) {
        const Game g = play(rules_from("jack=yes,end=30"), seed);
        for (const HandResult& r : g.results()) {
            for (Seat s : kAllSeats) {
                if (r.points[std::size_t(s)] != -10) continue;
                Json bad = parse_json(to_record_json(g));
                const std::uint64_t wrapped = std::uint64_t(-10);
                bad["result"]["hands"][std::size_t(r.hand_index)]["points"][seat_key(s)] = wrapped;
                EXPECT_EQ(reason(bad), "result.hands[" + std::to_string(r.hand_index) +
                                           "].points." + seat_key(s) + ": the record says " +
                                           std::to_string(wrapped) + " but the replay gives -10");
                return;
            }
        }
    }
    FAIL() << "no hand scored -10 for J\u2666";
}

TEST(RecordRejects, TamperedDeals) {
    const Json& r = sample();
    Json bad = r;
    // Swap a card between South's and West's deal: still 52 distinct cards.
    std::swap(bad["deals"][0]["S"][0], bad["deals"][0]["W"][0]);
    EXPECT_STARTS_WITH(reason(bad), "deals[0].S: the record says [");
    EXPECT_NE(reason(bad).find("] but the seed deals ["), std::string::npos);

    bad = r;
    bad["deals"][1]["E"].erase(12);
    EXPECT_STARTS_WITH(reason(bad), "deals[1].E: the record says [");

    bad = r;
    bad["deals"][1]["N"].push_back(bad["deals"][1]["N"][0]);
    EXPECT_STARTS_WITH(reason(bad), "deals[1].N: the record says [");

    bad = r;
    bad["deals"][0]["W"][3] = "ZZ";
    EXPECT_STARTS_WITH(reason(bad), "deals[0].W[3]: expected a card like \"QS\"");

    bad = r;
    bad["deals"][1]["hand"] = 1;
    EXPECT_EQ(reason(bad),
              "deals[1].hand: expected 2 (deals are listed hand by hand from 1), got 1");

    bad = r;
    bad["deals"][0].erase("E");
    EXPECT_EQ(reason(bad), "deals[0].E: missing");

    bad = r;
    const std::size_t n = r["deals"].size();
    ASSERT_GE(n, 2u);
    bad["deals"].erase(n - 1);
    EXPECT_EQ(reason(bad), "deals: the record lists " + std::to_string(n - 1) +
                               (n == 2 ? " deal" : " deals") + " but the game has dealt " +
                               std::to_string(n) + " hands");
    bad["deals"] = Json::array();
    EXPECT_EQ(reason(bad), "deals: the record lists 0 deals but the game has dealt " +
                               std::to_string(n) + " hands");

    // One more deal, true to the seed, than the game has reached.
    bad = r;
    Json extra = r["deals"][0];
    extra["hand"] = n + 1;
    const Hands next = deal(hand_seed(77, int(n)));
    for (Seat s : kAllSeats) extra[seat_key(s)] = card_strings(next[std::size_t(s)]);
    bad["deals"].push_back(extra);
    EXPECT_EQ(reason(bad), "deals: the record lists " + std::to_string(n + 1) +
                               " deals but the game has dealt " + std::to_string(n) + " hands");

    // Another seed deals other cards: the deals say so before any action fails.
    bad = r;
    bad["seed"] = "78";
    EXPECT_STARTS_WITH(reason(bad), "deals[0].S: the record says [");
}

TEST(RecordRejects, DuplicateFields) {
    std::string text = sample().dump();
    EXPECT_EQ(text_reason("{\"seed\":\"1\"," + text.substr(1)),
              "the field \"seed\" appears twice in one object");
    const auto at = text.find("\"moon\":");
    EXPECT_EQ(text_reason(text.substr(0, at) + "\"moon\":\"shooter\"," + text.substr(at)),
              "the field \"moon\" appears twice in one object");
}

TEST(RecordRejects, DeepNestingWithoutCrashing) {
    const std::string deep(200000, '[');
    EXPECT_STARTS_WITH(text_reason(deep), "the record nests arrays and objects more than 8 deep");
    EXPECT_STARTS_WITH(text_reason(deep + std::string(200000, ']')),
                       "the record nests arrays and objects more than 8 deep");
    std::string objects;
    for (int i = 0; i < 100000; ++i) objects += "{\"a\":";
    EXPECT_STARTS_WITH(text_reason(objects), "the record nests");
    const std::string nested_rules = R"({"format": "hearts-game-record", "version": 1, "rules": )" +
                                     std::string(20, '[') + std::string(20, ']') + "}";
    EXPECT_STARTS_WITH(text_reason(nested_rules), "the record nests");
}

TEST(RecordRejects, LongStringsAreShortenedInReasons) {
    Json r = sample();
    r["rules"]["moon"] = std::string(100000, 'x');
    const std::string why = reason(r);
    EXPECT_STARTS_WITH(why, "rules.moon: expected");
    EXPECT_LT(why.size(), 300u);
    r = sample();
    r["rules"]["moon"] = "\xce\xbb\xce\xbb";  // UTF-8 is shown as escapes, never cut apart
    EXPECT_EQ(reason(r),
              R"(rules.moon: expected "others", "shooter" or "choice", got "\u03bb\u03bb")");
}

// Replaces every value in the record, one at a time, with values of every wrong type. A
// change inside deals, actions or result must be refused at its own path (or, for a
// list of winners, the list); nothing may crash or throw.
void visit_paths(const Json& j, const std::string& path, std::vector<std::string>& paths,
                 std::vector<Json::json_pointer>& pointers, const Json::json_pointer& pointer) {
    paths.push_back(path);
    pointers.push_back(pointer);
    if (j.is_object()) {
        for (auto it = j.begin(); it != j.end(); ++it) {
            visit_paths(*it, path.empty() ? it.key() : path + "." + it.key(), paths, pointers,
                        pointer / it.key());
        }
    } else if (j.is_array()) {
        for (std::size_t i = 0; i < j.size(); ++i) {
            visit_paths(j[i], path + "[" + std::to_string(i) + "]", paths, pointers, pointer / i);
        }
    }
}

TEST(RecordRejects, EveryValueReplacedByEveryWrongType) {
    const Game g = play(rules_from("moon=choice,jack=yes,end=1"), 21);
    ASSERT_EQ(g.phase(), Phase::GameOver);
    const Json r = parse_json(to_record_json(g));
    std::vector<std::string> paths;
    std::vector<Json::json_pointer> pointers;
    visit_paths(r, "", paths, pointers, Json::json_pointer());
    const std::vector<Json> replacements = {nullptr,
                                            true,
                                            false,
                                            0,
                                            -1,
                                            1.5,
                                            0.0,
                                            "x",
                                            "",
                                            Json::array(),
                                            Json::object(),
                                            std::numeric_limits<std::uint64_t>::max(),
                                            Json::array({Json::array({1})})};
    int refused = 0;
    for (std::size_t p = 1; p < paths.size(); ++p) {  // 0 is the whole record
        const std::string& path = paths[p];
        const bool top_level = path.find_first_of(".[") == std::string::npos;
        const bool checked =
            !top_level && (path.starts_with("deals") || path.starts_with("actions") ||
                           path.starts_with("result"));
        std::string where = path;
        if (const auto w = path.find(".winners["); w != std::string::npos)
            where = path.substr(0, w + 8);
        for (const Json& value : replacements) {
            Json bad = r;
            if (bad[pointers[p]].dump() == value.dump()) continue;
            bad[pointers[p]] = value;
            auto loaded = load_record(bad.dump());
            if (!loaded) {
                ++refused;
                EXPECT_FALSE(loaded.error().reason.empty());
                const std::string& why = loaded.error().reason;
                // At the path itself or inside it: "actions[3]" covers "actions[3].seat",
                // not "actions[30]".
                const bool at_path =
                    why.starts_with(where) && why.size() > where.size() &&
                    std::string_view(":.[").find(why[where.size()]) != std::string_view::npos;
                EXPECT_TRUE(!checked || at_path)
                    << why << "\n  after setting " << path << " to " << value.dump();
            } else if (checked) {
                ADD_FAILURE() << "accepted " << path << " = " << value.dump();
            }
        }
    }
    EXPECT_GT(refused, 1000);
}

TEST(RecordRejects, RandomByteDamageNeverCrashes) {
    const std::string text = to_record_json(play(rules_from("moon=choice"), 6, 120), -1);
    std::mt19937_64 rng(1);
    const std::string alphabet = "{}[]\",:0123456789-+.eE \\truefalsnSWNEQCDHx\x80\xff";
    int accepted = 0;
    for (int round = 0; round < 3000; ++round) {
        std::string damaged = text;
        const int edits = 1 + int(rng() % 4);
        for (int e = 0; e < edits; ++e) {
            const std::size_t at = rng() % damaged.size();
            const char c = alphabet[rng() % alphabet.size()];
            switch (rng() % 3) {
                case 0:
                    damaged[at] = c;
                    break;
                case 1:
                    damaged.insert(damaged.begin() + std::ptrdiff_t(at), c);
                    break;
                default:
                    damaged.erase(at, 1 + rng() % 8);
                    break;
            }
        }
        auto g = load_record(damaged);
        if (g) {
            ++accepted;
        } else {
            EXPECT_FALSE(g.error().reason.empty());
        }
    }
    EXPECT_LT(accepted, 300);  // most damage is caught
}

}  // namespace
}  // namespace hearts
