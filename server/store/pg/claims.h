// Which tables a cluster node writes and serves (store/pg/store.h, "Shared by a cluster's
// nodes"; docs/scaling.md, "Who holds a table").
//
// A node holds a table through a session-level advisory lock: PostgreSQL gives it to one
// session at a time, and fences the writes (a node writes only the tables its writer's
// session holds). But a node learns that its session is gone only when it next uses it,
// while another node may take the lock the moment it is free. Reads served from memory
// in between would be stale: a node answering "resume" from its memory at version 269
// while another has acknowledged 271.
//
// So two more rules, a lease and a takeover wait:
// - **The lease.** A node serves a table (`holding`) only while its session answered a
//   statement sent within `lease`; the node checks it every second.
// - **The takeover wait.** Every claim writes the table's holder in `table_holders`,
//   and a clean release deletes it. A node that gets a table's lock while the row still
//   names another holder (that one's session was cut, or it crashed) waits `takeover`
//   (longer than `lease`) before it loads the table: by then the other node has stopped
//   serving it, since its last check came before its lock was free.
// - A session opened again takes back only the tables whose row still names this node:
//   another node that held one meanwhile, and let it go, leaves this node's copy stale.
// - **A restart.** When PostgreSQL restarts, every node loses every lock at once, and the
//   first node a page asks would take that page's table over from a node that is alive
//   and about to take it back: under faults a table could move on every restart. So each
//   node writes its sign of life (`node_beats`, the database's clock) every second while
//   it holds tables. A node that gets a table's lock within `takeover` of the server's
//   start, while the row names a node that was alive when the server went down (its last
//   beat within 3 s of the last beat of any node before the start), lets the lock go at
//   once and does not take the table: that node takes it back when its session is back.
//   A node that died with the server, or does not come back in time, is taken over after
//   that as before. A holder's lock freed while the server ran (a node killed, or its
//   session cut) is taken over at once, as before: its beats came after the start.
//   The window counts from the server's start (`pg_postmaster_start_time`): its recovery
//   after a crash eats into it, and a crash of one of its backends, which also ends every
//   session but not the postmaster, is not a start: those fall back to the takeover.
#pragma once

#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "store/pg/pg.h"
#include "store/store.h"

namespace hearts::server {

/// The two durations above; tests shorten them.
struct ClaimTimes {
    std::chrono::milliseconds lease{4000};
    std::chrono::milliseconds takeover{5000};
};

class TableClaims {
  public:
    using Clock = std::chrono::steady_clock;

    explicit TableClaims(ClaimTimes times);

    /// The advisory lock of one table: a 64-bit hash of its id, the same on every node.
    static std::int64_t lock_of(const std::string& table);

    // ---- with the writer's mutex held, `c` its session
    /// One more claim of `table`: true when this node holds it and may load it; false
    /// when another node holds it, or this one waits out the takeover (claimed again
    /// after it, the answer is true).
    Expected<bool> claim(pg::Connection& c, const std::string& table);
    /// One claim fewer; with the last the table is let go (its row deleted, its lock
    /// unlocked; with no session, `c` null, the session took the lock with it). True
    /// when it was the last.
    bool release(pg::Connection* c, const std::string& table);
    /// A new session: the locks of the tables still this node's are taken again, and the
    /// others are lost (`take_lost`).
    Status again(pg::Connection& c);
    /// The session answered a statement sent at `sent`: its locks were held then.
    void checked(Clock::time_point sent);
    /// Writes this node's sign of life (`node_beats`); true when it was written. It renews
    /// no lease: the session may be a new one that holds no table's lock yet.
    bool beat(pg::Connection& c);
    /// After `again`, on the same new session: the sign of life, and old ones deleted.
    void beat_again(pg::Connection& c);
    /// Lets go of the tables whose takeover wait ended long ago and that nobody loaded.
    void forget_unused(pg::Connection* c);
    /// Whether this node may write `table` (claimed and not waiting).
    bool writes(const std::string& table) const;
    bool empty() const { return owned_.empty(); }

    // ---- any thread
    /// Whether this node serves `table`: held, and the session checked within the lease;
    /// `unsure` when held but not checked lately (the database is away); `waiting` while
    /// the takeover's wait lasts.
    Holding holding(const std::string& table) const;
    /// The tables claimed and lost since the last call.
    std::vector<std::string> take_lost();
    /// How many claims wait out a takeover.
    std::size_t waiting() const;
    /// The tables whose takeover wait is over and that were not loaded yet: this node
    /// loads them without waiting to be asked (whoever asked may have gone elsewhere).
    std::vector<std::string> ready() const;

  private:
    struct Claim {
        int count = 0;                // 0 while waiting out the takeover
        Clock::time_point usable_at;  // when the wait ends
    };
    Status let_go(pg::Connection& c, const std::string& table);

    const ClaimTimes times_;
    const std::string holder_;  // this node's name in table_holders: random, per process
    // owned_ and lost_ change with the writer's mutex held and this one too, so reads
    // with either are sound; `holding` takes only this one.
    mutable std::mutex mutex_;
    std::unordered_map<std::string, Claim> owned_;
    std::vector<std::string> lost_;
    // Tables left to the node that held them at a restart, until when (writer's mutex).
    std::unordered_map<std::string, Clock::time_point> left_;
    Clock::time_point checked_{};
};

}  // namespace hearts::server
