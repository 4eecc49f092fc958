// The table commands (router/service.h): joining a table, and what a seated person asks of
// it: start, leave, timer off, reclaim a seat, concede, rematch. Each runs on the
// table's strand; they live with the router because they seat people and open tables.
#include <utility>  // before Asio: Boost 1.74's headers use std::exchange without it

#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/asio/post.hpp>

#include "model/fair.h"
#include "model/names.h"
#include "router/service.h"

namespace hearts::server {

namespace asio = boost::asio;

namespace {

// The name of a computer player who takes a seat: the first of kBotNames that looks like
// nobody's at the table, the seat's own name until now included (a person "Anna" who
// concedes is followed by "Mike", not by a computer player called Anna). Four seats hold
// at most four names, so one of the eight is always free.
std::string computer_name(const TableSetup& setup) {
    for (const char* candidate : kBotNames) {
        const bool taken = std::any_of(
            setup.names.begin(), setup.names.end(),
            [&](const std::string& n) { return !n.empty() && looks_alike(n, candidate); });
        if (!taken) return candidate;
    }
    return kBotNames.front();
}

}  // namespace

void GameService::join_at(const std::shared_ptr<TableActor>& live, const ClientPtr& client,
                          const std::string& player, const std::optional<std::string>& known,
                          bool confirm, Id id) {
    if (!known) return live->send_error(client, "no_name", "Enter your name", id);
    const std::string& name = *known;
    {
        Table& t = live->table;
        if (auto seat = live->seat_of(player)) {  // already here: like resume
            live->seat_connection(*seat, client);
            live->send_ack(client, id);
            live->after_change(true);
            return live->send_view(client, *seat, true);
        }
        if (live->over()) return live->send_error(client, "state", "This game is over", id);
        if (t.setup().kind == TableKind::Solo)
            return live->send_error(client, "not_found", "Game table not found", id);
        // Blocks, both ways: someone seated blocked me (refused), or I blocked someone
        // seated (asked first).
        const Relations mine = social_.relations_of(player);
        for (Seat s : kAllSeats) {
            const SeatHolder& h = live->holder(s);
            if (!h.person()) continue;
            if (social_.relations_of(h.player).has(RelationKind::Block, player)) {
                return live->send_error(client, "blocked",
                                        "You can't join this table: a player there has blocked you",
                                        id);
            }
            if (!confirm && mine.has(RelationKind::Block, h.player)) {
                return live->send_error(
                    client, "confirm_blocked",
                    "This table has a player (" + t.setup().names[std::size_t(s)] +
                        ") that you have blocked previously (perhaps under another "
                        "name). Are you sure you want to join it?",
                    id);
            }
        }
        std::optional<Seat> free;
        for (Seat s : kAllSeats) {
            if (live->holder(s).person()) continue;
            free = s;
            break;
        }
        if (!free) return live->send_error(client, "full", "This table is full", id);
        // Two people whose names look the same could not tell each other apart, and
        // one could pass for the other.
        for (Seat s : kAllSeats) {
            if (!live->holder(s).person()) continue;
            const std::string& theirs = t.setup().names[std::size_t(s)];
            if (looks_alike(name, theirs)) {
                return live->send_error(
                    client, "name_taken",
                    theirs +
                        " is at this table, and your name looks the same: change "
                        "your name to join",
                    id);
            }
        }
        if (live->started() && t.game().phase() != Phase::HandOver) {
            return live->send_error(client, "state",
                                    "The game has started: you can take a computer player's seat "
                                    "between hands",
                                    id);
        }
        TableSetup& setup = t.setup();
        setup.seats[std::size_t(*free)] = SeatHolder{player, false, false};
        setup.names[std::size_t(*free)] = name;
        live->at(*free) = SeatLive{};
        live->bots[std::size_t(*free)].reset();
        live->save_meta();
        live->seat_connection(*free, client);
        if (live->challenge && live->challenge->player == player) {
            live->challenge.reset();
            live->when_written(
                [this, player, id = t.id()] { social_.close_challenge(player, id, "joined"); });
        }
        now_waiting_at(player, live->started() ? "" : t.id());
        live->send_ack(client, id);
        live->send_view(client, *free, true);  // before what after_change sets going
        live->after_change(true);
    }
}

void GameService::table_command(const std::shared_ptr<TableActor>& live, const ClientPtr& client,
                                Seat seat, TableCommand::Kind kind, Id id) {
    using Kind = TableCommand::Kind;
    Table& t = live->table;
    TableSetup& setup = t.setup();
    const auto ok = [&] { live->send_ack(client, id); };
    switch (kind) {
        case Kind::Start: {
            if (seat != setup.host)
                return live->send_error(client, "not_host", "Only the host can start", id);
            if (live->started())
                return live->send_error(client, "state", "The game has started", id);
            for (Seat s : kAllSeats) {
                if (live->holder(s).person()) continue;
                setup.names[std::size_t(s)] = computer_name(setup);
                setup.seats[std::size_t(s)] = SeatHolder{};
            }
            setup.started = true;
            live->withdraw_challenge();
            for (const SeatHolder& h : setup.seats)
                if (h.person()) forget_waiting(h.player, setup.id);
            live->save_meta();
            // Once the start is stored: the count of games alone reads it.
            live->when_written([this, owner = setup.owner] { abandon_old_games_alone(owner); });
            ok();
            live->after_change(true);
            for (Seat s : kAllSeats)
                for (auto& w : live->at(s).conns)
                    if (auto c = w.lock()) live->send_view(c, s, false);
            return;
        }
        case Kind::Leave: {
            if (live->started()) {
                return live->send_error(client, "state",
                                        "The game has started: concede to leave it", id);
            }
            return vacate(live, seat, ok);
        }
        case Kind::TimerOff: {
            if (setup.timer == 0) return ok();
            live->holder(seat).timer_vote = true;
            const bool all = std::all_of(std::begin(kAllSeats), std::end(kAllSeats), [&](Seat s) {
                return !live->holder(s).human() || live->holder(s).timer_vote;
            });
            if (all) {
                setup.timer = 0;
                for (SeatHolder& h : setup.seats) h.timer_vote = false;
            }
            live->save_meta();
            ok();
            return live->after_change();
        }
        case Kind::Reclaim: {
            if (live->holder(seat).away && !live->over()) {
                setup.seats[std::size_t(seat)].away = false;
                live->at(seat).timeouts = 0;
                live->save_meta();
            }
            ok();
            return live->after_change();
        }
        case Kind::Concede: {
            if (!live->started() || live->over())
                return live->send_error(client, "state", "There is no game to concede", id);
            setup.seats[std::size_t(seat)] =
                SeatHolder{live->holder(seat).player, live->holder(seat).away, true};
            // A computer player plays the seat to the end, under a computer's name: the
            // result must not say the person who gave up won.
            setup.names[std::size_t(seat)] = computer_name(setup);
            auto conns = std::move(live->at(seat).conns);
            live->at(seat) = SeatLive{};
            const bool nobody = std::none_of(std::begin(kAllSeats), std::end(kAllSeats),
                                             [&](Seat s) { return live->holder(s).person(); });
            if (nobody) live->end_table("conceded");
            live->save_meta();
            ok();
            for (auto& w : conns)
                if (auto c = w.lock())
                    live->send(c, table_message(t.id(), live->info_of(std::nullopt)));
            return live->after_change();
        }
        case Kind::Decline:  // handled above: the decliner has no seat
            return;
        case Kind::Rematch: {
            if (!t.finished())
                return live->send_error(client, "state", "The game is not over yet", id);
            if (!setup.next.empty()) return ok();
            live->holder(seat).rematch_vote = true;
            live->save_meta();
            ok();
            const bool all = std::all_of(std::begin(kAllSeats), std::end(kAllSeats), [&](Seat s) {
                return !live->holder(s).human() || live->holder(s).rematch_vote;
            });
            if (all) return start_rematch(live);
            return live->after_change();
        }
    }
}

void GameService::start_rematch(const std::shared_ptr<TableActor>& live) {
    Table& old = live->table;
    auto table_id = store_.new_table_id();
    if (!table_id) {
        spdlog::error("table {}: no id for the rematch: {}", old.id(), table_id.error().reason);
        return;
    }
    TableSetup setup;
    setup.id = *table_id;
    setup.created_ms = now_ms();
    setup.rules = old.setup().rules;
    setup.seed = fresh_seed();
    auto salt = fresh_salt();
    if (!salt) {
        spdlog::error("table {}: no random salt for the rematch's deal", old.id());
        return;
    }
    setup.salt = *salt;
    setup.names = old.setup().names;
    setup.bot_level = old.setup().bot_level;
    setup.kind = old.setup().kind;
    setup.started = true;
    setup.timer = old.setup().timer;
    std::optional<Seat> host;
    for (Seat s : kAllSeats) {
        const SeatHolder& h = live->holder(s);
        if (h.human() && h.rematch_vote) {
            setup.seats[std::size_t(s)].player = h.player;
            if (!host || s == old.setup().host) host = s;
        }
    }
    if (!host) return;
    // A seat whose person did not come along (left, conceded, or did not ask) is a
    // computer player's, under a computer's name.
    for (Seat s : kAllSeats)
        if (setup.seats[std::size_t(s)].player.empty() && !live->holder(s).player.empty())
            setup.names[std::size_t(s)] = computer_name(setup);
    setup.host = *host;
    setup.owner = setup.seats[std::size_t(*host)].player;
    auto next = add_live(setup);
    if (!next) {
        spdlog::error("table {}: the rematch's table id was taken", old.id());
        return;
    }
    // At once in memory, so a second vote does not start another rematch; on disk (and
    // told to anyone) only once the new table is stored.
    old.setup().next = setup.id;
    // The new table stores itself first and runs its own clocks at once: what it says,
    // the lobby included, waits for its row. If that write fails it is dropped, and the
    // old table stays as stored.
    next->post([this, live, next, setup]() mutable {
        next->write(CreateWrite{std::move(setup)});
        next->after_change();
        next->when_written(
            [this, live, next] { live->post([this, live, next] { rematch_stored(live, next); }); });
    });
}

// The rematch's table is stored: the old table points to it, tells its people, and they
// move once that news has gone out to them.
void GameService::rematch_stored(const std::shared_ptr<TableActor>& live,
                                 const std::shared_ptr<TableActor>& next) {
    live->save_meta();
    const TableSetup& setup = next->table.setup();
    std::array<std::vector<std::weak_ptr<Client>>, kSeats> moving;
    const std::string notice = rematch_message(live->table.id(), setup.id);
    for (Seat s : kAllSeats) {
        for (auto& w : live->at(s).conns)
            if (auto c = w.lock()) live->send(c, notice);
        if (!setup.seats[std::size_t(s)].player.empty()) moving[std::size_t(s)] = live->at(s).conns;
    }
    live->send_info(true);
    live->when_written([next, moving] {
        next->post([next, moving] {
            for (Seat s : kAllSeats)
                for (auto& w : moving[std::size_t(s)])
                    if (auto c = w.lock()) next->seat_connection(s, c);
            for (Seat s : kAllSeats)
                for (auto& w : next->at(s).conns)
                    if (auto c = w.lock()) next->send_view(c, s, false);
            next->after_change(true);
        });
    });
}

void GameService::vacate(const std::shared_ptr<TableActor>& live, Seat seat,
                         const std::function<void()>& done) {
    Table& t = live->table;
    TableSetup& setup = t.setup();
    const std::string player = live->holder(seat).player;
    setup.seats[std::size_t(seat)] = SeatHolder{};
    setup.names[std::size_t(seat)] = "";
    auto conns = std::move(live->at(seat).conns);
    live->at(seat) = SeatLive{};
    if (player == live->challenger) live->withdraw_challenge();
    if (seat == setup.host) {
        for (Seat s : kAllSeats) {
            if (!live->holder(s).person()) continue;
            setup.host = s;
            setup.owner = live->holder(s).player;
            break;
        }
    }
    const bool empty = std::none_of(std::begin(kAllSeats), std::end(kAllSeats),
                                    [&](Seat s) { return live->holder(s).person(); });
    if (empty) live->end_table("closed");
    forget_waiting(player, t.id());
    live->save_meta();
    if (done) done();  // after every effect: the next message may rely on them
    for (auto& w : conns)
        if (auto c = w.lock()) live->send(c, table_message(t.id(), live->info_of(std::nullopt)));
    live->after_change();
}

}  // namespace hearts::server
