// The table actor's clocks (table/actor.h): the turn timer, the grace period of a person
// who dropped, a waiting table nobody is at, an idle game, and a finished table's stay.
// Each timer's handler holds the table weakly and runs on its strand.
#include <utility>  // before Asio: Boost 1.74's headers use std::exchange without it

#include <spdlog/spdlog.h>

#include <algorithm>

#include "table/actor.h"

namespace hearts::server {

namespace asio = boost::asio;

namespace {

constexpr int kTimeoutsBeforeAway = 2;  // turns in a row the server played for a person

std::string seat_label(Seat s) {
    return std::string(1, seat_letter(s));
}

}  // namespace

// A finished table stays a while for its people (the result, a rematch), then goes.
void TableActor::watch_over() {
    if (over() && !evict_) {
        // An abandoned game is nobody's to come back to: it goes at once.
        const double keep = table_.setup().ended == "abandoned"
                                ? 0.0
                                : std::max(0.0, ctx_.options.keep_finished_seconds);
        evict_ = std::make_unique<asio::steady_timer>(
            strand_, std::chrono::milliseconds(std::int64_t(keep * 1000)));
        evict_->async_wait(on_timer([](TableActor& l) { l.unload(); }));
    }
}

// A game in progress that nobody is connected to and that waits for nobody's computer
// player is put away after a while; it loads again, at the same card, when a player
// comes back (`find`). Memory then holds the tables in use, not every table ever begun.
void TableActor::watch_idle() {
    const auto is_idle = [](TableActor& l) {
        return l.playing() && !l.bot_thinking_ &&
               std::none_of(l.seats_.begin(), l.seats_.end(),
                            [](SeatLive& s) { return s.connected(); });
    };
    if (!is_idle(*this)) {
        if (idle_) idle_->cancel();
        idle_.reset();
        return;
    }
    if (idle_) return;
    idle_ = std::make_unique<asio::steady_timer>(
        strand_, std::chrono::milliseconds(
                     std::int64_t(std::max(0.0, ctx_.options.unload_after_seconds) * 1000)));
    // The handler may already be queued when the timer is replaced: it acts only for the
    // timer it was armed with.
    idle_->async_wait(on_timer([is_idle, timer = idle_.get()](TableActor& l) {
        if (l.idle_.get() != timer) return;
        l.idle_.reset();
        if (is_idle(l)) l.unload();
    }));
}

void TableActor::go_away(Seat seat) {
    table_.setup().seats[std::size_t(seat)].away = true;
    table_.setup().seats[std::size_t(seat)].helped = true;
    at(seat).timeouts = 0;
    table_.setup().seats[std::size_t(seat)].ready = false;
    save_meta();
}

void TableActor::watch_presence() {
    if (!playing() || table_.setup().kind == TableKind::Solo) return;
    for (Seat s : kAllSeats) {
        SeatLive& sl = at(s);
        if (!table_.is_human(s) || sl.connected() || sl.grace) continue;
        sl.grace = std::make_unique<asio::steady_timer>(strand_);
        sl.grace->expires_after(std::chrono::milliseconds(
            std::int64_t(std::max(0.0, ctx_.options.grace_seconds) * 1000)));
        sl.grace->async_wait(on_timer([s](TableActor& l) { l.grace_expired(s); }));
    }
}

// A table waiting for players that nobody is connected to closes after a while, so
// tables opened and left do not pile up in the lobby, in memory or in the database.
void TableActor::watch_waiting() {
    const bool waiting = !started() && !over();
    const bool anyone =
        std::any_of(seats_.begin(), seats_.end(), [](SeatLive& s) { return s.connected(); });
    if (!waiting || anyone) {
        if (abandon_) abandon_->cancel();
        abandon_.reset();
        return;
    }
    if (abandon_) return;
    abandon_ = std::make_unique<asio::steady_timer>(
        strand_, std::chrono::milliseconds(
                     std::int64_t(std::max(0.0, ctx_.options.abandon_waiting_seconds) * 1000)));
    abandon_->async_wait(on_timer([timer = abandon_.get()](TableActor& l) {
        if (l.abandon_.get() != timer) return;
        l.abandon_.reset();
        const bool someone = std::any_of(l.seats_.begin(), l.seats_.end(),
                                         [](SeatLive& s) { return s.connected(); });
        if (l.started() || l.over() || someone) return;
        spdlog::info("table {}: nobody waited at it for {} s; closed", l.table_.id(),
                     l.ctx_.options.abandon_waiting_seconds);
        for (const SeatHolder& h : l.table_.setup().seats)
            if (h.person()) l.ctx_.directory.forget_waiting(h.player, l.table_.id());
        l.end_table("abandoned");
        l.save_meta();
    }));
}

// Another person holds a seat at this table, connected and not away.
bool TableActor::someone_else_playing(Seat seat) {
    return std::any_of(std::begin(kAllSeats), std::end(kAllSeats), [&](Seat s) {
        return s != seat && table_.is_human(s) && at(s).connected();
    });
}

void TableActor::grace_expired(Seat seat) {
    SeatLive& sl = at(seat);
    sl.grace.reset();
    if (!playing() || !table_.is_human(seat) || sl.connected()) return;
    // A computer player takes over only so that others can go on: with nobody else
    // here, the seat is simply held until someone comes back.
    if (!someone_else_playing(seat)) return;
    spdlog::info("table {}: {} was gone too long; a computer player takes the seat", table_.id(),
                 seat_label(seat));
    go_away(seat);
}

void TableActor::arm_clock() {
    const TableSetup& setup = table_.setup();
    const auto waiting = waiting_for();
    const bool anyone = std::any_of(std::begin(kAllSeats), std::end(kAllSeats), [&](Seat s) {
        return table_.is_human(s) && at(s).connected();
    });
    if (setup.timer == 0 || waiting.empty() || !anyone) {
        if (clock_key_ != 0) clock_.cancel();
        clock_key_ = 0;
        return;
    }
    // One clock per position: the number of actions so far and the phase.
    const Phase phase = table_.game().phase();
    const std::uint64_t key = (table_.game().history().size() + 1) * 8 + std::uint64_t(phase);
    if (key == clock_key_) return;
    clock_key_ = key;
    const double seconds = setup.timer * ctx_.options.timer_scale * (phase == Phase::Pass ? 2 : 1);
    deadline_ = Clock::now() + std::chrono::milliseconds(std::int64_t(seconds * 1000));
    clock_.expires_at(deadline_);
    clock_.async_wait(on_timer([key](TableActor& l) { l.clock_expired(key); }));
}

void TableActor::clock_expired(std::uint64_t key) {
    if (clock_key_ != key) return;
    clock_key_ = 0;
    const Phase phase = table_.game().phase();
    if (phase == Phase::HandOver) {
        for (Seat s : waiting_for()) holder(s).ready = true;
        return save_meta();
    }
    if (!stand_in_) stand_in_ = std::move(ai::make_bot("medium")).value();
    for (Seat s : waiting_for()) {
        if (!holder(s).helped) {
            holder(s).helped = true;
            save_meta();
        }
        const SeatView view = table_.view(s);
        const Action action = ai::decide(*stand_in_, view, fresh_seed());
        if (Status ok = commit(action); !ok) {
            spdlog::error("table {}: the clock's move {} was refused: {}", table_.id(),
                          to_string(action), ok.error().reason);
            continue;
        }
        // As with a dropped connection, a computer player takes the seat so that others
        // can go on: when nobody else is here playing, the clock goes on acting turn by
        // turn and the seat stays the person's. (A seat given to a computer there would
        // have the computers play the game out in a moment, before anyone is back.)
        if (++at(s).timeouts >= kTimeoutsBeforeAway && someone_else_playing(s)) go_away(s);
    }
    changed();  // even when no move was made: the clock runs again
}

}  // namespace hearts::server
