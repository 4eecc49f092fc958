// Quick match (docs/ratings.md, "Quick match"; router/service.h): "Play now (rated)" seats
// the player at the waiting quick table of their rules whose people are nearest them in
// skill (model/quick.h), or opens one. The waiting tables are the lobby's (every node's, in
// a cluster: the lobby is shared through Redis), so the seat is taken with an ordinary
// `join`, sent on to the table's node like any other.
#include <utility>  // before Asio: Boost 1.74's headers use std::exchange without it

#include <spdlog/spdlog.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "model/quick.h"
#include "router/service.h"

namespace hearts::server {

namespace {

// A lobby entry as quick match sees it.
QuickTable quick_table_of(const LobbyEntry& e) {
    QuickTable t{e.table, e.skill, 0, e.created_ms};
    for (const SeatInfo& s : e.seats) t.people += s.human && s.player ? 1 : 0;
    return t;
}

bool sits_at(const LobbyEntry& e, const std::string& player) {
    return std::any_of(e.seats.begin(), e.seats.end(),
                       [&](const SeatInfo& s) { return s.player && *s.player == player; });
}

// Someone at the table blocked `player`, or was blocked by them.
bool blocked_either_way(const LobbyEntry& e, const std::string& player, const Relations& mine,
                        Social& social) {
    return std::any_of(e.seats.begin(), e.seats.end(), [&](const SeatInfo& s) {
        return s.human && s.player &&
               (mine.has(RelationKind::Block, *s.player) ||
                social.relations_of(*s.player).has(RelationKind::Block, player));
    });
}

}  // namespace

QuickSettings GameService::quick_settings() const {
    return QuickSettings{options_.quick_gap, options_.quick_widen, options_.quick_fill_seconds};
}

void GameService::quick_match(const ClientPtr& client, const QuickMatch& m, Id id) {
    auto name = store_.name_of(client->player);
    if (!name) return send_error(client, "server", internal(name.error().reason), id);
    if (!*name) return send_error(client, "no_name", say<"no_name">(), id);
    auto rules = parse_rules(m.rules);
    if (!rules)
        return send_error(client, "bad_message",
                          say<"bad_message", "detail">("rules: " + rules.error().reason), id);
    if (!spend(quick_matches_, client)) {
        return send_error(client, "rate_limited", say<"games_too_fast">(), id);
    }
    const std::string& me = client->player;
    auto skill = player_skill(store_, me, board_of(*rules));
    if (!skill) return send_unreadable(client, id);

    // The waiting quick tables of these rules, and the one the player waits at.
    const Relations mine = social_.relations_of(me);
    std::vector<QuickTable> open;
    std::optional<QuickTable> from;
    for (const LobbyEntry& e : lobby_.quick_waiting(to_string(*rules))) {
        if (sits_at(e, me)) {
            if (e.table == m.from) from = quick_table_of(e);
        } else if (!blocked_either_way(e, me, mine, social_)) {
            open.push_back(quick_table_of(e));
        }
    }
    if (!m.from.empty() && !from) {
        // That table has started or closed, or the player is not at it: nothing to move
        // from.
        if (id) send(client, ack_message(*id, 0));
        return;
    }
    const auto pick = pick_quick_table(*skill, open, now_ms(), quick_settings(), from);
    if (pick) {
        // An ordinary join (sent on to the table's node in a cluster), which also takes
        // the player out of the table they waited at.
        ClientMessage join_message{id, JoinTable{pick->table, false}};
        nlohmann::json raw{{"t", "join"}, {"table", pick->table}};
        if (id) raw["id"] = *id;
        if (cluster_ && route(client, join_message, raw.dump(), 0, 0)) return;
        return join(client, JoinTable{pick->table, false}, id);
    }
    if (from) {  // nothing further along: the player stays where they are
        if (id) send(client, ack_message(*id, 0));
        return;
    }
    if (!spend(new_tables_, client)) return tables_too_fast(client, id);
    auto table_id = store_.new_table_id();
    if (!table_id) return send_error(client, "server", internal(table_id.error().reason), id);
    open_table(client, *table_id, **name, *rules, TableKind::Quick, m.timer, std::nullopt, id);
}

}  // namespace hearts::server
