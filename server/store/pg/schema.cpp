// The PostgreSQL store's schema and its migrations (store/pg/schema.h).
#include "store/pg/schema.h"

#include "store/pg/session.h"
#include "store/pg/store.h"

namespace hearts::server {
namespace {

// Version 1: everything the SQLite store's version 5 holds, in PostgreSQL's types. An
// action is a row of its own (PostgreSQL logs rows, not pages: the SQLite store's
// journal has no purpose here), and `n` orders tables created in the same second.
constexpr const char* kSchemaV1 = R"sql(
CREATE TABLE players(
    id text PRIMARY KEY,
    token_hash bytea NOT NULL,
    created bigint NOT NULL,
    name text
);
CREATE TABLE tables(
    n bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
    id text PRIMARY KEY,
    owner text NOT NULL REFERENCES players(id),
    rules text NOT NULL,
    seed text NOT NULL,
    names text NOT NULL,
    bot_level text NOT NULL,
    kind text NOT NULL,
    started boolean NOT NULL,
    timer integer NOT NULL,
    host smallint NOT NULL,
    ended text NOT NULL,
    next text NOT NULL,
    finished boolean NOT NULL DEFAULT false,
    record text,
    created bigint NOT NULL
);
CREATE INDEX tables_by_owner ON tables(owner, finished);
CREATE INDEX tables_unfinished ON tables(created, n) WHERE NOT finished;
CREATE TABLE actions(
    table_id text NOT NULL REFERENCES tables(id),
    seq bigint NOT NULL CHECK(seq >= 0),
    action text NOT NULL,
    PRIMARY KEY(table_id, seq)
);
CREATE TABLE seats(
    table_id text NOT NULL REFERENCES tables(id),
    seat smallint NOT NULL CHECK(seat BETWEEN 0 AND 3),
    player text NOT NULL REFERENCES players(id),
    away boolean NOT NULL,
    conceded boolean NOT NULL,
    votes integer NOT NULL,
    PRIMARY KEY(table_id, seat)
);
CREATE INDEX seats_by_player ON seats(player);
CREATE TABLE chat(
    table_id text NOT NULL REFERENCES tables(id),
    seq bigint NOT NULL,
    seat smallint NOT NULL,
    player text NOT NULL,
    name text NOT NULL,
    text text NOT NULL,
    at_ms bigint NOT NULL,
    PRIMARY KEY(table_id, seq)
);
CREATE TABLE relations(
    player text NOT NULL REFERENCES players(id),
    other text NOT NULL REFERENCES players(id),
    kind text NOT NULL CHECK(kind IN ('block', 'mute', 'favorite')),
    PRIMARY KEY(player, other, kind)
);
CREATE TABLE player_games(
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    player text NOT NULL REFERENCES players(id),
    table_id text NOT NULL REFERENCES tables(id),
    seat smallint NOT NULL CHECK(seat BETWEEN 0 AND 3),
    finished_ms bigint NOT NULL,
    with_people integer NOT NULL,
    level text NOT NULL,
    conceded integer NOT NULL,
    hands integer NOT NULL,
    score integer NOT NULL,
    won integer NOT NULL,
    place integer NOT NULL,
    moons_shot integer NOT NULL,
    moons_suffered integer NOT NULL,
    queens integer NOT NULL,
    trickless integer NOT NULL,
    moon_stops integer NOT NULL,
    worst_total integer NOT NULL,
    UNIQUE(player, table_id)
);
CREATE INDEX player_games_in_order ON player_games(player, id);
)sql";

// Version 2: achievements (model/achievements.h), and what a player looks like: the face they
// picked (-1: none yet) and the item of an achievement they wear (''); whether a computer
// played for the person in a game. Awarded to
// everyone from the games they finished before (`backfill_achievements`).
constexpr const char* kSchemaV2 = R"sql(
ALTER TABLE players ADD COLUMN face integer NOT NULL DEFAULT -1;
ALTER TABLE players ADD COLUMN wearing text NOT NULL DEFAULT '';
ALTER TABLE player_games ADD COLUMN helped integer NOT NULL DEFAULT 0;
CREATE TABLE achievements(
    player text NOT NULL REFERENCES players(id),
    id text NOT NULL,
    table_id text NOT NULL REFERENCES tables(id),
    at_ms bigint NOT NULL,
    PRIMARY KEY(player, id)
);
)sql";

