// Reviews (review.h): the game replayed, and each of the seat's cards weighed against the
// search's best on the same sampled deals (analyse_play, hint.h).
#include "hearts/ai/review.h"

#include <algorithm>
#include <cstdio>

#include "hearts/ai/hint.h"
#include "hearts/ai/search_bot.h"
#include "hearts/claim.h"
#include "hearts/random.h"

namespace hearts::ai {
namespace {

// "about 4.2 points", "about 1 point".
std::string about(double p) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f", p);
    std::string n = text;
    if (n.size() > 2 && n.substr(n.size() - 2) == ".0") n.resize(n.size() - 2);
    return "about " + n + (n == "1" ? " point" : " points");
}

// Another seat holds every point taken so far this hand, and some: it may be shooting.
bool moon_threat(const SeatView& view) {
    int with_points = 0;
    Seat who = view.seat();
    for (Seat s : kAllSeats) {
        if ((view.taken(s) & (kHearts | kQueenOfSpades)).empty()) continue;
        ++with_points;
        who = s;
    }
    return with_points == 1 && who != view.seat();
}

// "the Q♠, A♥ and 2♣".
std::string cards_words(CardSet cards) {
    std::string out = "the ";
    int i = 0;
    const int n = cards.size();
    for (Card c : cards) {
        if (i > 0) out += i + 1 == n ? " and " : ", ";
        out += card_words(c);
        ++i;
    }
    return out;
}

// The seat's pass weighed against the search's, on the same deals.
ReviewedPass review_pass(const SeatView& view, CardSet passed, int hand, std::uint64_t seed,
                         int deals, int decision_ms) {
    ReviewedPass r{hand, pass_target(view.seat(), view.pass_direction()), passed, 0, passed, 0, 0};
    r.best = pass_search(view, seed, deals, 2 * decision_ms);
    const PassComparison c =
        compare_passes(view, passed, r.best, mix64(seed), 4 * deals, 2 * decision_ms);
    r.passed_points = c.a_points;
    r.best_points = c.b_points;
    r.margin = 2 * c.error;
    return r;
}

}  // namespace

std::string_view to_string(PlayKind kind) {
    switch (kind) {
        case PlayKind::Lead:
            return "leading";
        case PlayKind::Follow:
            return "following suit";
        case PlayKind::Discard:
            return "discarding";
        case PlayKind::MoonDefence:
            return "moon defence";
        case PlayKind::Pass:
            return "passing";
    }
    return "leading";
}

int Review::claimed_cards() const {
    int n = 0;
    for (const ClaimedHand& c : claimed) n += c.cards;
    return n;
}

Review review_game(const Game& game, Seat seat, int deals, std::uint64_t seed, int decision_ms) {
    Review out;
    out.seat = seat;
    out.deals = deals;
    out.pass_deals = 4 * deals;
    Game replay(game.rules(), game.seed());
    int claimed = -1;  // the hand whose rest was claimed: its cards were nobody's choice
    for (const Action& a : game.history()) {
        if (replay.phase() == Phase::Play && claim(replay.hand(), replay.rules()))
            claimed = replay.hand_index();
        if (a.kind == ActionKind::Pass && a.seat == seat) {
            const ReviewedPass r =
                review_pass(replay.view(seat), a.cards, replay.hand_index() + 1,
                            mix64(seed ^ (0x9a55ull << 32) ^ std::uint64_t(out.passes.size() + 1)),
                            deals, decision_ms);
            if (r.mistake()) {
                out.lost += r.loss();
                out.lost_by_kind[std::size_t(PlayKind::Pass)] += r.loss();
            }
            out.passes.push_back(r);
        }
        if (a.kind == ActionKind::Play && a.seat == seat && claimed == replay.hand_index()) {
            if (out.claimed.empty() || out.claimed.back().hand != claimed + 1)
                out.claimed.push_back({claimed + 1, 0});
            ++out.claimed.back().cards;
        } else if (a.kind == ActionKind::Play && a.seat == seat) {
            const SeatView view = replay.view(seat);
            const TrickView trick = view.current_trick();
            PlayKind kind = PlayKind::Lead;
            if (moon_threat(view))
                kind = PlayKind::MoonDefence;
            else if (trick.size > 0)
                kind =
                    trick.cards[0].suit() == a.card.suit() ? PlayKind::Follow : PlayKind::Discard;
            ReviewedPlay r{
                replay.hand_index() + 1, view.tricks_done() + 1, kind, a.card, 0, a.card, 0};
            if (view.legal().size() > 1) {
                const PlayAnalysis analysis = analyse_play(
                    view, mix64(seed ^ std::uint64_t(out.plays.size() + 1)), deals, decision_ms);
                r.best = analysis.candidates.front().card;
                r.best_points = analysis.candidates.front().points;
                for (const CandidateStats& c : analysis.candidates)
                    if (c.card == a.card) r.played_points = c.points;
            }
            if (r.loss() >= kNoise) {
                out.lost += r.loss();
                out.lost_by_kind[std::size_t(kind)] += r.loss();
            }
            out.plays.push_back(r);
        }
        if (!replay.apply(a)) break;  // a game's own history always applies
    }
    return out;
}

