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
#include <stdexcept>
#include <vector>

#include <nlohmann/json.hpp>

#include "daily.h"
#include "fair.h"
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
      reviewer_(store, options.background_reviews),
      social_(store, roster_,
              {options.challenges_to_one_per_minute, options.challenges_open_to_one}),
      new_players_(Budget::per_minute(options.new_players_per_minute)),
      new_tables_(Budget::per_minute(options.new_tables_per_minute)),
      wrong_codes_(Budget::per_minute(options.wrong_codes_per_minute)),
      challenges_by_address_(Budget::per_minute(options.challenges_per_minute)),
      stats_requests_(Budget::per_minute(options.stats_per_minute)),
      look_changes_(Budget::per_minute(options.looks_per_minute)),
      hints_(Budget::per_minute(options.hints_per_minute)),
      reviews_(Budget::per_minute(options.reviews_per_minute)),
      watches_(Budget::per_minute(options.watches_per_minute)),
      lobby_listings_(Budget::per_minute(options.lobby_listings_per_minute)),
      lobby_(io.first(), options.lobby_size),
      writer_(store, 4096,
              std::chrono::microseconds(std::int64_t(options.sync_interval_ms * 1000))) {}

GameService::~GameService() {
    stop();
}

void GameService::stop() {
    bots_.stop();
    reviewer_.stop();
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
    out["reviews"] = {{"background", reviewer_.background_pending()},
                      {"games_after", reviewer_.games_after()}};
    if (cluster_) {
        const Cluster::Counts c = cluster_->counts();
        std::size_t remote = 0;
        {
            std::lock_guard lock(cluster_mutex_);
            remote = proxies_.size();
        }
        out["cluster"] = {{"node", cluster_->node()}, {"redis", cluster_->connected()},
                          {"nodes", c.nodes},         {"sent", c.sent},
                          {"received", c.received},   {"dropped", c.dropped},
                          {"pending", c.pending},     {"remote_connections", remote}};
    }
    return out.dump();
}

TableContext GameService::context() {
    return {store_, writer_, bots_, options_, lobby_, social_, roster_, *this, reviewer_};
}

void GameService::drop(const TableActor& table) {
    const std::string id = table.table.id();
    {
        std::lock_guard lock(mutex_);
        auto it = tables_.find(id);
        if (it == tables_.end() || it->second.get() != &table) return;
        tables_.erase(it);
    }
    // Each table in memory holds one claim on it (find, add_live, restore).
    store_.release(id);
    if (cluster_) {
        // Unless it was loaded again meanwhile: the address book follows the map, in
        // the order the map changed (both under the lock).
        std::lock_guard lock(mutex_);
        if (!tables_.contains(id)) cluster_->owns(id, false);
    }
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
    load_again(id, std::move(people), wait, 0);
}

// Loads the table after `wait`; `attempt` counts the tries that found the database
// unreadable so far.
void GameService::load_again(const std::string& id, People people, std::chrono::milliseconds wait,
                             int attempt) {
    auto timer = std::make_shared<asio::steady_timer>(io_.here(), wait);
    timer->async_wait([this, timer, id, attempt,
                       people = std::move(people)](const boost::system::error_code& ec) {
        if (ec) return;
        if (cluster_) {
            // Another node may have taken the table meanwhile (this one's session with
            // PostgreSQL was cut): its people connect again and reach it there.
            bool unreadable = false, elsewhere = false;
            if (!find(id, "", &unreadable, &elsewhere) && elsewhere) {
                for (const auto& seat : people)
                    for (auto& w : seat)
                        if (auto c = w.lock())
                            c->reconnect("your table moved to another server: connecting again");
                return;
            }
        }
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
            [this, people, id, attempt](bool unreadable) {
                // The database cannot be read either (PostgreSQL restarts, the disk is
                // gone): try again later while somebody is there, and tell them once.
                const int tries = attempt + 1;
                const bool giving_up = !unreadable || tries >= kReloadTries;
                bool anyone = false;
                for (const auto& seat : people)
                    for (auto& w : seat)
                        if (auto c = w.lock()) {
                            anyone = true;
                            if (giving_up)
                                send_error(c, "server",
                                           "This game could not be loaded again: reload the "
                                           "page to try once more",
                                           {});
                            else if (tries == 1)
                                send_error(c, "server",
                                           "This game is waiting for its database: it comes "
                                           "back by itself, at the last card saved",
                                           {});
                        }
                if (anyone && !giving_up)
                    load_again(id, people, std::min(kReloadWaitMax, kReloadWait * tries), tries);
            });
    });
}

