// The SQLite store. A game is stored as what rebuilds it exactly: its setup (rules, seed,
// names, bot level) and its actions, one row each, appended in order and never changed.
// Finished games also keep their full record, for replays and the record endpoint.
//
// Durability: WAL with synchronous=FULL makes every commit reach the disk before
// sqlite3_step returns, so an action the server acknowledged survives a kill -9 or a
// power cut. Secrets: a token is generated from getrandom(2), handed to its player once,
// and stored only as its SHA-256; checking compares hashes in constant time.
//
// Every SQLite call's result is checked; a failure becomes an Error carrying
// sqlite3_errmsg. Nothing here throws.
#include "store.h"

#include <fcntl.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <sqlite3.h>
#include <sys/file.h>
#include <sys/random.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string_view>
#include <utility>

#include "action_log.h"
#include "hearts/ai/bot.h"
#include "hearts/record.h"
#include "sqlite.h"

namespace hearts::server {
namespace {

constexpr int kSchemaVersion = 5;
constexpr int kBusyTimeoutMs = 5000;
constexpr std::size_t kPlayerIdChars = 16;
constexpr std::size_t kTokenChars = 32;  // 160 bits
constexpr std::size_t kTableIdChars = 8;
constexpr int kTableIdAttempts = 16;  // 40 bits each: a collision is already rare
constexpr std::size_t kHashBytes = 32;

// Crockford's base32 in lower case: no i, l, o or u, so a code read aloud or copied by
// hand is not misread.
constexpr std::string_view kAlphabet = "0123456789abcdefghjkmnpqrstvwxyz";
static_assert(kAlphabet.size() == 32);

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
constexpr std::int64_t kVoteReady = 1, kVoteTimerOff = 2, kVoteRematch = 4;

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

std::int64_t now_seconds() {
    return std::chrono::duration_cast<std::chrono::seconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

}  // namespace

namespace {

using Hash = std::array<unsigned char, kHashBytes>;

std::optional<Hash> sha256(std::string_view text) {
    Hash out{};
    unsigned int size = 0;
    if (EVP_Digest(text.data(), text.size(), out.data(), &size, EVP_sha256(), nullptr) != 1 ||
        size != kHashBytes) {
        return std::nullopt;
    }
    return out;
}

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

Expected<int> schema_version(Connection& db) {
    auto text = query_text(db, "PRAGMA user_version");
    if (!text) return text.error();
    return std::atoi(text->c_str());
}

Status backfill_player_games(Connection& db);

// Creates the schema on a new database; refuses one written by a newer program. The
// version is read again inside the write transaction: two servers starting on one new
// file must not both create the tables.
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
    if (*version < 4) {
        if (Status s = exec(db, kSchemaV4, "upgrading the schema to version 4"); !s) return s;
        if (Status s = backfill_player_games(c); !s) return s;
    }
    // Version 5: the action journal (action_log.h). An `actions` row may hold several
    // actions, one a line: a row of one action, as before, is one such run.
    if (Status s = exec(db, ActionLog::kSchema, "upgrading the schema to version 5"); !s) return s;
    const std::string set_version = "PRAGMA user_version = " + std::to_string(kSchemaVersion);
    if (Status s = exec(db, set_version.c_str(), "setting the schema version"); !s) return s;
    return tx.value().commit();
}

std::string names_json(const SeatNames& names) {
    return nlohmann::json(names).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

Expected<SeatNames> parse_names(const std::string& text) {
    const auto j = nlohmann::json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_array() || j.size() != std::size_t(kSeats))
        return Error{"names: expected a JSON array of 4 names"};
    SeatNames names;
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (!j[i].is_string()) return Error{"names: expected a JSON array of 4 names"};
        names[i] = j[i].get<std::string>();
    }
    return names;
}

Expected<std::uint64_t> parse_seed(const std::string& text) {
    std::uint64_t seed = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), seed);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size())
        return Error{"seed: expected a decimal number, got '" + text + "'"};
    return seed;
}

