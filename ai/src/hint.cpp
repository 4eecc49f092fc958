// Hints (hint.h): the search's choice and its statistics, put into words by templates
// over facts. Every sentence rests on a number the playouts measured or on something the
// seat can see; nothing is said that the position does not show.
#include "hearts/ai/hint.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <optional>

#include "hearts/ai/policy.h"
#include "hearts/ai/sampler.h"
#include "hearts/ai/search_bot.h"

namespace hearts::ai {
namespace {

constexpr const char* kSuitNames[] = {"clubs", "diamonds", "spades", "hearts"};

// "about 3.1 points", "about 1 point", "nothing".
std::string points_words(double p) {
    if (std::abs(p) < 0.05) return "nothing";
    char text[32];
    std::snprintf(text, sizeof text, "%.1f", p);
    std::string n = text;
    if (n.size() > 2 && n.substr(n.size() - 2) == ".0") n.resize(n.size() - 2);
    return "about " + n + (n == "1" || n == "-1" ? " point" : " points");
}

// What a player can expect to take this hand, in words that read as the hand's points,
// not the card's: "no points", "about 3.1 points".
std::string expect_words(double p) {
    const std::string w = points_words(p);
    return w == "nothing" ? "no points" : w;
}

// The same, short, after a first: "about 5.8", "none".
std::string expect_short(double p) {
    const std::string w = points_words(p);
    return w == "nothing" ? "none" : w.substr(0, w.rfind(' '));
}

std::string percent(double share) {
    return std::to_string(int(std::lround(share * 100))) + "%";
}

// "the K♠", "the K♠ and A♠", "the J♠, K♠ and A♠".
std::string card_list(const std::vector<Card>& cards) {
    std::string out = "the ";
    for (std::size_t i = 0; i < cards.size(); ++i) {
        if (i > 0) out += i + 1 == cards.size() ? " and " : ", ";
        out += card_words(cards[i]);
    }
    return out;
}

std::string join_sentences(const std::vector<std::string>& parts) {
    std::string out;
    for (const std::string& p : parts) {
        if (p.empty()) continue;
        if (!out.empty()) out += ' ';
        out += p;
    }
    return out;
}

// The seat who takes every point of a finished hand, if one does.
std::optional<Seat> shooter(const Hand& h) {
    const CardSet moon = kHearts | kQueenOfSpades;
    for (Seat s : kAllSeats)
        if (h.taken(s).contains_all(moon)) return s;
    return std::nullopt;
}

}  // namespace

std::string card_words(Card c) {
    static constexpr const char* kSymbols[] = {"♣", "♦", "♠", "♥"};
    const std::string text = to_string(c);  // "9S", "TH"
    const std::string rank = text[0] == 'T' ? "10" : text.substr(0, 1);
    return rank + kSymbols[int(c.suit())];
}

PlayAnalysis analyse_play(const SeatView& view, std::uint64_t seed, int deals, int deadline_ms) {
    PlayAnalysis out;
    const CardSet legal = view.legal();
    std::vector<Card> candidates;
    for (Card c : legal) candidates.push_back(c);
    const std::size_t n = candidates.size();
    std::vector<std::int64_t> total(n, 0);
    std::vector<int> queens(n, 0), against(n, 0), mine(n, 0);
    const Sampler sampler(view);
    Rng rng(seed);
    const Seat me = view.seat();
    const Rules& rules = view.rules();
    const auto deadline =
        std::chrono::steady_clock::now() + std::chrono::milliseconds(std::max(1, deadline_ms));
    Hands holdings{};
    int done = 0;
    for (; done < deals; ++done) {
        if (deadline_ms > 0 && done > 0 && (done & 7) == 0 &&
            std::chrono::steady_clock::now() >= deadline)
            break;
        if (!sampler.sample(rng, holdings)) break;
        Hand root(sampler.starting_hands(holdings), rules.queen_breaks_hearts);
        for (int i = 0; i < view.plays_made(); ++i) root.play(view.play_at(i));
        for (std::size_t k = 0; k < n; ++k) {
            Hand h = root;
            h.play(candidates[k]);
            while (!h.done()) h.play(rule_play(situation_of(h), Skill::Medium));
            total[k] += hand_score(h, me, rules);
            if (h.taken(me).contains(kQueenOfSpades)) ++queens[k];
            if (const auto s = shooter(h)) ++(*s == me ? mine[k] : against[k]);
        }
    }
    out.deals = done;
    const double d = std::max(1, done);
    for (std::size_t k = 0; k < n; ++k)
        out.candidates.push_back(CandidateStats{candidates[k], double(total[k]) / d, queens[k] / d,
                                                against[k] / d, mine[k] / d});
    // Best first; a tie keeps the lower card (index order), as the search's own choice.
    std::stable_sort(
        out.candidates.begin(), out.candidates.end(),
        [](const CandidateStats& a, const CandidateStats& b) { return a.points < b.points; });
    return out;
}

std::string play_reason(const SeatView& view, const PlayAnalysis& analysis,
                        const std::array<std::string, kSeats>& names) {
    if (analysis.candidates.empty()) return {};
    const CandidateStats& best = analysis.candidates.front();
    const std::string card = card_words(best.card);
    if (analysis.candidates.size() == 1)
        return "Play the " + card + ": it is the only card you may play.";
    const CandidateStats& last = analysis.candidates.back();
    std::vector<std::string> parts;
    if (last.points - best.points < 0.25) {
        parts.push_back("Play the " + card + ": whichever card you play, you expect to take " +
                        expect_words(best.points) + " this hand.");
    } else {
        parts.push_back("Play the " + card + ": with it you expect to take " +
                        expect_words(best.points) + " this hand; with the " +
                        card_words(last.card) + ", " + expect_short(last.points) + ".");
    }
    const Seat me = view.seat();
    const Suit suit = best.card.suit();
    const bool leading = view.current_trick().size == 0;
    // Higher cards of the suit still out: a low lead stays under them.
    if (leading) {
        std::vector<Card> higher;
        const CardSet out = suit_mask(suit) - view.played() - view.hand();
        for (Card c : out)
            if (c.rank() > best.card.rank()) higher.push_back(c);
        if (!higher.empty() && higher.size() <= 3)
            parts.push_back(std::string(1, char(std::toupper(card_list(higher)[0]))) +
                            card_list(higher).substr(1) + (higher.size() == 1 ? " is" : " are") +
                            " still out, so the " + card + " stays under " +
                            (higher.size() == 1 ? "it." : "them."));
        // Who has shown they have none of the suit led, and may throw points on it.
        std::vector<std::string> voids;
        for (Seat s : kAllSeats)
            if (s != me && view.is_void(s, suit)) voids.push_back(names[std::size_t(s)]);
        if (!voids.empty()) {
            std::string who;
            for (std::size_t i = 0; i < voids.size(); ++i) {
                if (i > 0) who += i + 1 == voids.size() ? " and " : ", ";
                who += voids[i];
            }
            parts.push_back(who + (voids.size() == 1 ? " has" : " have") + " shown no " +
                            kSuitNames[int(suit)] + ", and can throw points on them.");
        }
    }
    // The queen: said when it is still out and the card chosen risks taking it.
    if (!view.played().contains(kQueenOfSpades) && best.queen >= 0.15)
        parts.push_back("You take the Q♠ in " + percent(best.queen) + " of the deals tried.");
    if (best.moon_against >= 0.1)
        parts.push_back("Watch the moon: in " + percent(best.moon_against) +
                        " of the deals tried another player takes every point.");
    const CandidateStats& worst = analysis.candidates.back();
    if (worst.moon_against - best.moon_against >= 0.2)
        parts.push_back("With the " + card_words(worst.card) +
                        ", another player takes every point in " + percent(worst.moon_against) +
                        " of the deals tried.");
    if (best.moon_mine >= 0.25)
        parts.push_back("You shoot the moon in " + percent(best.moon_mine) +
                        " of the deals tried.");
    return join_sentences(parts);
}

std::string pass_reason(const SeatView& view, CardSet cards,
                        const std::array<std::string, kSeats>& names) {
    const CardSet hand = view.hand() | view.passed();
    const CardSet left = hand - cards;
    const Seat to = pass_target(view.seat(), view.pass_direction());
    std::vector<Card> list;
    for (Card c : cards) list.push_back(c);
    std::vector<std::string> parts;
    parts.push_back("Pass " + card_list(list) + " to " + names[std::size_t(to)] + ".");
    std::vector<std::string> why;
    if (cards.contains(kQueenOfSpades))
        why.push_back("the Q♠ is 13 points you cannot be made to take");
    const CardSet high_spades =
        CardSet(Card(Suit::Spades, Rank::Ace)) | Card(Suit::Spades, Rank::King);
    if (!(cards & high_spades).empty() && !left.contains(kQueenOfSpades) &&
        (left & suit_mask(Suit::Spades)).size() < 4)
        why.push_back("a high spade with few others to hide behind is where the Q♠ lands");
    for (Suit s : {Suit::Clubs, Suit::Diamonds, Suit::Spades, Suit::Hearts}) {
        if ((hand & suit_mask(s)).empty() || !(left & suit_mask(s)).empty()) continue;
        why.push_back(std::string("it leaves you with no ") + kSuitNames[int(s)] +
                      ", so you can throw points when they are led");
    }
    const CardSet high_hearts = CardSet(Card(Suit::Hearts, Rank::Ace)) |
                                Card(Suit::Hearts, Rank::King) | Card(Suit::Hearts, Rank::Queen);
    if (!(cards & high_hearts).empty()) why.push_back("high hearts take tricks full of points");
    if (why.empty()) why.push_back("they are the cards most likely to take tricks with points");
    std::string because = why.front();
    for (std::size_t i = 1; i < why.size(); ++i)
        because += (i + 1 == why.size() ? "; and " : "; ") + why[i];
    because[0] = char(std::toupper(because[0]));
    parts.push_back(because + ".");
    return join_sentences(parts);
}

Hint hint_for(const SeatView& view, std::uint64_t seed,
              const std::array<std::string, kSeats>& names, int deals, int deadline_ms) {
    Hint out{Action::next_hand(), {}, {}};
    const Seat me = view.seat();
    if (view.phase() == Phase::Pass) {
        const CardSet pass = pass_search(view, seed, deals / 2, deadline_ms);
        out.action = Action::pass(me, pass);
        out.reason = pass_reason(view, pass, names);
        return out;
    }
    PlayAnalysis analysis = analyse_play(view, seed, deals, deadline_ms);
    out.action = Action::play(me, analysis.candidates.front().card);
    out.reason = play_reason(view, analysis, names);
    out.candidates = std::move(analysis.candidates);
    return out;
}

}  // namespace hearts::ai
