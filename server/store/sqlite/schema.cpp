// The SQLite store's schema (store/sqlite/store.h): the tables as version 1 made them, each
// version's migration after it, and the statistics rows that version 4 added (and filled
// from the records of the games finished before it).
#include "store/sqlite/store.h"

#include "store/sqlite/session.h"

#include <cstdlib>
#include <string>

#include "hearts/record.h"

namespace hearts::server {
namespace {

constexpr int kSchemaVersion = 12;
constexpr int kBusyTimeoutMs = 5000;

constexpr const char* kSchema = R"sql(
CREATE TABLE players(
    id TEXT PRIMARY KEY,
    token_hash BLOB NOT NULL,
    created INTEGER NOT NULL
);
CREATE TABLE tables(
    id TEXT PRIMARY KEY,
    owner TEXT NOT NULL REFERENCES players(id),
    rules TEXT NOT NULL,
    seed TEXT NOT NULL,
    names TEXT NOT NULL,
    bot_level TEXT NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0,
    record TEXT,
    created INTEGER NOT NULL
);
CREATE INDEX tables_by_owner ON tables(owner, finished);
CREATE TABLE actions(
    table_id TEXT NOT NULL REFERENCES tables(id),
    seq INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY(table_id, seq)
) WITHOUT ROWID;
)sql";

// Version 2: names, tables with several people, chat, blocks/mutes/favorites.
constexpr const char* kSchemaV2 = R"sql(
ALTER TABLE players ADD COLUMN name TEXT;
ALTER TABLE tables ADD COLUMN kind TEXT NOT NULL DEFAULT 'solo';
ALTER TABLE tables ADD COLUMN started INTEGER NOT NULL DEFAULT 1;
ALTER TABLE tables ADD COLUMN timer INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tables ADD COLUMN host INTEGER NOT NULL DEFAULT 0;
ALTER TABLE tables ADD COLUMN ended TEXT NOT NULL DEFAULT '';
ALTER TABLE tables ADD COLUMN next TEXT NOT NULL DEFAULT '';
CREATE TABLE seats(
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL CHECK(seat BETWEEN 0 AND 3),
    player TEXT NOT NULL REFERENCES players(id),
    away INTEGER NOT NULL DEFAULT 0,
    conceded INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY(table_id, seat)
) WITHOUT ROWID;
CREATE INDEX seats_by_player ON seats(player);
INSERT INTO seats(table_id, seat, player) SELECT id, 0, owner FROM tables;
CREATE TABLE chat(
    table_id TEXT NOT NULL REFERENCES tables(id),
    seq INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    player TEXT NOT NULL,
    name TEXT NOT NULL,
    text TEXT NOT NULL,
    at_ms INTEGER NOT NULL,
    PRIMARY KEY(table_id, seq)
) WITHOUT ROWID;
CREATE TABLE relations(
    player TEXT NOT NULL REFERENCES players(id),
    other TEXT NOT NULL REFERENCES players(id),
    kind TEXT NOT NULL CHECK(kind IN ('block', 'mute', 'favorite')),
    PRIMARY KEY(player, other, kind)
) WITHOUT ROWID;
)sql";

// Version 3: what each person at a table asked for (ready, timer off, rematch), as bits
// of `votes`: 1 ready, 2 timer off, 4 rematch.
constexpr const char* kSchemaV3 = R"sql(
ALTER TABLE seats ADD COLUMN votes INTEGER NOT NULL DEFAULT 0;
)sql";

// Version 4: statistics, one row per person per finished game (game_summary.h), in the
// order the games finished. Filled from the stored records of games finished before.
constexpr const char* kSchemaV4 = R"sql(
CREATE TABLE player_games(
    id INTEGER PRIMARY KEY,
    player TEXT NOT NULL REFERENCES players(id),
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL CHECK(seat BETWEEN 0 AND 3),
    finished_ms INTEGER NOT NULL,
    with_people INTEGER NOT NULL,
    level TEXT NOT NULL,
    conceded INTEGER NOT NULL,
    hands INTEGER NOT NULL,
    score INTEGER NOT NULL,
    won INTEGER NOT NULL,
    place INTEGER NOT NULL,
    moons_shot INTEGER NOT NULL,
    moons_suffered INTEGER NOT NULL,
    queens INTEGER NOT NULL,
    trickless INTEGER NOT NULL,
    moon_stops INTEGER NOT NULL,
    worst_total INTEGER NOT NULL,
    UNIQUE(player, table_id)
);
CREATE INDEX player_games_in_order ON player_games(player, id);
)sql";

