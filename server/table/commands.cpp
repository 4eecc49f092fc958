// The table commands (table/actor.h): joining a table, and what a seated person asks of
// it: start, leave, timer off, reclaim a seat, concede, rematch. The router finds the
// table and posts; these run on its strand. What reaches past the table (who waits
// where, the rematch's new table) goes through the router's `TableDirectory`.
#include <utility>  // before Asio: Boost 1.74's headers use std::exchange without it

#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/asio/post.hpp>

#include "model/budgets.h"
#include "model/fair.h"
#include "model/names.h"
#include "table/actor.h"

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

void TableActor::join(const ClientPtr& client, const std::string& player,
                      const std::optional<std::string>& known, bool confirm, Id id) {
    if (!known) return send_error(client, "no_name", say<"no_name">(), id);
    const std::string& name = *known;
    {
        Table& t = table_;
        if (auto seat = seat_of(player)) {  // already here: like resume
            seat_connection(*seat, client);
            send_ack(client, id);
            changed(true);
            settle();  // the snapshot shows what that set going
            return send_view(client, *seat, true);
        }
        if (over()) return send_error(client, "state", say<"game_over">(), id);
        if (t.setup().kind == TableKind::Solo)
            return send_error(client, "not_found", say<"table_not_found">(), id);
        // Blocks, both ways: someone seated blocked me (refused), or I blocked someone
        // seated (asked first).
        const Relations mine = ctx_.social.relations_of(player);
        for (Seat s : kAllSeats) {
            const SeatHolder& h = holder(s);
            if (!h.person()) continue;
            if (ctx_.social.relations_of(h.player).has(RelationKind::Block, player)) {
                return send_error(client, "blocked", say<"join_blocked">(), id);
            }
            if (!confirm && mine.has(RelationKind::Block, h.player)) {
                return send_error(client, "confirm_blocked",
                                  say<"confirm_blocked", "name">(t.setup().names[std::size_t(s)]),
                                  id);
            }
        }
        std::optional<Seat> free;
        for (Seat s : kAllSeats) {
            if (holder(s).person()) continue;
            free = s;
            break;
        }
        if (!free) return send_error(client, "full", say<"table_full">(), id);
        // Two people whose names look the same could not tell each other apart, and
        // one could pass for the other.
        for (Seat s : kAllSeats) {
            if (!holder(s).person()) continue;
            const std::string& theirs = t.setup().names[std::size_t(s)];
            if (looks_alike(name, theirs)) {
                return send_error(client, "name_taken", say<"name_looks_same", "name">(theirs), id);
            }
        }
        if (started() && t.game().phase() != Phase::HandOver) {
            return send_error(client, "state", say<"started_between_hands">(), id);
        }
        TableSetup& setup = t.setup();
        setup.seats[std::size_t(*free)] = SeatHolder{player, false, false};
        setup.names[std::size_t(*free)] = name;
        at(*free) = SeatLive{};
        bots_[std::size_t(*free)].reset();
        save_meta();
        seat_connection(*free, client);
        if (challenge_ && challenge_->player == player) {
            challenge_.reset();
            when_written(
                [this, player, id = t.id()] { ctx_.social.close_challenge(player, id, "joined"); });
        }
        ctx_.directory.now_waiting_at(player, started() ? "" : t.id());
        send_ack(client, id);
        send_view(client, *free, true);  // before what the change sets going
        changed(true);
    }
}

void TableActor::begin_game() {
    TableSetup& setup = table_.setup();
    for (Seat s : kAllSeats) {
        if (holder(s).person()) continue;
        setup.names[std::size_t(s)] = computer_name(setup);
        setup.seats[std::size_t(s)] = SeatHolder{};
    }
    setup.started = true;
    withdraw_challenge();
    for (const SeatHolder& h : setup.seats)
        if (h.person()) ctx_.directory.forget_waiting(h.player, setup.id);
    save_meta();
    // Once the start is stored: the count of games alone reads it.
    when_written([this, owner = setup.owner] { ctx_.directory.abandon_old_games_alone(owner); });
}

void TableActor::send_views() {
    for (Seat s : kAllSeats)
        for (auto& w : at(s).conns)
            if (auto c = w.lock()) send_view(c, s, false);
}

