// `hearts engine` driven as a subprocess, as another program would drive it, and
// `hearts arena` with an external engine.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>

#include "arena.h"
#include "engine_protocol.h"
#include "hearts/game.h"

namespace hearts::app {
namespace {

struct EngineRun {
    std::vector<std::string> lines;
    int exit_code = -1;
};

// Runs `hearts engine` with `input` on stdin; returns its output lines.
EngineRun run_engine(const std::string& input) {
    // One file per process and call: ctest runs tests of this binary in parallel.
    static int calls = 0;
    const std::string path = ::testing::TempDir() + "/engine_input_" + std::to_string(getpid()) +
                             "_" + std::to_string(++calls) + ".txt";
    std::ofstream(path) << input;
    FILE* p = popen((std::string(HEARTS_BINARY) + " engine < " + path).c_str(), "r");
    EngineRun r;
    if (!p) return r;
    std::string out;
    char buf[4096];
    while (std::size_t n = fread(buf, 1, sizeof buf, p)) out.append(buf, n);
    const int status = pclose(p);
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    std::istringstream in(out);
    for (std::string line; std::getline(in, line);) r.lines.push_back(line);
    return r;
}

constexpr const char* kHand = "hand 2C 7C 9C QC 3D 8D KD 4S 9S QS 5H TH AH";
// The same without the two of clubs, so another seat leads the first trick.
constexpr const char* kHandNo2C = "hand 5C 7C 9C QC 3D 8D KD 4S 9S QS 5H TH AH";

TEST(EngineProtocol, HandshakeAndOptions) {
    const EngineRun r = run_engine("hearts\nisready\nquit\n");
    ASSERT_GE(r.lines.size(), 3u);
    EXPECT_EQ(r.lines.front(), "id name Hearts 0.1.0");
    EXPECT_EQ(r.lines[1], "id levels random easy medium hard expert");
    EXPECT_EQ(r.lines[r.lines.size() - 2], "hearts ok");
    EXPECT_EQ(r.lines.back(), "readyok");
    EXPECT_EQ(r.exit_code, 0);
}

TEST(EngineProtocol, PassThenPlayFromStatelessPositions) {
    const std::string pos = std::string("position seat S ") + kHand + " pass left";
    const EngineRun r = run_engine("set level medium\n" + pos + "\ngo\n" + pos +
                                   " passed QS AH KD received 6C 2S JH\ngo\n");
    ASSERT_EQ(r.lines.size(), 2u);
    // Medium passes the unprotected queen and the ace of hearts.
    EXPECT_EQ(r.lines[0].substr(0, 5), "pass ");
    const CardSet passed = parse_cards(r.lines[0].substr(5)).value();
    EXPECT_EQ(passed.size(), 3);
    EXPECT_TRUE(passed.contains(kQueenOfSpades));
    EXPECT_EQ(r.lines[1], "play 2C");  // the holder of the two of clubs leads it
}

TEST(EngineProtocol, EveryLevelAnswersWithALegalCard) {
    // South to follow a club lead holding 5C 7C 9C QC.
    const std::string pos =
        std::string("position seat S ") + kHandNo2C + " pass none leader W plays 2C 3C 4C";
    for (const std::string level : {"random", "easy", "medium", "hard", "expert"}) {
        const EngineRun r =
            run_engine("set level " + level + "\nset iterations 200\n" + pos + "\ngo\n");
        ASSERT_EQ(r.lines.size(), 1u) << level;
        const std::string& l = r.lines[0];
        EXPECT_TRUE(l == "play 5C" || l == "play 7C" || l == "play 9C" || l == "play QC")
            << level << ": " << l;
    }
}

TEST(EngineProtocol, SameSeedSameAnswer) {
    const std::string pos =
        std::string("position seat S ") + kHandNo2C + " pass none leader W plays 2C 3C 4C";
    const std::string script =
        "set seed 42\nset iterations 300\n" + pos + "\ngo\n" + pos + "\ngo\n";
    const EngineRun a = run_engine(script);
    const EngineRun b = run_engine(script);
    ASSERT_EQ(a.lines.size(), 2u);
    EXPECT_EQ(a.lines, b.lines);
    EXPECT_EQ(a.lines[0], a.lines[1]);
}

TEST(EngineProtocol, SessionAnswersLineByLineWithoutIo) {
    EngineSession s;
    EXPECT_EQ(s.handle("isready"), std::vector<std::string>{"readyok"});
    EXPECT_TRUE(s.handle("set level random").empty());
    EXPECT_EQ(s.level(), "random");
    EXPECT_TRUE(s.handle("  # a comment").empty());
    EXPECT_TRUE(s.handle(std::string("position seat S ") + kHand + " pass none").empty());
    EXPECT_EQ(s.handle("go"), std::vector<std::string>{"play 2C"});
    EXPECT_EQ(s.handle("hearts").size(), 7u);
    EXPECT_FALSE(s.done());
    EXPECT_TRUE(s.handle("quit").empty());
    EXPECT_TRUE(s.done());
    EXPECT_TRUE(s.handle("isready").empty());  // nothing after quit
}

TEST(EngineProtocol, BadLinesGetAReasonAndTheEngineKeepsRunning) {
    const std::string pos = std::string("position seat S ") + kHand + " pass none";
    const EngineRun r = run_engine(
        "fly away\n"
        "go\n"
        "set level godlike\n"
        "set iterations lots\n"
        "set colour blue\n"
        "position seat S hand 2C\n"
        "position seat Q " +
        std::string(kHand) +
        "\n"
        "position seat S " +
        std::string(kHand) +
        " pass sideways\n"
        "position seat S " +
        std::string(kHand) +
        " pass none plays 3C\n"
        "position seat S " +
        std::string(kHandNo2C) +
        " pass none leader W plays 2C 7C\n"
        "position seat S " +
        std::string(kHand) +
        " pass none plays 2C 3C 4C 5C 6C 3D\n"
        "position flavour salty seat S " +
        std::string(kHand) +
        "\n"
        "position seat S " +
        std::string(kHandNo2C) +
        " pass none leader W plays 2C 3C\n"
        "go\n"
        "# a comment, then an empty line\n"
        "\n" +
        pos + "\ngo\n");
    const std::vector<std::string> expected_prefixes = {
        "error unknown command 'fly'",
        "error no position: send 'position ...' first",
        "error unknown bot level 'godlike'",
        "error iterations must be a whole number",
        "error unknown option 'colour'",
        "error hand: a seat is dealt 13 cards, not 1",
        "error seat: 'Q' is not a seat",
        "error pass is left, right, across or none, not 'sideways'",
        "error plays[0]: the first card of a hand is 2C",
        "error plays[1]: 7C is in South's hand",
        "error plays[5]: 3D was not a legal play",
        "error unknown field 'flavour'",
        "error it is not South's turn",
        "play 2C",
    };
    ASSERT_EQ(r.lines.size(), expected_prefixes.size());
    for (std::size_t i = 0; i < r.lines.size(); ++i)
        EXPECT_EQ(r.lines[i].rfind(expected_prefixes[i], 0), 0u)
            << "line " << i << ": " << r.lines[i];
    EXPECT_EQ(r.exit_code, 0);
}

// Found by the engine-protocol fuzzer: a position where this seat leads the first trick
// without 2C left it no legal card, and `go` then answered garbage (medium) or crashed
// with a division by zero (hard, expert). Such a position is now refused.
TEST(EngineProtocol, LeadingTheFirstTrickWithoutTheTwoOfClubsIsRefused) {
    for (const char* level : {"random", "medium", "expert"}) {
        EngineSession s;
        EXPECT_TRUE(s.handle(std::string("set level ") + level).empty());
        const auto refused =
            s.handle(std::string("position seat S ") + kHandNo2C + " pass none leader S");
        ASSERT_EQ(refused.size(), 1u) << level;
        EXPECT_EQ(refused[0],
                  "error leader: South cannot lead the first trick without the two of clubs");
        EXPECT_EQ(s.handle("go").at(0).rfind("error", 0), 0u) << level;  // no position to play
    }
}

// Found by the engine-protocol fuzzer: North passed 5C and 10C to East, and East then
// showed no clubs. No deal fits that, and the search, replaying the plays on a sampled
// deal, played an illegal card (an assertion). The position is refused instead, and
// every level still answers a consistent one.
TEST(EngineProtocol, APlayTheCardsPassedMakeIllegalIsRefused) {
    const std::string base =
        "position seat N pass left hand 5C TC 3D 6D 9D TD QD KD 2S 3S 9S 2H JH passed 5C TC JH "
        "received 8D KS QH leader W plays ";
    for (const char* level : {"random", "medium", "hard", "expert"}) {
        EngineSession s;
        EXPECT_TRUE(s.handle(std::string("set level ") + level).empty());
        const auto refused = s.handle(base + "2C KS TS KC 4S TH");
        ASSERT_EQ(refused.size(), 1u) << level;
        EXPECT_EQ(refused[0],
                  "error plays[2]: TS was not a legal play for East, who holds 5C TC JH (passed "
                  "to it)")
            << level;
        // East following with a club it was passed is a position like any other.
        EXPECT_TRUE(s.handle(base + "2C KS 5C KC 4S TH").empty()) << level;
        EXPECT_EQ(s.handle("go").at(0).rfind("play ", 0), 0u) << level;
    }
}

// Found by the engine-protocol fuzzer too: with no `leader` and no plays, a seat without
// 2C was taken to be South leading, which wrote back as `leader S` and was then refused.
// Who leads cannot be guessed, so the position must say it.
TEST(EngineProtocol, ASeatWithoutTheTwoOfClubsMustBeToldWhoLeads) {
    EngineSession s;
    const auto refused = s.handle(std::string("position seat S ") + kHandNo2C + " pass none");
    ASSERT_EQ(refused.size(), 1u);
    EXPECT_EQ(refused[0],
              "error leader: say who leads the first trick (South neither holds "
              "nor passed the two of clubs)");
    EXPECT_EQ(s.handle("go").at(0).rfind("error", 0), 0u);

    // Told, the same seat waits for West's lead and then follows it.
    EXPECT_TRUE(
        s.handle(std::string("position seat S ") + kHandNo2C + " pass none leader W").empty());
    EXPECT_TRUE(
        s.handle(std::string("position seat S ") + kHandNo2C + " pass none leader W plays 2C 3C 4C")
            .empty());
    const auto play = s.handle("go");
    ASSERT_EQ(play.size(), 1u);
    EXPECT_EQ(play[0].rfind("play ", 0), 0u) << play[0];
    EXPECT_NE(play[0].find('C'), std::string::npos) << "South follows clubs: " << play[0];
}

TEST(EngineProtocol, PositionTextRoundTripsEveryView) {
    // Every view of a real game, written as a position line and read back, decides the
    // same: the text carries everything the seat knows.
    for (std::uint64_t seed = 0; seed < 40; ++seed) {
        Game game(parse_rules(seed % 2 ? "moon=choice,queen_breaks=yes" : "").value(), seed);
        while (game.phase() == Phase::Pass || game.phase() == Phase::Play) {
            for (Seat s : kAllSeats) {
                const SeatView v = game.view(s);
                auto back = parse_position_line(position_line(v));
                ASSERT_TRUE(back) << position_line(v) << "\n" << back.error().reason;
                EXPECT_EQ(back->hand(), v.hand());
                EXPECT_EQ(back->legal(), v.legal());
                EXPECT_EQ(back->my_turn(), v.my_turn());
                EXPECT_EQ(back->plays_made(), v.plays_made());
                for (Seat o : kAllSeats) {
                    EXPECT_EQ(back->taken(o), v.taken(o));
                    EXPECT_EQ(back->voids(o), v.voids(o));
                }
                EXPECT_EQ(position_line(*back), position_line(v));
            }
            if (game.phase() == Phase::Pass) {
                for (Seat s : kAllSeats) {
                    const CardSet h = game.holding(s);
                    ASSERT_TRUE(
                        game.apply(Action::pass(s, CardSet(h.nth(0)) | h.nth(5) | h.nth(12))));
                }
            } else {
                ASSERT_TRUE(game.apply(Action::play(game.to_move(), game.legal_plays().highest())));
            }
        }
    }
}

// The session in docs/engine-protocol.md is pasted into a real engine and must give
// exactly the answers the document shows.
TEST(EngineProtocol, DocumentedSessionIsExact) {
    std::ifstream doc(std::string(HEARTS_TEST_DATA_DIR) + "/../../docs/engine-protocol.md");
    ASSERT_TRUE(doc) << "docs/engine-protocol.md not found";
    std::string line, input;
    std::vector<std::string> expected;
    bool in_session = false, in_block = false;
    while (std::getline(doc, line)) {
        if (line.rfind("## A session you can paste", 0) == 0) in_session = true;
        if (!in_session) continue;
        if (line.rfind("```", 0) == 0) {
            if (in_block) break;
            in_block = true;
            continue;
        }
        if (!in_block) continue;
        if (line.rfind("> ", 0) == 0)
            input += line.substr(2) + "\n";
        else
            expected.push_back(line);
    }
    ASSERT_FALSE(expected.empty());
    EXPECT_EQ(run_engine(input).lines, expected);
}

TEST(Arena, ExternalEngineAgainstInProcessBots) {
    ArenaOptions o;
    o.bot_a = std::string("engine:") + HEARTS_BINARY + " engine";
    o.bot_b = "random";
    o.deals = 3;
    o.budget_a.iterations = 100;
    auto r = run_arena(o);
    ASSERT_TRUE(r) << r.error().reason;
    EXPECT_EQ(r->a.hands, 12);  // 3 deals x 4 seatings
    EXPECT_EQ(r->b.hands, 36);
    EXPECT_EQ(r->a.illegal, 0);
    EXPECT_EQ(r->a.decisions, 12 * 13);
}

TEST(Arena, ABrokenEngineIsReported) {
    ArenaOptions o;
    o.bot_a = "engine:/bin/true";
    o.deals = 1;
    auto r = run_arena(o);
    ASSERT_FALSE(r);
    EXPECT_NE(r.error().reason.find("did not answer 'hearts' with 'hearts ok'"), std::string::npos);
}

// Whole games (`hearts arena --games`): each is played to the end in every seating, and
// each one's win goes to its winner, or is shared by a tie.
TEST(Arena, GamesArePlayedToTheEndInEverySeatingAndEachWinCounted) {
    ArenaOptions o;
    o.bot_a = "medium";
    o.bot_b = "medium";
    o.games = 12;
    o.threads = 2;
    auto same = run_arena(o);
    ASSERT_TRUE(same) << same.error().reason;
    EXPECT_EQ(same->a.games, 12 * 4);
    EXPECT_EQ(same->b.games, 12 * 4 * 3);
    EXPECT_NEAR(same->a.wins + same->b.wins, 12 * 4, 1e-9);
    // The same bot in every seat plays every seating of a game alike, so A wins each game
    // exactly once in its four seatings: a quarter, with no luck left.
    EXPECT_NEAR(same->a.win_rate(), 0.25, 1e-9);
    // Every hand of every game is counted, and a game to 100 takes several.
    EXPECT_GE(same->a.hands, 12 * 4 * 4);

    o.bot_b = "random";
    o.rules.end_score = 50;
    auto strong = run_arena(o);
    ASSERT_TRUE(strong) << strong.error().reason;
    EXPECT_GT(strong->a.win_rate() - strong->a.win_ci95(), 0.6);
    EXPECT_LT(strong->b.win_rate() + strong->b.win_ci95(), 0.2);
}

TEST(Arena, SeatRotationCancelsTheDeal) {
    // A bot against copies of itself averages exactly the overall mean: every seat of
    // every deal is played once by A and three times by B.
    ArenaOptions o;
    o.bot_a = "medium";
    o.bot_b = "medium";
    o.deals = 50;
    o.threads = 2;
    auto r = run_arena(o);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->a.hands * 3, r->b.hands);
    EXPECT_NEAR(r->a.mean(), r->b.mean(), 1e-9);
    // Passing cycles left, right, across and none by deal: 38 of the 50 deals pass, and
    // A passes once in each of their 4 seatings.
    EXPECT_EQ(r->a.passes, 38 * 4);
    EXPECT_EQ(r->a.queens_passed, 33);  // seeded deals, bots without a clock: always so many
    // Paired hand by hand, the four seatings of a deal cancel exactly.
    EXPECT_EQ(r->diff.hands, r->a.hands);
    EXPECT_NEAR(r->diff.mean(), 0, 1e-9);
    // Medium is far better than random in the same seats.
    o.bot_b = "random";
    auto vs_random = run_arena(o);
    ASSERT_TRUE(vs_random);
    EXPECT_LT(vs_random->a.mean() + vs_random->a.ci95() + vs_random->b.ci95(), vs_random->b.mean());
    EXPECT_LT(vs_random->diff.mean() + vs_random->diff.ci95(), -3);
}

// A pass is a decision too, and a searched one the longest a hand: the report gives its
// time apart from the cards', whose mean it would otherwise hide.
TEST(Arena, ReportsHowLongThePassesTook) {
    ArenaOptions o;
    o.bot_a = "hard";
    o.bot_b = "medium";
    o.deals = 2;  // a pass to the left, then to the right
    o.budget_a.iterations = 35 * 20;
    std::ostringstream out, err;
    ASSERT_EQ(arena_command(o, out, err), 0) << err.str();
    EXPECT_NE(out.str().find("hard passed Q♠ in "), std::string::npos) << out.str();
    EXPECT_NE(out.str().find(" of 8 passes ("), std::string::npos) << out.str();
    EXPECT_NE(out.str().find("); a pass took "), std::string::npos) << out.str();

    auto r = run_arena(o);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->a.passes, 8);
    EXPECT_GT(r->a.pass_seconds, 0);
    EXPECT_GE(r->a.max_pass_seconds, r->a.pass_seconds / 8);
    EXPECT_EQ(r->a.decisions, 8 * 13);  // the cards played, the passes not among them
}

}  // namespace
}  // namespace hearts::app
