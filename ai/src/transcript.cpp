#include "hearts/ai/transcript.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "hearts/ai/bot.h"
#include "hearts/claim.h"
#include "hearts/game.h"
#include "hearts/random.h"
#include "hearts/rules.h"
#include "hearts/view.h"

namespace hearts::ai {
namespace {

// The variants the games take turns with: every rule a table can set, each at least once.
constexpr std::array<std::string_view, 6> kRuleTexts{
    "",
    "pass=LARN,moon=choice",
    "queen_breaks=yes,jack=yes,end=50",
    "pass=LRN,moon=shooter,tie=share",
    "pass=N,end=30",
    "pass=AL,moon=choice,jack=yes,hands=3",
};

std::string joined(const std::array<int, kSeats>& values) {
    std::string out;
    for (int v : values) out += (out.empty() ? "" : ",") + std::to_string(v);
    return out;
}

std::string seat_text(Seat s) {
    return std::string(1, seat_letter(s));
}

}  // namespace

Status write_transcript(const TranscriptOptions& options,
                        const std::function<void(std::string_view line)>& out) {
    if (options.hands < 1 || options.hands > 100'000) return Error{"hands: from 1 to 100000"};
    if (options.iterations < 1 || options.iterations > 100'000)
        return Error{"iterations: from 1 to 100000"};
    const std::vector<std::string> levels = bot_levels();
    const Budget budget{options.iterations, 0};
    int hands = 0;
    for (int g = 0; hands < options.hands; ++g) {
        const std::uint64_t seed = mix64(options.seed + std::uint64_t(g));
        const std::string_view rules_text = kRuleTexts[std::size_t(g) % kRuleTexts.size()];
        auto rules = parse_rules(rules_text);
        if (!rules) return rules.error();
        std::array<std::unique_ptr<Bot>, kSeats> bots;
        std::string seats;
        for (int s = 0; s < kSeats; ++s) {
            const std::string& level = levels[std::size_t(g + s) % levels.size()];
            auto bot = make_bot(level);
            if (!bot) return bot.error();
            bots[std::size_t(s)] = std::move(bot).value();
            seats += (s == 0 ? "" : ",") + level;
        }
        out("game " + std::to_string(g) + " seed=" + std::to_string(seed) +
            " rules=" + to_string(rules.value()) + " seats=" + seats);
        Game game(rules.value(), seed);
        std::uint64_t decision = 0;
        std::size_t scored = 0;  // hands whose line is written
        bool dealt = false;
        while (hands < options.hands) {
            if (!dealt) {
                std::string line = "deal " + std::to_string(game.hand_index() + 1) + ' ' +
                                   std::string(to_string(game.pass_direction()));
                for (Seat s : kAllSeats)
                    line += ' ' + seat_text(s) + '=' + to_string(game.dealt(s));
                out(line);
                dealt = true;
            }
            // A hand whose score can no longer change is played out at once, as a table
            // does (hearts/claim.h).
            if (game.phase() == Phase::Play) {
                if (const auto c = claim(game.hand(), game.rules())) {
                    out("claim " + std::string(to_string(c->kind)) + ' ' + seat_text(c->seat) +
                        ' ' + std::to_string(c->points));
                    while (game.phase() == Phase::Play) {
                        const Seat s = game.to_move();
                        const Card card = claim_card(game.hand());
                        out(seat_text(s) + " claimed " + to_string(card));
                        if (auto st = game.apply(Action::play(s, card)); !st)
                            return Error{"game " + std::to_string(g) + ": " + st.error().reason};
                    }
                }
            }
            // Every seat that may act, in seat order (in the pass, all four in turn).
            for (Seat s : kAllSeats) {
                if (!game.awaiting(s) || game.phase() == Phase::HandOver ||
                    game.phase() == Phase::GameOver)
                    continue;
                const SeatView view = game.view(s);
                const Action a =
                    decide(*bots[std::size_t(s)], view, mix64(seed ^ ++decision), budget);
                switch (a.kind) {
                    case ActionKind::Pass:
                        out(seat_text(s) + " pass " + to_string(a.cards));
                        break;
                    case ActionKind::Play:
                        out(seat_text(s) + " legal=" + to_string(view.legal()) + " play " +
                            to_string(a.card));
                        break;
                    case ActionKind::Moon:
                        out(seat_text(s) + " moon " + std::string(to_string(a.moon)));
                        break;
                    case ActionKind::NextHand:
                        break;
                }
                if (auto st = game.apply(a); !st)
                    return Error{"game " + std::to_string(g) + ": " + st.error().reason};
                break;
            }
            if (game.results().size() > scored) {
                const HandResult& r = game.results()[scored++];
                std::string line = "hand " + std::to_string(r.hand_index + 1) +
                                   " points=" + joined(r.points) + " score=" + joined(r.score) +
                                   " totals=" + joined(r.totals);
                if (r.moon) line += " moon=" + seat_text(r.shooter);
                out(line);
                ++hands;
            }
            if (game.phase() == Phase::GameOver) {
                std::string line = "over winners=";
                for (Seat s : game.winners()) line += seat_text(s);
                out(line);
                break;
            }
            if (game.phase() == Phase::HandOver && hands < options.hands) {
                if (auto st = game.apply(Action::next_hand()); !st) return st.error();
                dealt = false;
            }
        }
    }
    return Status::ok();
}

Expected<DecisionTimes> time_decisions(std::string_view level, std::uint64_t seed, int hands) {
    if (hands < 1 || hands > 10'000) return Error{"hands: from 1 to 10000"};
    std::array<std::unique_ptr<Bot>, kSeats> bots;
    for (auto& bot : bots) {
        auto made = make_bot(level);
        if (!made) return made.error();
        bot = std::move(made).value();
    }
    DecisionTimes times;
    double total_ms = 0;
    std::uint64_t decision = 0;
    Game game(Rules{}, seed);
    for (int played = 0; played < hands;) {
        if (game.phase() == Phase::GameOver)
            game = Game(Rules{}, mix64(seed + std::uint64_t(played)));
        if (game.phase() == Phase::HandOver) {
            ++played;
            if (auto st = game.apply(Action::next_hand()); !st) return st.error();
            continue;
        }
        for (Seat s : kAllSeats) {
            if (!game.awaiting(s)) continue;
            const SeatView view = game.view(s);
            const auto start = std::chrono::steady_clock::now();
            const Action a = decide(*bots[std::size_t(s)], view, mix64(seed ^ ++decision));
            const double ms =
                std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                    .count();
            if (view.phase() == Phase::Pass || view.legal().size() > 1) {
                ++times.decisions;
                total_ms += ms;
                times.max_ms = std::max(times.max_ms, ms);
            }
            if (auto st = game.apply(a); !st) return st.error();
            if (game.phase() == Phase::GameOver) ++played;
            break;
        }
    }
    times.mean_ms = times.decisions > 0 ? total_ms / times.decisions : 0;
    return times;
}

}  // namespace hearts::ai