std::shared_ptr<TableActor> GameService::add_live(TableSetup setup) {
    auto live = std::make_shared<TableActor>(io_.here(), std::move(setup), context());
    const std::string& id = live->table.id();
    // A new table is in memory before it is stored, and its id was checked against the
    // database only: one live with the same id (40 random bits: all but never), or one
    // another node claimed, is another table, and this one is not made.
    auto mine = store_.claim(id);
    if (!mine || !*mine) return nullptr;
    {
        std::lock_guard lock(mutex_);
        if (tables_.emplace(id, live).second) {
            if (cluster_) cluster_->owns(id, true);
            return live;
        }
    }
    store_.release(id);
    return nullptr;
}

Expected<std::shared_ptr<TableActor>> GameService::rebuild(const StoredTable& s) {
    auto live = std::make_shared<TableActor>(io_.here(), s.setup, context());
    for (std::size_t i = 0; i < s.actions.size(); ++i) {
        if (Status ok = live->table.apply(s.actions[i]); !ok) {
            return Error{"table " + s.setup.id + ": stored action " + std::to_string(i) + " (" +
                         to_string(s.actions[i]) + ") does not replay: " + ok.error().reason};
        }
    }
    // Each person's look, as others see it before that person comes back (a look that
    // cannot be read now is read when they connect: seat_connection).
    for (Seat seat : kAllSeats) {
        const SeatHolder& h = live->holder(seat);
        if (!h.person()) continue;
        if (auto look = store_.look_of(h.player)) live->at(seat).look = *look;
    }
    return live;
}

// Only the tables waiting for players are loaded at start-up: the lobby lists the public
// ones, and the ones nobody comes back to close after a while. A game in progress is
// loaded when one of its players comes back (`find`), so start-up does not grow with
// the number of unfinished games, and memory holds only the tables in use.
//
// In a cluster each node loads the waiting tables it can claim (at start-up, and when
// another node is gone), so every one is listed by some node.
Status GameService::restore() {
    auto stored = store_.waiting_tables();
    if (!stored) return stored.error();
    std::size_t loaded = 0;
    for (const StoredTable& s : *stored) {
        {
            std::lock_guard lock(mutex_);
            if (tables_.contains(s.setup.id)) continue;
        }
        auto mine = store_.claim(s.setup.id);
        if (!mine) return mine.error();
        if (!*mine) continue;
        auto live = rebuild(s);
        if (!live) {
            store_.release(s.setup.id);
            return live.error();
        }
        {
            std::lock_guard lock(mutex_);
            if (!tables_.emplace(s.setup.id, *live).second) {
                store_.release(s.setup.id);
                continue;
            }
            for (const SeatHolder& h : s.setup.seats)
                if (h.person()) waiting_at_[h.player] = s.setup.id;
            if (cluster_) cluster_->owns(s.setup.id, true);
        }
        ++loaded;
        (*live)->post([l = *live] { l->after_change(); });
    }
    if (cluster_ && store_.claims_waiting() > 0 && !restore_again_) {
        // Tables taken from a node that did not let go: loaded once that one can no longer
        // show them (pg_claims.h), a few seconds from now.
        restore_again_ = std::make_unique<asio::steady_timer>(io_.first(), kRestoreAgain);
        restore_again_->async_wait([this](const boost::system::error_code& ec) {
            if (ec) return;
            restore_again_.reset();
            if (Status ok = restore(); !ok)
                spdlog::error("cluster: could not load the waiting tables taken over: {}",
                              ok.error().reason);
        });
    }
    if (loaded > 0 || !cluster_)
        spdlog::info(
            "restored {} tables waiting for players; games in progress load when a player "
            "comes back",
            loaded);
    forget_unused_players();
    return {};
}