// A table's row (id, owner, rules, seed, names, bot_level) as a setup.
Expected<TableSetup> read_setup(const Statement& row) {
    TableSetup setup;
    setup.id = row.text(0);
    setup.owner = row.text(1);
    const auto fail = [&](const Error& e) { return Error{"table " + setup.id + ": " + e.reason}; };
    auto rules = parse_rules(row.text(2));
    if (!rules) return fail(Error{"rules: " + rules.error().reason});
    setup.rules = *rules;
    auto seed = parse_seed(row.text(3));
    if (!seed) return fail(seed.error());
    setup.seed = *seed;
    auto names = parse_names(row.text(4));
    if (!names) return fail(names.error());
    setup.names = *names;
    setup.bot_level = row.text(5);
    auto kind = parse_table_kind(row.text(6));
    if (!kind) return fail(kind.error());
    setup.kind = *kind;
    setup.started = row.integer(7) != 0;
    setup.timer = int(row.integer(8));
    const std::int64_t host = row.integer(9);
    if (host < 0 || host >= kSeats) return fail(Error{"host: not a seat"});
    setup.host = Seat(host);
    setup.ended = row.text(10);
    setup.next = row.text(11);
    setup.created_ms = row.integer(12) * 1000;  // stored in seconds
    return setup;
}

constexpr const char* kSetupColumns =
    "id, owner, rules, seed, names, bot_level, kind, started, timer, host, ended, next, created";

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
        const std::int64_t votes = st.integer(4);
        setup.seats[std::size_t(seat)] = SeatHolder{st.text(1),
                                                    st.integer(2) != 0,
                                                    st.integer(3) != 0,
                                                    (votes & kVoteReady) != 0,
                                                    (votes & kVoteTimerOff) != 0,
                                                    (votes & kVoteRematch) != 0};
    }
}

Status insert_player_games(Connection& db, const std::string& table,
                           const std::vector<PlayerGame>& rows, std::int64_t finished_ms) {
    if (rows.empty()) return {};
    auto stmt = Statement::prepare(
        db,
        "INSERT OR IGNORE INTO player_games(player, table_id, seat, finished_ms, with_people, "
        "level, conceded, hands, score, won, place, moons_shot, moons_suffered, queens, "
        "trickless, moon_stops, worst_total) "
        "VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17)");
    if (!stmt) return stmt.error();
    Statement& in = stmt.value();
    for (const PlayerGame& g : rows) {
        const SeatSummary& m = g.summary;
        const std::int64_t numbers[] = {m.hands,      m.score,          m.won,    m.place,
                                        m.moons_shot, m.moons_suffered, m.queens, m.trickless,
                                        m.moon_stops, m.worst_total};
        if (Status s = in.bind(1, g.player); !s) return s;
        if (Status s = in.bind(2, table); !s) return s;
        if (Status s = in.bind(3, std::int64_t(g.seat)); !s) return s;
        if (Status s = in.bind(4, finished_ms); !s) return s;
        if (Status s = in.bind(5, std::int64_t(g.with_people)); !s) return s;
        if (Status s = in.bind(6, g.level); !s) return s;
        if (Status s = in.bind(7, std::int64_t(g.conceded)); !s) return s;
        for (int k = 0; k < 10; ++k)
            if (Status s = in.bind(8 + k, numbers[k]); !s) return s;
        if (Status s = in.run(); !s) return s;
        if (Status s = in.reset(); !s) return s;
    }
    return {};
}

// Version 4 reads the games that finished before it from their records, so nobody's
// statistics start from nothing. A row that does not read (a record from an older
// program with a flaw) is left out of the statistics; the game itself is untouched.
Status backfill_player_games(Connection& db) {
    auto stmt = Statement::prepare(db, std::string("SELECT ") + kSetupColumns +
                                           ", record FROM tables WHERE finished = 1 AND "
                                           "record IS NOT NULL ORDER BY created, rowid");
    if (!stmt) return stmt.error();
    Statement& st = stmt.value();
    for (;;) {
        auto row = st.step();
        if (!row) return row.error();
        if (!*row) return {};
        auto setup = read_setup(st);
        if (!setup) continue;
        if (Status s = read_seats(db, setup.value()); !s) return s;
        auto game = load_record(st.text(13));
        if (!game) continue;
        if (Status s =
                insert_player_games(db, setup->id, player_games(*setup, *game), setup->created_ms);
            !s)
            return s;
    }
}

