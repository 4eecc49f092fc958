// The PostgreSQL store (store/pg/store.h): opening, the claims of a cluster node, and the
// writes. The reads are in store/pg/reads.cpp.
#include "store/pg/store.h"

#include "store/pg/schema.h"
#include "store/pg/session.h"

#include <spdlog/spdlog.h>
#include <algorithm>
#include <chrono>
#include <thread>
#include <utility>

namespace hearts::server {
namespace {

// The tables whose next action the writer remembers; past this it starts again (each
// table then costs one query at its next action).
constexpr std::size_t kMaxKnownTables = 200'000;

std::string flag(bool b) {
    return b ? "true" : "false";
}

// A table's seats as arrays for unnest: seat, player, away, conceded, votes.
std::vector<std::string> seat_arrays(const TableSetup& setup) {
    std::vector<std::int64_t> seats, away, conceded, votes;
    std::vector<std::string> players;
    for (std::size_t k = 0; k < setup.seats.size(); ++k) {
        const SeatHolder& h = setup.seats[k];
        if (h.player.empty()) continue;
        seats.push_back(std::int64_t(k));
        players.push_back(h.player);
        away.push_back(h.away);
        conceded.push_back(h.conceded);
        votes.push_back(votes_of(h));
    }
    return {pg::int_array(seats), pg::text_array(players), pg::int_array(away),
            pg::int_array(conceded), pg::int_array(votes)};
}

// One statement, one round trip: the table's row, its seats as they are now (upserted),
// and the seats nobody holds any more (deleted). It names no row when there is no such
// table, and writes nothing then.
Status write_meta(pg::Connection& c, const TableSetup& setup) {
    std::vector<std::string> params{setup.id,
                                    setup.owner,
                                    names_json(setup.names),
                                    std::string(to_string(setup.kind)),
                                    flag(setup.started),
                                    std::to_string(setup.timer),
                                    std::to_string(int(setup.host)),
                                    setup.ended,
                                    setup.next};
    for (std::string& a : seat_arrays(setup)) params.push_back(std::move(a));
    auto r = c.run(
        "WITH t AS (UPDATE tables SET owner = $2, names = $3, kind = $4, started = $5, "
        "timer = $6, host = $7, ended = $8, next = $9 WHERE id = $1 RETURNING id), "
        "gone AS (DELETE FROM seats WHERE table_id IN (SELECT id FROM t) AND "
        "NOT (seat = ANY($10::int[]))), "
        "held AS (INSERT INTO seats(table_id, seat, player, away, conceded, votes) "
        "SELECT t.id, u.s, u.p, u.a <> 0, u.c <> 0, u.v FROM t, "
        "unnest($10::int[], $11::text[], $12::int[], $13::int[], $14::int[]) AS u(s, p, a, c, v) "
        "ON CONFLICT (table_id, seat) DO UPDATE SET player = excluded.player, "
        "away = excluded.away, conceded = excluded.conceded, votes = excluded.votes), "
        "people AS (INSERT INTO table_people(table_id, player) SELECT t.id, u.p FROM t, "
        "unnest($11::text[]) AS u(p) ON CONFLICT DO NOTHING) "
        "SELECT count(*) FROM t",
        params);
    if (!r) return r.error();
    if (r->integer(0, 0) != 1) return no_such_table(setup.id);
    return {};
}

// One statement: the table's row and its seats.
Status create_in(pg::Connection& c, const TableSetup& setup) {
    std::vector<std::string> params{setup.id,
                                    setup.owner,
                                    to_string(setup.rules),
                                    std::to_string(setup.seed),
                                    names_json(setup.names),
                                    setup.bot_level,
                                    std::string(to_string(setup.kind)),
                                    flag(setup.started),
                                    std::to_string(setup.timer),
                                    std::to_string(int(setup.host)),
                                    setup.ended,
                                    setup.next,
                                    std::to_string(created_seconds(setup)),
                                    setup.salt};
    for (std::string& a : seat_arrays(setup)) params.push_back(std::move(a));
    params.push_back(setup.daily);
    params.push_back(setup.nonce);
    auto r = c.run(
        "WITH t AS (INSERT INTO tables(id, owner, rules, seed, names, bot_level, kind, started, "
        "timer, host, ended, next, created, salt, daily, nonce) VALUES($1, $2, $3, $4, $5, $6, "
        "$7, $8, $9, $10, $11, $12, $13, $14, $20, $21) RETURNING id), "
        "people AS (INSERT INTO table_people(table_id, player) SELECT t.id, u.p FROM t, "
        "unnest($16::text[]) AS u(p) ON CONFLICT DO NOTHING) "
        "INSERT INTO seats(table_id, seat, player, away, conceded, votes) "
        "SELECT t.id, u.s, u.p, u.a <> 0, u.c <> 0, u.v FROM t, "
        "unnest($15::int[], $16::text[], $17::int[], $18::int[], $19::int[]) AS u(s, p, a, c, v)",
        params);
    if (!r) return r.error();
    return {};
}

}  // namespace

std::string redacted_url(const std::string& url) {
    return pg::redact(url);
}

Expected<std::unique_ptr<Store>> Store::open_postgres(const std::string& url, bool shared) {
    auto pg = PgStore::open(url, shared);
    if (!pg) return pg.error();
    return std::unique_ptr<Store>(std::move(pg).value());
}

Expected<std::unique_ptr<Store>> Store::open_postgres(const std::string& url,
                                                      std::chrono::milliseconds lease,
                                                      std::chrono::milliseconds takeover) {
    auto pg = PgStore::open(url, true, ClaimTimes{lease, takeover});
    if (!pg) return pg.error();
    return std::unique_ptr<Store>(std::move(pg).value());
}

Expected<std::unique_ptr<PgStore>> PgStore::open(const std::string& url, bool shared,
                                                 ClaimTimes times) {
    std::unique_ptr<PgStore> store(new PgStore(times));
    store->url_ = url;
    store->shared_ = shared;
    auto conn = pg::Connection::open(url);
    if (!conn) return conn.error();
    store->conn_ = std::move(conn).value();
    if (Status s = store->take_writer_lock(*store->conn_); !s) return s.error();
    // A new session (after PostgreSQL restarted) takes the lock again, and what this
    // server knew of the tables is read again: another server may have written them
    // while it held no lock. A node takes back the tables still its own.
    store->conn_->on_connect([s = store.get()](pg::Connection& c) {
        s->next_.clear();
        if (Status taken = s->take_writer_lock(c); !taken) return taken;
        if (!s->shared_) return Status{};
        if (Status again = s->claims_.again(c); !again) return again;
        s->claims_.beat_again(c);
        return Status{};
    });
    if (Status s = migrate(*store->conn_); !s) return s.error();
    auto read = pg::Connection::open(url);
    if (!read) return read.error();
    store->read_ = std::move(read).value();
    return store;
}

Status PgStore::take_writer_lock(pg::Connection& c) {
    // A server killed a moment ago holds the lock until PostgreSQL sees its connection
    // close: give that a few seconds.
    constexpr int kTries = 30;
    constexpr auto kPause = std::chrono::milliseconds(100);
    const std::string sql =
        shared_ ? "SELECT pg_try_advisory_lock_shared($1)" : "SELECT pg_try_advisory_lock($1)";
    for (int attempt = 1;; ++attempt) {
        auto got = c.run(sql, {std::to_string(kWriterLock)});
        if (!got) return got.error();
        if (got->flag(0, 0)) return {};
        if (attempt == kTries) break;
        std::this_thread::sleep_for(kPause);
    }
    if (shared_)
        return Error{"a hearts server that is not a cluster node writes to the database " +
                     pg::redact(url_) + " (it holds the advisory lock " +
                     std::to_string(kWriterLock) +
                     "): stop it first, or start it with --redis as a node too"};
    return Error{"another hearts server writes to the database " + pg::redact(url_) +
                 " (it holds the advisory lock " + std::to_string(kWriterLock) +
                 "): stop it first, or give this one a database of its own" +
                 " (cluster nodes share one with --redis)"};
}

Expected<bool> PgStore::claim(const std::string& table) {
    if (!shared_) return true;
    std::lock_guard lock(mutex_);
    const bool had = claims_.writes(table);
    auto c = writer();
    if (!c) return c.error();
    const auto sent = TableClaims::Clock::now();
    auto mine = claims_.claim(**c, table);
    if (!mine) return mine.error();
    claims_.checked(sent);
    // Another node may have written it since this one last did.
    if (*mine && !had) next_.erase(table);
    return *mine;
}

void PgStore::release(const std::string& table) {
    if (!shared_) return;
    std::lock_guard lock(mutex_);
    if (claims_.release(conn_->broken() ? nullptr : conn_.get(), table)) next_.erase(table);
}

std::vector<std::string> PgStore::lost_claims() {
    if (!shared_) return {};
    std::lock_guard lock(mutex_);
    if (!claims_.empty()) {
        // A session cut while idle is found out here, not at the next write; an answer
        // renews the lease of every table the session holds (store/pg/claims.h).
        const auto sent = TableClaims::Clock::now();
        if (auto c = writer(); c && (*c)->run("SELECT 1", {})) {
            claims_.checked(sent);
            // And this node's sign of life, for a restart of PostgreSQL (store/pg/claims.h).
            (void)claims_.beat(**c);
        }
        claims_.forget_unused(conn_->broken() ? nullptr : conn_.get());
    }
    return claims_.take_lost();
}

Holding PgStore::holding(const std::string& table) const {
    return shared_ ? claims_.holding(table) : Holding::yes;
}

std::size_t PgStore::claims_waiting() const {
    return shared_ ? claims_.waiting() : 0;
}

std::vector<std::string> PgStore::claims_ready() const {
    return shared_ ? claims_.ready() : std::vector<std::string>{};
}

Expected<pg::Connection*> PgStore::writer() {
    if (conn_->broken()) {
        if (Status s = conn_->reconnect(); !s) return s.error();
    }
    return conn_.get();
}

Status PgStore::writing(const Work& work) {
    std::lock_guard lock(mutex_);
    auto c = writer();
    if (!c) return c.error();
    PgSession db(**c);
    return work(db);
}

Status PgStore::reading(const Work& work) {
    std::lock_guard lock(read_mutex_);
    auto c = reader();
    if (!c) return c.error();
    PgSession db(**c);
    return work(db);
}

Expected<pg::Connection*> PgStore::reader() {
    if (read_->broken()) {
        if (Status s = read_->reconnect(); !s) return s.error();
    }
    return read_.get();
}

Expected<NextAction> PgStore::next_of(pg::Connection& c, const std::string& table) {
    if (auto it = group_next_.find(table); it != group_next_.end()) return it->second;
    if (auto it = batch_next_.find(table); it != batch_next_.end()) return it->second;
    if (auto it = next_.find(table); it != next_.end()) return it->second;
    auto r = c.run(
        "SELECT t.finished, (SELECT max(seq) FROM actions WHERE table_id = $1) FROM tables t "
        "WHERE t.id = $1",
        {table});
    if (!r) return r.error();
    if (r->size() == 0) return no_such_table(table);
    return NextAction{r->null(0, 1) ? 0 : r->integer(0, 1) + 1, r->flag(0, 0)};
}

Status PgStore::stage_action(pg::Connection& c, const ActionWrite& w) {
    auto next = next_of(c, w.table);
    if (!next) return next.error();
    if (Status s = check_next(w.table, w.seq, *next); !s) return s;
    group_.push_back(Staged{w.table, w.seq, to_string(w.action)});
    group_next_[w.table] = NextAction{w.seq + 1, false};
    return {};
}

Status PgStore::finish_in(pg::Connection& c, const FinishWrite& w) {
    auto next = next_of(c, w.table);
    PgSession db(c);
    if (Status s = finish_game(db, w); !s) return s;
    group_next_[w.table] = NextAction{next ? next->seq : 0, true};
    return {};
}

Status PgStore::write_one(pg::Connection& c, const TableWrite& write) {
    if (shared_) {
        const std::string& table = std::visit(
            [](const auto& w) -> const std::string& {
                if constexpr (requires { w.setup; })
                    return w.setup.id;
                else
                    return w.table;
            },
            write);
        if (!claims_.writes(table))
            return Error{"table " + table +
                         " is not this node's to write: another node holds it now"};
    }
    if (auto* w = std::get_if<ActionWrite>(&write)) return stage_action(c, *w);
    if (auto* w = std::get_if<MetaWrite>(&write)) return write_meta(c, w->setup);
    if (auto* w = std::get_if<FinishWrite>(&write)) return finish_in(c, *w);
    if (auto* w = std::get_if<CreateWrite>(&write)) return create_in(c, w->setup);
    PgSession db(c);
    return append_chat_line(db, std::get<ChatWrite>(write));
}

// Every group in one transaction, without savepoints (each costs two round trips), and the
// actions of every group that succeeded in one INSERT at the end; the one COMMIT is the one
// sync. A group that fails before it has written anything (an action's number is wrong, a
// table is unknown) just fails. One that fails after it wrote something, or with an error
// that spoils the transaction in PostgreSQL, sends the batch back: it is rolled back, that
// group is written alone (and fails alone), and the others together again. A failure that
// is the database's (the connection lost, a lock timeout, a full disk) fails every group
// at once: trying each again would only wait as long again.
std::vector<Status> PgStore::write_groups(const std::vector<std::vector<TableWrite>>& groups) {
    std::vector<Status> out(groups.size());
    if (groups.empty()) return out;
    std::lock_guard lock(mutex_);
    auto conn = writer();
    if (!conn) {
        for (Status& s : out) s = conn.error();
        return out;
    }
    pg::Connection& c = **conn;
    std::vector<std::size_t> pending(groups.size());
    for (std::size_t g = 0; g < groups.size(); ++g) pending[g] = g;
    while (!pending.empty()) {
        const auto culprit = write_together(c, groups, pending, out);
        if (!culprit) break;
        for (std::size_t g : pending) out[g] = {};
        if (*culprit == kNoCulprit) {  // one transaction each
            for (std::size_t g : pending) write_together(c, groups, {g}, out);
            break;
        }
        write_together(c, groups, {*culprit}, out);
        std::erase(pending, *culprit);
    }
    return out;
}

std::optional<std::size_t> PgStore::write_together(
    pg::Connection& c, const std::vector<std::vector<TableWrite>>& groups,
    const std::vector<std::size_t>& which, std::vector<Status>& out) {
    group_.clear(), batch_.clear(), group_next_.clear(), batch_next_.clear();
    const bool alone = which.size() == 1;
    const auto fail_all = [&](const Error& e) -> std::optional<std::size_t> {
        for (std::size_t g : which)
            if (out[g]) out[g] = e;
        return std::nullopt;
    };
    const auto sent = TableClaims::Clock::now();
    auto tx = pg::Transaction::begin(c);
    if (!tx) return fail_all(tx.error());
    for (std::size_t g : which) {
        bool wrote = false;
        for (const TableWrite& w : groups[g]) {
            out[g] = write_one(c, w);
            if (!out[g]) break;
            wrote = wrote || !std::holds_alternative<ActionWrite>(w);
        }
        if (!out[g] && (wrote || c.spoiled())) {
            // The transaction rolls back as `tx` goes.
            if (alone) return std::nullopt;
            if (c.spoiled() && c.systemic()) return fail_all(out[g].error());
            return g;
        }
        if (out[g]) {
            batch_.insert(batch_.end(), group_.begin(), group_.end());
            for (auto& [table, next] : group_next_) batch_next_[table] = next;
        }
        group_.clear(), group_next_.clear();
    }
    if (!batch_.empty()) {
        std::vector<std::string> tables, actions;
        std::vector<std::int64_t> seqs;
        for (const Staged& a : batch_) {
            tables.push_back(a.table);
            seqs.push_back(a.seq);
            actions.push_back(a.action);
        }
        auto r = c.run(
            "INSERT INTO actions(table_id, seq, action) "
            "SELECT * FROM unnest($1::text[], $2::bigint[], $3::text[])",
            {pg::text_array(tables), pg::int_array(seqs), pg::text_array(actions)});
        if (!r) {
            if (alone || c.systemic()) return fail_all(r.error());
            return kNoCulprit;
        }
    }
    if (Status s = tx.value().commit(); !s) {
        // Whether it committed is not known when the connection was lost in COMMIT: the
        // next call reconnects, and forgets what it knew then.
        return fail_all(s.error());
    }
    if (shared_) claims_.checked(sent);  // the session held its locks then
    if (next_.size() + batch_next_.size() > kMaxKnownTables) next_.clear();
    for (auto& [table, next] : batch_next_) next_[table] = next;
    return std::nullopt;
}

std::size_t PgStore::kept_statements() {
    std::scoped_lock lock(mutex_, read_mutex_);
    return conn_->kept() + read_->kept();
}

}  // namespace hearts::server
