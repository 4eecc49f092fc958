#include "hearts/ai/policy.h"

#include <algorithm>

namespace hearts::ai {
namespace {

constexpr CardSet kPenalty = kHearts | CardSet(kQueenOfSpades);
constexpr Card kAceOfSpades{Suit::Spades, Rank::Ace};
constexpr Card kKingOfSpades{Suit::Spades, Rank::King};

int penalty_points(CardSet cards) {
    return (cards & kHearts).size() + (cards.contains(kQueenOfSpades) ? 13 : 0);
}

/// Cards of `set` in c's suit ranked below c.
constexpr CardSet below(CardSet set, Card c) {
    return set & suit_mask(c.suit()) & CardSet((std::uint64_t{1} << c.index()) - 1);
}
/// Cards of `set` in c's suit ranked above c.
constexpr CardSet above(CardSet set, Card c) {
    return set & suit_mask(c.suit()) & ~CardSet((std::uint64_t{2} << c.index()) - 1);
}

int rank_of(Card c) {
    return int(c.rank());
}

// A seat that has taken every penalty card taken so far, and enough of them that a
// moon is a real prospect.
int find_moon_threat(const std::array<CardSet, kSeats>& taken) {
    int holder = -1;
    for (int s = 0; s < kSeats; ++s) {
        if (!taken[std::size_t(s)].intersects(kPenalty)) continue;
        if (holder >= 0) return -1;  // points are split: no moon this hand
        holder = s;
    }
    if (holder < 0) return -1;
    const CardSet mine = taken[std::size_t(holder)];
    const int hearts = (mine & kHearts).size();
    return hearts >= 5 || (mine.contains(kQueenOfSpades) && hearts >= 3) ? holder : -1;
}

Card choose_lead(const Situation& s, CardSet out) {
    const bool queen_out = out.contains(kQueenOfSpades);
    const bool hold_queen = s.hand.contains(kQueenOfSpades);
    Card best = s.legal.lowest();
    int best_score = -1000;
    for (int suit = 0; suit < kSuits; ++suit) {
        const CardSet mine = s.legal & suit_mask(Suit(suit));
        if (mine.empty()) continue;
        const Card c = mine.lowest();
        const int higher = above(out, c).size();
        const int lower = below(out, c).size();
        int score = 2 * higher - lower;
        if (higher == 0) score -= 40;  // sure to win it, and others may be void
        if (Suit(suit) == Suit::Spades) {
            if (hold_queen)
                score -= 50;  // keep the queen's cover
            else if (queen_out && (c == kAceOfSpades || c == kKingOfSpades))
                score -= 40;
            else if (queen_out && c < kQueenOfSpades)
                score += 3;  // smoke out the queen
        }
        if (Suit(suit) == Suit::Hearts) score -= 1;
        if (mine.size() <= 2 && Suit(suit) != Suit::Hearts) score += 1;  // towards a void
        // Defending against a moon: lead a heart the shooter must beat or let through.
        if (s.moon_threat >= 0 && s.moon_threat != int(s.me) && Suit(suit) == Suit::Hearts)
            score += 10;
        if (score > best_score) {
            best_score = score;
            best = c;
        }
    }
    return best;
}

Card choose_follow(const Situation& s, CardSet follow, CardSet out) {
    const Suit led = s.lead.suit();
    const CardSet under = below(follow, s.winning);
    const int trick_points = penalty_points(s.trick);
    const bool last = s.position == 3;
    const bool shooter_winning =
        s.moon_threat >= 0 && s.moon_threat != int(s.me) && int(s.winner) == s.moon_threat;

    // Stop a moon: take a trick with points away from the would-be shooter when we can.
    if (shooter_winning && (trick_points > 0 || led == Suit::Hearts)) {
        const CardSet over = follow - under;
        if (!over.empty()) return over.highest() == kQueenOfSpades ? over.lowest() : over.highest();
    }
    // The queen goes under a higher spade.
    if (follow.contains(kQueenOfSpades) && s.winning > kQueenOfSpades) return kQueenOfSpades;
    if (!under.empty()) {
        if (last && trick_points == 0 && led != Suit::Hearts) {
            // A clean trick: take it with the highest card we can spare.
            const CardSet over = follow - under - kQueenOfSpades;
            if (!over.empty()) return over.highest();
        }
        return under.highest();  // duck as high as we safely can
    }
    // Every card we hold wins the trick so far.
    const CardSet no_queen = follow - kQueenOfSpades;
    if (last) return no_queen.empty() ? kQueenOfSpades : no_queen.highest();
    if (led == Suit::Spades && out.contains(kQueenOfSpades)) {
        return no_queen.empty() ? kQueenOfSpades : no_queen.lowest();
    }
    // Someone may still top us; if nobody can, shed the highest card now.
    if (above(out, follow.lowest()).empty()) {
        return no_queen.empty() ? kQueenOfSpades : no_queen.highest();
    }
    return no_queen.empty() ? kQueenOfSpades
                            : (trick_points > 0 ? no_queen.lowest() : no_queen.highest());
}

Card choose_discard(const Situation& s, CardSet out) {
    const CardSet legal = s.legal;
    const bool feeding_shooter =
        s.moon_threat >= 0 && s.moon_threat != int(s.me) && int(s.winner) == s.moon_threat;
    if (feeding_shooter) {
        // Keep the points away from a would-be shooter: throw a clean card if possible.
        const CardSet clean = legal - kPenalty;
        if (!clean.empty()) {
            Card best = clean.lowest();
            for (Card c : clean)
                if (rank_of(c) >= rank_of(best)) best = c;
            return best;
        }
    }
    if (legal.contains(kQueenOfSpades)) return kQueenOfSpades;
    if (out.contains(kQueenOfSpades)) {
        if (legal.contains(kAceOfSpades)) return kAceOfSpades;
        if (legal.contains(kKingOfSpades)) return kKingOfSpades;
    }
    const CardSet hearts = legal & kHearts;
    if (!hearts.empty()) return hearts.highest();
    // The highest card, from the shortest suit on ties, to make voids.
    Card best = legal.lowest();
    int best_score = -1;
    for (Card c : legal) {
        const int score = rank_of(c) * 16 + (16 - (s.hand & suit_mask(c.suit())).size());
        if (score > best_score) {
            best_score = score;
            best = c;
        }
    }
    return best;
}

// Whether our highest heart beats every heart still out: the shooter's licence.
bool controls_hearts(const Situation& s, CardSet out) {
    const CardSet mine = s.hand & kHearts;
    const CardSet theirs = out & kHearts;
    if (theirs.empty()) return true;
    return !mine.empty() && mine.highest() > theirs.highest();
}

// Going for the moon: win every trick that has or may get points.
Card choose_shooting(const Situation& s, CardSet out) {
    if (s.position == 0) {
        // Lead the card most certain to win: a top card with no higher card out.
        Card best = s.legal.highest();
        int best_score = -1000;
        for (Card c : s.legal) {
            const int score = -8 * above(out, c).size() + rank_of(c);
            if (score > best_score) {
                best_score = score;
                best = c;
            }
        }
        return best;
    }
    const CardSet follow = s.legal & suit_mask(s.lead.suit());
    if (!follow.empty()) return follow.highest();
    // Void: throw the lowest card that is not a point, saving our winners.
    const CardSet clean = s.legal - kPenalty;
    return clean.empty() ? s.legal.lowest() : clean.lowest();
}

}  // namespace

Situation situation_of(const Hand& h) {
    Situation s;
    s.me = h.to_move();
    s.hand = h.hand(s.me);
    s.legal = h.legal();
    s.played = h.played();
    s.position = h.trick_size();
    s.hearts_broken = h.hearts_broken();
    const int first = h.plays_made() & ~3;
    if (s.position > 0) {
        s.lead = h.play_at(first);
        s.winning = s.lead;
        s.winner = h.player_at(first);
        for (int i = first; i < h.plays_made(); ++i) {
            const Card c = h.play_at(i);
            s.trick |= c;
            if (c.suit() == s.lead.suit() && c > s.winning) {
                s.winning = c;
                s.winner = h.player_at(i);
            }
        }
    }
    std::array<CardSet, kSeats> taken;
    for (int p = 0; p < kSeats; ++p) {
        taken[std::size_t(p)] = h.taken(Seat(p));
        s.points[std::size_t(p)] = penalty_points(taken[std::size_t(p)]);
    }
    s.moon_threat = find_moon_threat(taken);
    return s;
}

Situation situation_of(const SeatView& v) {
    Situation s;
    s.me = v.seat();
    s.hand = v.hand();
    s.legal = v.legal();
    s.played = v.played();
    s.hearts_broken = v.hearts_broken();
    const TrickView trick = v.current_trick();
    s.position = trick.size;
    if (trick.size > 0) {
        s.lead = trick.cards[0];
        s.winning = s.lead;
        s.winner = trick.leader;
        for (int k = 0; k < trick.size; ++k) {
            const Card c = trick.cards[std::size_t(k)];
            s.trick |= c;
            if (c.suit() == s.lead.suit() && c > s.winning) {
                s.winning = c;
                s.winner = trick.player(k);
            }
        }
    }
    std::array<CardSet, kSeats> taken;
    for (int p = 0; p < kSeats; ++p) {
        taken[std::size_t(p)] = v.taken(Seat(p));
        s.points[std::size_t(p)] = penalty_points(taken[std::size_t(p)]);
    }
    s.moon_threat = find_moon_threat(taken);
    return s;
}

Card rule_play(const Situation& s, Skill skill) {
    if (s.legal.size() == 1) return s.legal.lowest();
    // The cards that may still be in other hands.
    const CardSet out = skill == Skill::Medium ? ~(s.played | s.hand) : ~s.hand;
    if (skill == Skill::Medium && s.moon_threat == int(s.me) && controls_hearts(s, out))
        return choose_shooting(s, out);
    if (s.position == 0) return choose_lead(s, out);
    const CardSet follow = s.legal & suit_mask(s.lead.suit());
    if (!follow.empty()) return choose_follow(s, follow, out);
    return choose_discard(s, out);
}

CardSet easy_pass(CardSet hand) {
    CardSet picked;
    for (int k = 0; k < 3; ++k) {
        const CardSet options = hand - picked - CardSet(kQueenOfSpades);
        if (options.empty()) break;
        Card best = options.lowest();
        for (Card c : options)
            if (rank_of(c) > rank_of(best)) best = c;
        picked |= best;
    }
    return picked;
}

Card easy_play(const Situation& s) {
    if (s.position == 0 && !s.hand.contains(kQueenOfSpades) && !s.played.contains(kQueenOfSpades)) {
        const CardSet high = s.legal & (CardSet(kAceOfSpades) | kKingOfSpades);
        if (!high.empty()) return high.highest();
    }
    return rule_play(s, Skill::Easy);
}

CardSet rule_pass(CardSet hand, PassDirection) {
    std::array<int, kCards> score{};
    const CardSet spades = hand & kSpades;
    const int low_spades = below(spades, kQueenOfSpades).size();
    const bool spades_covered = low_spades >= 4;
    for (Card c : hand) {
        const int r = rank_of(c);
        const int suit_len = (hand & suit_mask(c.suit())).size();
        int v = r;  // high cards take tricks
        switch (c.suit()) {
            case Suit::Spades:
                if (c == kQueenOfSpades)
                    v = spades_covered ? 5 : 100;
                else if (c == kAceOfSpades || c == kKingOfSpades)
                    v = spades_covered ? 8 : 90 + r;
                else
                    v = 0;  // low spades protect against the queen
                break;
            case Suit::Hearts:
                v = r >= int(Rank::Ten) ? 40 + 3 * r : r;
                break;
            default:
                // Short side suits are worth emptying: a void lets us discard points.
                if (suit_len <= 2)
                    v = 60 + r;
                else if (suit_len == 3)
                    v = 20 + 2 * r;
                else
                    v = 2 * r;
                if (c == kTwoOfClubs) v -= 5;
                break;
        }
        score[std::size_t(c.index())] = v;
    }
    CardSet picked;
    for (int k = 0; k < 3; ++k) {
        Card best = (hand - picked).lowest();
        for (Card c : hand - picked)
            if (score[std::size_t(c.index())] > score[std::size_t(best.index())]) best = c;
        picked |= best;
    }
    return picked;
}

}  // namespace hearts::ai
