// The PostgreSQL store's schema, its versions and their migrations (store/pg/schema.cpp), and
// what a migration shares with the writes (store/pg/store.cpp).
#pragma once

#include <string>

#include "hearts/expected.h"
#include "model/achievements.h"
#include "store/pg/pg.h"

namespace hearts::server {

/// Creates or upgrades the schema, one server at a time (under an advisory lock held to
/// the end of its transaction); refuses a database written by a newer program.
Status migrate(pg::Connection& c);

/// Stores every achievement `player`'s finished games earn that they do not hold yet,
/// at `at` (their game and time; by default each one's own game): inside a transaction.
Status award_achievements(pg::Connection& c, const std::string& player,
                          const AwardAt* at = nullptr);

}  // namespace hearts::server
