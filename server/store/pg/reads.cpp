// The PostgreSQL store's reads (store/pg/store.h), on its reading connection: tables with
// their seats and actions, a player's games, records, statistics, names, chat and
// relations.
#include <algorithm>
#include <map>
#include <string_view>
#include <utility>

#include "hearts/ai/bot.h"
#include "store/pg/store.h"

namespace hearts::server {

Expected<bool> PgStore::check_player(const std::string& id, const std::string& token) {
    auto r = read("SELECT token_hash FROM players WHERE id = $1", {id});
    if (!r) return r.error();
    if (r->size() == 0) return false;
    return token_matches(r->bytes(0, 0), token);
}

// Three queries in one snapshot: the tables, their seats, their actions.
Expected<std::vector<StoredTable>> PgStore::read_tables(const std::string& where,
                                                        const std::vector<std::string>& args) {
    std::lock_guard lock(read_mutex_);
    auto conn = reader();
    if (!conn) return conn.error();
    pg::Connection& c = **conn;
    if (Status s = c.exec("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", "reading tables"); !s)
        return s.error();
    struct End {  // a read-only transaction: ending it either way is the same
        pg::Connection& c;
        ~End() { (void)c.exec("ROLLBACK", "ending a read"); }
    } end{c};
    auto rows = c.run(
        "SELECT id, owner, rules, seed, names, bot_level, kind, started, timer, host, ended, "
        "next, created, salt, daily, nonce FROM tables WHERE " +
            where + " ORDER BY created, n",
        args);
    if (!rows) return rows.error();
    std::vector<StoredTable> out;
    std::map<std::string, std::size_t, std::less<>> index;
    for (int i = 0; i < rows->size(); ++i) {
        const auto t = [&](int col) { return rows->text(i, col); };
        auto setup = setup_of(SetupRow{t(0), t(1), t(2), t(3), t(4), t(5), t(6), rows->flag(i, 7),
                                       rows->integer(i, 8), rows->integer(i, 9), t(10), t(11),
                                       rows->integer(i, 12), t(13), t(14), t(15)});
        if (!setup) return setup.error();
        index[setup->id] = out.size();
        out.push_back(StoredTable{std::move(setup).value(), {}, false});
    }
    if (out.empty()) return out;

    auto seats = c.run(
        "SELECT table_id, seat, player, away, conceded, votes FROM seats WHERE table_id IN "
        "(SELECT id FROM tables WHERE " +
            where + ")",
        args);
    if (!seats) return seats.error();
    for (int i = 0; i < seats->size(); ++i) {
        const auto it = index.find(seats->text(i, 0));
        const std::int64_t seat = seats->integer(i, 1);
        if (it == index.end()) continue;  // a table created after the first query
        TableSetup& setup = out[it->second].setup;
        if (seat < 0 || seat >= kSeats) return Error{"table " + setup.id + ": a seat out of range"};
        setup.seats[std::size_t(seat)] = holder_of(seats->text(i, 2), seats->flag(i, 3),
                                                   seats->flag(i, 4), seats->integer(i, 5));
    }

    auto actions = c.run(
        "SELECT table_id, seq, action FROM actions WHERE table_id IN (SELECT id FROM tables "
        "WHERE " +
            where + ") ORDER BY table_id, seq",
        args);
    if (!actions) return actions.error();
    for (int i = 0; i < actions->size(); ++i) {
        const auto it = index.find(actions->text(i, 0));
        if (it == index.end()) continue;
        StoredTable& t = out[it->second];
        if (Status s =
                append_actions(t.setup.id, actions->integer(i, 1), actions->text(i, 2), t.actions);
            !s)
            return s.error();
    }
    return out;
}

Expected<std::vector<StoredTable>> PgStore::unfinished_tables() {
    return read_tables("NOT finished", {});
}

Expected<std::vector<StoredTable>> PgStore::waiting_tables() {
    return read_tables("NOT finished AND NOT started AND ended = ''", {});
}

Expected<std::optional<StoredTable>> PgStore::unfinished_table(const std::string& table) {
    auto found = read_tables("id = $1 AND NOT finished", {table});
    if (!found) return found.error();
    if (found->empty()) return std::optional<StoredTable>{};
    return std::optional<StoredTable>{std::move(found->front())};
}

Expected<std::optional<StoredTable>> PgStore::stored_table(const std::string& table) {
    auto found = read_tables("id = $1", {table});
    if (!found) return found.error();
    if (found->empty()) return std::optional<StoredTable>{};
    return std::optional<StoredTable>{std::move(found->front())};
}

Expected<std::vector<std::string>> PgStore::player_ids(const std::string& sql,
                                                       const std::string& player) {
    auto r = read(sql, {player});
    if (!r) return r.error();
    std::vector<std::string> ids;
    for (int i = 0; i < r->size(); ++i) ids.push_back(r->text(i, 0));
    return ids;
}

Expected<std::vector<std::string>> PgStore::games_alone(const std::string& player) {
    return player_ids(
        "SELECT t.id FROM tables t WHERE t.owner = $1 AND NOT t.finished AND t.started AND "
        "t.daily = '' AND (SELECT count(*) FROM seats s WHERE s.table_id = t.id AND NOT "
        "s.conceded) <= 1 "
        "ORDER BY t.created DESC, t.n DESC",
        player);
}

Expected<std::vector<std::string>> PgStore::player_tables(const std::string& player) {
    return player_ids(
        "SELECT t.id FROM seats s JOIN tables t ON t.id = s.table_id "
        "WHERE s.player = $1 AND NOT s.conceded AND NOT t.finished "
        "ORDER BY t.created DESC, t.n DESC",
        player);
}

Expected<std::string> PgStore::finished_record(const std::string& table,
                                               const std::string& player) {
    auto r = read(
        "SELECT EXISTS(SELECT 1 FROM seats WHERE table_id = t.id AND player = $2), t.finished, "
        "t.record FROM tables t WHERE t.id = $1",
        {table, player});
    if (!r) return r.error();
    // Someone else's table answers like a missing one (as the SQLite store's does).
    if (r->size() == 0 || !r->flag(0, 0))
        return Error{"table " + table + ": no such table of yours"};
    if (!r->flag(0, 1) || r->null(0, 2)) {
        return Error{"table " + table +
                     ": the game is not finished, and its record would reveal hidden cards"};
    }
    return r->text(0, 2);
}

Expected<PlayerStats> PgStore::player_stats(const std::string& player) {
    std::lock_guard lock(read_mutex_);
    auto conn = reader();
    if (!conn) return conn.error();
    pg::Connection& c = **conn;
    PlayerStats out;
    auto g = c.run(
        "SELECT with_people, level, count(*), sum(won), sum(hands), sum(score), sum(moons_shot), "
        "sum(moons_suffered), sum(queens), sum(trickless), sum(moon_stops), sum(conceded) "
        "FROM player_games WHERE player = $1 GROUP BY with_people, level",
        {player});
    if (!g) return g.error();
    for (int i = 0; i < g->size(); ++i) {
        StatsGroup group{g->integer(i, 0) != 0, g->text(i, 1), {}};
        StatsTotals& t = group.totals;
        t.games = int(g->integer(i, 2));
        t.won = int(g->integer(i, 3));
        t.hands = int(g->integer(i, 4));
        t.points = g->integer(i, 5);
        t.moons_shot = int(g->integer(i, 6));
        t.moons_suffered = int(g->integer(i, 7));
        t.queens = int(g->integer(i, 8));
        t.trickless = int(g->integer(i, 9));
        t.moon_stops = int(g->integer(i, 10));
        t.conceded = int(g->integer(i, 11));
        out.all.add(t);
        out.groups.push_back(std::move(group));
    }
    order_groups(out.groups);

    auto wins = c.run("SELECT won FROM player_games WHERE player = $1 ORDER BY id", {player});
    if (!wins) return wins.error();
    for (int i = 0; i < wins->size(); ++i) {
        out.streak = wins->integer(i, 0) != 0 ? out.streak + 1 : 0;
        out.best_streak = std::max(out.best_streak, out.streak);
    }

    auto recent = c.run(
        "SELECT table_id, finished_ms, score, place, won FROM player_games WHERE player = $1 "
        "ORDER BY id DESC LIMIT $2",
        {player, std::to_string(PlayerStats::kRecentGames)});
    if (!recent) return recent.error();
    for (int i = recent->size() - 1; i >= 0; --i) {
        out.recent.push_back(RecentGame{recent->text(i, 0), recent->integer(i, 1),
                                        int(recent->integer(i, 2)), int(recent->integer(i, 3)),
                                        recent->integer(i, 4) != 0});
    }
    return out;
}

Expected<std::optional<std::string>> PgStore::name_of(const std::string& player) {
    auto r = read("SELECT name FROM players WHERE id = $1", {player});
    if (!r) return r.error();
    if (r->size() == 0) return Error{"player " + player + ": no such player"};
    if (r->null(0, 0)) return std::optional<std::string>();
    return std::optional<std::string>(r->text(0, 0));
}

Expected<std::vector<Earned>> PgStore::achievements_of(const std::string& player) {
    auto r = read("SELECT id, table_id, at_ms FROM achievements WHERE player = $1", {player});
    if (!r) return r.error();
    std::vector<Earned> out;
    for (int i = 0; i < r->size(); ++i)
        out.push_back(Earned{r->text(i, 0), r->text(i, 1), r->integer(i, 2)});
    order_earned(out);
    return out;
}

Expected<Look> PgStore::look_of(const std::string& player) {
    auto r = read("SELECT face, wearing FROM players WHERE id = $1", {player});
    if (!r) return r.error();
    if (r->size() == 0) return Look{};
    return Look{int(r->integer(0, 0)), r->text(0, 1)};
}

Expected<bool> PgStore::player_exists(const std::string& player) {
    auto r = read("SELECT 1 FROM players WHERE id = $1", {player});
    if (!r) return r.error();
    return r->size() > 0;
}

Expected<std::vector<ChatLine>> PgStore::recent_chat(const std::string& table, int count) {
    auto r = read(
        "SELECT seat, player, name, text, at_ms FROM (SELECT * FROM chat WHERE table_id = $1 "
        "ORDER BY seq DESC LIMIT $2) AS last ORDER BY seq",
        {table, std::to_string(count)});
    if (!r) return r.error();
    std::vector<ChatLine> out;
    for (int i = 0; i < r->size(); ++i) {
        const std::int64_t seat = r->integer(i, 0);
        if (seat < 0 || seat >= kSeats) continue;
        out.push_back(
            ChatLine{Seat(seat), r->text(i, 1), r->text(i, 2), r->text(i, 3), r->integer(i, 4)});
    }
    return out;
}

Expected<Relations> PgStore::relations(const std::string& player) {
    auto r = read(
        "SELECT r.kind, r.other, COALESCE(p.name, '') FROM relations r JOIN players p ON p.id = "
        "r.other WHERE r.player = $1 ORDER BY r.kind, p.name COLLATE \"C\" NULLS FIRST, r.other",
        {player});
    if (!r) return r.error();
    Relations out;
    for (int i = 0; i < r->size(); ++i) {
        const std::string kind = r->text(i, 0);
        const RelationKind k = kind == "block"  ? RelationKind::Block
                               : kind == "mute" ? RelationKind::Mute
                                                : RelationKind::Favorite;
        out.list(k).push_back(PlayerRef{r->text(i, 1), r->text(i, 2)});
    }
    return out;
}

}  // namespace hearts::server

