// Opening tables (router/service.h): a solo game against computer players, a table for people
// (public or private), and a challenge (a private table that asks one player), with its
// decline. Each new table is made on the asking connection's thread (threads/io_pool.h) and
// stored through group commit before anyone is told of it.
#include <utility>  // before Asio: Boost 1.74's headers use std::exchange without it

#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/asio/post.hpp>

#include "hearts/ai/bot.h"
#include "model/daily.h"
#include "model/fair.h"
#include "model/names.h"
#include "router/service.h"

namespace hearts::server {

namespace asio = boost::asio;

void GameService::new_game(const ClientPtr& client, const NewGame& m, Id id) {
    auto rules = parse_rules(m.rules);
    if (!rules)
        return send_error(client, "bad_message",
                          say<"bad_message", "detail">("rules: " + rules.error().reason), id);
    if (!spend(new_tables_, client)) return tables_too_fast(client, id);
    auto table_id = store_.new_table_id();
    if (!table_id) return send_error(client, "server", internal(table_id.error().reason), id);
    TableSetup setup;
    setup.id = *table_id;
    setup.created_ms = now_ms();
    setup.owner = client->player;
    setup.rules = *rules;
    if (!m.nonce.empty()) {
        // The seed mixes the player's number with the salt committed to before it came.
        if (client->next_salt.empty())
            return send_error(client, "state", say<"nonce_no_commit">(), id);
        auto seed = mixed_seed(client->next_salt, m.nonce);
        if (!seed) return send_error(client, "server", say<"seed_mix_failed">(), id);
        setup.seed = *seed;
        setup.salt = std::exchange(client->next_salt, {});
        setup.nonce = m.nonce;
        offer_next_deal(client);
    } else {
        setup.seed = fresh_seed();
        auto salt = fresh_salt();
        if (!salt) return send_error(client, "server", say<"no_salt">(), id);
        setup.salt = *salt;
    }
    setup.names = {m.name, m.names[0], m.names[1], m.names[2]};
    setup.bot_level = m.level;
    setup.seats[0].player = client->player;
    auto live = add_live(setup);
    if (!live) return send_error(client, "server", say<"table_id_taken">(), id);
    start_alone(live, client, std::move(setup), id,
                [this, player = client->player] { abandon_old_games_alone(player); });
}

// A new table against the computer, its owner at South, started at once: stored with
// group commit (whatever the table says waits for it), then `stored` runs.
void GameService::start_alone(const std::shared_ptr<TableActor>& live, const ClientPtr& client,
                              TableSetup setup, Id id, std::function<void()> stored) {
    now_waiting_at(client->player, "");
    live->post([live, client, id, setup = std::move(setup), stored = std::move(stored)]() mutable {
        live->open_alone(client, std::move(setup), id, std::move(stored));
    });
}

// Today's daily deal (model/daily.h): the day's seed from the store (drawn by whoever starts
// the day first), the fixed rules and computer players, the player's name on the board.
// One game a player a day: a second start resumes the first until it is over.
void GameService::daily_start(const ClientPtr& client, Id id) {
    const std::string& me = client->player;
    auto name = store_.name_of(me);
    if (!name) return send_error(client, "server", internal(name.error().reason), id);
    if (!*name) return send_error(client, "no_name", say<"no_name_board">(), id);
    const std::string day = day_of(now_ms());
    std::string opening;
    const auto now = std::chrono::steady_clock::now();
    {
        std::lock_guard lock(mutex_);
        if (auto it = daily_opening_.find(me); it != daily_opening_.end()) {
            if (now - it->second.at < kDailyOpening)
                opening = it->second.table;
            else
                daily_opening_.erase(it);
        }
    }
    auto mine = store_.daily_game(day, me);
    if (!mine) return send_error(client, "server", internal(mine.error().reason), id);
    if (*mine && (*mine)->finished) {
        return send_error(client, "state", say<"daily_played">(), id);
    }
    if (*mine) opening = (*mine)->table;
    if (!opening.empty()) return resume(client, Resume{opening, -1}, id);

    if (!spend(new_tables_, client)) return tables_too_fast(client, id);
    auto seed = store_.daily_seed(day, fresh_seed());
    if (!seed) return send_error(client, "server", internal(seed.error().reason), id);
    auto table_id = store_.new_table_id();
    if (!table_id) return send_error(client, "server", internal(table_id.error().reason), id);
    auto salt = fresh_salt();
    if (!salt) return send_error(client, "server", say<"no_salt">(), id);
    TableSetup setup;
    setup.id = *table_id;
    setup.created_ms = now_ms();
    setup.owner = me;
    setup.rules = parse_rules(kDailyRules).value();
    setup.seed = *seed;
    setup.salt = *salt;
    setup.names[0] = **name;
    setup.bot_level = options_.daily_level;
    setup.seats[0].player = me;
    setup.daily = day;
    std::string other;  // another connection of theirs got here first
    {
        std::lock_guard lock(mutex_);
        auto [it, fresh] = daily_opening_.emplace(me, DailyOpening{setup.id, now});
        if (!fresh) other = it->second.table;
    }
    if (!other.empty()) return resume(client, Resume{other, -1}, id);
    auto live = add_live(setup);
    if (!live) {
        std::lock_guard lock(mutex_);
        daily_opening_.erase(me);
        return send_error(client, "server", say<"table_id_taken">(), id);
    }
    start_alone(live, client, std::move(setup), id, [this, player = me, table = live->id()] {
        std::lock_guard lock(mutex_);
        if (auto it = daily_opening_.find(player);
            it != daily_opening_.end() && it->second.table == table)
            daily_opening_.erase(it);
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
        on_table((*mine)[k], [player](TableActor& actor) { actor.abandon_if_alone(player); },
                 [] {});
    }
}

void GameService::create_table(const ClientPtr& client, const CreateTable& m, Id id) {
    auto name = store_.name_of(client->player);
    if (!name) return send_error(client, "server", internal(name.error().reason), id);
    if (!*name) return send_error(client, "no_name", say<"no_name">(), id);
    auto rules = parse_rules(m.rules);
    if (!rules)
        return send_error(client, "bad_message",
                          say<"bad_message", "detail">("rules: " + rules.error().reason), id);
    if (!spend(new_tables_, client)) return tables_too_fast(client, id);
    auto table_id = store_.new_table_id();
    if (!table_id) return send_error(client, "server", internal(table_id.error().reason), id);
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
    auto salt = fresh_salt();
    if (!salt) {
        if (challenge) social_.close_challenge(challenge->player, table_id, "");
        return send_error(client, "server", say<"no_salt">(), id);
    }
    setup.salt = *salt;
    setup.names = {host_name, "", "", ""};
    setup.bot_level = "expert";
    setup.kind = kind;
    setup.started = false;
    setup.timer = timer;
    setup.seats[0].player = client->player;
    auto live = add_live(setup);
    if (!live) {
        if (challenge) social_.close_challenge(challenge->player, table_id, "");
        return send_error(client, "server", say<"table_id_taken">(), id);
    }
    now_waiting_at(client->player, table_id);
    live->post(
        [live, client, id, challenge = std::move(challenge), setup = std::move(setup)]() mutable {
            live->open_waiting(client, std::move(setup), std::move(challenge), id);
        });
}

void GameService::challenge(const ClientPtr& client, const Challenge& m, Id id) {
    const std::string& me = client->player;
    auto name = store_.name_of(me);
    if (!name) return send_error(client, "server", internal(name.error().reason), id);
    if (!*name) return send_error(client, "no_name", say<"no_name">(), id);
    if (m.player == me) return send_error(client, "bad_message", say<"that_is_you">(), id);
    auto exists = store_.player_exists(m.player);
    if (!exists) return send_error(client, "server", internal(exists.error().reason), id);
    if (!*exists) return send_error(client, "not_found", say<"no_such_player">(), id);
    auto their_name = store_.name_of(m.player);
    if (!their_name) return send_error(client, "server", internal(their_name.error().reason), id);
    const std::string them = their_name->value_or("This player");
    if (social_.relations_of(m.player).has(RelationKind::Block, me))
        return send_error(client, "blocked", say<"challenge_blocked">(), id);
    if (social_.relations_of(me).has(RelationKind::Block, m.player)) {
        return send_error(client, "blocked", say<"challenge_blocked_them", "name">(them), id);
    }
    auto rules = parse_rules(m.rules);
    if (!rules)
        return send_error(client, "bad_message",
                          say<"bad_message", "detail">("rules: " + rules.error().reason), id);
    if (!spend(challenges_by_address_, client)) {
        return send_error(client, "rate_limited", say<"challenges_too_fast">(), id);
    }
    if (!spend(new_tables_, client)) return tables_too_fast(client, id);
    auto table_id = store_.new_table_id();
    if (!table_id) return send_error(client, "server", internal(table_id.error().reason), id);
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
        send_error(client, "not_found", say<"no_open_challenge">(), id);
    };
    on_table(
        table,
        [client, player, id, none](TableActor& actor) {
            if (!actor.decline_challenge(client, player, id)) none();
        },
        [client, id, none](bool unreadable) {
            if (unreadable) return send_unreadable(client, id);
            none();
        });
}

void GameService::tables_too_fast(const ClientPtr& client, Id id) {
    send_error(client, "rate_limited",
               say<"tables_too_fast", "n">(int(options_.new_tables_per_minute)), id);
}

}  // namespace hearts::server
