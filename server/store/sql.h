// The store core's view of a database (store/core.h): a statement's parameters, its rows
// read whole, and a session that runs one statement on a connection its store has locked.
// SQL is written once, with PostgreSQL's `$1`…`$N` parameters, which SQLite reads as
// named ones (store/sqlite/session.cpp); each dialect adapts its own driver. Nothing here
// knows SQLite or libpq.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "hearts/expected.h"

namespace hearts::server::sql {

/// A statement's parameter: text, a whole number, a real number, or bytes (a BLOB /
/// bytea).
struct Param {
    enum class Kind { Text, Integer, Real, Bytes };
    Param(std::string text) : kind(Kind::Text), value(std::move(text)) {}  // NOLINT: implicit
    Param(const char* text) : kind(Kind::Text), value(text) {}             // NOLINT: implicit
    Param(std::int64_t n) : kind(Kind::Integer), integer(n) {}             // NOLINT: implicit
    Param(int n) : kind(Kind::Integer), integer(n) {}                      // NOLINT: implicit
    Param(double x) : kind(Kind::Real), real(x) {}                         // NOLINT: implicit
    static Param bytes(std::string raw) {
        Param p(std::move(raw));
        p.kind = Kind::Bytes;
        return p;
    }
    Kind kind;
    std::string value;  // Text and Bytes
    std::int64_t integer = 0;
    double real = 0;
    /// A real number as text that reads back as the same double (the shortest such).
    static std::string text_of(double x);
};
using Params = std::vector<Param>;

/// A query's rows, read whole. Each value is its text (a BLOB / bytea: its raw bytes), or
/// none for NULL; a NULL reads as "" or 0.
class Rows {
  public:
    explicit Rows(int columns = 0) : columns_(columns) {}
    int size() const { return columns_ == 0 ? 0 : int(cells_.size()) / columns_; }
    bool empty() const { return size() == 0; }
    bool null(int row, int col) const { return !cell(row, col).has_value(); }
    std::string text(int row, int col) const { return cell(row, col).value_or(""); }
    /// A whole number; 0 for NULL or text that is not one.
    std::int64_t integer(int row, int col) const;
    /// A real number; 0 for NULL or text that is not one.
    double real(int row, int col) const;
    /// A truth value as either database writes it: 1 / 0, or PostgreSQL's t / f.
    bool flag(int row, int col) const;
    /// Rows an INSERT, UPDATE or DELETE changed.
    std::int64_t changed() const { return changed_; }

    // For the dialects that fill it.
    void add(std::optional<std::string> value) { cells_.push_back(std::move(value)); }
    void set_changed(std::int64_t n) { changed_ = n; }

  private:
    const std::optional<std::string>& cell(int row, int col) const {
        return cells_[std::size_t(row) * std::size_t(columns_) + std::size_t(col)];
    }
    int columns_;
    std::vector<std::optional<std::string>> cells_;
    std::int64_t changed_ = 0;
};

/// One connection, held by its store's lock for as long as the session is used.
class Session {
  public:
    virtual ~Session() = default;
    /// Runs one statement with `params` bound to `$1`…`$N` (each used at least once).
    virtual Expected<Rows> run(std::string_view sql, const Params& params) = 0;
};

}  // namespace hearts::server::sql