// Writes the parts of a table that change (names, seats, state) over the stored row.
Status write_meta(Connection& db, const TableSetup& setup) {
    auto update = Statement::prepare(db,
                                     "UPDATE tables SET owner = ?2, names = ?3, kind = ?4, "
                                     "started = ?5, timer = ?6, host = ?7, ended = ?8, next = ?9 "
                                     "WHERE id = ?1");
    if (!update) return update.error();
    Statement& up = update.value();
    if (Status s = up.bind(1, setup.id); !s) return s;
    if (Status s = up.bind(2, setup.owner); !s) return s;
    if (Status s = up.bind(3, names_json(setup.names)); !s) return s;
    if (Status s = up.bind(4, to_string(setup.kind)); !s) return s;
    if (Status s = up.bind(5, std::int64_t(setup.started)); !s) return s;
    if (Status s = up.bind(6, std::int64_t(setup.timer)); !s) return s;
    if (Status s = up.bind(7, std::int64_t(setup.host)); !s) return s;
    if (Status s = up.bind(8, setup.ended); !s) return s;
    if (Status s = up.bind(9, setup.next); !s) return s;
    if (Status s = up.run(); !s) return s;
    if (sqlite3_changes(db.handle()) != 1)
        return Error{"table " + setup.id + ": there is no such table"};

    auto clear = Statement::prepare(db, "DELETE FROM seats WHERE table_id = ?1");
    if (!clear) return clear.error();
    if (Status s = clear.value().bind(1, setup.id); !s) return s;
    if (Status s = clear.value().run(); !s) return s;
    auto insert =
        Statement::prepare(db,
                           "INSERT INTO seats(table_id, seat, player, away, conceded, votes) "
                           "VALUES(?1, ?2, ?3, ?4, ?5, ?6)");
    if (!insert) return insert.error();
    Statement& in = insert.value();
    for (std::size_t k = 0; k < setup.seats.size(); ++k) {
        const SeatHolder& h = setup.seats[k];
        if (h.player.empty()) continue;
        if (Status s = in.reset(); !s) return s;
        if (Status s = in.bind(1, setup.id); !s) return s;
        if (Status s = in.bind(2, std::int64_t(k)); !s) return s;
        if (Status s = in.bind(3, h.player); !s) return s;
        if (Status s = in.bind(4, std::int64_t(h.away)); !s) return s;
        if (Status s = in.bind(5, std::int64_t(h.conceded)); !s) return s;
        const std::int64_t votes = (h.ready ? kVoteReady : 0) | (h.timer_vote ? kVoteTimerOff : 0) |
                                   (h.rematch_vote ? kVoteRematch : 0);
        if (Status s = in.bind(6, votes); !s) return s;
        if (Status s = in.run(); !s) return s;
    }
    return {};
}

// Locks `<data_dir>/hearts.lock` for this process (flock: the kernel lets go when the
// process ends, even by kill -9). Returns the open descriptor that holds the lock.
Expected<int> lock_folder(const std::string& data_dir) {
    const std::string path = (std::filesystem::path(data_dir) / "hearts.lock").string();
    const int fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) return Error{"cannot open " + path + ": " + std::strerror(errno)};
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
        const int why = errno;
        char pid[32] = {};
        const ssize_t got = ::pread(fd, pid, sizeof pid - 1, 0);
        ::close(fd);
        if (why != EWOULDBLOCK) return Error{"cannot lock " + path + ": " + std::strerror(why)};
        std::string holder = got > 0 ? std::string(pid, std::size_t(got)) : "";
        while (!holder.empty() && (holder.back() == '\n' || holder.back() == ' '))
            holder.pop_back();
        return Error{"another program uses the data folder " + data_dir +
                     (holder.empty() ? "" : " (process " + holder + ")") +
                     ": stop it first, or give this one a folder of its own (--data-dir)"};
    }
    const std::string mine = std::to_string(::getpid()) + "\n";
    if (::ftruncate(fd, 0) != 0 || ::pwrite(fd, mine.data(), mine.size(), 0) < 0) {
        // Only the message to a second program would lack the number.
    }
    return fd;
}