// Every `hello` without an identity makes a player; one whose client then does nothing
// leaves a row that nothing refers to. Those go once they are old enough and nobody is
// connected as them (here or at another node), a thousand at a time, every half of that
// age (at least every second, at most every hour).
void GameService::forget_unused_players() {
    const double after = options_.forget_unused_players_after_seconds;
    if (after <= 0) return;
    if (!forget_) forget_ = std::make_unique<asio::steady_timer>(io_.first());
    forget_->expires_after(
        std::chrono::milliseconds(std::int64_t(std::clamp(after / 2, 1.0, 3600.0) * 1000)));
    forget_->async_wait([this, after](const boost::system::error_code& ec) {
        if (ec) return;
        const std::int64_t now = std::chrono::duration_cast<std::chrono::seconds>(
                                     std::chrono::system_clock::now().time_since_epoch())
                                     .count();
        auto gone = store_.forget_unused_players(
            now - std::int64_t(after), kForgetAtOnce,
            [this](const std::string& player) { return roster_.online(player); });
        if (!gone)
            spdlog::warn("could not forget the unused players (tried again later): {}",
                         gone.error().reason);
        else if (*gone > 0)
            spdlog::info("forgot {} players that nothing refers to", *gone);
        forget_unused_players();
    });
}

std::shared_ptr<TableActor> GameService::find(const std::string& table, const std::string& seated,
                                              bool* unreadable, bool* elsewhere) {
    {
        std::lock_guard lock(mutex_);
        auto it = tables_.find(table);
        if (it != tables_.end()) return it->second;
    }
    // In a cluster a claim takes the writer's connection: only for a table that exists
    // (and where the sender sits), so naming tables at random costs no more than a read.
    if (cluster_ && !load(table, seated, unreadable)) return nullptr;
    // Loaded here only when no other node holds it (a claim: one per table in memory,
    // taken back when it leaves memory or does not load), and read after the claim, so
    // it is what the last node to hold it wrote.
    auto mine = store_.claim(table);
    if (!mine) {
        spdlog::error("table {}: could not claim it: {}", table, mine.error().reason);
        if (unreadable) *unreadable = true;
        return nullptr;
    }
    if (!*mine) {
        if (elsewhere) *elsewhere = true;
        return nullptr;
    }
    auto live = load(table, seated, unreadable);
    if (!live) {
        store_.release(table);
        return nullptr;
    }
    std::shared_ptr<TableActor> other;
    {
        std::lock_guard lock(mutex_);
        auto [it, inserted] = tables_.emplace(table, live);
        if (inserted && cluster_) cluster_->owns(table, true);
        if (!inserted) other = it->second;  // loaded by another thread meanwhile
    }
    if (other) {
        store_.release(table);
        return other;
    }
    // A computer player may have been about to act when the table was put away.
    live->post([live] { live->after_change(); });
    return live;
}

