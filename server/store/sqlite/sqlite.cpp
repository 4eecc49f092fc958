#include "store/sqlite/sqlite.h"

#include <utility>

namespace hearts::server {

Error sqlite_error(sqlite3* db, std::string_view what) {
    return Error{"database: " + std::string(what) + ": " + (db ? sqlite3_errmsg(db) : "no memory")};
}

Connection::~Connection() {
    for (auto& [sql, k] : kept) sqlite3_finalize(k.stmt);
}

Expected<Statement> Statement::prepare(Connection& c, std::string_view sql) {
    auto found = c.kept.find(sql);
    if (found != c.kept.end() && !found->second.in_use) {
        found->second.in_use = true;
        return Statement(c.db, found->second.stmt, &found->second.in_use);
    }
    sqlite3_stmt* stmt = nullptr;
    if (sqlite3_prepare_v2(c.db, sql.data(), int(sql.size()), &stmt, nullptr) != SQLITE_OK) {
        sqlite3_finalize(stmt);
        return sqlite_error(c.db, "preparing \"" + std::string(sql) + "\"");
    }
    if (found != c.kept.end()) return Statement(c.db, stmt, nullptr);
    Connection::Kept& kept = c.kept[std::string(sql)];
    kept = {stmt, true};
    return Statement(c.db, stmt, &kept.in_use);
}

Statement::Statement(Statement&& o) noexcept
    : db_(o.db_), stmt_(std::exchange(o.stmt_, nullptr)), in_use_(o.in_use_) {}

Statement::~Statement() {
    if (!stmt_) return;
    if (!in_use_) {
        sqlite3_finalize(stmt_);
        return;
    }
    // Ends any read it was in and drops its bindings, so a kept statement holds neither a
    // snapshot of the database nor a caller's text.
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
    *in_use_ = false;
}

Status Statement::bind(int i, std::string_view text) {
    return check(sqlite3_bind_text(stmt_, i, text.data(), int(text.size()), SQLITE_TRANSIENT),
                 "binding text");
}

Status Statement::bind(int i, std::int64_t value) {
    return check(sqlite3_bind_int64(stmt_, i, value), "binding a number");
}

Status Statement::bind_blob(int i, const void* data, std::size_t size) {
    return check(sqlite3_bind_blob(stmt_, i, data, int(size), SQLITE_TRANSIENT), "binding a blob");
}

Status Statement::bind_real(int i, double value) {
    return check(sqlite3_bind_double(stmt_, i, value), "binding a real");
}

Expected<bool> Statement::step() {
    const int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    return sqlite_error(db_, "running \"" + std::string(sqlite3_sql(stmt_)) + "\"");
}

Status Statement::reset() {
    sqlite3_reset(stmt_);  // returns the last step's error, already reported
    return check(sqlite3_clear_bindings(stmt_), "clearing bindings");
}

Status Statement::run() {
    auto r = step();
    if (!r) return r.error();
    return {};
}

std::string Statement::text(int col) const {
    return std::string(view(col));
}

std::string_view Statement::view(int col) const {
    const auto* p = sqlite3_column_text(stmt_, col);
    return p ? std::string_view(reinterpret_cast<const char*>(p),
                                std::size_t(sqlite3_column_bytes(stmt_, col)))
             : std::string_view();
}

std::string Statement::blob(int col) const {
    const auto* p = static_cast<const char*>(sqlite3_column_blob(stmt_, col));
    return p ? std::string(p, std::size_t(sqlite3_column_bytes(stmt_, col))) : std::string();
}

Status Statement::check(int rc, std::string_view what) {
    if (rc == SQLITE_OK) return {};
    return sqlite_error(db_, what);
}

Status exec(sqlite3* db, const char* sql, std::string_view what) {
    if (sqlite3_exec(db, sql, nullptr, nullptr, nullptr) != SQLITE_OK)
        return sqlite_error(db, what);
    return {};
}

Status run_kept(Connection& c, std::string_view sql) {
    auto stmt = Statement::prepare(c, sql);
    if (!stmt) return stmt.error();
    return stmt.value().run();
}

Expected<Transaction> Transaction::begin(Connection& c) {
    if (Status s = run_kept(c, "BEGIN IMMEDIATE"); !s) return s.error();
    return Transaction(c);
}

Transaction::Transaction(Transaction&& o) noexcept : c_(std::exchange(o.c_, nullptr)) {}

Transaction::~Transaction() {
    if (c_) (void)run_kept(*c_, "ROLLBACK");
}

Status Transaction::commit() {
    Status s = run_kept(*c_, "COMMIT");
    if (s) c_ = nullptr;
    return s;
}

Expected<std::string> query_text(Connection& db, std::string_view sql) {
    auto stmt = Statement::prepare(db, sql);
    if (!stmt) return stmt.error();
    Statement& st = stmt.value();
    auto row = st.step();
    if (!row) return row.error();
    if (!*row) return Error{"database: \"" + std::string(sql) + "\" returned nothing"};
    return st.text(0);
}

}  // namespace hearts::server
