// `hearts play` end to end: a scripted player answers each prompt from what the game
// printed, exactly as a person reading the screen would, until the game is over.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <functional>
#include <sstream>
#include <streambuf>

#include "hearts/card.h"
#include "hearts/random.h"
#include "play.h"

namespace hearts::app {
namespace {

// An input stream whose next line is computed when the reader asks for it.
class LineSource : public std::streambuf {
  public:
    explicit LineSource(std::function<bool(std::string&)> next) : next_(std::move(next)) {}

  protected:
    int_type underflow() override {
        if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
        std::string line;
        if (!next_(line)) return traits_type::eof();
        buf_ = line + "\n";
        setg(buf_.data(), buf_.data(), buf_.data() + buf_.size());
        return traits_type::to_int_type(*gptr());
    }

  private:
    std::function<bool(std::string&)> next_;
    std::string buf_;
};

// The cards listed after `label` on the last line of `out` that starts with it.
CardSet cards_after(const std::string& out, const std::string& label) {
    const auto at = out.rfind(label);
    if (at == std::string::npos) return {};
    std::string line = out.substr(at + label.size(), out.find('\n', at) - at - label.size());
    std::string cleaned;
    for (char c : line) cleaned += (c == '*' ? ' ' : c);
    auto parsed = parse_cards(cleaned.substr(0, cleaned.find("  (")));
    return parsed ? *parsed : CardSet();
}

bool ends_with(const std::string& s, const std::string& tail) {
    return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

struct ScriptedGame {
    std::string output;
    std::vector<std::string> lines_sent;
    int exit_code = -1;
};

// Plays a whole game, answering prompts with a seeded random legal choice.
ScriptedGame play_scripted(const PlayOptions& options, std::uint64_t choice_seed) {
    ScriptedGame g;
    std::ostringstream out;
    Rng rng(choice_seed);
    LineSource source([&](std::string& line) {
        const std::string text = out.str();
        if (ends_with(text, "pass> ")) {
            CardSet hand = cards_after(text, "Your hand: ");
            CardSet pick;
            for (int i = 0; i < 3 && !hand.empty(); ++i) {
                const Card c = hand.nth(int(rng.below(std::uint32_t(hand.size()))));
                pick |= c;
                hand -= c;
            }
            line = to_string(pick);
        } else if (ends_with(text, "play> ")) {
            const CardSet legal = cards_after(text, "You can play: ");
            if (legal.empty()) return false;
            line = to_string(legal.nth(int(rng.below(std::uint32_t(legal.size())))));
        } else if (ends_with(text, "moon> ")) {
            line = "others";
        } else {
            return false;
        }
        g.lines_sent.push_back(line);
        return true;
    });
    std::istream in(&source);
    g.exit_code = play_command(options, in, out);
    g.output = out.str();
    return g;
}

TEST(PlayCommand, ScriptedPlayerFinishesTheGame) {
    PlayOptions options;
    options.bot_level = "medium";  // fast opponents; the search bots have their own tests
    options.seed = 1;
    options.echo_input = true;
    const ScriptedGame g = play_scripted(options, 7);
    EXPECT_EQ(g.exit_code, 0) << g.output.substr(g.output.size() > 2000 ? g.output.size() - 2000
                                                                        : 0);
    EXPECT_NE(g.output.find("== Game over =="), std::string::npos);
    // The score sheet, the first hand's pass direction, and the moves echoed.
    EXPECT_NE(g.output.find("  Hand |  You | Mike | Bill | Lisa | Winner(s)"), std::string::npos);
    EXPECT_NE(g.output.find("  Total|"), std::string::npos);
    EXPECT_NE(g.output.find("== Hand 1: pass to Mike (left) =="), std::string::npos);
    EXPECT_NE(g.output.find("== Hand 4: no passing =="), std::string::npos);
    EXPECT_NE(g.output.find("play> " + g.lines_sent.back() + "\n"), std::string::npos);
    // Someone reached 100 and the winner is named.
    EXPECT_TRUE(g.output.find("Congratulations, you won!") != std::string::npos ||
                g.output.find(" won with ") != std::string::npos ||
                g.output.find(" share the win ") != std::string::npos);
}

TEST(PlayCommand, RefusesIllegalCardsWithTheReason) {
    PlayOptions options;
    options.bot_level = "medium";  // fast opponents; the search bots have their own tests
    options.seed = 3;
    std::ostringstream out;
    int step = 0;
    bool refused_follow = false;
    LineSource source([&](std::string& line) {
        const std::string text = out.str();
        ++step;
        if (step > 400) return false;
        if (ends_with(text, "pass> ")) {
            if (step == 1) {
                line = "QS";  // too few
                return true;
            }
            const CardSet hand = cards_after(text, "Your hand: ");
            line = to_string(hand.nth(0)) + " " + to_string(hand.nth(1)) + " " +
                   to_string(hand.nth(2));
            return true;
        }
        if (ends_with(text, "play> ")) {
            const CardSet legal = cards_after(text, "You can play: ");
            const CardSet hand = cards_after(text, "Your hand: ");
            const CardSet illegal = hand - legal;
            if (!illegal.empty() && !refused_follow) {
                refused_follow = true;
                line = to_string(illegal.lowest());
                return true;
            }
            line = to_string(legal.lowest());
            return true;
        }
        return false;
    });
    std::istream in(&source);
    (void)play_command(options, in, out);
    const std::string text = out.str();
    EXPECT_NE(text.find("Choose exactly 3 cards (you gave 1)."), std::string::npos);
    EXPECT_TRUE(refused_follow);
    EXPECT_NE(text.find("You can't play "), std::string::npos);
}

TEST(PlayCommand, BadInputIsExplainedAndTheGameGoesOn) {
    PlayOptions options;
    options.seed = 5;
    std::istringstream in("ZZ\nQS QS QS\nhand\nscores\nhelp\nquit\n");
    std::ostringstream out;
    EXPECT_EQ(play_command(options, in, out), 0);
    const std::string text = out.str();
    EXPECT_NE(text.find("Not understood: 'Z' is not a rank"), std::string::npos) << text;
    EXPECT_NE(text.find("is listed twice"), std::string::npos);
    EXPECT_NE(text.find("No hand has been scored yet."), std::string::npos);
    EXPECT_NE(text.find("Commands:"), std::string::npos);
    EXPECT_NE(text.find("You left the game."), std::string::npos);
}

TEST(PlayCommand, EndOfInputStopsCleanly) {
    PlayOptions options;
    options.seed = 9;
    std::istringstream in("");
    std::ostringstream out;
    EXPECT_EQ(play_command(options, in, out), 3);
    EXPECT_NE(out.str().find("Input ended before the game was over."), std::string::npos);
}

TEST(PlayCommand, SameSeedSameGame) {
    PlayOptions options;
    options.bot_level = "medium";  // fast opponents; the search bots have their own tests
    options.seed = 11;
    const ScriptedGame a = play_scripted(options, 1);
    const ScriptedGame b = play_scripted(options, 1);
    EXPECT_EQ(a.output, b.output);
}

// The real binary with its stdin piped from a file of moves, no terminal: the moves a
// scripted player made in-process for seed 1 must play the whole game to its end.
TEST(PlayBinary, PipedMovesPlayTheWholeGame) {
    PlayOptions options;
    options.bot_level = "medium";  // fast opponents; the search bots have their own tests
    options.seed = 1;
    options.echo_input = true;  // what the binary does when stdin is not a terminal
    const ScriptedGame g = play_scripted(options, 42);
    ASSERT_EQ(g.exit_code, 0);
    const std::string moves =
        ::testing::TempDir() + "/hearts_moves_seed1_" + std::to_string(getpid()) + ".txt";
    {
        std::ofstream f(moves);
        for (const auto& l : g.lines_sent) f << l << "\n";
    }
    const std::string cmd = std::string(HEARTS_BINARY) + " play --seed 1 --bots medium < " + moves;
    FILE* p = popen(cmd.c_str(), "r");
    ASSERT_NE(p, nullptr);
    std::string output;
    char buf[4096];
    while (std::size_t n = fread(buf, 1, sizeof buf, p)) output.append(buf, n);
    const int status = pclose(p);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << output.substr(0, 2000);
    EXPECT_NE(output.find("== Game over =="), std::string::npos);
    // Piped output has no terminal colour codes.
    EXPECT_EQ(output.find("\x1b["), std::string::npos);
    // The binary played the same game as the library.
    EXPECT_EQ(output, g.output);
}

TEST(PlayBinary, BadRulesAreRefusedWithAReason) {
    const std::string cmd =
        std::string(HEARTS_BINARY) + " play --seed 1 --rules moon=sideways 2>&1";
    FILE* p = popen(cmd.c_str(), "r");
    ASSERT_NE(p, nullptr);
    std::string output;
    char buf[4096];
    while (std::size_t n = fread(buf, 1, sizeof buf, p)) output.append(buf, n);
    const int status = pclose(p);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 2);
    EXPECT_NE(output.find("moon scoring is others"), std::string::npos) << output;
}

}  // namespace
}  // namespace hearts::app
