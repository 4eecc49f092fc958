#include <utility>  // before Asio: Boost 1.74's headers use std::exchange without it

#include "service.h"

#include <spdlog/spdlog.h>
#include <algorithm>
#include <boost/asio/bind_executor.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <deque>
#include <random>
#include <vector>

#include <nlohmann/json.hpp>

#include "hearts/ai/bot.h"
#include "hearts/random.h"
#include "hearts/record.h"
#include "names.h"

namespace hearts::server {

namespace asio = boost::asio;
using Clock = std::chrono::steady_clock;

GameService::GameService(IoPool& io, Store& store, ServiceOptions options)
    : io_(io),
      store_(store),
      options_(options),
      bots_(std::size_t(std::max(0, options.bot_threads))),
      social_(store, roster_),
      new_players_(Budget::per_minute(options.new_players_per_minute)),
      new_tables_(Budget::per_minute(options.new_tables_per_minute)),
      wrong_codes_(Budget::per_minute(options.wrong_codes_per_minute)),
      challenges_by_address_(Budget::per_minute(options.challenges_per_minute)),
      stats_requests_(Budget::per_minute(options.stats_per_minute)),
      lobby_(io.first(), options.lobby_size),
      writer_(store, 4096,
              std::chrono::microseconds(std::int64_t(options.sync_interval_ms * 1000))) {}

GameService::~GameService() {
    stop();
}

void GameService::stop() {
    bots_.stop();
    writer_.stop();
}

bool GameService::spend(KeyedLimiter& limiter, const ClientPtr& client) {
    std::lock_guard lock(budget_mutex_);
    return limiter.take(address_key(client->address));
}

std::string GameService::stats_json() {
    nlohmann::ordered_json out;
    {
        std::lock_guard lock(mutex_);
        out["tables"] = tables_.size();
        out["waiting_players"] = waiting_at_.size();
    }
    out["players_online"] = roster_.players();
    const LobbyFeed::Counts lobby = lobby_.counts();
    out["lobby"] = {{"listed", lobby.listed}, {"known", lobby.known}, {"watchers", lobby.watchers}};
    const GroupCommit::Stats w = writer_.stats();
    out["writes"] = {{"batches", w.batches},
                     {"writes", w.writes},
                     {"largest_batch", w.largest},
                     {"queued", w.queued}};
    return out.dump();
}

TableContext GameService::context() {
    return {store_, writer_, bots_, options_, lobby_, social_, roster_, *this};
}

void GameService::drop(const TableActor& table) {
    std::lock_guard lock(mutex_);
    auto it = tables_.find(table.table.id());
    if (it != tables_.end() && it->second.get() == &table) tables_.erase(it);
}

// After a failed write: the table as stored, with its people at their seats again.
void GameService::reload(const std::string& id, People people) {
    // A table whose writes keep failing (a full disk) is loaded again later each time:
    // at once, then after 1 s, 2 s, … up to 30 s, rather than in a loop.
    std::chrono::milliseconds wait{0};
    {
        std::lock_guard lock(mutex_);
        const auto now = std::chrono::steady_clock::now();
        std::erase_if(reloads_, [&](const auto& e) { return now - e.second.last > kReloadMemory; });
        Reloads& r = reloads_[id];
        wait = std::min(kReloadWaitMax, kReloadWait * r.count);
        ++r.count;
        r.last = now;
    }
    auto timer = std::make_shared<asio::steady_timer>(io_.here(), wait);
    timer->async_wait(
        [this, timer, id, people = std::move(people)](const boost::system::error_code& ec) {
            if (ec) return;
            on_table(
                id,
                [people](const std::shared_ptr<TableActor>& fresh) {
                    // Each connection goes back to its own player's seat as stored (which may
                    // not be the seat it had in memory: a seat can change hands between writes).
                    for (const auto& seat : people)
                        for (auto& w : seat)
                            if (auto c = w.lock())
                                if (auto mine = fresh->seat_of(c->player))
                                    fresh->seat_connection(*mine, c);
                    for (Seat s : kAllSeats)
                        for (auto& w : fresh->at(s).conns)
                            if (auto c = w.lock()) fresh->send_view(c, s, false);
                    fresh->after_change(true);
                },
                [people, id] {
                    for (const auto& seat : people)
                        for (auto& w : seat)
                            if (auto c = w.lock())
                                send_error(c, "server",
                                           "table " + id + " could not be loaded again", {});
                });
        });
}

std::shared_ptr<TableActor> GameService::add_live(TableSetup setup) {
    auto live = std::make_shared<TableActor>(io_.here(), std::move(setup), context());
    std::lock_guard lock(mutex_);
    // A new table is in memory before it is stored, and its id was checked against the
    // database only: one live with the same id (40 random bits: all but never) is
    // another table, and this one is not made.
    if (!tables_.emplace(live->table.id(), live).second) return nullptr;
    return live;
}

Expected<std::shared_ptr<TableActor>> GameService::rebuild(const StoredTable& s) {
    auto live = std::make_shared<TableActor>(io_.here(), s.setup, context());
    for (std::size_t i = 0; i < s.actions.size(); ++i) {
        if (Status ok = live->table.apply(s.actions[i]); !ok) {
            return Error{"table " + s.setup.id + ": stored action " + std::to_string(i) + " (" +
                         to_string(s.actions[i]) + ") does not replay: " + ok.error().reason};
        }
    }
    return live;
}

// Only the tables waiting for players are loaded at start-up: the lobby lists the public
// ones, and the ones nobody comes back to close after a while. A game in progress is
// loaded when one of its players comes back (`find`), so start-up does not grow with
// the number of unfinished games, and memory holds only the tables in use.
Status GameService::restore() {
    auto stored = store_.waiting_tables();
    if (!stored) return stored.error();
    for (const StoredTable& s : *stored) {
        auto live = rebuild(s);
        if (!live) return live.error();
        {
            std::lock_guard lock(mutex_);
            tables_[s.setup.id] = *live;
            for (const SeatHolder& h : s.setup.seats)
                if (h.person()) waiting_at_[h.player] = s.setup.id;
        }
        asio::post((*live)->strand, [this, l = *live] { l->after_change(); });
    }
    spdlog::info(
        "restored {} tables waiting for players; games in progress load when a player "
        "comes back",
        stored->size());
    return {};
}

std::shared_ptr<TableActor> GameService::find(const std::string& table, const std::string& seated) {
    {
        std::lock_guard lock(mutex_);
        auto it = tables_.find(table);
        if (it != tables_.end()) return it->second;
    }
    // Not in memory: an unfinished game in the database is loaded at the same card; for a
    // message that needs a seat, only when the sender has one there (nobody else can keep
    // other people's games in memory by naming them).
    auto stored = store_.unfinished_table(table);
    if (!stored) {
        spdlog::error("table {}: could not read it: {}", table, stored.error().reason);
        return nullptr;
    }
    if (!*stored) return nullptr;
    if (!seated.empty()) {
        const auto& seats = (*stored)->setup.seats;
        if (std::none_of(seats.begin(), seats.end(),
                         [&](const SeatHolder& h) { return h.person() && h.player == seated; }))
            return nullptr;
    }
    auto live = rebuild(**stored);
    if (!live) {
        spdlog::error("{}", live.error().reason);
        return nullptr;
    }
    {
        std::lock_guard lock(mutex_);
        auto [it, inserted] = tables_.emplace(table, *live);
        if (!inserted) return it->second;  // loaded by another thread meanwhile
    }
    // A computer player may have been about to act when the table was put away.
    asio::post((*live)->strand, [this, l = *live] { l->after_change(); });
    return *live;
}

template <class Fn, class Missing>
void GameService::on_table(const std::string& table, Fn fn, Missing missing, int tries,
                           const std::string& seated) {
    auto live = find(table, seated);
    if (!live) return missing();
    asio::post(live->strand, [this, live, table, tries, seated, fn = std::move(fn),
                              missing = std::move(missing)]() mutable {
        if (live->unloaded) {
            // Put away between the lookup and now: look it up again (it loads anew).
            if (tries > 0)
                return on_table(table, std::move(fn), std::move(missing), tries - 1, seated);
            return missing();
        }
        fn(live);
    });
}

template <class Work>
void GameService::at_seat(const ClientPtr& client, const std::string& table, Id id, Work work) {
    const std::string player = client->player;
    on_table(
        table,
        [client, player, id,
         work = std::move(work)](const std::shared_ptr<TableActor>& live) mutable {
            const auto seat = live->seat_of(player);
            if (!seat) return live->send_error(client, "not_found", "Game table not found", id);
            work(live, *seat);
        },
        [this, client, id] {
            spend(wrong_codes_, client);  // naming tables at random costs as a wrong code does
            send_error(client, "not_found", "Game table not found", id);
        },
        3, player);
}

void GameService::handle(const ClientPtr& client, const ClientMessage& message) {
    const auto id = message.id;
    if (auto* m = std::get_if<Hello>(&message.body)) return hello(client, *m, id);
    if (std::holds_alternative<Ping>(message.body)) return send(client, pong_message());
    if (client->player.empty()) {
        return send_error(client, "auth", "say hello first: {\"t\":\"hello\"}", id);
    }
    const auto& body = message.body;
    if (auto* m = std::get_if<NewGame>(&body)) return new_game(client, *m, id);
    if (auto* m = std::get_if<Resume>(&body)) return resume(client, *m, id);
    if (auto* m = std::get_if<PassCards>(&body))
        return human_action(client, m->table, Action::pass(Seat::South, m->cards), id);
    if (auto* m = std::get_if<PlayCard>(&body))
        return human_action(client, m->table, Action::play(Seat::South, m->card), id);
    if (auto* m = std::get_if<ChooseMoon>(&body))
        return human_action(client, m->table, Action::choose_moon(Seat::South, m->choice), id);
    if (auto* m = std::get_if<NextHand>(&body)) return next_hand(client, m->table, id);
    if (auto* m = std::get_if<SetName>(&body)) return set_name(client, *m, id);
    if (auto* m = std::get_if<CreateTable>(&body)) return create_table(client, *m, id);
    if (auto* m = std::get_if<JoinTable>(&body)) return join(client, *m, id);
    if (auto* m = std::get_if<TableCommand>(&body)) return command(client, *m, id);
    if (auto* m = std::get_if<LobbyWatch>(&body)) return watch_lobby(client, *m, id);
    if (auto* m = std::get_if<ChatSay>(&body)) return chat(client, *m, id);
    if (auto* m = std::get_if<SetRelation>(&body)) return social_.relation(client, *m, id);
    if (auto* m = std::get_if<Challenge>(&body)) return challenge(client, *m, id);
    if (std::holds_alternative<StatsRequest>(body)) return stats(client, id);
}

// ---------------------------------------------------------------- players

void GameService::hello(const ClientPtr& client, const Hello& m, Id id) {
    if (!client->player.empty()) return send_error(client, "bad_message", "already said hello", id);
    std::string player, token;
    if (m.player && m.token) {
        if (!store_.check_player(*m.player, *m.token))
            return send_error(client, "auth", "unknown player or wrong token", id);
        player = *m.player;
        token = *m.token;
    } else {
        if (!spend(new_players_, client)) {
            return send_error(client, "rate_limited",
                              "Too many new players from your address: try again in a minute", id);
        }
        auto created = store_.create_player();
        if (!created) return send_error(client, "server", created.error().reason, id);
        player = created->id;
        token = created->token;
    }
    client->player = player;
    roster_.add(client);
    auto tables = store_.player_tables(player);
    auto name = store_.name_of(player);
    send(client, welcome_message(player, token, tables ? *tables : std::vector<std::string>{},
                                 name ? *name : std::nullopt, social_.relations_of(player)));
    for (std::string& frame : social_.open_to(player)) send(client, std::move(frame));
}

void GameService::set_name(const ClientPtr& client, const SetName& m, Id id) {
    if (Status ok = store_.set_name(client->player, m.name); !ok)
        return send_error(client, "server", ok.error().reason, id);
    roster_.send_to_player(client->player, you_message(client->player, m.name));
    if (id) send(client, ack_message(*id, 0));
}

// A player's statistics: read from the store's rows of their finished games, which the
// table wrote with the game's end (never anything the client says).
void GameService::stats(const ClientPtr& client, Id id) {
    if (!spend(stats_requests_, client)) {
        return send_error(client, "rate_limited",
                          "Too many requests for statistics: try again in a minute", id);
    }
    auto stats = store_.player_stats(client->player);
    if (!stats) return send_error(client, "server", stats.error().reason, id);
    send(client, stats_message(*stats));
    if (id) send(client, ack_message(*id, 0));
}

// ---------------------------------------------------------------- tables

void GameService::new_game(const ClientPtr& client, const NewGame& m, Id id) {
    auto rules = parse_rules(m.rules);
    if (!rules) return send_error(client, "bad_message", "rules: " + rules.error().reason, id);
    if (!spend(new_tables_, client)) return tables_too_fast(client, id);
    auto table_id = store_.new_table_id();
    if (!table_id) return send_error(client, "server", table_id.error().reason, id);
    TableSetup setup;
    setup.id = *table_id;
    setup.created_ms = now_ms();
    setup.owner = client->player;
    setup.rules = *rules;
    setup.seed = fresh_seed();
    setup.names = {m.name, m.names[0], m.names[1], m.names[2]};
    setup.bot_level = m.level;
    setup.seats[0].player = client->player;
    auto live = add_live(setup);
    if (!live) return send_error(client, "server", "a new table's id was taken: try again", id);
    now_waiting_at(client->player, "");
    asio::post(live->strand, [this, live, client, id, setup = std::move(setup)]() mutable {
        // Stored with group commit; whatever the table says waits for it, and so does
        // the count of the player's games, which must include this one.
        live->write(CreateWrite{std::move(setup)});
        live->seat_connection(Seat::South, client);
        // The snapshot first: the computer players may move in after_change, and their
        // updates follow it.
        live->send_view(client, Seat::South, false);
        live->after_change(true);
        live->send_ack(client, id);
        live->when_written([this, player = client->player] { abandon_old_games_alone(player); });
    });
}

// A player keeps at most a few unfinished games against computer players alone (solo
// games, or a table started with nobody else; the page resumes the newest); older ones
// are closed as abandoned, so starting games without end fills neither memory nor the
// list of games to resume.
void GameService::abandon_old_games_alone(const std::string& player) {
    auto mine = store_.games_alone(player);
    if (!mine) {
        spdlog::error("player {}: could not list the solo games: {}", player, mine.error().reason);
        return;
    }
    for (std::size_t k = options_.max_solo_games; k < mine->size(); ++k) {
        on_table((*mine)[k],
                 [player](const std::shared_ptr<TableActor>& live) {
                     // As it is now in memory, which may be ahead of what the list was
                     // read from: still theirs alone (nobody has joined it since).
                     if (live->over() || live->table.setup().owner != player) return;
                     for (Seat s : kAllSeats)
                         if (live->holder(s).person() && live->holder(s).player != player) return;
                     live->end_table("abandoned");
                     live->save_meta();
                     live->after_change(true);
                 },
                 [] {});
    }
}

void GameService::create_table(const ClientPtr& client, const CreateTable& m, Id id) {
    auto name = store_.name_of(client->player);
    if (!name) return send_error(client, "server", name.error().reason, id);
    if (!*name) return send_error(client, "no_name", "Enter your name", id);
    auto rules = parse_rules(m.rules);
    if (!rules) return send_error(client, "bad_message", "rules: " + rules.error().reason, id);
    if (!spend(new_tables_, client)) return tables_too_fast(client, id);
    auto table_id = store_.new_table_id();
    if (!table_id) return send_error(client, "server", table_id.error().reason, id);
    open_table(client, *table_id, **name, *rules,
               m.is_private ? TableKind::Private : TableKind::Public, m.timer, std::nullopt, id);
}

void GameService::open_table(const ClientPtr& client, const std::string& table_id,
                             const std::string& host_name, const Rules& rules, TableKind kind,
                             int timer, std::optional<ChallengeInfo> challenge, Id id) {
    TableSetup setup;
    setup.id = table_id;
    setup.created_ms = now_ms();
    setup.owner = client->player;
    setup.rules = rules;
    setup.seed = fresh_seed();
    setup.names = {host_name, "", "", ""};
    setup.bot_level = "expert";
    setup.kind = kind;
    setup.started = false;
    setup.timer = timer;
    setup.seats[0].player = client->player;
    auto live = add_live(setup);
    if (!live) {
        if (challenge) social_.close_challenge(challenge->player, table_id, "");
        return send_error(client, "server", "a new table's id was taken: try again", id);
    }
    now_waiting_at(client->player, table_id);
    asio::post(live->strand, [this, live, client, id, challenge = std::move(challenge),
                              setup = std::move(setup)]() mutable {
        live->write(CreateWrite{std::move(setup)});  // what follows waits for it
        if (challenge) {
            live->challenge = challenge;
            live->challenger = client->player;
        }
        live->seat_connection(Seat::South, client);
        live->send_ack(client, id);
        live->after_change(true);
        // The challenged player hears of it once the table is stored.
        if (challenge) {
            live->when_written([this, live, player = challenge->player] {
                const std::string frame = social_.challenge_frame(player, live->table.id());
                if (!frame.empty()) roster_.send_to_player(player, frame);
            });
        }
    });
}

void GameService::challenge(const ClientPtr& client, const Challenge& m, Id id) {
    const std::string& me = client->player;
    auto name = store_.name_of(me);
    if (!name) return send_error(client, "server", name.error().reason, id);
    if (!*name) return send_error(client, "no_name", "Enter your name", id);
    if (m.player == me) return send_error(client, "bad_message", "player: that is you", id);
    auto exists = store_.player_exists(m.player);
    if (!exists) return send_error(client, "server", exists.error().reason, id);
    if (!*exists) return send_error(client, "not_found", "player: no such player", id);
    auto their_name = store_.name_of(m.player);
    if (!their_name) return send_error(client, "server", their_name.error().reason, id);
    const std::string them = their_name->value_or("This player");
    if (social_.relations_of(m.player).has(RelationKind::Block, me))
        return send_error(client, "blocked", "You can't challenge this player", id);
    if (social_.relations_of(me).has(RelationKind::Block, m.player)) {
        return send_error(client, "blocked",
                          "You have blocked " + them + ": unblock them to challenge them", id);
    }
    auto rules = parse_rules(m.rules);
    if (!rules) return send_error(client, "bad_message", "rules: " + rules.error().reason, id);
    if (!spend(challenges_by_address_, client)) {
        return send_error(client, "rate_limited",
                          "Too many challenges from your address: try again in a minute", id);
    }
    if (!spend(new_tables_, client)) return tables_too_fast(client, id);
    auto table_id = store_.new_table_id();
    if (!table_id) return send_error(client, "server", table_id.error().reason, id);
    if (auto refused = social_.open_challenge(
            me, m.player, them, *table_id,
            challenge_message(*table_id, {me, **name}, to_string(*rules), m.timer)))
        return send_error(client, refused->first, refused->second, id);
    open_table(client, *table_id, **name, *rules, TableKind::Private, m.timer,
               ChallengeInfo{m.player, them, false}, id);
}

void GameService::decline(const ClientPtr& client, const std::string& table, Id id) {
    const std::string player = client->player;
    const auto none = [client, id] {
        send_error(client, "not_found", "There is no open challenge to you at this table", id);
    };
    on_table(
        table,
        [this, client, player, id, none](const std::shared_ptr<TableActor>& live) {
            auto& c = live->challenge;
            if (!c || c->player != player || c->declined || live->seat_of(player)) return none();
            c->declined = true;
            social_.close_challenge(player, live->table.id(), "declined");
            live->send_ack(client, id);
            live->after_change(true);
        },
        none);
}

void GameService::join(const ClientPtr& client, const JoinTable& m, Id id) {
    // Guessing codes: after a few wrong ones from an address, joins wait a minute.
    {
        std::lock_guard lock(budget_mutex_);
        if (!wrong_codes_.available(address_key(client->address))) {
            return send_error(client, "rate_limited",
                              "Too many wrong table codes: wait a minute before trying again", id);
        }
    }
    auto name = store_.name_of(client->player);
    if (!name) return send_error(client, "server", name.error().reason, id);
    const std::string player = client->player;
    const bool confirm = m.confirm;
    const std::optional<std::string> known = *name;
    on_table(
        m.table,
        [this, client, player, id, confirm, known](const std::shared_ptr<TableActor>& live) {
            join_at(live, client, player, known, confirm, id);
        },
        [this, client, id] {
            spend(wrong_codes_, client);
            send_error(client, "not_found", "Game table not found", id);
        });
}

void GameService::command(const ClientPtr& client, const TableCommand& m, Id id) {
    if (m.kind == TableCommand::Kind::Decline) return decline(client, m.table, id);
    at_seat(client, m.table, id,
            [this, client, id, kind = m.kind](const std::shared_ptr<TableActor>& live, Seat seat) {
                table_command(live, client, seat, kind, id);
            });
}

void GameService::tables_too_fast(const ClientPtr& client, Id id) {
    send_error(client, "rate_limited",
               "You are starting games too fast: at most " +
                   std::to_string(int(options_.new_tables_per_minute)) +
                   " a minute from your address",
               id);
}

void GameService::resume(const ClientPtr& client, const Resume& m, Id id) {
    at_seat(client, m.table, id,
            [this, client, id](const std::shared_ptr<TableActor>& live, Seat seat) {
                live->seat_connection(seat, client);
                if (live->holder(seat).away && !live->over()) {
                    live->table.setup().seats[std::size_t(seat)].away = false;
                    live->at(seat).timeouts = 0;
                    live->save_meta();
                    live->send(client, removed_message(live->table.id()));
                }
                // The snapshot first: whatever after_change sets going follows it.
                live->send_view(client, seat, true);
                live->after_change(true);
                live->send_ack(client, id);
            });
}

void GameService::human_action(const ClientPtr& client, const std::string& table, Action action,
                               Id id) {
    at_seat(client, table, id,
            [this, client, action, id](const std::shared_ptr<TableActor>& live, Seat seat) mutable {
                action.seat = seat;
                if (!client->address.empty()) live->load_key = address_key(client->address);
                if (!live->started())
                    return live->send_error(client, "state", "The game has not started yet", id);
                if (live->over()) return live->send_error(client, "state", "This game is over", id);
                const Game& g = live->table.game();
                if (action.kind == ActionKind::Play && g.phase() == Phase::Play &&
                    g.to_move() != seat) {
                    return live->send_error(
                        client, "not_your_turn",
                        "it is " + live->table.setup().names[std::size_t(g.to_move())] + "'s turn",
                        id);
                }
                // Acting is coming back: a person whose seat a computer player held
                // takes it again.
                if (live->holder(seat).away) {
                    live->table.setup().seats[std::size_t(seat)].away = false;
                    live->save_meta();
                }
                if (Status ok = live->commit(action); !ok)
                    return live->send_error(client, "illegal", ok.error().reason, id);
                live->at(seat).timeouts = 0;
                live->send_ack(client, id);
                live->after_change();
            });
}

void GameService::next_hand(const ClientPtr& client, const std::string& table, Id id) {
    at_seat(client, table, id,
            [this, client, id](const std::shared_ptr<TableActor>& live, Seat seat) {
                if (!live->playing() || live->table.game().phase() != Phase::HandOver)
                    return live->send_error(client, "illegal", "the hand is not over yet", id);
                live->holder(seat).ready = true;
                live->at(seat).timeouts = 0;
                live->save_meta();
                live->after_change();
                live->send_ack(client, id);
            });
}

void GameService::now_waiting_at(const std::string& player, const std::string& table) {
    std::string before;
    {
        std::lock_guard lock(mutex_);
        auto it = waiting_at_.find(player);
        if (it != waiting_at_.end()) before = it->second;
        if (table.empty()) {
            if (it != waiting_at_.end()) waiting_at_.erase(it);
        } else {
            waiting_at_[player] = table;
        }
    }
    if (before.empty() || before == table) return;
    on_table(
        before,
        [this, player](const std::shared_ptr<TableActor>& old) {
            const auto seat = old->seat_of(player);
            if (seat && !old->started() && !old->over()) vacate(old, *seat, nullptr);
        },
        [] {});
}

void GameService::forget_waiting(const std::string& player, const std::string& table) {
    std::lock_guard lock(mutex_);
    auto it = waiting_at_.find(player);
    if (it != waiting_at_.end() && it->second == table) waiting_at_.erase(it);
}

void GameService::watch_lobby(const ClientPtr& client, const LobbyWatch& m, Id id) {
    if (id) send(client, ack_message(*id, 0));
    lobby_.watch(client, m.on);
}

void GameService::chat(const ClientPtr& client, const ChatSay& m, Id id) {
    at_seat(client, m.table, id,
            [this, client, id, text = m.text](const std::shared_ptr<TableActor>& live, Seat seat) {
                social_.chat(*live, client, seat, text, id);
            });
}

void GameService::disconnected(const ClientPtr& client) {
    lobby_.forget(client);
    // Only the tables this connection was seated at hear of it.
    const std::vector<std::string> seated = roster_.remove(client);
    std::vector<std::shared_ptr<TableActor>> tables;
    {
        std::lock_guard lock(mutex_);
        for (const std::string& id : seated)
            if (auto it = tables_.find(id); it != tables_.end()) tables.push_back(it->second);
    }
    for (auto& live : tables) {
        asio::post(live->strand, [live, client] {
            bool changed = false;
            for (auto& seat : live->seats) {
                const auto before = seat.conns.size();
                std::erase_if(seat.conns, [&](const std::weak_ptr<Client>& w) {
                    auto c = w.lock();
                    return !c || c == client;
                });
                changed = changed || seat.conns.size() != before;
            }
            if (changed) live->after_change();
        });
    }
}

}  // namespace hearts::server
