// The store core's tables (store/core.h): new ids, the one-write wrappers of group commit's
// writes, the lists of a player's tables, finished records and their share links, the
// daily deal, and reviews.
#include "store/core.h"
#include "store/rows.h"

namespace hearts::server {
namespace {

constexpr std::size_t kTableIdChars = 8;
constexpr int kTableIdAttempts = 16;

Error not_yours(const std::string& table) {
    // Someone else's table answers like a missing one: ids are not secrets, but which
    // tables exist need not be confirmed to strangers.
    return Error{"table " + table + ": no such table of yours"};
}

Error not_finished(const std::string& table) {
    return Error{"table " + table +
                 ": the game is not finished, and its record would reveal hidden cards"};
}

Expected<std::optional<StoredTable>> first(Expected<std::vector<StoredTable>> found) {
    if (!found) return found.error();
    if (found->empty()) return std::optional<StoredTable>{};
    return std::optional<StoredTable>{std::move(found->front())};
}

// The games of a day's daily deal that rank: finished, and not given up. `t.daily <> ''`
// lets the database use the partial index tables_by_day.
constexpr const char* kDailyRanked =
    " FROM tables t JOIN player_games g ON g.table_id = t.id AND g.player = t.owner "
    "JOIN players p ON p.id = t.owner "
    "WHERE t.daily = $1 AND t.daily <> '' AND t.finished AND g.conceded = 0";

}  // namespace

Expected<TableSetup> setup_of_row(const sql::Rows& r, int i, int from) {
    const auto t = [&](int col) { return r.text(i, from + col); };
    const auto n = [&](int col) { return r.integer(i, from + col); };
    return setup_of(SetupRow{t(0), t(1), t(2), t(3), t(4), t(5), t(6), r.flag(i, from + 7), n(8),
                             n(9), t(10), t(11), n(12), t(13), t(14), t(15)});
}

Expected<std::string> SqlStore::new_table_id() {
    Expected<std::string> out = Error{"could not find an unused table id in " +
                                      std::to_string(kTableIdAttempts) + " attempts"};
    Status done = reading([&](sql::Session& db) -> Status {
        for (int attempt = 0; attempt < kTableIdAttempts; ++attempt) {
            std::string id = random_code(int(kTableIdChars));
            auto r = db.run("SELECT 1 FROM tables WHERE id = $1", {id});
            if (!r) return r.error();
            if (r->empty()) {
                out = std::move(id);
                break;
            }
        }
        return {};
    });
    if (!done) return done.error();
    return out;
}

Status SqlStore::create_table(const TableSetup& setup) {
    return write_groups({{CreateWrite{setup}}}).front();
}

Status SqlStore::append_action(const std::string& table, std::int64_t seq, const Action& action) {
    return write_groups({{ActionWrite{table, seq, action}}}).front();
}

Status SqlStore::save_meta(const TableSetup& setup) {
    return write_groups({{MetaWrite{setup}}}).front();
}

Status SqlStore::finish_table(const FinishWrite& write) {
    return write_groups({{write}}).front();
}

Status SqlStore::append_chat(const std::string& table, const ChatLine& line) {
    return write_groups({{ChatWrite{table, line}}}).front();
}

Expected<std::vector<StoredTable>> SqlStore::unfinished_tables() {
    return read_tables("NOT finished", {});
}

Expected<std::vector<StoredTable>> SqlStore::waiting_tables() {
    return read_tables("NOT finished AND NOT started AND ended = ''", {});
}

Expected<std::optional<StoredTable>> SqlStore::unfinished_table(const std::string& table) {
    return first(read_tables("id = $1 AND NOT finished", {table}));
}

Expected<std::optional<StoredTable>> SqlStore::stored_table(const std::string& table) {
    return first(read_tables("id = $1", {table}));
}

Expected<std::vector<std::string>> SqlStore::player_ids(const std::string& sql,
                                                        const std::string& player) {
    auto r = read(sql, {player});
    if (!r) return r.error();
    std::vector<std::string> ids;
    for (int i = 0; i < r->size(); ++i) ids.push_back(r->text(i, 0));
    return ids;
}

Expected<std::vector<std::string>> SqlStore::games_alone(const std::string& player) {
    return player_ids(
        std::string("SELECT t.id FROM tables t WHERE t.owner = $1 AND NOT t.finished AND "
                    "t.started AND t.daily = '' AND (SELECT count(*) FROM seats s WHERE "
                    "s.table_id = t.id AND NOT s.conceded) <= 1 ORDER BY t.created DESC, t.") +
            dialect_.row_order + " DESC",
        player);
}

Expected<std::vector<std::string>> SqlStore::player_tables(const std::string& player) {
    return player_ids(std::string("SELECT t.id FROM seats s JOIN tables t ON t.id = s.table_id "
                                  "WHERE s.player = $1 AND NOT s.conceded AND NOT t.finished "
                                  "ORDER BY t.created DESC, t.") +
                          dialect_.row_order + " DESC",
                      player);
}

Expected<std::string> SqlStore::finished_record(const std::string& table,
                                                const std::string& player) {
    auto r = read(
        "SELECT EXISTS(SELECT 1 FROM seats WHERE table_id = t.id AND player = $2), t.finished, "
        "t.record FROM tables t WHERE t.id = $1",
        {table, player});
    if (!r) return r.error();
    if (r->empty() || !r->flag(0, 0)) return not_yours(table);
    if (!r->flag(0, 1) || r->null(0, 2)) return not_finished(table);
    return r->text(0, 2);
}

// Statements one at a time, each committed: two people allowing at once both see the
// other's vote by the time they count, and only one of them sets the link (the update
// waits for `share` to be empty); both read the one that was set.
Expected<ShareState> SqlStore::allow_share(const std::string& table, const std::string& player) {
    auto r = read(
        "SELECT EXISTS(SELECT 1 FROM seats WHERE table_id = t.id AND player = $2) OR "
        "EXISTS(SELECT 1 FROM table_people WHERE table_id = t.id AND player = $2), t.finished, "
        "t.share FROM tables t WHERE t.id = $1",
        {table, player});
    if (!r) return r.error();
    if (r->empty() || !r->flag(0, 0)) return not_yours(table);
    if (!r->flag(0, 1)) return not_finished(table);
    ShareState out{r->text(0, 2), 0};
    if (!out.share.empty()) return out;
    if (auto v =
            write("INSERT INTO share_votes(table_id, player) VALUES($1, $2) ON CONFLICT DO NOTHING",
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
    // About 80 random bits: a collision with the unique index fails the write, and the
    // player can ask again.
    if (auto set = write("UPDATE tables SET share = $2 WHERE id = $1 AND share = ''",
                         {table, random_code(kShareChars)});
        !set)
        return set.error();
    auto now = write("SELECT share FROM tables WHERE id = $1", {table});
    if (!now) return now.error();
    out.share = now->text(0, 0);
    return out;
}

Expected<std::optional<SharedGame>> SqlStore::shared_game(const std::string& share) {
    if (share.empty()) return std::optional<SharedGame>{};
    // `share <> ''` lets the database use the partial index tables_by_share.
    auto r = read(
        "SELECT id, record, names FROM tables WHERE share = $1 AND share <> '' AND finished AND "
        "record IS NOT NULL",
        {share});
    if (!r) return r.error();
    if (r->empty()) return std::optional<SharedGame>{};
    auto names = parse_names(r->text(0, 2));
    if (!names) return Error{"table " + r->text(0, 0) + ": " + names.error().reason};
    return std::optional<SharedGame>{SharedGame{r->text(0, 0), r->text(0, 1), *names}};
}

Expected<int> SqlStore::seat_of(const std::string& table, const std::string& player) {
    auto r =
        read("SELECT seat FROM seats WHERE table_id = $1 AND player = $2 ORDER BY seat LIMIT 1",
             {table, player});
    if (!r) return r.error();
    if (r->empty()) return not_yours(table);
    return int(r->integer(0, 0));
}

Expected<std::uint64_t> SqlStore::daily_seed(const std::string& day, std::uint64_t fresh) {
    if (auto put = write("INSERT INTO daily_deals(day, seed) VALUES($1, $2) ON CONFLICT DO NOTHING",
                         {day, std::to_string(fresh)});
        !put)
        return put.error();
    auto r = write("SELECT seed FROM daily_deals WHERE day = $1", {day});
    if (!r) return r.error();
    if (r->empty()) return Error{"daily deal of " + day + ": its seed was not stored"};
    return parse_seed(r->text(0, 0));
}

Expected<std::optional<DailyGame>> SqlStore::daily_game(const std::string& day,
                                                        const std::string& player) {
    auto r = read(
        "SELECT t.id, t.finished, COALESCE(g.conceded, 0), COALESCE(g.score, 0), t.daily_points, "
        "t.share FROM tables t LEFT JOIN player_games g ON g.table_id = t.id AND g.player = "
        "t.owner WHERE t.daily = $1 AND t.daily <> '' AND t.owner = $2",
        {day, player});
    if (!r) return r.error();
    if (r->empty()) return std::optional<DailyGame>{};
    DailyGame game{r->text(0, 0),
                   r->flag(0, 1),
                   r->flag(0, 2),
                   int(r->integer(0, 3)),
                   r->text(0, 4),
                   r->text(0, 5),
                   0};
    if (!game.finished || game.conceded) return std::optional<DailyGame>{std::move(game)};
    auto better = read(std::string("SELECT count(*)") + kDailyRanked + " AND g.score < $2",
                       {day, game.score});
    if (!better) return better.error();
    game.rank = 1 + int(better->integer(0, 0));
    return std::optional<DailyGame>{std::move(game)};
}

Expected<DailyBoard> SqlStore::daily_board(const std::string& day, const std::string& player,
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
                  {day, limit});
    if (!r) return r.error();
    for (int i = 0; i < r->size(); ++i) {
        board.rows.push_back(DailyRow{r->text(i, 0), int(r->integer(i, 1)), r->text(i, 2),
                                      r->text(i, 3), r->integer(i, 4)});
    }
    return board;
}

Status SqlStore::save_review(const std::string& table, int seat, const std::string& review) {
    auto r = write(
        "INSERT INTO reviews(table_id, seat, review) VALUES($1, $2, $3) ON CONFLICT (table_id, "
        "seat) DO UPDATE SET review = excluded.review",
        {table, seat, review});
    if (!r) return r.error();
    return {};
}

Expected<std::optional<std::string>> SqlStore::review_of(const std::string& table, int seat) {
    auto r = read("SELECT review FROM reviews WHERE table_id = $1 AND seat = $2", {table, seat});
    if (!r) return r.error();
    if (r->empty()) return std::optional<std::string>{};
    return std::optional<std::string>{r->text(0, 0)};
}

}  // namespace hearts::server