struct Migration {
    int version;
    const char* sql;
};
// Each version's migration, in order. A database records the versions it has in
// `hearts_schema`; a new one gets them all.
// Version 3: the secret each table's deals are committed with (model/fair.h; '' for the tables
// opened before, whose deals carry no commitment); a finished game's share link ('' until
// everyone who played it allowed it: share_votes; table_people is everyone who ever held
// a seat there, whose votes a share needs).
constexpr const char* kSchemaV3 = R"sql(
ALTER TABLE tables ADD COLUMN salt text NOT NULL DEFAULT '';
ALTER TABLE tables ADD COLUMN share text NOT NULL DEFAULT '';
CREATE UNIQUE INDEX tables_by_share ON tables(share) WHERE share <> '';
CREATE TABLE share_votes(
    table_id text NOT NULL REFERENCES tables(id),
    player text NOT NULL REFERENCES players(id),
    PRIMARY KEY(table_id, player)
);
CREATE TABLE table_people(
    table_id text NOT NULL REFERENCES tables(id),
    player text NOT NULL REFERENCES players(id),
    PRIMARY KEY(table_id, player)
);
)sql";

// Version 4: the daily deal (docs/protocol.md, "The daily deal"): each day's seed, drawn
// the first time someone starts that day's game; a table's day when it is a daily deal's
// game (one a player a day: the unique index), and once it is finished its owner's points
// in each hand ("0,13,0,0"). The number a player mixed into a game's seed (model/fair.h). And
// the reviews made of finished games, kept with them (docs/protocol.md, "Reviews").
constexpr const char* kSchemaV4 = R"sql(
CREATE TABLE daily_deals(
    day text PRIMARY KEY,
    seed text NOT NULL
);
ALTER TABLE tables ADD COLUMN daily text NOT NULL DEFAULT '';
ALTER TABLE tables ADD COLUMN daily_points text NOT NULL DEFAULT '';
ALTER TABLE tables ADD COLUMN nonce text NOT NULL DEFAULT '';
CREATE UNIQUE INDEX tables_by_day ON tables(daily, owner) WHERE daily <> '';
CREATE TABLE reviews(
    table_id text NOT NULL REFERENCES tables(id),
    seat integer NOT NULL CHECK(seat BETWEEN 0 AND 3),
    review text NOT NULL,
    PRIMARY KEY(table_id, seat)
);
)sql";

// Version 5: which node holds each table a cluster's node claimed (store/pg/claims.h): the row
// is written with the claim and deleted when the node lets go, so a row left behind says
// that its node may still show the table from memory for a moment.
constexpr const char* kSchemaV5 = R"sql(
CREATE TABLE table_holders(
    table_id text PRIMARY KEY,
    holder text NOT NULL,
    since_ms bigint NOT NULL
);
)sql";

// Version 6: ratings (docs/ratings.md): each player's rating on each board (a rule set), and
// every change a rated game made to it, written in the transaction that stores the game's
// end (store/core.h, `finish_game`).
constexpr const char* kSchemaV6 = R"sql(
CREATE TABLE ratings(
    player text NOT NULL REFERENCES players(id),
    board text NOT NULL,
    mu double precision NOT NULL,
    sigma double precision NOT NULL,
    games integer NOT NULL,
    at_ms bigint NOT NULL,
    PRIMARY KEY(player, board)
);
CREATE TABLE rating_changes(
    player text NOT NULL REFERENCES players(id),
    board text NOT NULL,
    table_id text NOT NULL REFERENCES tables(id),
    at_ms bigint NOT NULL,
    place integer NOT NULL,
    mu_before double precision NOT NULL,
    sigma_before double precision NOT NULL,
    mu double precision NOT NULL,
    sigma double precision NOT NULL,
    games integer NOT NULL,
    counted double precision NOT NULL,
    reason text NOT NULL,
    PRIMARY KEY(player, board, table_id)
);
CREATE INDEX rating_changes_by_table ON rating_changes(table_id);
)sql";

