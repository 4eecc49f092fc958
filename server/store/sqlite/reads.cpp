// The SQLite store's reads (store/sqlite/store.h): tables with their seats and actions, a
// player's games, records, statistics, names, chat and relations. Reads that need no
// action log use the store's read-only connection, so they never wait behind group
// commit's transaction and its sync.
#include "store/sqlite/store.h"

#include <charconv>
#include <nlohmann/json.hpp>
#include <optional>
#include <string_view>
#include <utility>

#include "hearts/ai/bot.h"
#include "hearts/record.h"

namespace hearts::server {
// A table's row (id, owner, rules, seed, names, bot_level) as a setup.
Expected<TableSetup> read_setup(const Statement& row) {
    return setup_of(SetupRow{row.text(0), row.text(1), row.text(2), row.text(3), row.text(4),
                             row.text(5), row.text(6), row.integer(7) != 0, row.integer(8),
                             row.integer(9), row.text(10), row.text(11), row.integer(12),
                             row.text(13), row.text(14), row.text(15)});
}

Status read_seats(Connection& db, TableSetup& setup) {
    auto stmt = Statement::prepare(
        db,
        "SELECT seat, player, away, conceded, votes FROM seats WHERE table_id = ?1 ORDER BY seat");
    if (!stmt) return stmt.error();
    Statement& st = stmt.value();
    if (Status s = st.bind(1, setup.id); !s) return s;
    for (;;) {
        auto row = st.step();
        if (!row) return row.error();
        if (!*row) return {};
        const std::int64_t seat = st.integer(0);
        if (seat < 0 || seat >= kSeats) return Error{"table " + setup.id + ": a seat out of range"};
        setup.seats[std::size_t(seat)] =
            holder_of(st.text(1), st.integer(2) != 0, st.integer(3) != 0, st.integer(4));
    }
}

Expected<std::vector<StoredTable>> SqliteStore::read_tables(const std::string& where,
                                                            const std::vector<std::string>& args) {
    auto stmt =
        Statement::prepare(*conn_, std::string("SELECT ") + kSetupColumns + " FROM tables WHERE " +
                                       where + " ORDER BY created, rowid");
    if (!stmt) return stmt.error();
    Statement& st = stmt.value();
    for (std::size_t k = 0; k < args.size(); ++k)
        if (Status s = st.bind(int(k) + 1, args[k]); !s) return s.error();
    std::vector<StoredTable> out;
    for (;;) {
        auto row = st.step();
        if (!row) return row.error();
        if (!*row) return out;
        auto setup = read_setup(st);
        if (!setup) return setup.error();
        if (Status s = read_seats(*conn_, setup.value()); !s) return s.error();
        std::vector<Action> actions;
        if (Status s = log_.read(*conn_, setup->id, actions); !s) return s.error();
        out.push_back(StoredTable{std::move(setup).value(), std::move(actions), false});
    }
}

Expected<std::vector<StoredTable>> SqliteStore::unfinished_tables() {
    std::lock_guard lock(mutex_);
    return read_tables("finished = 0", {});
}

Expected<std::vector<StoredTable>> SqliteStore::waiting_tables() {
    std::lock_guard lock(mutex_);
    return read_tables("finished = 0 AND started = 0 AND ended = ''", {});
}

Expected<std::optional<StoredTable>> SqliteStore::unfinished_table(const std::string& table) {
    std::lock_guard lock(mutex_);
    auto found = read_tables("id = ?1 AND finished = 0", {table});
    if (!found) return found.error();
    if (found->empty()) return std::optional<StoredTable>{};
    return std::optional<StoredTable>{std::move(found->front())};
}

Expected<std::optional<StoredTable>> SqliteStore::stored_table(const std::string& table) {
    std::lock_guard lock(mutex_);
    auto found = read_tables("id = ?1", {table});
    if (!found) return found.error();
    if (found->empty()) return std::optional<StoredTable>{};
    return std::optional<StoredTable>{std::move(found->front())};
}

Expected<std::vector<std::string>> SqliteStore::player_ids(const char* sql,
                                                           const std::string& player) {
    std::lock_guard lock(read_mutex_);
    auto stmt = Statement::prepare(*read_, sql);
    if (!stmt) return stmt.error();
    Statement& st = stmt.value();
    if (Status s = st.bind(1, player); !s) return s.error();
    std::vector<std::string> ids;
    for (;;) {
        auto row = st.step();
        if (!row) return row.error();
        if (!*row) return ids;
        ids.push_back(st.text(0));
    }
}

Expected<std::vector<std::string>> SqliteStore::games_alone(const std::string& player) {
    return player_ids(
        "SELECT t.id FROM tables t WHERE t.owner = ?1 AND t.finished = 0 AND t.started = 1 AND "
        "t.daily = '' AND (SELECT COUNT(*) FROM seats s WHERE s.table_id = t.id AND s.conceded = "
        "0) <= 1 "
        "ORDER BY t.created DESC, t.rowid DESC",
        player);
}

Expected<std::vector<std::string>> SqliteStore::player_tables(const std::string& player) {
    return player_ids(
        "SELECT t.id FROM seats s JOIN tables t ON t.id = s.table_id "
        "WHERE s.player = ?1 AND s.conceded = 0 AND t.finished = 0 "
        "ORDER BY t.created DESC, t.rowid DESC",
        player);
}

Expected<std::string> SqliteStore::finished_record(const std::string& table,
                                                   const std::string& player) {
    std::lock_guard lock(read_mutex_);
    auto stmt =
        Statement::prepare(*read_,
                           "SELECT EXISTS(SELECT 1 FROM seats WHERE table_id = t.id AND "
                           "player = ?2), t.finished, t.record FROM tables t WHERE t.id = ?1");
    if (!stmt) return stmt.error();
    Statement& st = stmt.value();
    if (Status s = st.bind(1, table); !s) return s.error();
    if (Status s = st.bind(2, player); !s) return s.error();
    auto row = st.step();
    if (!row) return row.error();
    // Someone else's table answers like a missing one: ids are not secrets, but which
    // tables exist need not be confirmed to strangers.
    if (!*row || st.integer(0) == 0) return Error{"table " + table + ": no such table of yours"};
    if (st.integer(1) == 0 || st.is_null(2)) {
        return Error{"table " + table +
                     ": the game is not finished, and its record would reveal hidden cards"};
    }
    return st.text(2);
}

Expected<PlayerStats> SqliteStore::player_stats(const std::string& player) {
    std::lock_guard lock(read_mutex_);
    PlayerStats out;
    auto groups = Statement::prepare(
        *read_,
        "SELECT with_people, level, COUNT(*), SUM(won), SUM(hands), SUM(score), "
        "SUM(moons_shot), SUM(moons_suffered), SUM(queens), SUM(trickless), SUM(moon_stops), "
        "SUM(conceded) FROM player_games WHERE player = ?1 GROUP BY with_people, level");
    if (!groups) return groups.error();
    Statement& g = groups.value();
    if (Status s = g.bind(1, player); !s) return s.error();
    for (;;) {
        auto row = g.step();
        if (!row) return row.error();
        if (!*row) break;
        StatsGroup group{g.integer(0) != 0, g.text(1), {}};
        StatsTotals& t = group.totals;
        t.games = int(g.integer(2));
        t.won = int(g.integer(3));
        t.hands = int(g.integer(4));
        t.points = g.integer(5);
        t.moons_shot = int(g.integer(6));
        t.moons_suffered = int(g.integer(7));
        t.queens = int(g.integer(8));
        t.trickless = int(g.integer(9));
        t.moon_stops = int(g.integer(10));
        t.conceded = int(g.integer(11));
        out.all.add(t);
        out.groups.push_back(std::move(group));
    }
    order_groups(out.groups);

    auto wins =
        Statement::prepare(*read_, "SELECT won FROM player_games WHERE player = ?1 ORDER BY id");
    if (!wins) return wins.error();
    if (Status s = wins.value().bind(1, player); !s) return s.error();
    for (;;) {
        auto row = wins.value().step();
        if (!row) return row.error();
        if (!*row) break;
        out.streak = wins.value().integer(0) != 0 ? out.streak + 1 : 0;
        out.best_streak = std::max(out.best_streak, out.streak);
    }

    auto recent = Statement::prepare(*read_,
                                     "SELECT table_id, finished_ms, score, place, won FROM "
                                     "player_games WHERE player = ?1 ORDER BY id DESC LIMIT ?2");
    if (!recent) return recent.error();
    Statement& r = recent.value();
    if (Status s = r.bind(1, player); !s) return s.error();
    if (Status s = r.bind(2, std::int64_t(PlayerStats::kRecentGames)); !s) return s.error();
    for (;;) {
        auto row = r.step();
        if (!row) return row.error();
        if (!*row) break;
        out.recent.push_back(RecentGame{r.text(0), r.integer(1), int(r.integer(2)),
                                        int(r.integer(3)), r.integer(4) != 0});
    }
    std::reverse(out.recent.begin(), out.recent.end());
    return out;
}

Status SqliteStore::set_name(const std::string& player, const std::string& name) {
    std::lock_guard lock(mutex_);
    auto stmt = Statement::prepare(*conn_, "UPDATE players SET name = ?2 WHERE id = ?1");
    if (!stmt) return stmt.error();
    Statement& st = stmt.value();
    if (Status s = st.bind(1, player); !s) return s;
    if (Status s = st.bind(2, name); !s) return s;
    if (Status s = st.run(); !s) return s;
    if (sqlite3_changes(db_) != 1) return Error{"player " + player + ": no such player"};
    return {};
}

Expected<std::vector<Earned>> SqliteStore::achievements_of(const std::string& player) {
    std::lock_guard lock(read_mutex_);
    auto stmt = Statement::prepare(
        *read_, "SELECT id, table_id, at_ms FROM achievements WHERE player = ?1");
    if (!stmt) return stmt.error();
    Statement& st = stmt.value();
    if (Status s = st.bind(1, player); !s) return s.error();
    std::vector<Earned> out;
    for (;;) {
        auto row = st.step();
        if (!row) return row.error();
        if (!*row) break;
        out.push_back(Earned{st.text(0), st.text(1), st.integer(2)});
    }
    order_earned(out);
    return out;
}

Expected<Look> SqliteStore::look_of(const std::string& player) {
    std::lock_guard lock(read_mutex_);
    auto stmt = Statement::prepare(*read_, "SELECT face, wearing FROM players WHERE id = ?1");
    if (!stmt) return stmt.error();
    Statement& st = stmt.value();
    if (Status s = st.bind(1, player); !s) return s.error();
    auto row = st.step();
    if (!row) return row.error();
    if (!*row) return Look{};
    return Look{int(st.integer(0)), st.text(1)};
}

Status SqliteStore::set_look(const std::string& player, const Look& look) {
    std::lock_guard lock(mutex_);
    auto stmt =
        Statement::prepare(*conn_, "UPDATE players SET face = ?2, wearing = ?3 WHERE id = ?1");
    if (!stmt) return stmt.error();
    Statement& st = stmt.value();
    if (Status s = st.bind(1, player); !s) return s;
    if (Status s = st.bind(2, std::int64_t(look.face)); !s) return s;
    if (Status s = st.bind(3, look.wearing); !s) return s;
    if (Status s = st.run(); !s) return s;
    if (sqlite3_changes(db_) != 1) return Error{"player " + player + ": no such player"};
    return {};
}

Expected<std::optional<std::string>> SqliteStore::name_of(const std::string& player) {
    std::lock_guard lock(read_mutex_);
    auto stmt = Statement::prepare(*read_, "SELECT name FROM players WHERE id = ?1");
    if (!stmt) return stmt.error();
    Statement& st = stmt.value();
    if (Status s = st.bind(1, player); !s) return s.error();
    auto row = st.step();
    if (!row) return row.error();
    if (!*row) return Error{"player " + player + ": no such player"};
    if (st.is_null(0)) return std::optional<std::string>();
    return std::optional<std::string>(st.text(0));
}

Status SqliteStore::append_chat(const std::string& table, const ChatLine& line) {
    std::lock_guard lock(mutex_);
    return append_chat_in({table, line});
}

Status SqliteStore::append_chat_in(const ChatWrite& w) {
    auto stmt = Statement::prepare(
        *conn_,
        "INSERT INTO chat(table_id, seq, seat, player, name, text, at_ms) "
        "VALUES(?1, (SELECT COALESCE(MAX(seq) + 1, 0) FROM chat WHERE table_id = ?1), ?2, ?3, "
        "?4, ?5, ?6)");
    if (!stmt) return stmt.error();
    Statement& st = stmt.value();
    if (Status s = st.bind(1, w.table); !s) return s;
    if (Status s = st.bind(2, std::int64_t(w.line.seat)); !s) return s;
    if (Status s = st.bind(3, w.line.player); !s) return s;
    if (Status s = st.bind(4, w.line.name); !s) return s;
    if (Status s = st.bind(5, w.line.text); !s) return s;
    if (Status s = st.bind(6, w.line.at_ms); !s) return s;
    return st.run();
}

Expected<std::vector<ChatLine>> SqliteStore::recent_chat(const std::string& table, int count) {
    std::lock_guard lock(read_mutex_);
    auto stmt = Statement::prepare(*read_,
                                   "SELECT seat, player, name, text, at_ms FROM "
                                   "(SELECT * FROM chat WHERE table_id = ?1 ORDER BY seq DESC "
                                   "LIMIT ?2) ORDER BY seq");
    if (!stmt) return stmt.error();
    Statement& st = stmt.value();
    if (Status s = st.bind(1, table); !s) return s.error();
    if (Status s = st.bind(2, std::int64_t(count)); !s) return s.error();
    std::vector<ChatLine> out;
    for (;;) {
        auto row = st.step();
        if (!row) return row.error();
        if (!*row) return out;
        const std::int64_t seat = st.integer(0);
        if (seat < 0 || seat >= kSeats) continue;
        out.push_back(ChatLine{Seat(seat), st.text(1), st.text(2), st.text(3), st.integer(4)});
    }
}

Status SqliteStore::set_relation(const std::string& player, const std::string& other,
                                 RelationKind kind, bool on) {
    std::lock_guard lock(mutex_);
    auto stmt = Statement::prepare(
        *conn_, on ? "INSERT OR IGNORE INTO relations(player, other, kind) VALUES(?1, ?2, ?3)"
                   : "DELETE FROM relations WHERE player = ?1 AND other = ?2 AND kind = ?3");
    if (!stmt) return stmt.error();
    Statement& st = stmt.value();
    if (Status s = st.bind(1, player); !s) return s;
    if (Status s = st.bind(2, other); !s) return s;
    if (Status s = st.bind(3, to_string(kind)); !s) return s;
    return st.run();
}

Expected<Relations> SqliteStore::relations(const std::string& player) {
    std::lock_guard lock(read_mutex_);
    auto stmt = Statement::prepare(*read_,
                                   "SELECT r.kind, r.other, COALESCE(p.name, '') FROM relations r "
                                   "JOIN players p ON p.id = r.other WHERE r.player = ?1 "
                                   "ORDER BY r.kind, p.name, r.other");
    if (!stmt) return stmt.error();
    Statement& st = stmt.value();
    if (Status s = st.bind(1, player); !s) return s.error();
    Relations out;
    for (;;) {
        auto row = st.step();
        if (!row) return row.error();
        if (!*row) return out;
        const std::string kind = st.text(0);
        const RelationKind k = kind == "block"  ? RelationKind::Block
                               : kind == "mute" ? RelationKind::Mute
                                                : RelationKind::Favorite;
        out.list(k).push_back(PlayerRef{st.text(1), st.text(2)});
    }
}

std::size_t SqliteStore::kept_statements() {
    std::lock_guard lock(mutex_);
    return conn_->kept.size();
}

Expected<bool> SqliteStore::player_exists(const std::string& player) {
    std::lock_guard lock(read_mutex_);
    auto stmt = Statement::prepare(*read_, "SELECT 1 FROM players WHERE id = ?1");
    if (!stmt) return stmt.error();
    Statement& st = stmt.value();
    if (Status s = st.bind(1, player); !s) return s.error();
    auto row = st.step();
    if (!row) return row.error();
    return *row;
}

}  // namespace hearts::server

