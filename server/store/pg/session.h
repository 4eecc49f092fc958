// The store core's session (store/sql.h) on a PostgreSQL connection: parameters travel as
// text (bytes as bytea's hex), and rows are read whole, a bytea as its bytes.
#pragma once

#include "store/pg/pg.h"
#include "store/sql.h"

namespace hearts::server {

class PgSession final : public sql::Session {
  public:
    explicit PgSession(pg::Connection& c) : c_(c) {}
    Expected<sql::Rows> run(std::string_view sql, const sql::Params& params) override;

  private:
    pg::Connection& c_;
};

}  // namespace hearts::server