// Version 6: achievements (model/achievements.h), and what a player looks like: the face they
// picked (-1: none yet) and the item of an achievement they wear ("": none); whether a
// computer played for the person in a game. Awarded to everyone from the games they
// finished before.
constexpr const char* kSchemaV6 = R"sql(
ALTER TABLE players ADD COLUMN face INTEGER NOT NULL DEFAULT -1;
ALTER TABLE players ADD COLUMN wearing TEXT NOT NULL DEFAULT '';
CREATE TABLE achievements(
    player TEXT NOT NULL REFERENCES players(id),
    id TEXT NOT NULL,
    table_id TEXT NOT NULL REFERENCES tables(id),
    at_ms INTEGER NOT NULL,
    PRIMARY KEY(player, id)
) WITHOUT ROWID;
)sql";

// Version 7: the secret each table's deals are committed with (model/fair.h; '' for the tables
// opened before, whose deals carry no commitment); a finished game's share link ('' until
// everyone who played it allowed it: share_votes; table_people is everyone who ever held
// a seat there, whose votes a share needs).
constexpr const char* kSchemaV7 = R"sql(
ALTER TABLE tables ADD COLUMN salt TEXT NOT NULL DEFAULT '';
ALTER TABLE tables ADD COLUMN share TEXT NOT NULL DEFAULT '';
CREATE UNIQUE INDEX tables_by_share ON tables(share) WHERE share <> '';
CREATE TABLE share_votes(
    table_id TEXT NOT NULL REFERENCES tables(id),
    player TEXT NOT NULL REFERENCES players(id),
    PRIMARY KEY(table_id, player)
) WITHOUT ROWID;
CREATE TABLE table_people(
    table_id TEXT NOT NULL REFERENCES tables(id),
    player TEXT NOT NULL REFERENCES players(id),
    PRIMARY KEY(table_id, player)
) WITHOUT ROWID;
)sql";

// Version 8: the daily deal (docs/protocol.md, "The daily deal"). Each day's seed, drawn
// the first time someone starts that day's game; a table's day when it is a daily deal's
// game (one a player a day: the unique index), and once it is finished its owner's points
// in each hand ("0,13,0,0"). The number a player mixed into a game's seed (model/fair.h). And
// the reviews made of finished games, kept with them (docs/protocol.md, "Reviews").
constexpr const char* kSchemaV8 = R"sql(
CREATE TABLE daily_deals(
    day TEXT PRIMARY KEY,
    seed TEXT NOT NULL
) WITHOUT ROWID;
ALTER TABLE tables ADD COLUMN daily TEXT NOT NULL DEFAULT '';
ALTER TABLE tables ADD COLUMN daily_points TEXT NOT NULL DEFAULT '';
ALTER TABLE tables ADD COLUMN nonce TEXT NOT NULL DEFAULT '';
CREATE UNIQUE INDEX tables_by_day ON tables(daily, owner) WHERE daily <> '';
CREATE TABLE reviews(
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL CHECK(seat BETWEEN 0 AND 3),
    review TEXT NOT NULL,
    PRIMARY KEY(table_id, seat)
) WITHOUT ROWID;
)sql";

