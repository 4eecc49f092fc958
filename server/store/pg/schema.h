// The PostgreSQL store's schema, its versions and their migrations (store/pg/schema.cpp).
#pragma once

#include <string>

#include "hearts/expected.h"
#include "store/pg/pg.h"

namespace hearts::server {

/// Creates or upgrades the schema, one server at a time (under an advisory lock held to
/// the end of its transaction); refuses a database written by a newer program.
Status migrate(pg::Connection& c);

}  // namespace hearts::server