std::string review_text(const Review& review, const std::array<std::string, kSeats>& names,
                        int largest) {
    std::string out = "Review of " + names[std::size_t(review.seat)] + ": " +
                      std::to_string(review.plays.size()) + " cards played, each weighed on " +
                      std::to_string(review.deals) + " deals";
    if (review.claimed_cards() > 0)
        out += ", and " + std::to_string(review.claimed_cards()) + " played out after a claim";
    if (!review.passes.empty())
        out += "; " + std::to_string(review.passes.size()) +
               (review.passes.size() == 1 ? " pass" : " passes") + ", on " +
               std::to_string(review.pass_deals) + " deals";
    out += ".\n";
    // The mistakes, passes and cards alike, largest first (passes first on a tie).
    struct Mistake {
        double loss;
        std::string line;
    };
    std::vector<Mistake> mistakes;
    for (const ReviewedPass& p : review.passes)
        if (p.mistake())
            mistakes.push_back({p.loss(), "  Hand " + std::to_string(p.hand) +
                                              ", the pass: " + cards_words(p.passed) + " cost " +
                                              about(p.passed_points) + "; " + cards_words(p.best) +
                                              " " + about(p.best_points) + ". (passing)\n"});
    for (const ReviewedPlay& p : review.plays)
        if (p.loss() >= kNoise)
            mistakes.push_back(
                {p.loss(),
                 "  Hand " + std::to_string(p.hand) + ", trick " + std::to_string(p.trick) +
                     ": the " + card_words(p.played) + " cost " + about(p.played_points) +
                     "; the " + card_words(p.best) +
                     (p.best_points <= 0.5 ? " was safe."
                                           : " would cost " + about(p.best_points) + ".") +
                     " (" + std::string(to_string(p.kind)) + ")\n"});
    if (mistakes.empty())
        return out + "No pass or card cost more than the best one by " + about(kNoise) +
               ": well played.\n";
    out += "Points lost to mistakes: " + about(review.lost).substr(6) + " (";
    bool first = true;
    for (PlayKind k : {PlayKind::Pass, PlayKind::Lead, PlayKind::Follow, PlayKind::Discard,
                       PlayKind::MoonDefence}) {
        const double lost = review.lost_by_kind[std::size_t(k)];
        if (lost <= 0) continue;
        out += (first ? "" : ", ") + std::string(to_string(k)) + " " + about(lost).substr(6);
        first = false;
    }
    out += ").\nThe largest:\n";
    std::stable_sort(mistakes.begin(), mistakes.end(),
                     [](const Mistake& a, const Mistake& b) { return a.loss > b.loss; });
    for (int i = 0; i < largest && i < int(mistakes.size()); ++i)
        out += mistakes[std::size_t(i)].line;
    return out;
}

}  // namespace hearts::ai