namespace hearts::server {

Expected<ShareState> SqliteStore::allow_share(const std::string& table, const std::string& player) {
    std::lock_guard lock(mutex_);
    auto tx = Transaction::begin(*conn_);
    if (!tx) return tx.error();
    auto check = Statement::prepare(
        *conn_,
        "SELECT EXISTS(SELECT 1 FROM seats WHERE table_id = t.id AND player = ?2) OR "
        "EXISTS(SELECT 1 FROM table_people WHERE table_id = t.id AND player = ?2), t.finished, "
        "t.share FROM tables t WHERE t.id = ?1");
    if (!check) return check.error();
    Statement& check_st = check.value();
    if (Status s = check_st.bind(1, table); !s) return s.error();
    if (Status s = check_st.bind(2, player); !s) return s.error();
    auto row = check_st.step();
    if (!row) return row.error();
    // Someone else's table answers like a missing one (as finished_record does).
    if (!*row || check_st.integer(0) == 0)
        return Error{"table " + table + ": no such table of yours"};
    if (check_st.integer(1) == 0)
        return Error{"table " + table +
                     ": the game is not finished, and its record would reveal hidden cards"};
    ShareState out{check_st.text(2), 0};
    if (!out.share.empty()) return out;
    auto vote = Statement::prepare(
        *conn_, "INSERT OR IGNORE INTO share_votes(table_id, player) VALUES(?1, ?2)");
    if (!vote) return vote.error();
    Statement& vote_st = vote.value();
    if (Status s = vote_st.bind(1, table); !s) return s.error();
    if (Status s = vote_st.bind(2, player); !s) return s.error();
    if (Status s = vote_st.run(); !s) return s.error();
    auto waiting = Statement::prepare(
        *conn_,
        "SELECT COUNT(*) FROM (SELECT player FROM seats WHERE table_id = ?1 UNION SELECT "
        "player FROM table_people WHERE table_id = ?1) p WHERE NOT EXISTS(SELECT 1 FROM "
        "share_votes v WHERE v.table_id = ?1 AND v.player = p.player)");
    if (!waiting) return waiting.error();
    Statement& waiting_st = waiting.value();
    if (Status s = waiting_st.bind(1, table); !s) return s.error();
    auto counted = waiting_st.step();
    if (!counted) return counted.error();
    out.waiting = int(waiting_st.integer(0));
    if (out.waiting == 0) {
        auto set = Statement::prepare(*conn_, "UPDATE tables SET share = ?2 WHERE id = ?1");
        if (!set) return set.error();
        Statement& set_st = set.value();
        // About 80 random bits: a collision with the unique index fails the write, and
        // the player can ask again.
        out.share = random_code(kShareChars);
        if (Status s = set_st.bind(1, table); !s) return s.error();
        if (Status s = set_st.bind(2, out.share); !s) return s.error();
        if (Status s = set_st.run(); !s) return s.error();
    }
    if (Status s = tx.value().commit(); !s) return s.error();
    return out;
}

Expected<std::optional<SharedGame>> SqliteStore::shared_game(const std::string& share) {
    std::lock_guard lock(read_mutex_);
    if (share.empty()) return std::optional<SharedGame>{};
    auto stmt = Statement::prepare(
        *read_,
        // `share <> ''` lets SQLite use the partial index tables_by_share.
        "SELECT id, record, names FROM tables WHERE share = ?1 AND share <> '' AND finished = 1 "
        "AND record IS NOT NULL");
    if (!stmt) return stmt.error();
    Statement& stmt_st = stmt.value();
    if (Status s = stmt_st.bind(1, share); !s) return s.error();
    auto row = stmt_st.step();
    if (!row) return row.error();
    if (!*row) return std::optional<SharedGame>{};
    auto names = parse_names(stmt_st.text(2));
    if (!names) return Error{"table " + stmt_st.text(0) + ": " + names.error().reason};
    return std::optional<SharedGame>{SharedGame{stmt_st.text(0), stmt_st.text(1), *names}};
}

Expected<int> SqliteStore::seat_of(const std::string& table, const std::string& player) {
    std::lock_guard lock(read_mutex_);
    auto stmt = Statement::prepare(*read_,
                                   "SELECT seat FROM seats WHERE table_id = ?1 AND player = ?2 "
                                   "ORDER BY seat LIMIT 1");
    if (!stmt) return stmt.error();
    Statement& st = stmt.value();
    if (Status s = st.bind(1, table); !s) return s.error();
    if (Status s = st.bind(2, player); !s) return s.error();
    auto row = st.step();
    if (!row) return row.error();
    if (!*row) return Error{"table " + table + ": no such table of yours"};
    return int(st.integer(0));
}

Expected<std::uint64_t> SqliteStore::daily_seed(const std::string& day, std::uint64_t fresh) {
    {
        std::lock_guard lock(mutex_);
        auto put = Statement::prepare(
            *conn_, "INSERT INTO daily_deals(day, seed) VALUES(?1, ?2) ON CONFLICT DO NOTHING");
        if (!put) return put.error();
        if (Status s = put.value().bind(1, day); !s) return s.error();
        if (Status s = put.value().bind(2, std::to_string(fresh)); !s) return s.error();
        if (Status s = put.value().run(); !s) return s.error();
    }
    std::lock_guard lock(read_mutex_);
    auto stmt = Statement::prepare(*read_, "SELECT seed FROM daily_deals WHERE day = ?1");
    if (!stmt) return stmt.error();
    if (Status s = stmt.value().bind(1, day); !s) return s.error();
    auto row = stmt.value().step();
    if (!row) return row.error();
    if (!*row) return Error{"daily deal of " + day + ": its seed was not stored"};
    return parse_seed(stmt.value().text(0));
}

namespace {

// The games of a day's daily deal that rank: finished, and not given up. `t.daily <> ''`
// lets SQLite use the partial index tables_by_day.
constexpr const char* kDailyRanked =
    " FROM tables t JOIN player_games g ON g.table_id = t.id AND g.player = t.owner "
    "JOIN players p ON p.id = t.owner "
    "WHERE t.daily = ?1 AND t.daily <> '' AND t.finished = 1 AND g.conceded = 0";

}  // namespace

Expected<std::optional<DailyGame>> SqliteStore::daily_game(const std::string& day,
                                                           const std::string& player) {
    std::lock_guard lock(read_mutex_);
    auto stmt = Statement::prepare(
        *read_,
        "SELECT t.id, t.finished, g.conceded, g.score, t.daily_points, t.share FROM tables t "
        "LEFT JOIN player_games g ON g.table_id = t.id AND g.player = t.owner "
        "WHERE t.daily = ?1 AND t.daily <> '' AND t.owner = ?2");
    if (!stmt) return stmt.error();
    Statement& st = stmt.value();
    if (Status s = st.bind(1, day); !s) return s.error();
    if (Status s = st.bind(2, player); !s) return s.error();
    auto row = st.step();
    if (!row) return row.error();
    if (!*row) return std::optional<DailyGame>{};
    DailyGame game{st.text(0),
                   st.integer(1) != 0,
                   st.integer(2) != 0,
                   int(st.integer(3)),
                   st.text(4),
                   st.text(5),
                   0};
    if (!game.finished || game.conceded) return std::optional<DailyGame>{std::move(game)};
    auto better = Statement::prepare(
        *read_, std::string("SELECT COUNT(*)") + kDailyRanked + " AND g.score < ?2");
    if (!better) return better.error();
    if (Status s = better.value().bind(1, day); !s) return s.error();
    if (Status s = better.value().bind(2, std::int64_t(game.score)); !s) return s.error();
    auto counted = better.value().step();
    if (!counted) return counted.error();
    game.rank = 1 + int(better.value().integer(0));
    return std::optional<DailyGame>{std::move(game)};
}

Expected<DailyBoard> SqliteStore::daily_board(const std::string& day, const std::string& player,
                                              int limit) {
    auto mine = daily_game(day, player);
    if (!mine) return mine.error();
    DailyBoard board;
    board.mine = std::move(mine).value();
    std::lock_guard lock(read_mutex_);
    auto count = Statement::prepare(*read_, std::string("SELECT COUNT(*)") + kDailyRanked);
    if (!count) return count.error();
    if (Status s = count.value().bind(1, day); !s) return s.error();
    auto counted = count.value().step();
    if (!counted) return counted.error();
    board.players = int(count.value().integer(0));
    auto stmt = Statement::prepare(
        *read_, std::string("SELECT COALESCE(p.name, ''), g.score, t.daily_points, t.share, "
                            "g.finished_ms") +
                    kDailyRanked + " ORDER BY g.score, g.finished_ms, t.id LIMIT ?2");
    if (!stmt) return stmt.error();
    Statement& st = stmt.value();
    if (Status s = st.bind(1, day); !s) return s.error();
    if (Status s = st.bind(2, std::int64_t(limit)); !s) return s.error();
    for (;;) {
        auto row = st.step();
        if (!row) return row.error();
        if (!*row) break;
        board.rows.push_back(
            DailyRow{st.text(0), int(st.integer(1)), st.text(2), st.text(3), st.integer(4)});
    }
    return board;
}

Status SqliteStore::save_review(const std::string& table, int seat, const std::string& review) {
    std::lock_guard lock(mutex_);
    auto stmt =
        Statement::prepare(*conn_,
                           "INSERT INTO reviews(table_id, seat, review) VALUES(?1, ?2, ?3) "
                           "ON CONFLICT(table_id, seat) DO UPDATE SET review = excluded.review");
    if (!stmt) return stmt.error();
    if (Status s = stmt.value().bind(1, table); !s) return s;
    if (Status s = stmt.value().bind(2, std::int64_t(seat)); !s) return s;
    if (Status s = stmt.value().bind(3, review); !s) return s;
    return stmt.value().run();
}

Expected<std::optional<std::string>> SqliteStore::review_of(const std::string& table, int seat) {
    std::lock_guard lock(read_mutex_);
    auto stmt =
        Statement::prepare(*read_, "SELECT review FROM reviews WHERE table_id = ?1 AND seat = ?2");
    if (!stmt) return stmt.error();
    if (Status s = stmt.value().bind(1, table); !s) return s.error();
    if (Status s = stmt.value().bind(2, std::int64_t(seat)); !s) return s.error();
    auto row = stmt.value().step();
    if (!row) return row.error();
    if (!*row) return std::optional<std::string>{};
    return std::optional<std::string>{stmt.value().text(0)};
}

}  // namespace hearts::server