std::shared_ptr<TableActor> GameService::load(const std::string& table, const std::string& seated,
                                              bool* unreadable) {
    // Not in memory: an unfinished game in the database is loaded at the same card; for a
    // message that needs a seat, only when the sender has one there (nobody else can keep
    // other people's games in memory by naming them).
    auto stored = store_.unfinished_table(table);
    if (!stored) {
        spdlog::error("table {}: could not read it: {}", table, stored.error().reason);
        if (unreadable) *unreadable = true;
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
    return *live;
}

void GameService::handle(const ClientPtr& client, const ClientMessage& message,
                         std::string_view raw) {
    const auto id = message.id;
    if (auto* m = std::get_if<Hello>(&message.body)) return hello(client, *m, id);
    if (std::holds_alternative<Ping>(message.body)) return send(client, pong_message());
    if (client->player.empty()) {
        return send_error(client, "auth", "say hello first: {\"t\":\"hello\"}", id);
    }
    if (cluster_ && route(client, message, std::string(raw), 0, 0)) return;
    handle_here(client, message);
}

void GameService::handle_here(const ClientPtr& client, const ClientMessage& message) {
    const auto id = message.id;
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
    if (auto* m = std::get_if<SetRelation>(&body)) return relation(client, *m, id);
    if (auto* m = std::get_if<Challenge>(&body)) return challenge(client, *m, id);
    if (std::holds_alternative<StatsRequest>(body)) return stats(client, id);
    if (std::holds_alternative<AchievementsRequest>(body)) return achievements(client, id);
    if (auto* m = std::get_if<SetLook>(&body)) return set_look(client, *m, id);
    if (auto* m = std::get_if<ShareGame>(&body)) return share(client, *m, id);
    if (auto* m = std::get_if<HintRequest>(&body)) return hint(client, *m, id);
    if (auto* m = std::get_if<ReviewRequest>(&body)) return review(client, *m, id);
    if (auto* m = std::get_if<WatchTable>(&body)) return watch(client, *m, id);
    if (auto* m = std::get_if<AllowWatchers>(&body)) return allow_watchers(client, *m, id);
    if (auto* m = std::get_if<AllowHints>(&body)) return allow_hints(client, *m, id);
    if (std::holds_alternative<DailyStart>(body)) return daily_start(client, id);
    if (auto* m = std::get_if<DailyRequest>(&body)) return daily(client, *m, id);
}

// ---------------------------------------------------------------- players

void GameService::hello(const ClientPtr& client, const Hello& m, Id id) {
    if (!client->player.empty()) return send_error(client, "bad_message", "already said hello", id);
    std::string player, token;
    if (m.player && m.token) {
        const auto known = store_.check_player(*m.player, *m.token);
        if (!known) {
            // Not a "no": the client keeps its identity and says hello again later.
            spdlog::error("could not check player {}: {}", *m.player, known.error().reason);
            return send_unreadable(client, id);
        }
        if (!*known) return send_error(client, "auth", "unknown player or wrong token", id);
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
    auto look = store_.look_of(player);
    send(client, welcome_message(player, token, tables ? *tables : std::vector<std::string>{},
                                 name ? *name : std::nullopt, social_.relations_of(player),
                                 look ? *look : Look{}));
    for (std::string& frame : social_.open_to(player)) send(client, std::move(frame));
    offer_next_deal(client);
}

// A fresh salt for the connection's next game against the computer, and its commitment:
// the player's number for that game's seed comes after it (fair.h, mixed_seed).
void GameService::offer_next_deal(const ClientPtr& client) {
    auto salt = fresh_salt();
    if (!salt) return;  // new_game then says there is no commitment to mix with
    client->next_salt = *salt;
    send(client, next_deal_message(salt_commitment(*salt)));
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

// The catalogue with what the player earned: awarded by the store with the games that
// earned them, so nothing here takes a client's word. Shares the statistics' budget.
void GameService::achievements(const ClientPtr& client, Id id) {
    if (!spend(stats_requests_, client)) {
        return send_error(client, "rate_limited",
                          "Too many requests for statistics: try again in a minute", id);
    }
    auto earned = store_.achievements_of(client->player);
    if (!earned) return send_error(client, "server", earned.error().reason, id);
    auto look = store_.look_of(client->player);
    if (!look) return send_error(client, "server", look.error().reason, id);
    send(client, achievements_message(*earned, *look));
    if (id) send(client, ack_message(*id, 0));
}

// A finished game of the player's, for anyone with its link once everyone who played it
// allowed it (the store counts them). Shares the statistics' budget: each is a write.
void GameService::share(const ClientPtr& client, const ShareGame& m, Id id) {
    if (!spend(stats_requests_, client)) {
        return send_error(client, "rate_limited",
                          "Too many requests for statistics and sharing: try again in a minute",
                          id);
    }
    auto state = store_.allow_share(m.table, client->player);
    if (!state) {
        const std::string& why = state.error().reason;
        const bool mine = why.find("no such table") == std::string::npos &&
                          why.find("not finished") == std::string::npos;
        return send_error(client, mine ? "server" : "not_found", why, id);
    }
    send(client, shared_message(m.table, *state));
    if (id) send(client, ack_message(*id, 0));
}

// A day's board: names and scores for everyone, and the replays only for those who may
// see the day's cards (they finished its game, or the day is over and they never started
// it: someone with a game of that day still in play could otherwise look before playing).
void GameService::daily(const ClientPtr& client, const DailyRequest& m, Id id) {
    if (!spend(stats_requests_, client)) {
        return send_error(client, "rate_limited",
                          "Too many requests for statistics and boards: try again in a minute", id);
    }
    const std::int64_t now = now_ms();
    const std::string today = day_of(now);
    const std::string day = m.day.empty() ? today : m.day;
    const std::int64_t start = day_start_ms(day).value_or(0);
    const std::int64_t today_start = day_start_ms(today).value_or(0);
    if (start > today_start)
        return send_error(client, "bad_message", "day: " + day + " has not come yet", id);
    if (today_start - start > std::int64_t(kDailyDaysKept) * 86'400'000) {
        return send_error(client, "bad_message",
                          "day: boards go back " + std::to_string(kDailyDaysKept) + " days", id);
    }
    auto board = store_.daily_board(day, client->player, kDailyBoardRows);
    if (!board) return send_error(client, "server", board.error().reason, id);
    const bool finished = board->mine && board->mine->finished;
    const bool replays = finished || (day != today && !board->mine);
    send(client, daily_message(day, day == today, today_start + 86'400'000, *board, replays));
    if (id) send(client, ack_message(*id, 0));
}

// What the search would do in the player's place, and why (hearts/ai/hint.h): only in a
// game against the computer (at a table with people it would help one player against the
// others), on the player's own turn. The search runs with the computer players' thinking
// (bot_pool.h), one at a time per table, within the address's budget of hints.
void GameService::hint(const ClientPtr& client, const HintRequest& m, Id id) {
    if (!spend(hints_, client))
        return send_error(client, "rate_limited", "Too many hints: try again in a minute", id);
    at_seat(client, m.table, id, [client, id](const std::shared_ptr<TableActor>& live, Seat seat) {
        if (!live->playing())
            return live->send_error(client, "illegal",
                                    "There is nothing to hint at: the game is not being "
                                    "played",
                                    id);
        if (!live->table.setup().daily.empty())
            return live->send_error(client, "illegal",
                                    "There are no hints in the daily deal: everyone plays the "
                                    "day's cards on their own",
                                    id);
        if (!live->hints_allowed())
            return live->send_error(client, "illegal",
                                    "Hints at a table with people need everyone to allow "
                                    "them: otherwise they would help one player against "
                                    "the others",
                                    id);
        const Game& g = live->table.game();
        const bool to_pass = g.phase() == Phase::Pass && !g.has_passed(seat);
        const bool to_play = g.phase() == Phase::Play && g.to_move() == seat;
        if (!to_pass && !to_play)
            return live->send_error(client, "not_your_turn",
                                    "A hint is for your own turn to pass or to play", id);
        live->hint(client, seat, id);
    });
}

// The review of a finished game of the player's (reviews.h), within the address's budget.
void GameService::review(const ClientPtr& client, const ReviewRequest& m, Id id) {
    if (!spend(reviews_, client))
        return send_error(client, "rate_limited", "Too many reviews: try again in a minute", id);
    auto record = store_.finished_record(m.table, client->player);
    if (!record) return send_error(client, "not_found", record.error().reason, id);
    auto seat = store_.seat_of(m.table, client->player);
    if (!seat) return send_error(client, "not_found", seat.error().reason, id);
    reviewer_.ask(client, m.table, *seat, std::move(*record), id);
}

// A face, and an item only from an achievement the player holds. Every connection of the
// player hears of it, and every table they sit at here shows it.
void GameService::set_look(const ClientPtr& client, const SetLook& m, Id id) {
    if (!spend(look_changes_, client)) {
        return send_error(client, "rate_limited",
                          "You are changing your look too fast: try again in a minute", id);
    }
    if (!m.look.wearing.empty()) {
        auto earned = store_.achievements_of(client->player);
        if (!earned) return send_error(client, "server", earned.error().reason, id);
        const AchievementDef* a = achievement_of_item(m.look.wearing);
        const bool holds = a && std::any_of(earned->begin(), earned->end(),
                                            [&](const Earned& e) { return e.id == a->id; });
        if (!holds) {
            return send_error(client, "bad_message",
                              "wearing: the " + std::string(a ? a->item_name : "item") +
                                  " comes with the achievement \"" + std::string(a ? a->name : "") +
                                  "\", which you have not earned yet",
                              id);
        }
    }
    if (Status ok = store_.set_look(client->player, m.look); !ok)
        return send_error(client, "server", ok.error().reason, id);
    roster_.send_to_player(client->player, look_message(m.look));
    show_look_here(client->player, m.look);
    if (id) send(client, ack_message(*id, 0));
}

void GameService::show_look_here(const std::string& player, const Look& look) {
    std::vector<std::string> tables = roster_.tables_of(player);
    if (cluster_) {
        for (std::string& t : remote_tables_of(player))
            if (std::find(tables.begin(), tables.end(), t) == tables.end())
                tables.push_back(std::move(t));
    }
    for (const std::string& table : tables) {
        std::shared_ptr<TableActor> live;
        {
            std::lock_guard lock(mutex_);
            auto it = tables_.find(table);
            if (it != tables_.end()) live = it->second;
        }
        if (!live) continue;
        live->post([live, player, look] { live->show_look(player, look); });
    }
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
        [this, client, id](bool unreadable) {
            if (unreadable) return send_unreadable(client, id);
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

void GameService::resume(const ClientPtr& client, const Resume& m, Id id) {
    at_seat(client, m.table, id,
            [client, id, since = m.since](const std::shared_ptr<TableActor>& live, Seat seat) {
                live->seat_connection(seat, client);
                bool back = false;
                if (live->holder(seat).away && !live->over()) {
                    live->table.setup().seats[std::size_t(seat)].away = false;
                    live->at(seat).timeouts = 0;
                    live->save_meta();
                    live->send(client, removed_message(live->table.id()));
                    back = true;
                }
                // What the page missed first (the updates after `since`, or a snapshot
                // and the chat): whatever after_change sets going follows it.
                if (since > 0 && live->replay(client, seat, since)) {
                    live->send(client, table_message(live->table.id(), live->info_of(seat)));
                    live->after_change(back);
                } else {
                    live->send_view(client, seat, true);
                    live->after_change(true);
                }
                live->send_ack(client, id);
            });
}

void GameService::human_action(const ClientPtr& client, const std::string& table, Action action,
                               Id id) {
    at_seat(client, table, id,
            [client, action, id](const std::shared_ptr<TableActor>& live, Seat seat) mutable {
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
    at_seat(client, table, id, [client, id](const std::shared_ptr<TableActor>& live, Seat seat) {
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
    // Each `on` sends the whole listing: turning the lobby on and off in a loop once made
    // one connection's few bytes into 654 KB/s out. Off is always free.
    if (m.on && !spend(lobby_listings_, client))
        return send_error(client, "rate_limited",
                          "The lobby was opened too often: try again in a minute", id);
    if (id) send(client, ack_message(*id, 0));
    lobby_.watch(client, m.on);
}

// Watching a table (docs/protocol.md, "Spectators"): a connection watches one table at a
// time, so watching another stops the first. Naming tables that do not exist costs as a
// wrong code does.
void GameService::watch(const ClientPtr& client, const WatchTable& m, Id id) {
    if (!m.on) {
        std::shared_ptr<TableActor> live;
        {
            std::lock_guard lock(mutex_);
            if (client->watching == m.table) client->watching.clear();
            if (auto it = tables_.find(m.table); it != tables_.end()) live = it->second;
        }
        // A table not in memory has no watchers: nothing to load.
        if (!live) {
            if (id) send(client, ack_message(*id, 0));
            return;
        }
        return live->post([live, client, id] { live->unwatch(client, id); });
    }
    {
        std::lock_guard lock(budget_mutex_);
        if (!wrong_codes_.available(address_key(client->address))) {
            return send_error(client, "rate_limited",
                              "Too many wrong table codes: wait a minute before trying again", id);
        }
    }
    if (!spend(watches_, client))
        return send_error(client, "rate_limited",
                          "You are asking to watch tables too fast: try again in a minute", id);
    auto name = store_.name_of(client->player);
    if (!name) return send_error(client, "server", name.error().reason, id);
    if (!*name) return send_error(client, "no_name", "Enter your name", id);
    on_table(
        m.table,
        [this, client, id, name = **name](const std::shared_ptr<TableActor>& live) {
            if (!live->watch(client, name, id)) return;
            std::string before;
            {
                std::lock_guard lock(mutex_);
                before = std::exchange(client->watching, live->table.id());
            }
            if (before.empty() || before == live->table.id()) return;
            std::shared_ptr<TableActor> old;
            {
                std::lock_guard lock(mutex_);
                if (auto it = tables_.find(before); it != tables_.end()) old = it->second;
            }
            if (old) old->post([old, client] { old->unwatch(client, {}); });
        },
        [this, client, id](bool unreadable) {
            if (unreadable) return send_unreadable(client, id);
            spend(wrong_codes_, client);
            send_error(client, "not_found", "Game table not found", id);
        });
}

void GameService::relation(const ClientPtr& client, const SetRelation& m, Id id) {
    social_.relation(client, m, id);
    if (m.kind != RelationKind::Block || !m.on) return;
    const std::vector<std::string> seated = roster_.tables_of(client->player);
    std::vector<std::shared_ptr<TableActor>> tables;
    {
        std::lock_guard lock(mutex_);
        for (const std::string& t : seated)
            if (auto it = tables_.find(t); it != tables_.end()) tables.push_back(it->second);
    }
    for (auto& live : tables) {
        live->post([live, blocker = client->player, blocked = m.player] {
            if (live->seat_of(blocker))
                live->stop_watcher(blocked, "A player at this table has blocked you");
        });
    }
}

void GameService::allow_watchers(const ClientPtr& client, const AllowWatchers& m, Id id) {
    at_seat(
        client, m.table, id,
        [client, id, on = m.on](const std::shared_ptr<TableActor>& live, Seat seat) {
            const TableKind kind = live->table.setup().kind;
            if (kind == TableKind::Solo)
                return live->send_error(client, "not_watchable",
                                        "This is a game against the computer: it cannot be watched",
                                        id);
            if (kind == TableKind::Public)
                return live->send_error(client, "illegal", "Anyone may watch a public table", id);
            if (live->over()) return live->send_error(client, "state", "This game is over", id);
            if (live->holder(seat).watch_vote != on) {
                live->holder(seat).watch_vote = on;
                live->save_meta();
            }
            live->send_ack(client, id);
            live->after_change();
        });
}

// Hints at a table with people: each person allows them, and they work once all have
// (docs/protocol.md, "Hints"). Stored with the seat, like the other votes.
void GameService::allow_hints(const ClientPtr& client, const AllowHints& m, Id id) {
    at_seat(client, m.table, id,
            [client, id, on = m.on](const std::shared_ptr<TableActor>& live, Seat seat) {
                if (live->table.setup().kind == TableKind::Solo)
                    return live->send_error(
                        client, "illegal",
                        "Hints are always allowed in a game against the computer", id);
                if (live->over()) return live->send_error(client, "state", "This game is over", id);
                if (live->holder(seat).hint_vote != on) {
                    live->holder(seat).hint_vote = on;
                    live->save_meta();
                }
                live->send_ack(client, id);
                live->after_change();
            });
}

void GameService::chat(const ClientPtr& client, const ChatSay& m, Id id) {
    // The test hooks of the firewalls (ServiceOptions::inject_faults).
    const std::string fault = options_.inject_faults && m.text.starts_with("fault: ")
                                  ? m.text.substr(std::string_view("fault: ").size())
                                  : "";
    if (fault == "connection") throw std::runtime_error("a fault injected for a test");
    if (fault == "writer") writer_.fail_next_batch();
    if (fault == "slow disk") writer_.slow_next_batch();
    if (fault == "cluster") {
        // Both of this node's cluster threads throw at their next turn of the loop.
        if (cluster_) cluster_->fail_next_loops();
        if (id) send(client, ack_message(*id, 0));
        return;
    }
    at_seat(client, m.table, id,
            [this, client, id, text = m.text, fault](const std::shared_ptr<TableActor>& live,
                                                     Seat seat) {
                if (fault == "table") throw std::runtime_error("a fault injected for a test");
                if (fault == "bot") live->fault_in_bot = true;
                if (!fault.empty()) return live->send_ack(client, id);
                social_.chat(*live, client, seat, text, id);
            });
}

void GameService::disconnected(const ClientPtr& client) {
    lobby_.forget(client);
    if (cluster_) closed_elsewhere(client);
    // Only the tables this connection was seated at hear of it.
    const std::vector<std::string> seated = roster_.remove(client);
    std::vector<std::shared_ptr<TableActor>> tables;
    {
        std::lock_guard lock(mutex_);
        for (const std::string& id : seated)
            if (auto it = tables_.find(id); it != tables_.end()) tables.push_back(it->second);
    }
    for (auto& live : tables) {
        live->post([live, client] {
            bool changed = false;
            for (auto& seat : live->seats) {
                const auto before = seat.conns.size();
                std::erase_if(seat.conns, [&](const std::weak_ptr<Client>& w) {
                    auto c = w.lock();
                    return !c || c == client;
                });
                changed = changed || seat.conns.size() != before;
            }
            const auto watching = live->watchers.size();
            std::erase_if(live->watchers, [&](const TableActor::Watcher& w) {
                auto c = w.conn.lock();
                return !c || c == client;
            });
            changed = changed || live->watchers.size() != watching;
            if (changed) live->after_change();
        });
    }
}

}  // namespace hearts::server