void TableActor::command(const ClientPtr& client, Seat seat, TableCommand::Kind kind, Id id) {
    using Kind = TableCommand::Kind;
    Table& t = table_;
    TableSetup& setup = t.setup();
    const auto ok = [&] { send_ack(client, id); };
    switch (kind) {
        case Kind::Start: {
            if (seat != setup.host)
                return send_error(client, "not_host", say<"only_host_starts">(), id);
            if (started()) return send_error(client, "state", say<"game_started">(), id);
            begin_game();
            ok();
            changed(true);
            settle();  // the snapshots show what the start set going
            send_views();
            return;
        }
        case Kind::Leave: {
            if (started()) {
                return send_error(client, "state", say<"started_concede">(), id);
            }
            return vacate(seat, ok);
        }
        case Kind::TimerOff: {
            if (setup.timer == 0) return ok();
            holder(seat).timer_vote = true;
            const bool all = std::all_of(std::begin(kAllSeats), std::end(kAllSeats), [&](Seat s) {
                return !holder(s).human() || holder(s).timer_vote;
            });
            if (all) {
                setup.timer = 0;
                for (SeatHolder& h : setup.seats) h.timer_vote = false;
            }
            save_meta();
            return ok();
        }
        case Kind::Reclaim: {
            if (holder(seat).away && !over()) {
                setup.seats[std::size_t(seat)].away = false;
                at(seat).timeouts = 0;
                save_meta();
            }
            changed();
            return ok();
        }
        case Kind::Concede: {
            if (!started() || over())
                return send_error(client, "state", say<"no_game_to_concede">(), id);
            setup.seats[std::size_t(seat)] =
                SeatHolder{holder(seat).player, holder(seat).away, true};
            // A computer player plays the seat to the end, under a computer's name: the
            // result must not say the person who gave up won.
            setup.names[std::size_t(seat)] = computer_name(setup);
            auto conns = std::move(at(seat).conns);
            at(seat) = SeatLive{};
            const bool nobody = std::none_of(std::begin(kAllSeats), std::end(kAllSeats),
                                             [&](Seat s) { return holder(s).person(); });
            if (nobody) end_table("conceded");
            save_meta();
            ok();
            for (auto& w : conns)
                if (auto c = w.lock()) send(c, table_message(t.id(), info_of(std::nullopt)));
            return;
        }
        case Kind::Decline:  // handled above: the decliner has no seat
            return;
        case Kind::Rematch: {
            if (!t.finished()) return send_error(client, "state", say<"game_not_over">(), id);
            if (!setup.next.empty()) return ok();
            holder(seat).rematch_vote = true;
            save_meta();
            ok();
            const bool all = std::all_of(std::begin(kAllSeats), std::end(kAllSeats), [&](Seat s) {
                return !holder(s).human() || holder(s).rematch_vote;
            });
            if (all) start_rematch();
            return;
        }
    }
}

void TableActor::start_rematch() {
    Table& old = table_;
    auto table_id = ctx_.store.new_table_id();
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
        const SeatHolder& h = holder(s);
        if (h.human() && h.rematch_vote) {
            setup.seats[std::size_t(s)].player = h.player;
            if (!host || s == old.setup().host) host = s;
        }
    }
    if (!host) return;
    // A seat whose person did not come along (left, conceded, or did not ask) is a
    // computer player's, under a computer's name.
    for (Seat s : kAllSeats)
        if (setup.seats[std::size_t(s)].player.empty() && !holder(s).player.empty())
            setup.names[std::size_t(s)] = computer_name(setup);
    setup.host = *host;
    setup.owner = setup.seats[std::size_t(*host)].player;
    auto next = ctx_.directory.add_table(setup);
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
    // Who comes along, read here: the new table's own state is its strand's.
    std::array<bool, kSeats> coming{};
    for (Seat s : kAllSeats) coming[std::size_t(s)] = !setup.seats[std::size_t(s)].player.empty();
    next->post([self = shared_from_this(), next, setup, coming]() mutable {
        next->write(CreateWrite{std::move(setup)});
        next->changed();
        next->settle();  // its first moves are stored before the old table hears of it
        next->when_written([self, next, coming] {
            self->post([self, next, coming] { self->rematch_stored(next, coming); });
        });
    });
}

// The rematch's table is stored: the old table points to it, tells its people, and those
// `coming` along move once that news has gone out to them.
void TableActor::rematch_stored(const std::shared_ptr<TableActor>& next,
                                const std::array<bool, kSeats>& coming) {
    save_meta();
    People moving;
    const std::string notice = rematch_message(table_.id(), next->id());
    for (Seat s : kAllSeats) {
        for (auto& w : at(s).conns)
            if (auto c = w.lock()) send(c, notice);
        if (coming[std::size_t(s)]) moving[std::size_t(s)] = at(s).conns;
    }
    send_info(true);
    when_written([next, moving] { next->post([next, moving] { next->seat_again(moving); }); });
}

