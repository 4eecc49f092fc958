// The store core's session (store/sql.h) on a SQLite connection: `$N` parameters are
// SQLite's named ones, bound by name; rows are read whole, a BLOB as its bytes.
#pragma once

#include "store/sql.h"
#include "store/sqlite/sqlite.h"

namespace hearts::server {

class SqliteSession final : public sql::Session {
  public:
    explicit SqliteSession(Connection& c) : c_(c) {}
    Expected<sql::Rows> run(std::string_view sql, const sql::Params& params) override;

  private:
    Connection& c_;
};

}  // namespace hearts::server
