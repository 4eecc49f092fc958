#include "hearts/view.h"
#include <algorithm>

namespace hearts {

CardSet TrickView::card_set() const {
    CardSet out;
    for (int k = 0; k < size; ++k) out |= cards[std::size_t(k)];
    return out;
}

std::string_view trick_marker(const TrickView& trick, const Rules& rules) {
    const CardSet cards = trick.card_set();
    if (cards.contains(kQueenOfSpades)) return "♠";
    if (cards.intersects(kHearts)) return "♥";
    if (rules.jack_of_diamonds && cards.contains(kJackOfDiamonds)) return "♦";
    return "·";
}

TrickView SeatView::trick(int t) const {
    TrickView out;
    out.leader = leaders_[std::size_t(t)];
    const int first = t * kSeats;
    out.size = std::max(0, std::min(kSeats, plays_made_ - first));
    for (int k = 0; k < out.size; ++k) out.cards[std::size_t(k)] = plays_[std::size_t(first + k)];
    if (out.complete()) out.winner = leaders_[std::size_t(t + 1)];
    return out;
}

SeatView Game::view(Seat s) const {
    SeatView v;
    v.seat_ = s;
    v.rules_ = rules_;
    v.phase_ = phase_;
    v.hand_index_ = hand_index_;
    v.pass_direction_ = pass_direction();
    v.dealt_ = dealt_[int(s)];
    v.hand_ = holding(s);
    v.passed_ = passed_[int(s)];
    v.received_ = received(s);
    for (Seat o : kAllSeats) v.has_passed_[int(o)] = has_passed(o);
    v.to_move_ = to_move();
    v.my_turn_ = awaiting(s) && phase_ != Phase::Pass;
    v.legal_ = phase_ == Phase::Play && hand_.to_move() == s ? hand_.legal() : CardSet();
    if (phase_ != Phase::Pass) {
        v.plays_made_ = hand_.plays_made();
        v.played_ = hand_.played();
        v.hearts_broken_ = hand_.hearts_broken();
        for (int t = 0; t <= hand_.trick_number() && t <= kTricks; ++t)
            v.leaders_[std::size_t(t)] = hand_.leader(t);
        for (int i = 0; i < v.plays_made_; ++i) {
            const Card c = hand_.play_at(i);
            v.plays_[std::size_t(i)] = c;
            const Card lead = hand_.play_at(i & ~3);
            if ((i & 3) != 0 && c.suit() != lead.suit())
                v.voids_[int(hand_.player_at(i))] |= std::uint8_t(1u << int(lead.suit()));
        }
        for (Seat o : kAllSeats) v.taken_[int(o)] = hand_.taken(o);
    }
    v.scores_ = scores_;
    v.results_ = results_;
    v.winners_ = winners();
    v.moon_shooter_ = shooter_;
    return v;
}

Expected<SeatView> view_from_position(const Position& p) {
    auto fail = [](std::string why) -> Expected<SeatView> { return Error{std::move(why)}; };
    if (p.dealt.size() != kCardsPerHand)
        return fail("hand: a seat is dealt 13 cards, not " + std::to_string(p.dealt.size()));
    const bool passing = p.pass != PassDirection::None;
    const bool exchanged = !p.received.empty();
    if (!passing && (!p.passed.empty() || exchanged))
        return fail("passed/received: there is no passing on this hand (pass none)");
    if (passing) {
        if (!p.passed.empty() && p.passed.size() != 3) return fail("passed: pass exactly 3 cards");
        if (!p.dealt.contains_all(p.passed))
            return fail("passed: " + to_string(p.passed - p.dealt) + " not in the hand");
        if (exchanged && p.passed.empty())
            return fail("received: cards can only be received after passing");
        if (exchanged && p.received.size() != 3)
            return fail("received: exactly 3 cards are received");
        if (p.received.intersects(p.dealt))
            return fail("received: " + to_string(p.received & p.dealt) + " already in the hand");
    }
    const bool in_pass_phase = passing && !exchanged;
    if (in_pass_phase && !p.plays.empty())
        return fail("plays: no card is played before the pass is complete");
    if (p.plays.size() > std::size_t(kCards)) return fail("plays: at most 52 cards are played");

    SeatView v;
    v.seat_ = p.seat;
    v.rules_ = p.rules;
    v.hand_index_ = p.hand_index;
    v.pass_direction_ = p.pass;
    v.dealt_ = p.dealt;
    v.passed_ = p.passed;
    v.received_ = p.received;
    v.scores_ = p.scores;
    for (Seat s : kAllSeats)
        v.has_passed_[int(s)] = exchanged || (s == p.seat && !p.passed.empty());
    if (in_pass_phase) {
        v.phase_ = Phase::Pass;
        v.hand_ = p.dealt - p.passed;
        return v;
    }

    CardSet hand = (p.dealt - p.passed) | p.received;
    const Seat receiver = passing ? pass_target(p.seat, p.pass) : p.seat;
    // Who led the first trick: the holder of 2♣ after the pass.
    std::optional<Seat> leader;
    if (hand.contains(kTwoOfClubs))
        leader = p.seat;
    else if (p.passed.contains(kTwoOfClubs))
        leader = receiver;
    if (p.leader && leader && *p.leader != *leader) {
        return fail("leader: " + std::string(seat_name(*leader)) + " held the two of clubs, not " +
                    std::string(seat_name(*p.leader)));
    }
    if (!leader) leader = p.leader;
    // Nobody but the holder of 2C leads the first trick: a position that says this seat
    // leads it without the card describes no game (and would leave it no legal card).
    if (leader == p.seat && !hand.contains(kTwoOfClubs) && p.plays.empty()) {
        return fail("leader: " + std::string(seat_name(p.seat)) +
                    " cannot lead the first trick without the two of clubs");
    }
    // A seat that neither holds nor passed 2C cannot know who leads; guessing one would
    // describe a different game (and, guessing this seat, leave it no legal card).
    if (!leader)
        return fail("leader: say who leads the first trick (" + std::string(seat_name(p.seat)) +
                    " neither holds nor passed the two of clubs)");
    v.leaders_[0] = *leader;

    const int n = int(p.plays.size());
    bool broken = false;
    for (int i = 0; i < n; ++i) {
        const Card c = p.plays[std::size_t(i)];
        const std::string at = "plays[" + std::to_string(i) + "]: ";
        const int t = i >> 2;
        const Seat who = seat_after(v.leaders_[std::size_t(t)], i & 3);
        if (c.is_none() || c.index() >= kCards) return fail(at + "not a card");
        if (v.played_.contains(c)) return fail(at + to_string(c) + " was already played");
        if (i == 0 && c != kTwoOfClubs) return fail(at + "the first card of a hand is 2C");
        const Card lead = (i & 3) ? p.plays[std::size_t(i & ~3)] : c;
        if (who == p.seat) {
            if (!hand.contains(c))
                return fail(at + to_string(c) + " is not in " + std::string(seat_name(who)) +
                            "'s hand");
            const CardSet legal = legal_cards(hand, i, (i & 3) ? lead : Card::none(), broken);
            if (!legal.contains(c)) return fail(at + to_string(c) + " was not a legal play");
            hand -= c;
        } else {
            if (hand.contains(c))
                return fail(at + to_string(c) + " is in " + std::string(seat_name(p.seat)) +
                            "'s hand");
            if (p.passed.contains(c) && who != receiver)
                return fail(at + to_string(c) + " was passed to " +
                            std::string(seat_name(receiver)));
            if (v.is_void(who, c.suit()))
                return fail(at + std::string(seat_name(who)) + " showed no " +
                            std::string(suit_name(c.suit())) + " before");
            // The seat this one passed to holds those cards until it plays them: with them
            // a card may be illegal whatever else it holds (not following suit while
            // holding one of the suit led, leading an unbroken heart, points on the first
            // trick). Adding cards to a hand never makes an illegal card legal.
            if (passing && who == receiver) {
                const CardSet known = p.passed - v.played_;
                if (!known.empty() &&
                    !legal_cards(known | c, i, (i & 3) ? lead : Card::none(), broken).contains(c))
                    return fail(at + to_string(c) + " was not a legal play for " +
                                std::string(seat_name(who)) + ", who holds " + to_string(known) +
                                " (passed to it)");
            }
        }
        if ((i & 3) && c.suit() != lead.suit())
            v.voids_[int(who)] |= std::uint8_t(1u << int(lead.suit()));
        v.plays_[std::size_t(i)] = c;
        v.played_ |= c;
        if (c.suit() == Suit::Hearts || (p.rules.queen_breaks_hearts && c == kQueenOfSpades))
            broken = true;
        if ((i & 3) == 3) {
            int best = 0;
            CardSet cards;
            for (int k = 0; k < 4; ++k) {
                const Card q = p.plays[std::size_t((i & ~3) + k)];
                cards |= q;
                if (q.suit() == lead.suit() && q > p.plays[std::size_t((i & ~3) + best)]) best = k;
            }
            const Seat winner = seat_after(v.leaders_[std::size_t(t)], best);
            v.taken_[int(winner)] |= cards;
            v.leaders_[std::size_t(t + 1)] = winner;
        }
    }
    v.plays_made_ = n;
    v.hand_ = hand;
    v.hearts_broken_ = broken;
    if (n == kCards) {
        v.phase_ = Phase::HandOver;
        for (Seat s : kAllSeats) {
            if (v.taken_[int(s)].contains_all(kHearts | kQueenOfSpades) &&
                p.rules.moon == MoonScoring::ShooterChooses) {
                v.phase_ = Phase::MoonChoice;
                v.moon_shooter_ = s;
                v.to_move_ = s;
                v.my_turn_ = s == p.seat;
            }
        }
        return v;
    }
    v.phase_ = Phase::Play;
    v.to_move_ = seat_after(v.leaders_[std::size_t(n >> 2)], n & 3);
    v.my_turn_ = leader.has_value() && v.to_move_ == p.seat;
    if (v.my_turn_) {
        v.legal_ =
            legal_cards(hand, n, (n & 3) ? p.plays[std::size_t(n & ~3)] : Card::none(), broken);
        if (v.legal_.empty())  // cannot happen in a real game; refused rather than trusted
            return fail("position: it is " + std::string(seat_name(p.seat)) +
                        "'s turn but no card in the hand can be played");
    }
    return v;
}

}  // namespace hearts