// Version 9: ratings (docs/ratings.md): each player's rating on each board (a rule set), and
// every change a rated game made to it, written in the transaction that stores the game's
// end (store/core.h, `finish_game`).
constexpr const char* kSchemaV9 = R"sql(
CREATE TABLE ratings(
    player TEXT NOT NULL REFERENCES players(id),
    board TEXT NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    games INTEGER NOT NULL,
    at_ms INTEGER NOT NULL,
    PRIMARY KEY(player, board)
) WITHOUT ROWID;
CREATE TABLE rating_changes(
    player TEXT NOT NULL REFERENCES players(id),
    board TEXT NOT NULL,
    table_id TEXT NOT NULL REFERENCES tables(id),
    at_ms INTEGER NOT NULL,
    place INTEGER NOT NULL,
    mu_before REAL NOT NULL,
    sigma_before REAL NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    games INTEGER NOT NULL,
    counted REAL NOT NULL,
    reason TEXT NOT NULL,
    PRIMARY KEY(player, board, table_id)
) WITHOUT ROWID;
CREATE INDEX rating_changes_by_table ON rating_changes(table_id);
)sql";

// Version 10: the leaderboards' index (docs/ratings.md, "Leaderboards"): each board's
// ranked players (10 rated games or more) by their shown rating, best first: the ordinal
// mu - 3 sigma, a column of its own, and `games` in the index too, so that the index
// alone answers a rank's count.
constexpr const char* kSchemaV10 = R"sql(
ALTER TABLE ratings ADD COLUMN ordinal REAL NOT NULL DEFAULT 0;
UPDATE ratings SET ordinal = mu - 3 * sigma;
CREATE INDEX ratings_ranked ON ratings(board, ordinal DESC, player, games) WHERE games >= 10;
)sql";

// Version 11: the leaderboards list only the players who played a rated game there in the
// last 30 days: `at_ms` joins the index, which still answers a rank's count alone.
constexpr const char* kSchemaV11 = R"sql(
DROP INDEX ratings_ranked;
CREATE INDEX ratings_ranked ON ratings(board, ordinal DESC, player, games, at_ms)
    WHERE games >= 10;
)sql";

// Version 12: the language each player chose for the page (model/languages.h; '': none yet,
// the browser's languages choose).
constexpr const char* kSchemaV12 = R"sql(
ALTER TABLE players ADD COLUMN lang TEXT NOT NULL DEFAULT '';
)sql";

// Version 6's column of player_games. An upgrade from before version 4 adds it with the
// table, before the rows of earlier games are written into it.
constexpr const char* kPlayerGamesHelped =
    "ALTER TABLE player_games ADD COLUMN helped INTEGER NOT NULL DEFAULT 0";

Expected<int> schema_version(Connection& db) {
    auto text = query_text(db, "PRAGMA user_version");
    if (!text) return text.error();
    return std::atoi(text->c_str());
}

Status backfill_player_games(Connection& db);
Status backfill_achievements(Connection& db);

}  // namespace

Status configure(Connection& c) {
    sqlite3* db = c.handle();
    if (sqlite3_busy_timeout(db, kBusyTimeoutMs) != SQLITE_OK)
        return sqlite_error(db, "setting the busy timeout");
    auto mode = query_text(c, "PRAGMA journal_mode=WAL");
    if (!mode) return mode.error();
    if (*mode != "wal") return Error{"database: could not switch to WAL mode (got " + *mode + ")"};
    if (Status s = exec(db, "PRAGMA synchronous=FULL", "setting synchronous=FULL"); !s) return s;
    if (Status s = exec(db, "PRAGMA foreign_keys=ON", "turning on foreign keys"); !s) return s;
    return {};
}

