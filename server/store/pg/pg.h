// A thin, checked layer over libpq (PostgreSQL's C client) for the PostgreSQL store:
// a connection that prepares each SQL text once and keeps it, results that free
// themselves, and every failure as an Error that says what was being done. Parameters
// and results travel as text; nothing here throws. Not thread-safe: a connection is
// used by one thread at a time (the store's locks).
#pragma once

#include <libpq-fe.h>

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "hearts/expected.h"

namespace hearts::server::pg {

struct ResultFree {
    void operator()(PGresult* r) const { PQclear(r); }
};

/// A query's rows. Values are text; a NULL reads as "" (see `null`).
class Rows {
  public:
    explicit Rows(PGresult* r) : r_(r) {}
    int size() const { return PQntuples(r_.get()); }
    std::string text(int row, int col) const {
        return std::string(PQgetvalue(r_.get(), row, col),
                           std::size_t(PQgetlength(r_.get(), row, col)));
    }
    bool null(int row, int col) const { return PQgetisnull(r_.get(), row, col) != 0; }
    std::int64_t integer(int row, int col) const;
    /// A boolean column ('t' or 'f').
    bool flag(int row, int col) const { return PQgetvalue(r_.get(), row, col)[0] == 't'; }
    /// A bytea column, decoded from PostgreSQL's hex text.
    std::string bytes(int row, int col) const;
    /// Rows changed by an INSERT, UPDATE or DELETE.
    std::int64_t changed() const;
    int columns() const { return PQnfields(r_.get()); }
    /// Whether column `col` is a bytea (read it with `bytes`).
    bool is_bytes(int col) const { return PQftype(r_.get(), col) == kByteaType; }
    static constexpr Oid kByteaType = 17;  // BYTEAOID in PostgreSQL's pg_type

  private:
    std::unique_ptr<PGresult, ResultFree> r_;
};

/// The SQLSTATE of PostgreSQL's unique_violation, for callers that tell it apart.
inline constexpr std::string_view kUniqueViolation = "23505";

class Connection {
  public:
    /// Connects to `url` (postgresql://… or key=value words). Unless the URL says
    /// otherwise, connecting gives up after 10 s.
    static Expected<std::unique_ptr<Connection>> open(const std::string& url);
    ~Connection();
    Connection(const Connection&) = delete;
    Connection& operator=(const Connection&) = delete;

    /// Runs `sql` without parameters (it may hold several statements). Outside a
    /// transaction, a connection found lost is opened again and `sql` run once more;
    /// inside one, the failure is the caller's.
    Status exec(std::string_view sql, std::string_view what);
    /// Runs `sql` with text parameters $1.., prepared on first use and kept.
    Expected<Rows> run(const std::string& sql, const std::vector<std::string>& params = {});

    /// Whether the connection was lost; `reconnect` then opens it again (the kept
    /// statements and session state go with the old one) and runs the `on_connect` step.
    bool broken() const { return !usable_ || PQstatus(conn_) != CONNECTION_OK; }
    /// Whether a statement failed in the open transaction, so that nothing more it does
    /// can be kept.
    bool spoiled() const { return PQtransactionStatus(conn_) == PQTRANS_INERROR; }
    /// Commits the open transaction; an error when it was rolled back instead.
    Status commit();
    Status reconnect();
    /// What a new session needs first (a lock, a setting); run by `reconnect`.
    void on_connect(std::function<Status(Connection&)> step) { on_connect_ = std::move(step); }
    /// Whether the last failure was the database's rather than one statement's: the
    /// connection lost, a lock or statement timeout, resources (disk, memory) exhausted.
    bool systemic() const;
    /// The SQLSTATE of the last failure ("" when it was not the server's).
    const std::string& last_state() const { return last_state_; }
    std::size_t kept() const { return kept_.size(); }
    /// How many sessions this connection has opened: a statement that changed it ran on a
    /// new session (`run` opens one by itself), which holds none of the old one's locks.
    std::uint64_t sessions() const { return sessions_; }

  private:
    explicit Connection(PGconn* c) : conn_(c) {}
    Error fail(PGresult* r, std::string_view what);
    // A statement outside a transaction whose connection turned out lost (PostgreSQL
    // restarted) runs once more on a new one: nothing was half done (but an INSERT that
    // was committed just before the loss fails the second time, as a duplicate).
    bool may_retry(bool idle_before) const;
    bool lost() const;
    Expected<Rows> run_once(const std::string& sql, const std::vector<std::string>& params);
    Status exec_once(std::string_view sql, std::string_view what);
    PGconn* conn_;
    std::function<Status(Connection&)> on_connect_;
    bool reconnecting_ = false;
    bool usable_ = true;  // false from a reconnect until its on_connect step succeeded
    std::chrono::steady_clock::time_point failed_at_;  // the last reconnect that failed
    std::string failed_why_;
    std::unordered_map<std::string, std::string> kept_;  // SQL text -> statement name
    std::string last_state_;
    std::uint64_t sessions_ = 1;
};

/// A transaction on `c`, rolled back unless committed.
class Transaction {
  public:
    static Expected<Transaction> begin(Connection& c);
    Transaction(Transaction&& o) noexcept : c_(o.c_) { o.c_ = nullptr; }
    Transaction& operator=(Transaction&&) = delete;
    ~Transaction();
    Status commit();

  private:
    explicit Transaction(Connection& c) : c_(&c) {}
    Connection* c_;
};

/// `values` as a PostgreSQL array literal of text ({"a","b"}), for `$1::text[]`.
std::string text_array(const std::vector<std::string>& values);
std::string int_array(const std::vector<std::int64_t>& values);
/// Bytes as bytea's hex input ("\x…").
std::string bytea_hex(std::string_view bytes);

/// `url` with any password replaced by "***", for logs and messages.
std::string redact(const std::string& url);

}  // namespace hearts::server::pg
