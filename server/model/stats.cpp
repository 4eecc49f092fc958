#include "model/stats.h"

#include <algorithm>

#include "hearts/ai/bot.h"

namespace hearts::server {
namespace {

// Who took what in one played hand (the hand is done: every card is in a trick).
void add_hand(const Hand& hand, std::array<SeatSummary, kSeats>& out) {
    const CardSet point_cards = kHearts | CardSet(kQueenOfSpades);
    std::array<int, kSeats> tricks{};
    for (int t = 0; t < kTricks; ++t) ++tricks[int(hand.winner(t))];
    for (Seat s : kAllSeats) {
        SeatSummary& me = out[int(s)];
        const CardSet taken = hand.taken(s);
        if (taken.contains(kQueenOfSpades)) ++me.queens;
        if (tricks[int(s)] == 0) ++me.trickless;
        // A stopped moon: this seat took one heart and nothing else that counts, and one
        // other seat took all the rest.
        const CardSet mine = taken & point_cards;
        if (mine.size() != 1 || !(mine & kHearts).size()) continue;
        for (Seat other : kAllSeats) {
            if (other != s && (hand.taken(other) & point_cards).size() == point_cards.size() - 1)
                ++me.moon_stops;
        }
    }
}

}  // namespace

std::array<SeatSummary, kSeats> summarize(const Game& game) {
    std::array<SeatSummary, kSeats> out{};
    // The taken cards of each hand are gone once the next is dealt: replay the game and
    // look at every hand just before its next one.
    Game replay(game.rules(), game.seed());
    for (const Action& a : game.history()) {
        if (a.kind == ActionKind::NextHand && replay.hand().done()) add_hand(replay.hand(), out);
        if (!replay.apply(a)) return out;  // cannot happen: the game applied it
    }
    if (replay.results().size() > std::size_t(replay.hand_index()) && replay.hand().done())
        add_hand(replay.hand(), out);

    for (const HandResult& r : game.results()) {
        for (Seat s : kAllSeats) {
            SeatSummary& me = out[int(s)];
            // Totals can be below 0 (moon=shooter, the J♦): the first hand sets the worst.
            me.worst_total =
                me.hands == 0 ? r.totals[int(s)] : std::max(me.worst_total, r.totals[int(s)]);
            ++me.hands;
            if (r.moon) ++(r.shooter == s ? me.moons_shot : me.moons_suffered);
        }
    }
    const auto scores = game.scores();
    const auto winners = game.winners();
    for (Seat s : kAllSeats) {
        SeatSummary& me = out[int(s)];
        me.score = scores[int(s)];
        me.won = std::find(winners.begin(), winners.end(), s) != winners.end();
        me.place = 1 + int(std::count_if(scores.begin(), scores.end(),
                                         [&](int other) { return other < me.score; }));
    }
    return out;
}

void StatsTotals::add(const StatsTotals& t) {
    games += t.games, won += t.won, hands += t.hands, points += t.points;
    moons_shot += t.moons_shot, moons_suffered += t.moons_suffered;
    queens += t.queens, trickless += t.trickless, moon_stops += t.moon_stops;
    conceded += t.conceded;
}

void order_groups(std::vector<StatsGroup>& groups) {
    const auto levels = ai::bot_levels();
    const auto rank = [&](const std::string& level) {
        return std::find(levels.begin(), levels.end(), level) - levels.begin();
    };
    std::stable_sort(groups.begin(), groups.end(), [&](const StatsGroup& x, const StatsGroup& y) {
        if (x.with_people != y.with_people) return !x.with_people;
        return rank(x.level) < rank(y.level);
    });
}

}  // namespace hearts::server
