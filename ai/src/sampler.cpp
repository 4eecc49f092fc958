#include "hearts/ai/sampler.h"

#include <algorithm>

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

    // Cards only one seat may hold are placed once, here; the rest split into groups
    // by how many seats may hold them.
    forced_ = fixed_;
    room_ = need_;
    for (Card c : unknown_) {
        int count = 0, only = 0;
        for (int s = 0; s < kSeats; ++s) {
            if (allowed_[std::size_t(s)].contains(c)) {
                ++count;
                only = s;
            }
        }
        if (count == 1) {
            forced_[std::size_t(only)] |= c;
            --room_[std::size_t(only)];
        } else if (count == 2) {
            groups_[0] |= c;
        } else {
            groups_[1] |= c;  // three seats (or none: a contradiction found when dealt)
        }
    }
}

bool Sampler::sample(Rng& rng, Hands& holdings) const {
    // Random assignment with the more constrained cards first (those only two seats may
    // hold before those any of three may hold), each to an eligible seat weighted by
    // the room it has left. A dead end retries; many dead ends fall back to an exact
    // search, which finds a deal whenever one exists.
    if (std::any_of(room_.begin(), room_.end(), [](int r) { return r < 0; })) return false;
    for (int attempt = 0; attempt < 32; ++attempt) {
        holdings = forced_;
        std::array<int, kSeats> room = room_;
        bool ok = true;
        for (int g = 0; g < 2 && ok; ++g) {
            CardSet group = groups_[std::size_t(g)];
            while (!group.empty()) {
                const Card c = group.nth(int(rng.below(std::uint32_t(group.size()))));
                group -= c;
                int total = 0;
                for (int s = 0; s < kSeats; ++s)
                    if (allowed_[std::size_t(s)].contains(c)) total += room[std::size_t(s)];
                if (total == 0) {
                    ok = false;
                    break;
                }
                int r = int(rng.below(std::uint32_t(total)));
                int seat = 0;
                for (;; ++seat) {
                    if (!allowed_[std::size_t(seat)].contains(c)) continue;
                    r -= room[std::size_t(seat)];
                    if (r < 0) break;
                }
                holdings[std::size_t(seat)] |= c;
                --room[std::size_t(seat)];
            }
        }
        if (ok) return true;
    }
    return exact_fill(holdings);
}

bool Sampler::exact_fill(Hands& holdings) const {
    // Depth-first over the unknown cards in index order; small enough to be instant.
    holdings = fixed_;
    std::array<int, kSeats> room = need_;
    std::array<Card, kCards> cards{};
    int n = 0;
    for (Card c : unknown_) cards[std::size_t(n++)] = c;
    std::array<int, kCards> seat_of{};
    int i = 0;
    seat_of[0] = -1;
    while (i >= 0) {
        if (i == n) return true;
        const Card c = cards[std::size_t(i)];
        if (seat_of[std::size_t(i)] >= 0) {  // undo the previous choice for this card
            holdings[std::size_t(seat_of[std::size_t(i)])] -= c;
            ++room[std::size_t(seat_of[std::size_t(i)])];
        }
        int s = seat_of[std::size_t(i)] + 1;
        while (s < kSeats && (room[std::size_t(s)] <= 0 || !allowed_[std::size_t(s)].contains(c)))
            ++s;
        if (s == kSeats) {
            seat_of[std::size_t(i)] = -1;
            --i;
            continue;
        }
        seat_of[std::size_t(i)] = s;
        holdings[std::size_t(s)] |= c;
        --room[std::size_t(s)];
        ++i;
        if (i < n) seat_of[std::size_t(i)] = -1;
    }
    holdings = fixed_;
    return false;
}

Hands Sampler::starting_hands(const Hands& holdings) const {
    Hands out = holdings;
    for (int s = 0; s < kSeats; ++s) out[std::size_t(s)] |= played_by_[std::size_t(s)];
    return out;
}

}  // namespace hearts::ai