// Fills `out` from the OS's secure source. Without one no secret can be made safely, so
// a failure other than an interrupted call ends the program rather than weaken tokens.
void fill_random(unsigned char* out, std::size_t size) {
    while (size > 0) {
        const ssize_t got = getrandom(out, size, 0);
        if (got < 0) {
            if (errno == EINTR) continue;
            std::perror("getrandom");
            std::abort();
        }
        out += got;
        size -= std::size_t(got);
    }
}

}  // namespace

// The SQLite store. Its one connection is used under `mutex_` only.
class SqliteStore final : public Store {
  public:
    static Expected<std::unique_ptr<SqliteStore>> open(const std::string& data_dir);
    ~SqliteStore() override;

    Expected<NewPlayer> create_player() override;
    bool check_player(const std::string& id, const std::string& token) override;
    Expected<std::string> new_table_id() override;
    Status create_table(const TableSetup& setup) override;
    Status append_action(const std::string& table, std::int64_t seq, const Action& action) override;
    Status save_meta(const TableSetup& setup) override;
    using Store::finish_table;
    Status finish_table(const FinishWrite& write) override;
    std::vector<Status> write_groups(const std::vector<std::vector<TableWrite>>& groups) override;
    Expected<std::vector<StoredTable>> unfinished_tables() override;
    Expected<std::vector<StoredTable>> waiting_tables() override;
    Expected<std::optional<StoredTable>> unfinished_table(const std::string& table) override;
    Expected<std::vector<std::string>> games_alone(const std::string& player) override;
    Expected<std::vector<std::string>> player_tables(const std::string& player) override;
    Expected<std::string> finished_record(const std::string& table,
                                          const std::string& player) override;
    Expected<PlayerStats> player_stats(const std::string& player) override;
    Status set_name(const std::string& player, const std::string& name) override;
    Expected<std::optional<std::string>> name_of(const std::string& player) override;
    Expected<bool> player_exists(const std::string& player) override;
    Status append_chat(const std::string& table, const ChatLine& line) override;
    Expected<std::vector<ChatLine>> recent_chat(const std::string& table, int count) override;
    Status set_relation(const std::string& player, const std::string& other, RelationKind kind,
                        bool on) override;
    Expected<Relations> relations(const std::string& player) override;
    std::size_t kept_statements() override;

  private:
    SqliteStore() = default;
    /// Tables matching the SQL condition `where` (with ?1.. bound to `args`), oldest
    /// first, with their seats and actions. Called with the lock held.
    Expected<std::vector<StoredTable>> read_tables(const std::string& where,
                                                   const std::vector<std::string>& args);
    /// The ids `sql` selects, with ?1 bound to `player`.
    Expected<std::vector<std::string>> player_ids(const char* sql, const std::string& player);
    // One write, inside a transaction the caller holds (with the lock held).
    Status write_one(const TableWrite& write);
    Status finish_table_in(const FinishWrite& w);
    Status create_table_in(const TableSetup& setup);
    Status append_chat_in(const ChatWrite& w);
    std::mutex mutex_;
    sqlite3* db_ = nullptr;
    std::unique_ptr<Connection> conn_;
    ActionLog log_;
    int lock_fd_ = -1;  // the data folder's lock, held while the store is open
    // Reads that need no action log go through a connection of their own, so they never
    // wait behind group commit's transaction and its sync (WAL lets them read meanwhile,
    // the last committed state).
    std::mutex read_mutex_;
    sqlite3* read_db_ = nullptr;
    std::unique_ptr<Connection> read_;
};

