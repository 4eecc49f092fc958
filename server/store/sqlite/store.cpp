// The SQLite store. A game is stored as what rebuilds it exactly: its setup (rules, seed,
// names, bot level) and its actions, one row each, appended in order and never changed.
// Finished games also keep their full record, for replays and the record endpoint.
// This file opens the store and holds group commit's transaction; store/sqlite/reads.cpp
// its connections for the store core (store/core.h) and its tables with their actions,
// and store/sqlite/schema.cpp the schema.
//
// Durability: WAL with synchronous=FULL makes every commit reach the disk before
// sqlite3_step returns, so an action the server acknowledged survives a kill -9 or a
// power cut. Secrets: a token is generated from getrandom(2), handed to its player once,
// and stored only as its SHA-256; checking compares hashes in constant time.
//
// Every SQLite call's result is checked; a failure becomes an Error carrying
// sqlite3_errmsg. Nothing here throws.
#include "store/sqlite/store.h"

#include "store/sqlite/session.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/random.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <optional>
#include <string_view>
#include <utility>

#include "hearts/ai/bot.h"
#include "hearts/record.h"

namespace hearts::server {
namespace {

// Crockford's base32 in lower case: no i, l, o or u, so a code read aloud or copied by
// hand is not misread.
constexpr std::string_view kAlphabet = "0123456789abcdefghjkmnpqrstvwxyz";
static_assert(kAlphabet.size() == 32);

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
        if (Status s = in.bind(6, votes_of(h)); !s) return s;
        if (Status s = in.run(); !s) return s;
    }
    // Everyone who ever held a seat here stays on record: sharing the game needs them all.
    auto people = Statement::prepare(db,
                                     "INSERT OR IGNORE INTO table_people(table_id, player) "
                                     "SELECT table_id, player FROM seats WHERE table_id = ?1");
    if (!people) return people.error();
    if (Status s = people.value().bind(1, setup.id); !s) return s;
    return people.value().run();
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
        PlayerGame row{h.player,
                       s,
                       seated > 1,
                       computers ? setup.bot_level : "",
                       h.conceded,
                       h.helped,
                       summary[std::size_t(s)]};
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
    // table comes next (store/sqlite/action_log.h), so a second server on the same folder is
    // refused rather than let the two write over each other's games.
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

Status SqliteStore::create_table_in(const TableSetup& setup) {
    auto stmt = Statement::prepare(*conn_,
                                   "INSERT INTO tables(id, owner, rules, seed, names, bot_level, "
                                   "finished, record, created, salt, daily, nonce) "
                                   "VALUES(?1, ?2, ?3, ?4, ?5, ?6, 0, NULL, ?7, ?8, ?9, ?10)");
    if (!stmt) return stmt.error();
    Statement& st = stmt.value();
    if (Status s = st.bind(1, setup.id); !s) return s;
    if (Status s = st.bind(2, setup.owner); !s) return s;
    if (Status s = st.bind(3, to_string(setup.rules)); !s) return s;
    if (Status s = st.bind(4, std::to_string(setup.seed)); !s) return s;
    if (Status s = st.bind(5, names_json(setup.names)); !s) return s;
    if (Status s = st.bind(6, setup.bot_level); !s) return s;
    if (Status s = st.bind(7, created_seconds(setup)); !s) return s;
    if (Status s = st.bind(8, setup.salt); !s) return s;
    if (Status s = st.bind(9, setup.daily); !s) return s;
    if (Status s = st.bind(10, setup.nonce); !s) return s;
    if (Status s = st.run(); !s) return s;
    return write_meta(*conn_, setup);
}

Status SqliteStore::write_one(const TableWrite& write) {
    if (auto* w = std::get_if<ActionWrite>(&write)) return log_.stage(*conn_, *w);
    if (auto* w = std::get_if<MetaWrite>(&write)) return write_meta(*conn_, w->setup);
    if (auto* w = std::get_if<FinishWrite>(&write)) {
        SqliteSession db(*conn_);
        if (Status s = finish_game(db, *w); !s) return s;
        log_.stage_finished(w->table);
        return {};
    }
    if (auto* w = std::get_if<CreateWrite>(&write)) return create_table_in(w->setup);
    SqliteSession db(*conn_);
    return append_chat_line(db, std::get<ChatWrite>(write));
}

// One transaction for every group; a savepoint per group that writes more than actions,
// so a group that fails takes back its own writes and nobody else's. The actions of
// every group go into one journal row (store/sqlite/action_log.h). The one COMMIT is the one sync
// to disk.
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

}  // namespace hearts::server