Status migrate(Connection& c) {
    sqlite3* db = c.handle();
    auto version = schema_version(c);
    if (!version) return version.error();
    if (*version == kSchemaVersion) return {};
    auto tx = Transaction::begin(c);
    if (!tx) return tx.error();
    version = schema_version(c);
    if (!version) return version.error();
    if (*version == kSchemaVersion) return {};
    if (*version < 0 || *version > kSchemaVersion) {
        return Error{"database: schema version " + std::to_string(*version) +
                     " is not one this program knows (it writes version " +
                     std::to_string(kSchemaVersion) + ")"};
    }
    if (*version == 0) {
        if (Status s = exec(db, kSchema, "creating the schema"); !s) return s;
    }
    if (*version < 2) {
        if (Status s = exec(db, kSchemaV2, "upgrading the schema to version 2"); !s) return s;
    }
    if (*version < 3) {
        if (Status s = exec(db, kSchemaV3, "upgrading the schema to version 3"); !s) return s;
    }
    // Versions 7 and 8's columns go first: the backfills below read whole table rows.
    if (*version < 7) {
        if (Status s = exec(db, kSchemaV7, "upgrading the schema to version 7"); !s) return s;
    }
    if (*version < 8) {
        if (Status s = exec(db, kSchemaV8, "upgrading the schema to version 8"); !s) return s;
    }
    if (*version < 4) {
        if (Status s = exec(db, kSchemaV4, "upgrading the schema to version 4"); !s) return s;
        if (Status s = exec(db, kPlayerGamesHelped, "upgrading the schema to version 6"); !s)
            return s;
        if (Status s = backfill_player_games(c); !s) return s;
    }
    // Version 5: the action journal (store/sqlite/action_log.h). An `actions` row may hold several
    // actions, one a line: a row of one action, as before, is one such run.
    if (*version < 5) {
        if (Status s = exec(db, ActionLog::kSchema, "upgrading the schema to version 5"); !s)
            return s;
    }
    if (*version < 6) {
        if (*version >= 4) {
            if (Status s = exec(db, kPlayerGamesHelped, "upgrading the schema to version 6"); !s)
                return s;
        }
        if (Status s = exec(db, kSchemaV6, "upgrading the schema to version 6"); !s) return s;
        if (Status s = backfill_achievements(c); !s) return s;
    }
    if (*version < 9) {
        if (Status s = exec(db, kSchemaV9, "upgrading the schema to version 9"); !s) return s;
    }
    if (*version < 10) {
        if (Status s = exec(db, kSchemaV10, "upgrading the schema to version 10"); !s) return s;
    }
    if (*version < 11) {
        if (Status s = exec(db, kSchemaV11, "upgrading the schema to version 11"); !s) return s;
    }
    if (*version < 12) {
        if (Status s = exec(db, kSchemaV12, "upgrading the schema to version 12"); !s) return s;
    }
    const std::string set_version = "PRAGMA user_version = " + std::to_string(kSchemaVersion);
    if (Status s = exec(db, set_version.c_str(), "setting the schema version"); !s) return s;
    return tx.value().commit();
}

namespace {

// Version 6 awards the achievements of the games finished before it.
Status backfill_achievements(Connection& db) {
    auto stmt = Statement::prepare(db, "SELECT DISTINCT player FROM player_games ORDER BY player");
    if (!stmt) return stmt.error();
    std::vector<std::string> players;
    for (;;) {
        auto row = stmt.value().step();
        if (!row) return row.error();
        if (!*row) break;
        players.push_back(stmt.value().text(0));
    }
    SqliteSession session(db);
    for (const std::string& p : players)
        if (Status s = SqlStore::award_achievements(session, p); !s) return s;
    return {};
}

// Version 4 reads the games that finished before it from their records, so nobody's
// statistics start from nothing. A row that does not read (a record from an older
// program with a flaw) is left out of the statistics; the game itself is untouched.
Status backfill_player_games(Connection& db) {
    SqliteSession session(db);
    // The ids first, then one game at a time: the records are not all held at once.
    auto ids = session.run(
        "SELECT id FROM tables WHERE finished = 1 AND record IS NOT NULL ORDER BY created, rowid",
        {});
    if (!ids) return ids.error();
    for (int i = 0; i < ids->size(); ++i) {
        auto row = session.run(
            std::string("SELECT ") + kSetupColumns + ", record FROM tables WHERE id = $1",
            {ids->text(i, 0)});
        if (!row) return row.error();
        if (row->empty()) continue;
        auto setup = setup_of_row(*row, 0);
        if (!setup) continue;
        if (Status s = read_seats(session, setup.value()); !s) return s;
        auto game = load_record(row->text(0, 16));  // after kSetupColumns
        if (!game) continue;
        if (Status s = SqlStore::insert_player_games(
                session, setup->id, player_games(*setup, *game), setup->created_ms);
            !s)
            return s;
    }
    return {};
}

}  // namespace

}  // namespace hearts::server