std::vector<PlayerGame> player_games(const TableSetup& setup, const Game& game) {
    std::vector<PlayerGame> out;
    // A game that did not reach its end counts only for those who gave it up (the last
    // person to concede ends the table): conceding never spares a loss.
    const bool over = game.phase() == Phase::GameOver;
    const auto summary = summarize(game);
    int seated = 0, computers = 0;
    for (const SeatHolder& h : setup.seats) {
        seated += !h.player.empty();
        computers += !h.person();  // a seat nobody held, or one given up
    }
    for (Seat s : kAllSeats) {
        const SeatHolder& h = setup.seats[std::size_t(s)];
        if (h.player.empty() || (!over && !h.conceded)) continue;
        PlayerGame row{h.player,   s,
                       seated > 1, computers ? setup.bot_level : "",
                       h.conceded, summary[std::size_t(s)]};
        if (h.conceded) row.summary.won = false;
        out.push_back(std::move(row));
    }
    return out;
}

std::string random_code(int chars) {
    if (chars <= 0) return {};
    std::string bytes(std::size_t(chars), '\0');
    fill_random(reinterpret_cast<unsigned char*>(bytes.data()), bytes.size());
    // 256 is a multiple of 32, so the low 5 bits of a uniform byte are uniform.
    for (char& c : bytes) c = kAlphabet[static_cast<unsigned char>(c) & 31];
    return bytes;
}

Expected<std::unique_ptr<Store>> Store::open(const std::string& data_dir) {
    auto sqlite = SqliteStore::open(data_dir);
    if (!sqlite) return sqlite.error();
    return std::unique_ptr<Store>(std::move(sqlite).value());
}

Expected<std::unique_ptr<SqliteStore>> SqliteStore::open(const std::string& data_dir) {
    std::error_code ec;
    std::filesystem::create_directories(data_dir, ec);
    if (ec) return Error{"cannot create the folder " + data_dir + ": " + ec.message()};
    const std::string path = (std::filesystem::path(data_dir) / "hearts.db").string();

    std::unique_ptr<SqliteStore> store(new SqliteStore());
    // One program writes the database: the store knows from memory which action of a
    // table comes next (action_log.h), so a second server on the same folder is refused
    // rather than let the two write over each other's games.
    auto lock = lock_folder(data_dir);
    if (!lock) return lock.error();
    store->lock_fd_ = *lock;
    // The connection is used by one thread at a time (under the store's lock): SQLite's
    // own mutexes would only cost time.
    const int rc =
        sqlite3_open_v2(path.c_str(), &store->db_,
                        SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr);
    if (rc != SQLITE_OK) return sqlite_error(store->db_, "opening " + path);
    store->conn_ = std::make_unique<Connection>(store->db_);
    if (Status s = configure(*store->conn_); !s) return s.error();
    if (Status s = migrate(*store->conn_); !s) return s.error();
    // What the journal holds (after a crash) goes to its tables before anyone reads them.
    auto tx = Transaction::begin(*store->conn_);
    if (!tx) return tx.error();
    if (Status s = store->log_.recover(*store->conn_); !s) return s.error();
    if (Status s = tx.value().commit(); !s) return s.error();
    if (sqlite3_open_v2(path.c_str(), &store->read_db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX,
                        nullptr) != SQLITE_OK)
        return sqlite_error(store->read_db_, "opening " + path + " to read");
    store->read_ = std::make_unique<Connection>(store->read_db_);
    if (Status s = configure(*store->read_); !s) return s.error();
    if (Status s = exec(store->read_db_, "PRAGMA query_only=1", "making the reader read only"); !s)
        return s.error();
    return store;
}

SqliteStore::~SqliteStore() {
    if (conn_) {
        // A store that closes leaves its journal empty, so the next start has nothing to
        // recover. Best effort: whatever stays is recovered then.
        if (auto tx = Transaction::begin(*conn_)) {
            log_.end_commit(log_.fold_all(*conn_) && tx.value().commit());
        }
    }
    read_.reset();
    sqlite3_close_v2(read_db_);
    conn_.reset();  // finalizes the kept statements, so close_v2 closes right away
    sqlite3_close_v2(db_);
    if (lock_fd_ >= 0) ::close(lock_fd_);  // and the lock goes with it
}

