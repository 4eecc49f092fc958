// The router's answers about one player that touch no table in play: statistics,
// achievements, leaderboards, a shared game, the daily deal's board, hints, reviews and looks.
#include <utility>  // before Asio: Boost 1.74's headers use std::exchange without it

#include <spdlog/spdlog.h>
#include <algorithm>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>

#include <nlohmann/json.hpp>

#include "hearts/ai/bot.h"
#include "model/daily.h"
#include "model/fair.h"
#include "model/rating.h"
#include "router/service.h"

namespace hearts::server {

namespace asio = boost::asio;

namespace {
// The asker's last rated games on the board whose rating the answer draws.
constexpr int kHistoryShown = 100;

// The boards list the players with a rated game there since then (ms since 1970).
std::int64_t leaderboard_since() {
    return now_ms() - std::int64_t(kLeaderboardActiveDays) * 24 * 3600 * 1000;
}
}  // namespace

// A player's statistics: read from the store's rows of their finished games, which the
// table wrote with the game's end (never anything the client says).
void GameService::stats(const ClientPtr& client, Id id) {
    if (!spend(stats_requests_, client)) {
        return send_error(client, "rate_limited", say<"stats_too_fast">(), id);
    }
    auto stats = store_.player_stats(client->player);
    if (!stats) return send_error(client, "server", internal(stats.error().reason), id);
    send(client, stats_message(*stats));
    if (id) send(client, ack_message(*id, 0));
}

// The catalogue with what the player earned: awarded by the store with the games that
// earned them, so nothing here takes a client's word. Shares the statistics' budget.
void GameService::achievements(const ClientPtr& client, Id id) {
    if (!spend(stats_requests_, client)) {
        return send_error(client, "rate_limited", say<"stats_too_fast">(), id);
    }
    auto earned = store_.achievements_of(client->player);
    if (!earned) return send_error(client, "server", internal(earned.error().reason), id);
    auto look = store_.look_of(client->player);
    if (!look) return send_error(client, "server", internal(look.error().reason), id);
    send(client, achievements_message(*earned, *look));
    if (id) send(client, ack_message(*id, 0));
}

// A board's leaders, the player's rank there and their ratings on every board
// (docs/ratings.md, "Leaderboards"). Shares the statistics' budget.
void GameService::leaderboard(const ClientPtr& client, const LeaderboardRequest& m, Id id) {
    if (!spend(stats_requests_, client)) {
        return send_error(client, "rate_limited", say<"stats_too_fast">(), id);
    }
    auto rules = parse_rules(m.rules);  // checked when the message was read
    if (!rules)
        return send_error(client, "bad_message", say<"bad_message", "detail">(rules.error().reason),
                          id);
    const std::string board = board_of(*rules);
    const std::int64_t since = leaderboard_since();
    // One more than a page: whether the next page has anyone.
    auto leaders = store_.leaders(board, since, m.page * kLeadersPerPage, kLeadersPerPage + 1);
    if (!leaders) return send_error(client, "server", internal(leaders.error().reason), id);
    const bool more = int(leaders->size()) > kLeadersPerPage && m.page + 1 < kLeaderboardPages;
    std::vector<LeaderRow> rows = *leaders;
    if (more || int(rows.size()) > kLeadersPerPage) rows.resize(kLeadersPerPage);
    auto rank = store_.rank_of(client->player, board, since);
    if (!rank) return send_error(client, "server", internal(rank.error().reason), id);
    auto mine = store_.ratings_of(client->player);
    if (!mine) return send_error(client, "server", internal(mine.error().reason), id);
    auto history = store_.rating_history(client->player, board, kHistoryShown);
    if (!history) return send_error(client, "server", internal(history.error().reason), id);
    send(client, leaderboard_message(board, m.page, more, rows, *rank, *mine, *history));
    if (id) send(client, ack_message(*id, 0));
}

// Another player's ratings, for the dialog their name opens: what the leaderboards show of
// them, with their provisional ratings too. Shares the statistics' budget.
void GameService::profile(const ClientPtr& client, const ProfileRequest& m, Id id) {
    if (!spend(stats_requests_, client)) {
        return send_error(client, "rate_limited", say<"stats_too_fast">(), id);
    }
    auto exists = store_.player_exists(m.player);
    if (!exists) return send_error(client, "server", internal(exists.error().reason), id);
    if (!*exists) return send_error(client, "not_found", say<"no_such_player">(), id);
    auto name = store_.name_of(m.player);
    if (!name) return send_error(client, "server", internal(name.error().reason), id);
    if (!*name) return send_error(client, "not_found", say<"player_no_name">(), id);
    auto boards = store_.ratings_of(m.player);
    if (!boards) return send_error(client, "server", internal(boards.error().reason), id);
    const std::int64_t since = leaderboard_since();
    auto rank = store_.rank_of(m.player, kStandardBoard, since);
    if (!rank) return send_error(client, "server", internal(rank.error().reason), id);
    auto places = store_.place_counts(m.player, kStandardBoard);
    if (!places) return send_error(client, "server", internal(places.error().reason), id);
    auto history = store_.rating_history(m.player, kStandardBoard, kHistoryShown);
    if (!history) return send_error(client, "server", internal(history.error().reason), id);
    send(client, profile_message(m.player, **name, *rank, *boards, *places, *history));
    if (id) send(client, ack_message(*id, 0));
}

// A finished game of the player's, for anyone with its link once everyone who played it
// allowed it (the store counts them). Shares the statistics' budget: each is a write.
void GameService::share(const ClientPtr& client, const ShareGame& m, Id id) {
    if (!spend(stats_requests_, client)) {
        return send_error(client, "rate_limited", say<"share_too_fast">(), id);
    }
    auto state = store_.allow_share(m.table, client->player);
    if (!state) {
        // Not theirs, or not over: told so; anything else is the server's own failure.
        if (auto told = table_refusal(state.error().reason))
            return send_error(client, "not_found", *told, id);
        return send_error(client, "server", internal(state.error().reason), id);
    }
    send(client, shared_message(m.table, *state));
    if (id) send(client, ack_message(*id, 0));
}

// A day's board: names and scores for everyone, and the replays only for those who may
// see the day's cards (they finished its game, or the day is over and they never started
// it: someone with a game of that day still in play could otherwise look before playing).
void GameService::daily(const ClientPtr& client, const DailyRequest& m, Id id) {
    if (!spend(stats_requests_, client)) {
        return send_error(client, "rate_limited", say<"boards_too_fast">(), id);
    }
    const std::int64_t now = now_ms();
    const std::string today = day_of(now);
    const std::string day = m.day.empty() ? today : m.day;
    const std::int64_t start = day_start_ms(day).value_or(0);
    const std::int64_t today_start = day_start_ms(today).value_or(0);
    if (start > today_start)
        return send_error(client, "bad_message", say<"day_not_yet", "day">(day), id);
    if (today_start - start > std::int64_t(kDailyDaysKept) * 86'400'000)
        return send_error(client, "bad_message", say<"days_kept", "n">(kDailyDaysKept), id);
    auto board = store_.daily_board(day, client->player, kDailyBoardRows);
    if (!board) return send_error(client, "server", internal(board.error().reason), id);
    const bool finished = board->mine && board->mine->finished;
    const bool replays = finished || (day != today && !board->mine);
    send(client, daily_message(day, day == today, today_start + 86'400'000, *board, replays));
    if (id) send(client, ack_message(*id, 0));
}

// What the search would do in the player's place, and why (hearts/ai/hint.h): only in a
// game against the computer (at a table with people it would help one player against the
// others), on the player's own turn. The search runs with the computer players' thinking
// (threads/bot_pool.h), one at a time per table, within the address's budget of hints.
void GameService::hint(const ClientPtr& client, const HintRequest& m, Id id) {
    if (!spend(hints_, client))
        return send_error(client, "rate_limited", say<"hints_too_fast">(), id);
    at_seat(client, m.table, id,
            [client, id](TableActor& actor, Seat seat) { actor.hint(client, seat, id); });
}

// The review of a finished game of the player's (players/reviews.h), within the address's budget.
void GameService::review(const ClientPtr& client, const ReviewRequest& m, Id id) {
    if (!spend(reviews_, client))
        return send_error(client, "rate_limited", say<"reviews_too_fast">(), id);
    // Not theirs, or not over: told so; anything else is the server's own failure.
    const auto refuse = [&](const Error& e) {
        if (auto told = table_refusal(e.reason)) return send_error(client, "not_found", *told, id);
        send_error(client, "server", internal(e.reason), id);
    };
    auto record = store_.finished_record(m.table, client->player);
    if (!record) return refuse(record.error());
    auto seat = store_.seat_of(m.table, client->player);
    if (!seat) return refuse(seat.error());
    reviewer_.ask(client, m.table, *seat, std::move(*record), id);
}

// A face, and an item only from an achievement the player holds. Every connection of the
// player hears of it, and every table they sit at here shows it.
void GameService::set_look(const ClientPtr& client, const SetLook& m, Id id) {
    if (!spend(look_changes_, client)) {
        return send_error(client, "rate_limited", say<"look_too_fast">(), id);
    }
    if (!m.look.wearing.empty()) {
        auto earned = store_.achievements_of(client->player);
        if (!earned) return send_error(client, "server", internal(earned.error().reason), id);
        const AchievementDef* a = achievement_of_item(m.look.wearing);
        const bool holds = a && std::any_of(earned->begin(), earned->end(),
                                            [&](const Earned& e) { return e.id == a->id; });
        if (!holds) {
            return send_error(client, "bad_message",
                              say<"item_not_earned", "item", "achievement">(
                                  m.look.wearing, a ? a->id : std::string_view()),
                              id);
        }
    }
    if (Status ok = store_.set_look(client->player, m.look); !ok)
        return send_error(client, "server", internal(ok.error().reason), id);
    roster_.send_to_player(client->player, look_message(m.look));
    show_look_here(client->player, m.look);
    if (id) send(client, ack_message(*id, 0));
}

// The language the player chose for the page, kept for their other devices: their other
// connections, here and on the other nodes of a cluster, hear of it at once.
void GameService::set_lang(const ClientPtr& client, const SetLang& m, Id id) {
    if (!spend(lang_changes_, client)) {
        return send_error(client, "rate_limited", say<"lang_too_fast">(), id);
    }
    if (Status ok = store_.set_lang(client->player, m.lang); !ok)
        return send_error(client, "server", internal(ok.error().reason), id);
    roster_.send_to_others(client, lang_message(m.lang));
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

}  // namespace hearts::server
