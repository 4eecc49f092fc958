// The store core's players (store/core.h): who they are, what they look like, the language
// they chose, whom they block, mute or favour, what their finished games add up to and
// earn, and chat.
#include <algorithm>
#include <nlohmann/json.hpp>

#include "store/core.h"
#include "store/rows.h"

namespace hearts::server {
namespace {

// What a board ranks its players by (docs/ratings.md): the conservative ordinal, mu - 3 sigma.
double ordinal(const Rating& r) {
    return r.mu - 3 * r.sigma;
}

constexpr std::size_t kPlayerIdChars = 16;
constexpr std::size_t kTokenChars = 32;  // 160 bits

Error no_such_player(const std::string& player) {
    return Error{"player " + player + ": no such player"};
}

}  // namespace

// One statement on the connection `on` (reading or writing) gives.
template <class On>
Expected<sql::Rows> run_one(On on, std::string_view sql, const sql::Params& params) {
    Expected<sql::Rows> out = sql::Rows{};
    if (Status s = on([&](sql::Session& db) {
            out = db.run(sql, params);
            return Status{};
        });
        !s)
        return s.error();
    return out;
}

Expected<sql::Rows> SqlStore::read(std::string_view sql, const sql::Params& params) {
    return run_one([this](const Work& w) { return reading(w); }, sql, params);
}

Expected<sql::Rows> SqlStore::write(std::string_view sql, const sql::Params& params) {
    return run_one([this](const Work& w) { return writing(w); }, sql, params);
}

Expected<NewPlayer> SqlStore::create_player() {
    NewPlayer player{"p_" + random_code(int(kPlayerIdChars)), random_code(int(kTokenChars))};
    const auto hash = token_hash(player.token);
    if (!hash) return Error{"cannot hash the token (OpenSSL's SHA-256 failed)"};
    auto r = write(
        "INSERT INTO players(id, token_hash, created) VALUES($1, $2, $3)",
        {player.id,
         sql::Param::bytes(std::string(reinterpret_cast<const char*>(hash->data()), hash->size())),
         now_seconds()});
    if (!r) return r.error();
    return player;
}

Expected<bool> SqlStore::check_player(const std::string& id, const std::string& token) {
    auto r = read("SELECT token_hash FROM players WHERE id = $1", {id});
    if (!r) return r.error();
    if (r->empty()) return false;
    return token_matches(r->text(0, 0), token);
}

Expected<bool> SqlStore::player_exists(const std::string& player) {
    auto r = read("SELECT 1 FROM players WHERE id = $1", {player});
    if (!r) return r.error();
    return !r->empty();
}

Expected<std::size_t> SqlStore::forget_unused_players(
    std::int64_t created_before, std::size_t limit,
    const std::function<bool(const std::string&)>& keep) {
    // Looked for on the reading connection, so the writes of the tables go on meanwhile.
    auto found = read(std::string("SELECT id FROM players WHERE created < $1 AND ") +
                          kNothingRefersToPlayer + " LIMIT $2",
                      {created_before, std::int64_t(limit)});
    if (!found) return found.error();
    nlohmann::json unused = nlohmann::json::array();
    for (int i = 0; i < found->size(); ++i) {
        std::string id = found->text(i, 0);
        if (!keep(id)) unused.push_back(std::move(id));
    }
    if (unused.empty()) return std::size_t{0};
    // One statement; asked again, since a row may have come to refer to a player meanwhile.
    auto gone = write(std::string("DELETE FROM players WHERE id IN (SELECT ") +
                          dialect_.json_values + ") AND " + kNothingRefersToPlayer,
                      {unused.dump()});
    if (!gone) return gone.error();
    return std::size_t(gone->changed());
}

Status SqlStore::set_name(const std::string& player, const std::string& name) {
    auto r = write("UPDATE players SET name = $2 WHERE id = $1", {player, name});
    if (!r) return r.error();
    if (r->changed() != 1) return no_such_player(player);
    return {};
}

Expected<std::optional<std::string>> SqlStore::name_of(const std::string& player) {
    auto r = read("SELECT name FROM players WHERE id = $1", {player});
    if (!r) return r.error();
    if (r->empty()) return no_such_player(player);
    if (r->null(0, 0)) return std::optional<std::string>();
    return std::optional<std::string>(r->text(0, 0));
}

Expected<Look> SqlStore::look_of(const std::string& player) {
    auto r = read("SELECT face, wearing FROM players WHERE id = $1", {player});
    if (!r) return r.error();
    if (r->empty()) return Look{};
    return Look{int(r->integer(0, 0)), r->text(0, 1)};
}

Status SqlStore::set_look(const std::string& player, const Look& look) {
    auto r = write("UPDATE players SET face = $2, wearing = $3 WHERE id = $1",
                   {player, look.face, look.wearing});
    if (!r) return r.error();
    if (r->changed() != 1) return no_such_player(player);
    return {};
}

Expected<std::string> SqlStore::lang_of(const std::string& player) {
    auto r = read("SELECT lang FROM players WHERE id = $1", {player});
    if (!r) return r.error();
    if (r->empty()) return std::string();
    return r->text(0, 0);
}

Status SqlStore::set_lang(const std::string& player, const std::string& lang) {
    auto r = write("UPDATE players SET lang = $2 WHERE id = $1", {player, lang});
    if (!r) return r.error();
    if (r->changed() != 1) return no_such_player(player);
    return {};
}

Status SqlStore::set_relation(const std::string& player, const std::string& other,
                              RelationKind kind, bool on) {
    auto r = write(on ? "INSERT INTO relations(player, other, kind) VALUES($1, $2, $3) "
                        "ON CONFLICT DO NOTHING"
                      : "DELETE FROM relations WHERE player = $1 AND other = $2 AND kind = $3",
                   {player, other, std::string(to_string(kind))});
    if (!r) return r.error();
    return {};
}

Expected<Relations> SqlStore::relations(const std::string& player) {
    // Names in byte order, a player without one first, then by id: the same order on
    // either database, whatever its collation.
    auto r = read(std::string("SELECT r.kind, r.other, COALESCE(p.name, '') FROM relations r "
                              "JOIN players p ON p.id = r.other WHERE r.player = $1 "
                              "ORDER BY r.kind, p.name COLLATE ") +
                      dialect_.byte_order + " NULLS FIRST, r.other",
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

Expected<PlayerStats> SqlStore::player_stats(const std::string& player) {
    PlayerStats out;
    // Three queries on one connection under one lock.
    Status done = reading([&](sql::Session& db) -> Status {
        auto g = db.run(
            "SELECT with_people, level, count(*), sum(won), sum(hands), sum(score), "
            "sum(moons_shot), sum(moons_suffered), sum(queens), sum(trickless), "
            "sum(moon_stops), sum(conceded) FROM player_games WHERE player = $1 "
            "GROUP BY with_people, level",
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

        auto wins = db.run("SELECT won FROM player_games WHERE player = $1 ORDER BY id", {player});
        if (!wins) return wins.error();
        for (int i = 0; i < wins->size(); ++i) {
            out.streak = wins->integer(i, 0) != 0 ? out.streak + 1 : 0;
            out.best_streak = std::max(out.best_streak, out.streak);
        }

        auto recent = db.run(
            "SELECT table_id, finished_ms, score, place, won FROM player_games WHERE player = $1 "
            "ORDER BY id DESC LIMIT $2",
            {player, PlayerStats::kRecentGames});
        if (!recent) return recent.error();
        for (int i = recent->size() - 1; i >= 0; --i) {
            out.recent.push_back(RecentGame{recent->text(i, 0), recent->integer(i, 1),
                                            int(recent->integer(i, 2)), int(recent->integer(i, 3)),
                                            recent->flag(i, 4)});
        }
        return {};
    });
    if (!done) return done.error();
    return out;
}

Expected<std::vector<Earned>> SqlStore::achievements_of(const std::string& player) {
    auto r = read("SELECT id, table_id, at_ms FROM achievements WHERE player = $1", {player});
    if (!r) return r.error();
    std::vector<Earned> out;
    for (int i = 0; i < r->size(); ++i)
        out.push_back(Earned{r->text(i, 0), r->text(i, 1), r->integer(i, 2)});
    order_earned(out);
    return out;
}

Expected<std::vector<ChatLine>> SqlStore::recent_chat(const std::string& table, int count) {
    auto r = read(
        "SELECT seat, player, name, text, at_ms FROM (SELECT * FROM chat WHERE table_id = $1 "
        "ORDER BY seq DESC LIMIT $2) AS last ORDER BY seq",
        {table, count});
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

// ---- the business writes of a game's end

Status SqlStore::append_chat_line(sql::Session& db, const ChatWrite& w) {
    auto r = db.run(
        "INSERT INTO chat(table_id, seq, seat, player, name, text, at_ms) VALUES($1, "
        "(SELECT COALESCE(max(seq) + 1, 0) FROM chat WHERE table_id = $1), $2, $3, $4, $5, $6)",
        {w.table, int(w.line.seat), w.line.player, w.line.name, w.line.text, w.line.at_ms});
    if (!r) return r.error();
    return {};
}

Status SqlStore::finish_game(sql::Session& db, const FinishWrite& w) {
    auto r = db.run("UPDATE tables SET finished = TRUE, record = $2 WHERE id = $1 AND NOT finished",
                    {w.table, w.record_json});
    if (!r) return r.error();
    if (r->changed() != 1) return Error{"table " + w.table + ": there is no such unfinished table"};
    if (!w.daily_points.empty()) {  // a daily deal's game: its points, and its link
        auto daily =
            db.run("UPDATE tables SET daily_points = $2, share = $3 WHERE id = $1 AND share = ''",
                   {w.table, w.daily_points, random_code(kShareChars)});
        if (!daily) return daily.error();
    }
    const AwardAt at{w.table, now_ms()};
    if (Status s = insert_player_games(db, w.table, w.players, at.at_ms); !s) return s;
    for (const PlayerGame& p : w.players)
        if (Status s = award_achievements(db, p.player, &at); !s) return s;
    if (w.rated)
        if (Status s = rate_people(db, w.table, *w.rated, at.at_ms); !s) return s;
    return {};
}

Status SqlStore::rate_people(sql::Session& db, const std::string& table, const RatedGame& game,
                             std::int64_t at_ms) {
    const RatingModel model;
    const std::size_t n = game.people.size();
    std::vector<RatingEntry> entries;
    for (const RatedPlace& p : game.people) {
        auto r = db.run(
            std::string("SELECT mu, sigma, games FROM ratings WHERE player = $1 AND board = $2") +
                dialect_.lock_row,
            {p.player, game.board});
        if (!r) return r.error();
        entries.push_back(
            RatingEntry{r->empty() ? model.fresh() : Rating{r->real(0, 0), r->real(0, 1)},
                        r->empty() ? 0 : int(r->integer(0, 2)), p.standing});
    }
    // The computer players, at their level's fixed rating, established: people are rated
    // against them, and their own outcomes are dropped (they come after the people).
    constexpr int kEstablishedBot = 1000;
    for (const RatedBot& b : game.bots)
        entries.push_back(RatingEntry{b.rating, kEstablishedBot, b.standing});
    // The rated games each pair played together on this board today (UTC), before this one.
    constexpr std::int64_t kDayMs = 24 * 60 * 60 * 1000;
    const std::int64_t today = at_ms - at_ms % kDayMs;
    std::vector<std::vector<int>> together(entries.size(), std::vector<int>(entries.size(), 0));
    for (std::size_t i = 0; i < n; ++i) {
        for (std::size_t j = i + 1; j < n; ++j) {
            auto r = db.run(
                "SELECT count(*) FROM rating_changes a JOIN rating_changes b ON b.player = $2 "
                "AND b.board = a.board AND b.table_id = a.table_id WHERE a.player = $1 AND "
                "a.board = $3 AND a.at_ms >= $4",
                {game.people[i].player, game.people[j].player, game.board, today});
            if (!r) return r.error();
            together[i][j] = together[j][i] = int(r->integer(0, 0));
        }
    }
    auto outcomes = rate_with_limits(entries, together, model);
    if (!outcomes) return outcomes.error();
    for (std::size_t i = 0; i < n; ++i) {
        const std::string& player = game.people[i].player;
        const RatedOutcome& o = (*outcomes)[i];
        const Rating& now = o.after;
        const int games = entries[i].games_before + 1;
        const Rating& was = entries[i].before;
        const int place = game.people[i].place;  // among the people: what they are shown
        auto up = db.run(
            "INSERT INTO ratings(player, board, mu, sigma, games, at_ms, ordinal) VALUES($1, $2, "
            "$3, $4, $5, $6, $7) ON CONFLICT (player, board) DO UPDATE SET mu = excluded.mu, "
            "sigma = excluded.sigma, games = excluded.games, at_ms = excluded.at_ms, ordinal = "
            "excluded.ordinal",
            {player, game.board, now.mu, now.sigma, games, at_ms, ordinal(now)});
        if (!up) return up.error();
        auto kept = db.run(
            "INSERT INTO rating_changes(player, board, table_id, at_ms, place, mu_before, "
            "sigma_before, mu, sigma, games, counted, reason) VALUES($1, $2, $3, $4, $5, $6, $7, "
            "$8, $9, $10, $11, $12)",
            {player, game.board, table, at_ms, place, was.mu, was.sigma, now.mu, now.sigma, games,
             o.counted, o.reason});
        if (!kept) return kept.error();
    }
    return {};
}

Expected<std::vector<RatingChange>> SqlStore::rating_changes(const std::string& table) {
    auto r = read(std::string("SELECT player, board, place, mu_before, sigma_before, mu, sigma, "
                              "games, at_ms, counted, reason FROM rating_changes WHERE table_id "
                              "= $1 ORDER BY place, player COLLATE ") +
                      dialect_.byte_order,
                  {table});
    if (!r) return r.error();
    std::vector<RatingChange> out;
    for (int i = 0; i < r->size(); ++i) {
        out.push_back(RatingChange{r->text(i, 0), r->text(i, 1), table, int(r->integer(i, 2)),
                                   Rating{r->real(i, 3), r->real(i, 4)},
                                   Rating{r->real(i, 5), r->real(i, 6)}, int(r->integer(i, 7)),
                                   r->integer(i, 8), r->real(i, 9), r->text(i, 10)});
    }
    return out;
}

Expected<std::vector<BoardRating>> SqlStore::ratings_of(const std::string& player) {
    auto r = read(
        "SELECT board, mu, sigma, games, at_ms FROM ratings WHERE player = $1 ORDER BY "
        "board",
        {player});
    if (!r) return r.error();
    std::vector<BoardRating> out;
    for (int i = 0; i < r->size(); ++i) {
        out.push_back(BoardRating{r->text(i, 0), Rating{r->real(i, 1), r->real(i, 2)},
                                  int(r->integer(i, 3)), r->integer(i, 4)});
    }
    return out;
}

// Both read the index on (board, ordinal) of the ranked rows (SQLite schema version 10,
// PostgreSQL's 8): the WHERE names its `games >= 10` as written there, or the databases
// would not use it. `ordinal` is mu - 3 sigma, a column of its own, and the index holds
// `games` too, so that it alone answers the count of a rank: SQLite 3.40 read the table's
// row for each entry of an index on the expression, or for its `games`, 890 ms for a rank
// of 500,000 against 20 ms covered (tools/leaderboard-bench.sh, docs/ratings.md).
static_assert(kProvisionalGames == 10, "the ranked index's condition says 10");

Expected<std::vector<LeaderRow>> SqlStore::leaders(const std::string& board, std::int64_t since_ms,
                                                   int offset, int limit) {
    // Along the index (board, ordinal DESC, player, games, at_ms): the players who have not
    // played lately are skipped there, without reading their rows.
    auto r = read(
        "SELECT r.player, COALESCE(p.name, ''), r.mu, r.sigma, r.games FROM ratings r "
        "JOIN players p ON p.id = r.player WHERE r.board = $1 AND r.games >= 10 AND "
        "r.at_ms >= $2 ORDER BY r.ordinal DESC, r.player LIMIT $3 OFFSET $4",
        {board, since_ms, std::int64_t(limit), std::int64_t(offset)});
    if (!r) return r.error();
    std::vector<LeaderRow> out;
    for (int i = 0; i < r->size(); ++i) {
        out.push_back(LeaderRow{offset + i + 1, r->text(i, 0), r->text(i, 1),
                                Rating{r->real(i, 2), r->real(i, 3)}, int(r->integer(i, 4))});
    }
    return out;
}

Expected<int> SqlStore::rank_of(const std::string& player, const std::string& board,
                                std::int64_t since_ms) {
    auto me = read(
        "SELECT ordinal FROM ratings WHERE board = $1 AND player = $2 AND games >= 10 AND "
        "at_ms >= $3",
        {board, player, since_ms});
    if (!me) return me.error();
    if (me->size() == 0) return 0;
    // Counted along the index, as far down as the player stands (their value bound as it
    // was read: the same double); the index holds every column the count reads.
    const double mine = me->real(0, 0);
    auto r = read(
        "SELECT (SELECT count(*) FROM ratings WHERE board = $1 AND games >= 10 AND "
        "ordinal > $2 AND at_ms >= $4) + (SELECT count(*) FROM ratings WHERE board = $1 AND "
        "games >= 10 AND ordinal = $2 AND player < $3 AND at_ms >= $4)",
        {board, mine, player, since_ms});
    if (!r) return r.error();
    return int(r->integer(0, 0)) + 1;
}

Expected<std::array<int, 4>> SqlStore::place_counts(const std::string& player,
                                                    const std::string& board) {
    // The key's prefix (player, board): the player's own changes there.
    auto r = read(
        "SELECT place, count(*) FROM rating_changes WHERE player = $1 AND board = $2 GROUP BY "
        "place",
        {player, board});
    if (!r) return r.error();
    std::array<int, 4> out{};
    for (int i = 0; i < r->size(); ++i) {
        const auto place = r->integer(i, 0);
        if (place >= 0 && place < 4) out[std::size_t(place)] += int(r->integer(i, 1));
    }
    return out;
}

Expected<std::vector<RatingPoint>> SqlStore::rating_history(const std::string& player,
                                                            const std::string& board, int limit) {
    // The key's prefix (player, board) finds the player's changes there; a person has one
    // a rated game, so the sort is of their own games on the board.
    auto r = read(
        "SELECT at_ms, mu, sigma, games FROM rating_changes WHERE player = $1 AND board = $2 "
        "ORDER BY at_ms DESC, games DESC LIMIT $3",
        {player, board, std::int64_t(limit)});
    if (!r) return r.error();
    std::vector<RatingPoint> out;
    for (int i = r->size() - 1; i >= 0; --i) {
        out.push_back(RatingPoint{r->integer(i, 0), Rating{r->real(i, 1), r->real(i, 2)},
                                  int(r->integer(i, 3))});
    }
    return out;
}

Status SqlStore::insert_player_games(sql::Session& db, const std::string& table,
                                     const std::vector<PlayerGame>& rows,
                                     std::int64_t finished_ms) {
    for (const PlayerGame& g : rows) {
        const SeatSummary& m = g.summary;
        auto r = db.run(
            "INSERT INTO player_games(player, table_id, seat, finished_ms, with_people, level, "
            "conceded, hands, score, won, place, moons_shot, moons_suffered, queens, trickless, "
            "moon_stops, worst_total, helped) VALUES($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, "
            "$12, $13, $14, $15, $16, $17, $18) ON CONFLICT (player, table_id) DO NOTHING",
            {g.player, table, int(g.seat), finished_ms, int(g.with_people), g.level,
             int(g.conceded), m.hands, m.score, int(m.won), m.place, m.moons_shot, m.moons_suffered,
             m.queens, m.trickless, m.moon_stops, m.worst_total, int(g.helped)});
        if (!r) return r.error();
    }
    return {};
}

// What is held is read first, and only new achievements are written (a player who holds
// them all costs one query).
Status SqlStore::award_achievements(sql::Session& db, const std::string& player,
                                    const AwardAt* at) {
    auto held = db.run("SELECT id FROM achievements WHERE player = $1", {player});
    if (!held) return held.error();
    std::vector<std::string> have;
    for (int i = 0; i < held->size(); ++i) have.push_back(held->text(i, 0));
    if (have.size() >= achievements().size()) return {};
    auto r = db.run(
        "SELECT table_id, finished_ms, with_people, level, conceded, hands, score, won, place, "
        "moons_shot, moons_suffered, queens, trickless, moon_stops, worst_total, helped FROM "
        "player_games WHERE player = $1 ORDER BY id",
        {player});
    if (!r) return r.error();
    std::vector<PlayedGame> played;
    for (int i = 0; i < r->size(); ++i) {
        PlayedGame g{r->text(i, 0),
                     r->integer(i, 1),
                     r->flag(i, 2),
                     r->text(i, 3),
                     r->flag(i, 4),
                     false,
                     {}};
        SeatSummary& m = g.summary;
        m.hands = int(r->integer(i, 5));
        m.score = int(r->integer(i, 6));
        m.won = r->flag(i, 7);
        m.place = int(r->integer(i, 8));
        m.moons_shot = int(r->integer(i, 9));
        m.moons_suffered = int(r->integer(i, 10));
        m.queens = int(r->integer(i, 11));
        m.trickless = int(r->integer(i, 12));
        m.moon_stops = int(r->integer(i, 13));
        m.worst_total = int(r->integer(i, 14));
        g.helped = r->flag(i, 15);
        played.push_back(std::move(g));
    }
    std::vector<Earned> earned = achievements_earned(played);
    if (at) earned = credited_to(std::move(earned), *at);
    for (const Earned& e : earned) {
        if (std::find(have.begin(), have.end(), e.id) != have.end()) continue;
        auto in = db.run(
            "INSERT INTO achievements(player, id, table_id, at_ms) VALUES($1, $2, $3, $4) "
            "ON CONFLICT (player, id) DO NOTHING",
            {player, e.id, e.table, e.at_ms});
        if (!in) return in.error();
    }
    return {};
}

}  // namespace hearts::server