Expected<NewPlayer> SqliteStore::create_player() {
    std::lock_guard lock(mutex_);
    NewPlayer player{"p_" + random_code(int(kPlayerIdChars)), random_code(int(kTokenChars))};
    const auto hash = sha256(player.token);
    if (!hash) return Error{"cannot hash the token (OpenSSL's SHA-256 failed)"};
    auto stmt = Statement::prepare(
        *conn_, "INSERT INTO players(id, token_hash, created) VALUES(?1, ?2, ?3)");
    if (!stmt) return stmt.error();
    Statement& st = stmt.value();
    if (Status s = st.bind(1, player.id); !s) return s.error();
    if (Status s = st.bind_blob(2, hash->data(), hash->size()); !s) return s.error();
    if (Status s = st.bind(3, now_seconds()); !s) return s.error();
    if (Status s = st.run(); !s) return s.error();
    return player;
}

bool SqliteStore::check_player(const std::string& id, const std::string& token) {
    std::lock_guard lock(read_mutex_);
    const auto hash = sha256(token);
    if (!hash) return false;
    auto stmt = Statement::prepare(*read_, "SELECT token_hash FROM players WHERE id = ?1");
    if (!stmt) return false;
    Statement& st = stmt.value();
    if (!st.bind(1, id)) return false;
    auto row = st.step();
    if (!row || !*row) return false;
    const std::string stored = st.blob(0);
    return stored.size() == kHashBytes &&
           CRYPTO_memcmp(stored.data(), hash->data(), kHashBytes) == 0;
}

Expected<std::string> SqliteStore::new_table_id() {
    std::lock_guard lock(read_mutex_);
    auto stmt = Statement::prepare(*read_, "SELECT 1 FROM tables WHERE id = ?1");
    if (!stmt) return stmt.error();
    Statement& st = stmt.value();
    for (int attempt = 0; attempt < kTableIdAttempts; ++attempt) {
        std::string id = random_code(int(kTableIdChars));
        if (Status s = st.reset(); !s) return s.error();
        if (Status s = st.bind(1, id); !s) return s.error();
        auto row = st.step();
        if (!row) return row.error();
        if (!*row) return id;
    }
    return Error{"could not find an unused table id in " + std::to_string(kTableIdAttempts) +
                 " attempts"};
}

Status SqliteStore::create_table(const TableSetup& setup) {
    return write_groups({{CreateWrite{setup}}}).front();
}

Status SqliteStore::create_table_in(const TableSetup& setup) {
    auto stmt = Statement::prepare(*conn_,
                                   "INSERT INTO tables(id, owner, rules, seed, names, bot_level, "
                                   "finished, record, created) "
                                   "VALUES(?1, ?2, ?3, ?4, ?5, ?6, 0, NULL, ?7)");
    if (!stmt) return stmt.error();
    Statement& st = stmt.value();
    if (Status s = st.bind(1, setup.id); !s) return s;
    if (Status s = st.bind(2, setup.owner); !s) return s;
    if (Status s = st.bind(3, to_string(setup.rules)); !s) return s;
    if (Status s = st.bind(4, std::to_string(setup.seed)); !s) return s;
    if (Status s = st.bind(5, names_json(setup.names)); !s) return s;
    if (Status s = st.bind(6, setup.bot_level); !s) return s;
    const std::int64_t created = setup.created_ms ? setup.created_ms / 1000 : now_seconds();
    if (Status s = st.bind(7, created); !s) return s;
    if (Status s = st.run(); !s) return s;
    return write_meta(*conn_, setup);
}

Status SqliteStore::save_meta(const TableSetup& setup) {
    std::lock_guard lock(mutex_);
    auto tx = Transaction::begin(*conn_);
    if (!tx) return tx.error();
    if (Status s = write_meta(*conn_, setup); !s) return s;
    return tx.value().commit();
}

Status SqliteStore::append_action(const std::string& table, std::int64_t seq,
                                  const Action& action) {
    return write_groups({{ActionWrite{table, seq, action}}}).front();
}

Status SqliteStore::finish_table(const FinishWrite& write) {
    return write_groups({{write}}).front();
}

