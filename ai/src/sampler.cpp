#include "hearts/ai/sampler.h"

#include <algorithm>
#include <bit>

namespace hearts::ai {

Sampler::Sampler(const SeatView& v) : me_(v.seat()) {
    for (int i = 0; i < v.plays_made(); ++i) played_by_[int(v.player_at(i))] |= v.play_at(i);

    // What each seat may still hold, narrowed by what its plays revealed.
    for (Seat s : kAllSeats) allowed_[int(s)] = kAllCards;
    bool broken = false;
    for (int i = 0; i < v.plays_made(); ++i) {
        const Card c = v.play_at(i);
        const Seat who = v.player_at(i);
        const Card lead = v.play_at(i & ~3);
        CardSet& allowed = allowed_[int(who)];
        if ((i & 3) != 0 && c.suit() != lead.suit()) {
            allowed -= suit_mask(lead.suit());
            if (i < 4 && (c.suit() == Suit::Hearts || c == kQueenOfSpades))
                allowed &= kHearts | kQueenOfSpades;  // nothing else was left to play
        }
        if ((i & 3) == 0 && i > 0 && c.suit() == Suit::Hearts && !broken) allowed &= kHearts;
        if (c.suit() == Suit::Hearts || (v.rules().queen_breaks_hearts && c == kQueenOfSpades))
            broken = true;
    }

    // Cards this seat passed stay with the receiver until played.
    fixed_[int(me_)] = v.hand();
    if (!v.passed().empty() && v.pass_direction() != PassDirection::None) {
        const Seat to = pass_target(me_, v.pass_direction());
        fixed_[int(to)] = v.passed() - v.played();
    }
    unknown_ = kAllCards - v.played();
    for (Seat s : kAllSeats) unknown_ -= fixed_[int(s)];
    for (Seat s : kAllSeats) {
        const int holds = kCardsPerHand - played_by_[int(s)].size();
        need_[int(s)] = holds - fixed_[int(s)].size();
        allowed_[int(s)] &= unknown_;
    }
    need_[int(me_)] = 0;
    allowed_[int(me_)] = {};

    // Cards only one seat may hold are placed once, here. The rest are grouped by the
    // set of seats that may hold them (a 4-bit mask): that is all the dealing needs.
    forced_ = fixed_;
    room_ = need_;
    for (Card c : unknown_) {
        int mask = 0;
        for (int s = 0; s < kSeats; ++s)
            if (allowed_[std::size_t(s)].contains(c)) mask |= 1 << s;
        if (std::popcount(unsigned(mask)) == 1) {
            forced_[std::size_t(std::countr_zero(unsigned(mask)))] |= c;
            --room_[std::size_t(std::countr_zero(unsigned(mask)))];
        } else {
            classes_[std::size_t(mask)] |= c;
        }
    }
}

namespace {

// Whether the cards counted by class (mask of seats that may hold them) can fill the
// seats' rooms exactly. With every card placed and every room filled, Hall's condition
// for this transport problem is: for each set T of seats, the cards that only seats in
// T may hold must fit in T's room. Only the classes in `live` have cards.
bool feasible(const std::array<int, 16>& count, const std::array<int, kSeats>& room,
              const std::array<int, 16>& live, int live_count) {
    for (int t = 1; t < 16; ++t) {
        int cards = 0;
        for (int k = 0; k < live_count; ++k) {
            const int c = live[std::size_t(k)];
            if ((c & ~t) == 0) cards += count[std::size_t(c)];
        }
        if (cards == 0) continue;
        int space = 0;
        for (int s = 0; s < kSeats; ++s)
            if (t & (1 << s)) space += room[std::size_t(s)];
        if (cards > space) return false;
    }
    return true;
}

}  // namespace

bool Sampler::sample(Rng& rng, Hands& holdings) const {
    // Cards are dealt one at a time in random order; each goes to a seat that may hold
    // it, chosen with weight equal to the room the seat has left, among the seats for
    // which the rest can still be dealt. So a sample never fails or backtracks, and
    // every deal consistent with the view can come out.
    holdings = forced_;
    std::array<int, kSeats> room = room_;
    std::array<int, 16> count{};
    std::array<int, 16> live{};
    int live_count = 0;
    for (int c = 0; c < 16; ++c) {
        count[std::size_t(c)] = classes_[std::size_t(c)].size();
        if (count[std::size_t(c)] > 0) live[std::size_t(live_count++)] = c;
    }
    if (count[0] > 0 || !feasible(count, room, live, live_count)) return false;
    // One class of cards that every seat with room may hold: any order works.
    const bool free_choice = live_count == 1 && [&] {
        for (int s = 0; s < kSeats; ++s)
            if (room[std::size_t(s)] > 0 && !(live[0] & (1 << s))) return false;
        return true;
    }();
    CardSet left;
    for (const CardSet& cls : classes_) left |= cls;
    while (!left.empty()) {
        const Card card = left.nth(int(rng.below(std::uint32_t(left.size()))));
        left -= card;
        int mask = 0;
        while (!classes_[std::size_t(mask)].contains(card)) ++mask;
        --count[std::size_t(mask)];
        std::array<int, kSeats> weight{};
        int total = 0;
        for (int s = 0; s < kSeats; ++s) {
            if (!(mask & (1 << s)) || room[std::size_t(s)] == 0) continue;
            --room[std::size_t(s)];
            if (free_choice || feasible(count, room, live, live_count))
                weight[std::size_t(s)] = room[std::size_t(s)] + 1;
            ++room[std::size_t(s)];
            total += weight[std::size_t(s)];
        }
        if (total == 0) return false;  // cannot happen: the state was feasible
        int r = int(rng.below(std::uint32_t(total)));
        int seat = 0;
        while (r >= weight[std::size_t(seat)]) r -= weight[std::size_t(seat++)];
        holdings[std::size_t(seat)] |= card;
        --room[std::size_t(seat)];
    }
    return true;
}

Hands Sampler::starting_hands(const Hands& holdings) const {
    Hands out = holdings;
    for (int s = 0; s < kSeats; ++s) out[std::size_t(s)] |= played_by_[std::size_t(s)];
    return out;
}

}  // namespace hearts::ai
