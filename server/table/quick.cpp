// Quick match tables (table/actor.h; docs/ratings.md, "Quick match"): a public table that
// quick match fills starts by itself, when its fourth person sits down or when its wait
// is over (`quick_fill_seconds` after it opened), computer players taking the seats nobody
// came to. Its lobby entry carries its people's mean skill, which quick match compares a
// player's with (router/quick_match.cpp).
#include <utility>  // before Asio: Boost 1.74's headers use std::exchange without it

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cmath>

#include "model/quick.h"
#include "table/actor.h"

namespace hearts::server {

namespace asio = boost::asio;

Expected<int> player_skill(Store& store, const std::string& player, const std::string& board) {
    const RatingModel model;
    auto ratings = store.ratings_of(player);
    if (!ratings) return ratings.error();
    for (const BoardRating& r : *ratings)
        if (r.board == board) return skill_points(r.rating, model);
    return skill_points(model.fresh(), model);
}

std::int64_t TableActor::fill_at_ms() const {
    return created_ms_ + std::int64_t(std::max(0.0, ctx_.options.quick_fill_seconds) * 1000);
}

bool TableActor::begin_quick() {
    if (table_.setup().kind != TableKind::Quick || started() || over()) return false;
    int people = 0;
    for (Seat s : kAllSeats) people += holder(s).person() ? 1 : 0;
    if (people == 0) return false;  // closing: the last person left
    if (people < kSeats && !fill_due_ && now_ms() < fill_at_ms()) return false;
    if (people < kSeats) {
        // The wait is over. With nobody connected (the server has just started again, and
        // the pages are on their way back) it waits for the first to come back; the table
        // closes if nobody does (`abandon_waiting_seconds`).
        const bool anyone = std::any_of(std::begin(kAllSeats), std::end(kAllSeats), [&](Seat s) {
            return holder(s).person() && at(s).connected();
        });
        if (!anyone) return false;
        // Someone who went away meanwhile (closed the page) is not dealt into a game they
        // left: their seat goes back to the computer.
        for (Seat s : kAllSeats) {
            if (!holder(s).person() || at(s).connected()) continue;
            vacate(s, nullptr);
            --people;
        }
        if (over()) return false;  // nobody was left
    }
    spdlog::info("table {}: quick match starts with {} {}", table_.id(), people,
                 people == 1 ? "person" : "people");
    if (fill_) fill_->cancel();
    fill_.reset();
    begin_game();
    return true;
}

void TableActor::watch_fill() {
    if (table_.setup().kind != TableKind::Quick || started() || over()) {
        if (fill_) fill_->cancel();
        fill_.reset();
        return;
    }
    if (fill_) return;
    const std::int64_t wait = std::max<std::int64_t>(0, fill_at_ms() - now_ms());
    fill_ = std::make_unique<asio::steady_timer>(strand_, std::chrono::milliseconds(wait));
    fill_->async_wait(on_timer([timer = fill_.get()](TableActor& l) {
        if (l.fill_.get() != timer) return;
        l.fill_due_ = true;
        l.changed(true);  // settled by the guard: begin_quick starts the game
    }));
}

int TableActor::people_skill() {
    const std::string board = board_of(table_.setup().rules);
    double sum = 0;
    int people = 0;
    for (Seat s : kAllSeats) {
        const SeatHolder& h = holder(s);
        if (!h.person()) continue;
        auto skill = player_skill(ctx_.store, h.player, board);
        if (!skill) {
            // A database that cannot be read now: the table is matched as if this person
            // were new, until its next change.
            spdlog::warn("table {}: could not read a player's rating: {}", table_.id(),
                         skill.error().reason);
            skill = skill_points(RatingModel{}.fresh(), RatingModel{});
        }
        sum += *skill;
        ++people;
    }
    return people ? int(std::lround(sum / people)) : 1000;
}

}  // namespace hearts::server
