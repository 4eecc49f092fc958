// A thin layer over SQLite's C API for the store: a connection that keeps each SQL
// text's prepared statement, a statement borrowed from it, and a write transaction that
// rolls back unless committed. Every call's result is checked and becomes an Error with
// sqlite3_errmsg; nothing here throws. Used only under the store's lock.
#pragma once

#include <sqlite3.h>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>

#include "hearts/expected.h"

namespace hearts::server {

/// "database: <what>: <SQLite's message>".
Error sqlite_error(sqlite3* db, std::string_view what);

/// A connection and its prepared statements. Each SQL text is parsed once and its
/// statement kept (a store runs a few dozen fixed texts), so appending an action parses
/// no SQL.
struct Connection {
    explicit Connection(sqlite3* handle) : db(handle) {}
    ~Connection();
    Connection(const Connection&) = delete;
    Connection& operator=(const Connection&) = delete;
    sqlite3* handle() const { return db; }

    struct Kept {
        sqlite3_stmt* stmt = nullptr;
        bool in_use = false;
    };
    sqlite3* db;
    std::map<std::string, Kept, std::less<>> kept;  // by SQL text; nodes never move
};

/// One prepared statement, borrowed from its connection's kept ones and reset when it
/// goes out of scope. A text already in use (a query run inside a loop over the same
/// query) gets a statement of its own, finalized at the end.
class Statement {
  public:
    static Expected<Statement> prepare(Connection& c, std::string_view sql);
    Statement(Statement&& o) noexcept;
    Statement& operator=(Statement&&) = delete;
    Statement(const Statement&) = delete;
    ~Statement();

    Status bind(int i, std::string_view text);
    Status bind(int i, std::int64_t value);
    Status bind_blob(int i, const void* data, std::size_t size);
    Status bind_real(int i, double value);

    /// True with a row to read, false when done.
    Expected<bool> step();
    /// Makes the statement ready to run again with new bindings.
    Status reset();
    /// Runs a statement that returns no rows.
    Status run();

    std::string text(int col) const;
    /// The column's text without a copy, valid until the next step or reset.
    std::string_view view(int col) const;
    std::int64_t integer(int col) const { return sqlite3_column_int64(stmt_, col); }
    bool is_null(int col) const { return sqlite3_column_type(stmt_, col) == SQLITE_NULL; }
    std::string blob(int col) const;
    int columns() const { return sqlite3_column_count(stmt_); }
    bool is_blob(int col) const { return sqlite3_column_type(stmt_, col) == SQLITE_BLOB; }
    bool is_real(int col) const { return sqlite3_column_type(stmt_, col) == SQLITE_FLOAT; }
    double real(int col) const { return sqlite3_column_double(stmt_, col); }
    /// The parameter named `name` ("$1"), 0 when the statement has none of that name.
    int parameter(const char* name) const { return sqlite3_bind_parameter_index(stmt_, name); }
    int parameters() const { return sqlite3_bind_parameter_count(stmt_); }
    /// Rows the last INSERT, UPDATE or DELETE on the connection changed.
    std::int64_t changes() const { return sqlite3_changes64(db_); }

  private:
    Statement(sqlite3* db, sqlite3_stmt* stmt, bool* in_use)
        : db_(db), stmt_(stmt), in_use_(in_use) {}
    Status check(int rc, std::string_view what);
    sqlite3* db_;
    sqlite3_stmt* stmt_;
    bool* in_use_;  // the kept statement's flag; null for a statement of its own
};

/// Runs SQL text (several statements allowed) that returns no rows, unprepared.
Status exec(sqlite3* db, const char* sql, std::string_view what);

/// Runs a statement that returns no rows, through the kept statements (no SQL parsed).
Status run_kept(Connection& c, std::string_view sql);

/// A write transaction, rolled back unless committed. BEGIN IMMEDIATE takes the write
/// lock up front, so a check made inside it still holds at the write.
class Transaction {
  public:
    static Expected<Transaction> begin(Connection& c);
    Transaction(Transaction&& o) noexcept;
    Transaction& operator=(Transaction&&) = delete;
    ~Transaction();
    Status commit();

  private:
    explicit Transaction(Connection& c) : c_(&c) {}
    Connection* c_;
};

/// The first column of a query that returns exactly one row (like MAX or a pragma).
Expected<std::string> query_text(Connection& db, std::string_view sql);

}  // namespace hearts::server