void TableActor::vacate(Seat seat, const std::function<void()>& done) {
    Table& t = table_;
    TableSetup& setup = t.setup();
    const std::string player = holder(seat).player;
    setup.seats[std::size_t(seat)] = SeatHolder{};
    setup.names[std::size_t(seat)] = "";
    auto conns = std::move(at(seat).conns);
    at(seat) = SeatLive{};
    if (player == challenger_) withdraw_challenge();
    if (seat == setup.host) {
        for (Seat s : kAllSeats) {
            if (!holder(s).person()) continue;
            setup.host = s;
            setup.owner = holder(s).player;
            break;
        }
    }
    const bool empty = std::none_of(std::begin(kAllSeats), std::end(kAllSeats),
                                    [&](Seat s) { return holder(s).person(); });
    if (empty) end_table("closed");
    ctx_.directory.forget_waiting(player, t.id());
    save_meta();
    if (done) done();  // after every effect: the next message may rely on them
    for (auto& w : conns)
        if (auto c = w.lock()) send(c, table_message(t.id(), info_of(std::nullopt)));
}

// ---- what a seated person asks of the game

void TableActor::resume(const ClientPtr& client, Seat seat, std::int64_t since, Id id) {
    seat_connection(seat, client);
    bool back = false;
    if (holder(seat).away && !over()) {
        table_.setup().seats[std::size_t(seat)].away = false;
        at(seat).timeouts = 0;
        save_meta();
        send(client, removed_message(table_.id()));
        back = true;
    }
    // What the page missed first (the updates after `since`, or a snapshot and the
    // chat): whatever the change sets going follows it.
    if (since > 0 && replay(client, seat, since)) {
        send(client, table_message(table_.id(), info_of(seat)));
        changed(back);
    } else {
        send_view(client, seat, true);
        changed(true);
    }
    settle();  // the ack follows the computer players' replies
    send_ack(client, id);
}

void TableActor::act(const ClientPtr& client, Seat seat, Action action, Id id) {
    action.seat = seat;  // the seat is the player's, never the message's
    heard_from(seat, client);
    if (!client->address.empty()) load_key_ = address_key(client->address);
    if (!started()) return send_error(client, "state", say<"game_not_started">(), id);
    if (over()) return send_error(client, "state", say<"game_over">(), id);
    const Game& g = table_.game();
    if (action.kind == ActionKind::Play && g.phase() == Phase::Play && g.to_move() != seat) {
        return send_error(
            client, "not_your_turn",
            say<"not_your_turn", "name">(table_.setup().names[std::size_t(g.to_move())]), id);
    }
    // Acting is coming back: a person whose seat a computer player held takes it again.
    if (holder(seat).away) {
        table_.setup().seats[std::size_t(seat)].away = false;
        save_meta();
    }
    if (Status ok = commit(action); !ok)
        return send_error(client, "illegal", rules_refusal(ok.error().reason), id);
    at(seat).timeouts = 0;
    send_ack(client, id);
}

void TableActor::ready(const ClientPtr& client, Seat seat, Id id) {
    heard_from(seat, client);
    if (!playing() || table_.game().phase() != Phase::HandOver)
        return send_error(client, "illegal", say<"hand_not_over">(), id);
    holder(seat).ready = true;
    at(seat).timeouts = 0;
    save_meta();
    settle();  // the ack follows the next hand's deal
    send_ack(client, id);
}

void TableActor::allow_watchers(const ClientPtr& client, Seat seat, bool on, Id id) {
    const TableKind kind = table_.setup().kind;
    if (kind == TableKind::Solo)
        return send_error(client, "not_watchable", say<"solo_not_watchable">(), id);
    if (is_public(kind)) return send_error(client, "illegal", say<"public_watchable">(), id);
    if (over()) return send_error(client, "state", say<"game_over">(), id);
    if (holder(seat).watch_vote != on) {
        holder(seat).watch_vote = on;
        save_meta();
    }
    send_ack(client, id);
    changed();
}

// Hints at a table with people: each person allows them, and they work once all have
// (docs/protocol.md, "Hints"). Stored with the seat, like the other votes.
void TableActor::allow_hints(const ClientPtr& client, Seat seat, bool on, Id id) {
    if (table_.setup().kind == TableKind::Solo)
        return send_error(client, "illegal", say<"hints_always_solo">(), id);
    if (over()) return send_error(client, "state", say<"game_over">(), id);
    if (holder(seat).hint_vote != on) {
        holder(seat).hint_vote = on;
        save_meta();
    }
    send_ack(client, id);
    changed();
}

