// A cluster node's table claims (store/pg/claims.h).
#include "store/pg/claims.h"

#include <spdlog/spdlog.h>
#include <algorithm>
#include <set>
#include <utility>

namespace hearts::server {
namespace {

// The tables a node remembers losing until it is asked; past this the rest are not told
// (their people find out at their next write).
constexpr std::size_t kMaxLost = 200'000;
// The tables remembered as left to the node that held them at a restart (`left_`).
constexpr std::size_t kMaxLeft = 10'000;
// A takeover nobody loaded is let go this long after its wait ended.
constexpr auto kUnusedAfter = std::chrono::seconds(30);
constexpr int kHolderChars = 16;
// A node whose last beat came this close to the last beat before a restart was alive then.
constexpr const char* kAliveBefore = "3 seconds";
// Beats older than this are deleted when a session opens (each process is a new holder).
constexpr const char* kBeatsKept = "1 day";

std::int64_t now_ms_since_epoch() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

}  // namespace

TableClaims::TableClaims(ClaimTimes times) : times_(times), holder_(random_code(kHolderChars)) {}

std::int64_t TableClaims::lock_of(const std::string& table) {
    // FNV-1a, 64 bits: every node computes the same key for a table.
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (const char ch : "hearts table " + table) {
        h ^= static_cast<unsigned char>(ch);
        h *= 0x100000001b3ULL;
    }
    return static_cast<std::int64_t>(h);
}

Expected<bool> TableClaims::claim(pg::Connection& c, const std::string& table) {
    const auto now = Clock::now();
    if (auto it = owned_.find(table); it != owned_.end()) {
        if (it->second.count == 0 && now < it->second.usable_at) return false;
        std::lock_guard lock(mutex_);
        ++it->second.count;
        return true;
    }
    // Left to the node that held it when PostgreSQL restarted, while that node may still
    // come back: asked again meanwhile (a page's message is retried every 100 ms), the
    // answer is the same, without the database.
    if (auto it = left_.find(table); it != left_.end()) {
        if (now < it->second) return false;
        left_.erase(it);
    }
    // A restart from now on leaves this node's tables to it: said before it locks one.
    if (owned_.empty()) (void)beat(c);
    const std::string key = std::to_string(lock_of(table));
    auto got = c.run("SELECT pg_try_advisory_lock($1)", {key});
    if (!got) return got.error();
    if (!got->flag(0, 0)) return false;
    // `run` opens a new session by itself when it finds the old one gone, and the lock
    // went with the old one: a claim whose statements changed session holds nothing.
    const std::uint64_t session = c.sessions();
    const auto cut = [&] {
        return Error{"table " + table + ": the session with the database was cut while this " +
                     "node claimed it: try again"};
    };
    // Its holder lost the lock in a restart of PostgreSQL and is on its way back: not taken.
    auto back = c.run(
        "SELECT b.at < s.start AND b.at > (SELECT max(at) FROM node_beats WHERE at < s.start) - "
        "$3::interval AND now() BETWEEN s.start AND s.start + $4::interval "
        "FROM table_holders h JOIN node_beats b ON b.holder = h.holder "
        "CROSS JOIN (SELECT pg_postmaster_start_time() AS start) s "
        "WHERE h.table_id = $1 AND h.holder <> $2",
        {table, holder_, kAliveBefore, std::to_string(times_.takeover.count()) + " milliseconds"});
    if (c.sessions() != session) return cut();
    if (!back || (back->size() == 1 && back->flag(0, 0))) {
        (void)c.run("SELECT pg_advisory_unlock($1)", {key});
        if (!back) return back.error();
        spdlog::debug("table {}: its node held it when PostgreSQL restarted; left to it", table);
        if (left_.size() >= kMaxLeft) left_.clear();
        left_[table] = now + times_.takeover;
        return false;
    }
    // Whoever held it last, as its row says: deleted by a clean release.
    auto had = c.run(
        "WITH old AS (SELECT holder FROM table_holders WHERE table_id = $1) "
        "INSERT INTO table_holders(table_id, holder, since_ms) VALUES($1, $2, $3) "
        "ON CONFLICT(table_id) DO UPDATE SET holder = excluded.holder, since_ms = "
        "excluded.since_ms RETURNING (SELECT holder FROM old)",
        {table, holder_, std::to_string(now_ms_since_epoch())});
    if (c.sessions() != session) return cut();
    if (!had) {
        (void)c.run("SELECT pg_advisory_unlock($1)", {key});
        return had.error();
    }
    const bool taken_over = !had->null(0, 0) && had->text(0, 0) != holder_;
    std::lock_guard lock(mutex_);
    if (taken_over) {
        // Its last holder did not let go: it may still serve it from memory until its
        // lease runs out.
        spdlog::info("table {}: taken over from a node that did not let go; loaded in {} ms", table,
                     times_.takeover.count());
        owned_[table] = Claim{0, now + times_.takeover};
        return false;
    }
    owned_[table] = Claim{1, now};
    return true;
}

Status TableClaims::let_go(pg::Connection& c, const std::string& table) {
    // The row first: once the lock is free another node may claim it and write its own.
    auto gone =
        c.run("DELETE FROM table_holders WHERE table_id = $1 AND holder = $2", {table, holder_});
    if (!gone) return gone.error();
    auto r = c.run("SELECT pg_advisory_unlock($1)", {std::to_string(lock_of(table))});
    if (!r) return r.error();
    return {};
}

bool TableClaims::release(pg::Connection* c, const std::string& table) {
    auto it = owned_.find(table);
    if (it == owned_.end()) return false;
    if (it->second.count > 1) {
        std::lock_guard lock(mutex_);
        --it->second.count;
        return false;
    }
    {
        std::lock_guard lock(mutex_);
        owned_.erase(it);
    }
    // With no session the lock went with it, and the row stays: the next node to claim
    // the table waits out the takeover, since this one cannot show that it let go.
    if (c)
        if (Status s = let_go(*c, table); !s)
            spdlog::warn("table {}: could not let go of it: {}", table, s.error().reason);
    return true;
}

Status TableClaims::again(pg::Connection& c) {
    const auto sent = Clock::now();
    auto ours = c.run("SELECT table_id FROM table_holders WHERE holder = $1", {holder_});
    if (!ours) return ours.error();
    std::set<std::string> still;
    for (int row = 0; row < ours->size(); ++row) still.insert(ours->text(row, 0));
    std::vector<std::string> gone;
    for (const auto& [table, claim] : owned_) {
        bool kept = false;
        if (still.contains(table)) {
            auto got = c.run("SELECT pg_try_advisory_lock($1)", {std::to_string(lock_of(table))});
            if (!got) return got.error();
            kept = got->flag(0, 0);
        }
        if (!kept) gone.push_back(table);
    }
    std::lock_guard lock(mutex_);
    for (const std::string& table : gone) {
        auto it = owned_.find(table);
        if (it->second.count > 0) {
            spdlog::warn("table {}: another node took it while this one was away", table);
            if (lost_.size() < kMaxLost) lost_.push_back(table);
        }
        owned_.erase(it);
    }
    checked_ = std::max(checked_, sent);
    return {};
}

void TableClaims::beat_again(pg::Connection& c) {
    // Only once its tables are locked again: a beat since the restart says this node no
    // longer needs them left to it. Neither write is needed for the session to be used.
    if (!owned_.empty()) (void)beat(c);
    (void)c.run("DELETE FROM node_beats WHERE at < now() - $1::interval", {kBeatsKept});
}

void TableClaims::checked(Clock::time_point sent) {
    std::lock_guard lock(mutex_);
    checked_ = std::max(checked_, sent);
}

bool TableClaims::beat(pg::Connection& c) {
    return bool(
        c.run("INSERT INTO node_beats(holder, at) VALUES($1, now()) "
              "ON CONFLICT(holder) DO UPDATE SET at = excluded.at",
              {holder_}));
}

void TableClaims::forget_unused(pg::Connection* c) {
    const auto now = Clock::now();
    std::vector<std::string> unused;
    for (const auto& [table, claim] : owned_)
        if (claim.count == 0 && now > claim.usable_at + kUnusedAfter) unused.push_back(table);
    for (const std::string& table : unused) {
        {
            std::lock_guard lock(mutex_);
            owned_.erase(table);
        }
        if (c)
            if (Status s = let_go(*c, table); !s)
                spdlog::warn("table {}: could not let go of it: {}", table, s.error().reason);
    }
}

bool TableClaims::writes(const std::string& table) const {
    auto it = owned_.find(table);
    return it != owned_.end() && it->second.count > 0;
}

Holding TableClaims::holding(const std::string& table) const {
    std::lock_guard lock(mutex_);
    auto it = owned_.find(table);
    if (it == owned_.end()) return Holding::no;
    if (it->second.count == 0) return Holding::waiting;
    return Clock::now() - checked_ < times_.lease ? Holding::yes : Holding::unsure;
}

std::vector<std::string> TableClaims::take_lost() {
    std::lock_guard lock(mutex_);
    return std::exchange(lost_, {});
}

std::vector<std::string> TableClaims::ready() const {
    const auto now = Clock::now();
    std::vector<std::string> out;
    std::lock_guard lock(mutex_);
    for (const auto& [table, claim] : owned_)
        if (claim.count == 0 && now >= claim.usable_at) out.push_back(table);
    return out;
}

std::size_t TableClaims::waiting() const {
    std::lock_guard lock(mutex_);
    return std::size_t(std::count_if(owned_.begin(), owned_.end(),
                                     [](const auto& kv) { return kv.second.count == 0; }));
}

}  // namespace hearts::server