namespace hearts::server {

// Statements one at a time, each committed: two people allowing at once both see the
// other's vote by the time they count, and only one of them sets the link (the update
// waits for `share` to be empty); both read the one that was set.
Expected<ShareState> PgStore::allow_share(const std::string& table, const std::string& player) {
    auto r = read(
        "SELECT EXISTS(SELECT 1 FROM seats WHERE table_id = t.id AND player = $2) OR "
        "EXISTS(SELECT 1 FROM table_people WHERE table_id = t.id AND player = $2), t.finished, "
        "t.share FROM tables t WHERE t.id = $1",
        {table, player});
    if (!r) return r.error();
    if (r->size() == 0 || !r->flag(0, 0))
        return Error{"table " + table + ": no such table of yours"};
    if (!r->flag(0, 1))
        return Error{"table " + table +
                     ": the game is not finished, and its record would reveal hidden cards"};
    ShareState out{r->text(0, 2), 0};
    if (!out.share.empty()) return out;
    if (auto v = write("INSERT INTO share_votes(table_id, player) VALUES($1, $2) ON CONFLICT DO "
                       "NOTHING",
                       {table, player});
        !v)
        return v.error();
    auto waiting = write(
        "SELECT count(*) FROM (SELECT player FROM seats WHERE table_id = $1 UNION SELECT "
        "player FROM table_people WHERE table_id = $1) p WHERE NOT EXISTS(SELECT 1 FROM "
        "share_votes v WHERE v.table_id = $1 AND v.player = p.player)",
        {table});
    if (!waiting) return waiting.error();
    out.waiting = int(waiting->integer(0, 0));
    if (out.waiting > 0) return out;
    if (auto set = write("UPDATE tables SET share = $2 WHERE id = $1 AND share = ''",
                         {table, random_code(kShareChars)});
        !set)
        return set.error();
    auto now = write("SELECT share FROM tables WHERE id = $1", {table});
    if (!now) return now.error();
    out.share = now->text(0, 0);
    return out;
}

Expected<std::optional<SharedGame>> PgStore::shared_game(const std::string& share) {
    if (share.empty()) return std::optional<SharedGame>{};
    auto r = read(
        "SELECT id, record, names FROM tables WHERE share = $1 AND share <> '' AND finished AND "
        "record IS NOT "
        "NULL",
        {share});
    if (!r) return r.error();
    if (r->size() == 0) return std::optional<SharedGame>{};
    auto names = parse_names(r->text(0, 2));
    if (!names) return Error{"table " + r->text(0, 0) + ": " + names.error().reason};
    return std::optional<SharedGame>{SharedGame{r->text(0, 0), r->text(0, 1), *names}};
}

Expected<int> PgStore::seat_of(const std::string& table, const std::string& player) {
    auto r =
        read("SELECT seat FROM seats WHERE table_id = $1 AND player = $2 ORDER BY seat LIMIT 1",
             {table, player});
    if (!r) return r.error();
    if (r->size() == 0) return Error{"table " + table + ": no such table of yours"};
    return int(r->integer(0, 0));
}

Expected<std::uint64_t> PgStore::daily_seed(const std::string& day, std::uint64_t fresh) {
    if (auto put = write("INSERT INTO daily_deals(day, seed) VALUES($1, $2) ON CONFLICT DO NOTHING",
                         {day, std::to_string(fresh)});
        !put)
        return put.error();
    auto r = write("SELECT seed FROM daily_deals WHERE day = $1", {day});
    if (!r) return r.error();
    if (r->size() == 0) return Error{"daily deal of " + day + ": its seed was not stored"};
    return parse_seed(r->text(0, 0));
}

namespace {

// The games of a day's daily deal that rank: finished, and not given up.
constexpr const char* kDailyRanked =
    " FROM tables t JOIN player_games g ON g.table_id = t.id AND g.player = t.owner "
    "JOIN players p ON p.id = t.owner "
    "WHERE t.daily = $1 AND t.daily <> '' AND t.finished AND g.conceded = 0";

}  // namespace

Expected<std::optional<DailyGame>> PgStore::daily_game(const std::string& day,
                                                       const std::string& player) {
    auto r = read(
        "SELECT t.id, t.finished, COALESCE(g.conceded, 0), COALESCE(g.score, 0), t.daily_points, "
        "t.share FROM tables t LEFT JOIN player_games g ON g.table_id = t.id AND g.player = "
        "t.owner WHERE t.daily = $1 AND t.daily <> '' AND t.owner = $2",
        {day, player});
    if (!r) return r.error();
    if (r->size() == 0) return std::optional<DailyGame>{};
    DailyGame game{r->text(0, 0),
                   r->flag(0, 1),
                   r->integer(0, 2) != 0,
                   int(r->integer(0, 3)),
                   r->text(0, 4),
                   r->text(0, 5),
                   0};
    if (!game.finished || game.conceded) return std::optional<DailyGame>{std::move(game)};
    auto better = read(std::string("SELECT count(*)") + kDailyRanked + " AND g.score < $2",
                       {day, std::to_string(game.score)});
    if (!better) return better.error();
    game.rank = 1 + int(better->integer(0, 0));
    return std::optional<DailyGame>{std::move(game)};
}

Expected<DailyBoard> PgStore::daily_board(const std::string& day, const std::string& player,
                                          int limit) {
    auto mine = daily_game(day, player);
    if (!mine) return mine.error();
    DailyBoard board;
    board.mine = std::move(mine).value();
    auto count = read(std::string("SELECT count(*)") + kDailyRanked, {day});
    if (!count) return count.error();
    board.players = int(count->integer(0, 0));
    auto r = read(std::string("SELECT COALESCE(p.name, ''), g.score, t.daily_points, t.share, "
                              "g.finished_ms") +
                      kDailyRanked + " ORDER BY g.score, g.finished_ms, t.id LIMIT $2",
                  {day, std::to_string(limit)});
    if (!r) return r.error();
    for (int i = 0; i < r->size(); ++i) {
        board.rows.push_back(DailyRow{r->text(i, 0), int(r->integer(i, 1)), r->text(i, 2),
                                      r->text(i, 3), r->integer(i, 4)});
    }
    return board;
}

Status PgStore::save_review(const std::string& table, int seat, const std::string& review) {
    auto r = write(
        "INSERT INTO reviews(table_id, seat, review) VALUES($1, $2, $3) ON CONFLICT (table_id, "
        "seat) DO UPDATE SET review = excluded.review",
        {table, std::to_string(seat), review});
    if (!r) return r.error();
    return {};
}

Expected<std::optional<std::string>> PgStore::review_of(const std::string& table, int seat) {
    auto r = read("SELECT review FROM reviews WHERE table_id = $1 AND seat = $2",
                  {table, std::to_string(seat)});
    if (!r) return r.error();
    if (r->size() == 0) return std::optional<std::string>{};
    return std::optional<std::string>{r->text(0, 0)};
}

}  // namespace hearts::server