// A private table's game is rated when everyone at it agrees before the first card, the
// host's agreement asking for it (docs/ratings.md, "What is rated"). Stored with the seat.
void TableActor::allow_rated(const ClientPtr& client, Seat seat, bool on, Id id) {
    const TableKind kind = table_.setup().kind;
    if (kind == TableKind::Solo) return send_error(client, "illegal", say<"solo_not_rated">(), id);
    if (is_public(kind)) return send_error(client, "illegal", say<"public_rated">(), id);
    if (!table_.setup().daily.empty())
        return send_error(client, "illegal", say<"daily_not_rated">(), id);
    if (started()) return send_error(client, "state", say<"rated_before_start">(), id);
    if (holder(seat).rated_vote != on) {
        holder(seat).rated_vote = on;
        save_meta();
    }
    send_ack(client, id);
    changed();
}

// A connection closed: its seats and its watching let go of it.
void TableActor::disconnected(const ClientPtr& client) {
    const auto gone = [&](const std::weak_ptr<Client>& w) {
        auto c = w.lock();
        return !c || c == client;
    };
    bool let_go = false;
    for (auto& seat : seats_) let_go = std::erase_if(seat.conns, gone) > 0 || let_go;
    let_go = std::erase_if(watchers_, [&](const Watcher& w) { return gone(w.conn); }) > 0 || let_go;
    if (let_go) changed();
}

// ---- a new table's first moments, and the ends a table is brought to from outside

void TableActor::open_alone(const ClientPtr& client, TableSetup setup, Id id,
                            std::function<void()> stored) {
    write(CreateWrite{std::move(setup)});
    seat_connection(Seat::South, client);
    // The snapshot first: the computer players may move once it is settled, and their
    // updates follow it.
    send_view(client, Seat::South, false);
    changed(true);
    settle();  // the ack, and `stored`, follow their first moves
    send_ack(client, id);
    when_written(std::move(stored));
}

void TableActor::open_waiting(const ClientPtr& client, TableSetup setup,
                              std::optional<ChallengeInfo> made, Id id) {
    write(CreateWrite{std::move(setup)});  // what follows waits for it
    if (made) {
        challenge_ = made;
        challenger_ = client->player;
    }
    seat_connection(Seat::South, client);
    send_ack(client, id);
    changed(true);
    settle();  // `when_written` below waits for what that writes too
    // The challenged player hears of it once the table is stored.
    if (made) {
        when_written([this, player = made->player] {
            const std::string frame = ctx_.social.challenge_frame(player, table_.id());
            if (!frame.empty()) ctx_.roster.send_to_player(player, frame);
        });
    }
}

bool TableActor::decline_challenge(const ClientPtr& client, const std::string& player, Id id) {
    if (!challenge_ || challenge_->player != player || challenge_->declined || seat_of(player))
        return false;
    challenge_->declined = true;
    ctx_.social.close_challenge(player, table_.id(), "declined");
    send_ack(client, id);
    changed(true);
    return true;
}

void TableActor::abandon_if_alone(const std::string& player) {
    // As it is now in memory, which may be ahead of what the list was read from: still
    // theirs alone (nobody has joined it since).
    if (over() || table_.setup().owner != player) return;
    for (Seat s : kAllSeats)
        if (holder(s).person() && holder(s).player != player) return;
    end_table("abandoned");
    save_meta();
    changed(true);
}

void TableActor::chat(const ClientPtr& client, Seat seat, const std::string& text, Id id) {
    auto& times = chat_times_[client->player];
    const auto now = Clock::now();
    while (!times.empty() && now - times.front() >= kChatWindow) times.pop_front();
    if (int(times.size()) >= kChatBurst) {
        return send_error(client, "rate_limited", say<"chat_too_fast", "n">(kChatBurst), id);
    }
    times.push_back(now);
    const ChatLine line{seat, client->player, table_.setup().names[std::size_t(seat)], text,
                        now_ms()};
    write(ChatWrite{table_.id(), line});
    auto frame = std::make_shared<const std::string>(chat_message(table_.id(), line));
    const auto muted = [&](const std::string& listener) {
        return listener != line.player &&
               ctx_.social.relations_of(listener).has(RelationKind::Mute, line.player);
    };
    for (Seat s : kAllSeats) {
        const SeatHolder& h = holder(s);
        if (!h.person() || !at(s).connected() || muted(h.player)) continue;
        for (auto& w : at(s).conns)
            if (auto c = w.lock()) send(c, frame);
    }
    // Watchers read the table's chat (docs/protocol.md, "Spectators").
    for (auto& [c, player] : watcher_connections())
        if (!muted(player)) send(c, frame);
    send_ack(client, id);
}

void TableActor::leave_waiting(const std::string& player) {
    const auto seat = seat_of(player);
    if (seat && !started() && !over()) vacate(*seat, nullptr);
}

void TableActor::blocked(const std::string& blocker, const std::string& blocked) {
    if (seat_of(blocker)) stop_watcher(blocked, say<"watch_blocked">());
}

}  // namespace hearts::server
