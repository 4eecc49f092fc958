#include <utility>  // before Asio: Boost 1.74's headers use std::exchange without it

#include "router/service.h"

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

#include "hearts/ai/bot.h"
#include "hearts/random.h"
#include "hearts/record.h"
#include "model/daily.h"
#include "model/fair.h"
#include "model/names.h"

namespace hearts::server {

namespace asio = boost::asio;

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
      lang_changes_(Budget::per_minute(options.langs_per_minute)),
      hints_(Budget::per_minute(options.hints_per_minute)),
      reviews_(Budget::per_minute(options.reviews_per_minute)),
      watches_(Budget::per_minute(options.watches_per_minute)),
      lobby_listings_(Budget::per_minute(options.lobby_listings_per_minute)),
      quick_matches_(Budget::per_minute(options.quick_matches_per_minute)),
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

void GameService::log_table_error(const std::string& table, std::string_view what,
                                  const std::string& reason) {
    {
        std::lock_guard lock(budget_mutex_);
        if (!table_errors_.take(table)) return;
    }
    spdlog::error("table {}: {}: {} (the next {} s of such failures of this table go unlogged)",
                  table, what, reason, kTableErrorLogEvery.count());
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

void GameService::handle(const ClientPtr& client, const ClientMessage& message,
                         std::string_view raw) {
    const auto id = message.id;
    if (auto* m = std::get_if<Hello>(&message.body)) return hello(client, *m, id);
    if (std::holds_alternative<Ping>(message.body)) return send(client, pong_message());
    if (client->player.empty()) {
        return send_error(client, "auth", say<"hello_first">(), id);
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
    if (auto* m = std::get_if<QuickMatch>(&body)) return quick_match(client, *m, id);
    if (auto* m = std::get_if<TableCommand>(&body)) return command(client, *m, id);
    if (auto* m = std::get_if<LobbyWatch>(&body)) return watch_lobby(client, *m, id);
    if (auto* m = std::get_if<ChatSay>(&body)) return chat(client, *m, id);
    if (auto* m = std::get_if<SetRelation>(&body)) return relation(client, *m, id);
    if (auto* m = std::get_if<Challenge>(&body)) return challenge(client, *m, id);
    if (std::holds_alternative<StatsRequest>(body)) return stats(client, id);
    if (std::holds_alternative<AchievementsRequest>(body)) return achievements(client, id);
    if (auto* m = std::get_if<LeaderboardRequest>(&body)) return leaderboard(client, *m, id);
    if (auto* m = std::get_if<ProfileRequest>(&body)) return profile(client, *m, id);
    if (auto* m = std::get_if<SetLook>(&body)) return set_look(client, *m, id);
    if (auto* m = std::get_if<SetLang>(&body)) return set_lang(client, *m, id);
    if (auto* m = std::get_if<ShareGame>(&body)) return share(client, *m, id);
    if (auto* m = std::get_if<HintRequest>(&body)) return hint(client, *m, id);
    if (auto* m = std::get_if<ReviewRequest>(&body)) return review(client, *m, id);
    if (auto* m = std::get_if<WatchTable>(&body)) return watch(client, *m, id);
    if (auto* m = std::get_if<AllowWatchers>(&body)) return allow_watchers(client, *m, id);
    if (auto* m = std::get_if<AllowHints>(&body)) return allow_hints(client, *m, id);
    if (auto* m = std::get_if<AllowRated>(&body)) return allow_rated(client, *m, id);
    if (std::holds_alternative<DailyStart>(body)) return daily_start(client, id);
    if (auto* m = std::get_if<DailyRequest>(&body)) return daily(client, *m, id);
}

// ---------------------------------------------------------------- players

void GameService::hello(const ClientPtr& client, const Hello& m, Id id) {
    if (!client->player.empty()) return send_error(client, "bad_message", say<"hello_twice">(), id);
    std::string player, token;
    if (m.player && m.token) {
        const auto known = store_.check_player(*m.player, *m.token);
        if (!known) {
            // Not a "no": the client keeps its identity and says hello again later.
            spdlog::error("could not check player {}: {}", *m.player, known.error().reason);
            return send_unreadable(client, id);
        }
        if (!*known) return send_error(client, "auth", say<"auth_failed">(), id);
        player = *m.player;
        token = *m.token;
    } else {
        if (!spend(new_players_, client)) {
            return send_error(client, "rate_limited", say<"too_many_players">(), id);
        }
        auto created = store_.create_player();
        if (!created) return send_error(client, "server", internal(created.error().reason), id);
        player = created->id;
        token = created->token;
    }
    client->player = player;
    roster_.add(client);
    auto tables = store_.player_tables(player);
    auto name = store_.name_of(player);
    auto look = store_.look_of(player);
    auto lang = store_.lang_of(player);
    send(client, welcome_message(player, token, tables ? *tables : std::vector<std::string>{},
                                 name ? *name : std::nullopt, social_.relations_of(player),
                                 look ? *look : Look{}, lang ? *lang : std::string()));
    for (std::string& frame : social_.open_to(player)) send(client, std::move(frame));
    offer_next_deal(client);
}

// A fresh salt for the connection's next game against the computer, and its commitment:
// the player's number for that game's seed comes after it (model/fair.h, mixed_seed).
void GameService::offer_next_deal(const ClientPtr& client) {
    auto salt = fresh_salt();
    if (!salt) return;  // new_game then says there is no commitment to mix with
    client->next_salt = *salt;
    send(client, next_deal_message(salt_commitment(*salt)));
}

void GameService::set_name(const ClientPtr& client, const SetName& m, Id id) {
    if (Status ok = store_.set_name(client->player, m.name); !ok)
        return send_error(client, "server", internal(ok.error().reason), id);
    roster_.send_to_player(client->player, you_message(client->player, m.name));
    if (id) send(client, ack_message(*id, 0));
}

void GameService::join(const ClientPtr& client, const JoinTable& m, Id id) {
    // Guessing codes: after a few wrong ones from an address, joins wait a minute.
    {
        std::lock_guard lock(budget_mutex_);
        if (!wrong_codes_.available(address_key(client->address))) {
            return send_error(client, "rate_limited", say<"too_many_wrong_codes">(), id);
        }
    }
    auto name = store_.name_of(client->player);
    if (!name) return send_error(client, "server", internal(name.error().reason), id);
    const std::string player = client->player;
    const bool confirm = m.confirm;
    const std::optional<std::string> known = *name;
    on_table(
        m.table,
        [client, player, id, confirm, known](TableActor& actor) {
            actor.join(client, player, known, confirm, id);
        },
        [this, client, id](bool unreadable) {
            if (unreadable) return send_unreadable(client, id);
            spend(wrong_codes_, client);
            send_error(client, "not_found", say<"table_not_found">(), id);
        });
}

void GameService::command(const ClientPtr& client, const TableCommand& m, Id id) {
    if (m.kind == TableCommand::Kind::Decline) return decline(client, m.table, id);
    at_seat(client, m.table, id, [client, id, kind = m.kind](TableActor& actor, Seat seat) {
        actor.command(client, seat, kind, id);
    });
}

void GameService::resume(const ClientPtr& client, const Resume& m, Id id) {
    at_seat(
        client, m.table, id,
        [client, id, since = m.since](TableActor& actor, Seat seat) {
            actor.resume(client, seat, since, id);
        },
        true);
}

void GameService::human_action(const ClientPtr& client, const std::string& table, Action action,
                               Id id) {
    at_seat(client, table, id, [client, action, id](TableActor& actor, Seat seat) {
        actor.act(client, seat, action, id);
    });
}

void GameService::next_hand(const ClientPtr& client, const std::string& table, Id id) {
    at_seat(client, table, id,
            [client, id](TableActor& actor, Seat seat) { actor.ready(client, seat, id); });
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
        before, [player](TableActor& actor) { actor.leave_waiting(player); }, [] {});
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
        return send_error(client, "rate_limited", say<"lobby_too_often">(), id);
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
            return send_error(client, "rate_limited", say<"too_many_wrong_codes">(), id);
        }
    }
    if (!spend(watches_, client))
        return send_error(client, "rate_limited", say<"watch_too_fast">(), id);
    auto name = store_.name_of(client->player);
    if (!name) return send_error(client, "server", internal(name.error().reason), id);
    if (!*name) return send_error(client, "no_name", say<"no_name">(), id);
    on_table(
        m.table,
        [this, client, id, name = **name](TableActor& actor) {
            if (!actor.watch(client, name, id)) return;
            std::string before;
            {
                std::lock_guard lock(mutex_);
                before = std::exchange(client->watching, actor.id());
            }
            if (before.empty() || before == actor.id()) return;
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
            send_error(client, "not_found", say<"table_not_found">(), id);
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
            live->blocked(blocker, blocked);
        });
    }
}

void GameService::allow_watchers(const ClientPtr& client, const AllowWatchers& m, Id id) {
    at_seat(client, m.table, id, [client, id, on = m.on](TableActor& actor, Seat seat) {
        actor.allow_watchers(client, seat, on, id);
    });
}

void GameService::allow_hints(const ClientPtr& client, const AllowHints& m, Id id) {
    at_seat(client, m.table, id, [client, id, on = m.on](TableActor& actor, Seat seat) {
        actor.allow_hints(client, seat, on, id);
    });
}

void GameService::allow_rated(const ClientPtr& client, const AllowRated& m, Id id) {
    at_seat(client, m.table, id, [client, id, on = m.on](TableActor& actor, Seat seat) {
        actor.allow_rated(client, seat, on, id);
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
    at_seat(client, m.table, id, [client, id, text = m.text, fault](TableActor& actor, Seat seat) {
        if (fault == "table") throw std::runtime_error("a fault injected for a test");
        if (fault == "bot") actor.plant_bot_fault();
        if (!fault.empty()) return actor.send_ack(client, id);
        actor.chat(client, seat, text, id);
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
        live->post([live, client] { live->disconnected(client); });
    }
}

}  // namespace hearts::server