Status SqliteStore::finish_table_in(const FinishWrite& w) {
    auto stmt = Statement::prepare(
        *conn_, "UPDATE tables SET finished = 1, record = ?2 WHERE id = ?1 AND finished = 0");
    if (!stmt) return stmt.error();
    Statement& st = stmt.value();
    if (Status s = st.bind(1, w.table); !s) return s;
    if (Status s = st.bind(2, w.record_json); !s) return s;
    if (Status s = st.run(); !s) return s;
    if (sqlite3_changes(db_) != 1)
        return Error{"table " + w.table + ": there is no such unfinished table"};
    log_.stage_finished(w.table);
    const auto now_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                            std::chrono::system_clock::now().time_since_epoch())
                            .count();
    return insert_player_games(*conn_, w.table, w.players, now_ms);
}

Status SqliteStore::write_one(const TableWrite& write) {
    if (auto* w = std::get_if<ActionWrite>(&write)) return log_.stage(*conn_, *w);
    if (auto* w = std::get_if<MetaWrite>(&write)) return write_meta(*conn_, w->setup);
    if (auto* w = std::get_if<FinishWrite>(&write)) return finish_table_in(*w);
    if (auto* w = std::get_if<CreateWrite>(&write)) return create_table_in(w->setup);
    return append_chat_in(std::get<ChatWrite>(write));
}

// One transaction for every group; a savepoint per group that writes more than actions,
// so a group that fails takes back its own writes and nobody else's. The actions of
// every group go into one journal row (action_log.h). The one COMMIT is the one sync to
// disk.
std::vector<Status> SqliteStore::write_groups(const std::vector<std::vector<TableWrite>>& groups) {
    std::vector<Status> out(groups.size());
    if (groups.empty()) return out;
    std::lock_guard lock(mutex_);
    bool committed = false;
    struct Forget {  // whatever the way out, the action log ends this commit
        ActionLog& log;
        const bool& committed;
        ~Forget() {
            log.end_group(false);
            log.end_commit(committed);
        }
    } forget{log_, committed};
    const auto all = [&](const Error& e) {
        for (Status& s : out)
            if (s) s = e;
        return out;
    };
    auto tx = Transaction::begin(*conn_);
    if (!tx) return all(tx.error());
    for (std::size_t g = 0; g < groups.size(); ++g) {
        const bool actions_only =
            std::all_of(groups[g].begin(), groups[g].end(),
                        [](const TableWrite& w) { return std::holds_alternative<ActionWrite>(w); });
        if (!actions_only) {
            if (Status s = run_kept(*conn_, "SAVEPOINT table_writes"); !s) return all(s.error());
        }
        for (const TableWrite& w : groups[g]) {
            out[g] = write_one(w);
            if (!out[g]) break;
        }
        log_.end_group(bool(out[g]));
        if (actions_only) continue;
        if (!out[g]) {
            if (Status s = run_kept(*conn_, "ROLLBACK TO table_writes"); !s) return all(s.error());
        }
        if (Status s = run_kept(*conn_, "RELEASE table_writes"); !s) return all(s.error());
    }
    if (Status s = log_.flush(*conn_); !s) return all(s.error());
    if (Status s = tx.value().commit(); !s) return all(s.error());
    committed = true;
    return out;
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
        "(SELECT COUNT(*) FROM seats s WHERE s.table_id = t.id AND s.conceded = 0) <= 1 "
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
        StatsTotals& a = out.all;
        a.games += t.games, a.won += t.won, a.hands += t.hands, a.points += t.points;
        a.moons_shot += t.moons_shot, a.moons_suffered += t.moons_suffered;
        a.queens += t.queens, a.trickless += t.trickless, a.moon_stops += t.moon_stops;
        a.conceded += t.conceded;
        out.groups.push_back(std::move(group));
    }
    // Alone first, then with people; the levels from the weakest up.
    const auto levels = ai::bot_levels();
    const auto rank = [&](const std::string& level) {
        return std::find(levels.begin(), levels.end(), level) - levels.begin();
    };
    std::stable_sort(out.groups.begin(), out.groups.end(),
                     [&](const StatsGroup& x, const StatsGroup& y) {
                         if (x.with_people != y.with_people) return !x.with_people;
                         return rank(x.level) < rank(y.level);
                     });

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