// Version 7: each cluster node's last sign of life, by the database's clock (store/pg/claims.h,
// "A restart"): a node that held tables when PostgreSQL restarted keeps them if it comes
// back within the takeover wait.
constexpr const char* kSchemaV7 = R"sql(
CREATE TABLE node_beats(
    holder text PRIMARY KEY,
    at timestamptz NOT NULL
);
)sql";

// Version 8: the leaderboards' index (docs/ratings.md, "Leaderboards"): each board's ranked
// players (10 rated games or more) by their shown rating, best first: the ordinal
// mu - 3 sigma, a column of its own, and `games` in the index too, so that the index
// alone answers a rank's count.
constexpr const char* kSchemaV8 = R"sql(
ALTER TABLE ratings ADD COLUMN ordinal double precision NOT NULL DEFAULT 0;
UPDATE ratings SET ordinal = mu - 3 * sigma;
CREATE INDEX ratings_ranked ON ratings(board, ordinal DESC, player, games) WHERE games >= 10;
)sql";

// Version 9: the leaderboards list only the players who played a rated game there in the
// last 30 days: `at_ms` joins the index, which still answers a rank's count alone.
constexpr const char* kSchemaV9 = R"sql(
DROP INDEX ratings_ranked;
CREATE INDEX ratings_ranked ON ratings(board, ordinal DESC, player, games, at_ms)
    WHERE games >= 10;
)sql";

// Version 10: the language each player chose for the page (model/languages.h; '': none
// yet, the browser's languages choose).
constexpr const char* kSchemaV10 = R"sql(
ALTER TABLE players ADD COLUMN lang text NOT NULL DEFAULT '';
)sql";

constexpr Migration kMigrations[] = {
    {1, kSchemaV1}, {2, kSchemaV2}, {3, kSchemaV3}, {4, kSchemaV4}, {5, kSchemaV5},
    {6, kSchemaV6}, {7, kSchemaV7}, {8, kSchemaV8}, {9, kSchemaV9}, {10, kSchemaV10}};
constexpr int kSchemaVersion = 10;

// Version 2 awards the achievements of the games finished before it.
Status backfill_achievements(pg::Connection& c) {
    auto r = c.run("SELECT DISTINCT player FROM player_games ORDER BY player");
    if (!r) return r.error();
    PgSession session(c);
    for (int i = 0; i < r->size(); ++i)
        if (Status s = SqlStore::award_achievements(session, r->text(i, 0)); !s) return s;
    return {};
}

}  // namespace

// Creates or upgrades the schema, one server at a time (the migration lock is held to
// the end of the transaction); refuses a database written by a newer program.
Status migrate(pg::Connection& c) {
    auto tx = pg::Transaction::begin(c);
    if (!tx) return tx.error();
    if (auto locked =
            c.run("SELECT pg_advisory_xact_lock($1)", {std::to_string(PgStore::kMigrationLock)});
        !locked)
        return locked.error();
    if (Status s = c.exec("CREATE TABLE IF NOT EXISTS hearts_schema(version integer PRIMARY KEY, "
                          "applied timestamptz NOT NULL DEFAULT now())",
                          "creating the schema's version table");
        !s)
        return s;
    auto version = c.run("SELECT COALESCE(max(version), 0) FROM hearts_schema");
    if (!version) return version.error();
    const std::int64_t have = version->integer(0, 0);
    if (have > kSchemaVersion) {
        return Error{"database: schema version " + std::to_string(have) +
                     " is not one this program knows (it writes version " +
                     std::to_string(kSchemaVersion) + ")"};
    }
    for (const Migration& m : kMigrations) {
        if (m.version <= have) continue;
        const std::string what = "upgrading the schema to version " + std::to_string(m.version);
        if (Status s = c.exec(m.sql, what); !s) return s;
        if (m.version == 2)
            if (Status s = backfill_achievements(c); !s) return s;
        if (auto r =
                c.run("INSERT INTO hearts_schema(version) VALUES($1)", {std::to_string(m.version)});
            !r)
            return r.error();
    }
    return tx.value().commit();
}

}  // namespace hearts::server
