// The SQLite store's reads (store/sqlite/store.h): its connections for the store core,
// and tables with their seats and actions. Reads that need no action journal use the
// store's read-only connection, so they never wait behind group commit's transaction and
// its sync.
#include "store/sqlite/session.h"
#include "store/sqlite/store.h"

namespace hearts::server {

Status read_seats(sql::Session& db, TableSetup& setup) {
    auto r = db.run(
        "SELECT seat, player, away, conceded, votes FROM seats WHERE table_id = $1 ORDER BY seat",
        {setup.id});
    if (!r) return r.error();
    for (int i = 0; i < r->size(); ++i) {
        const std::int64_t seat = r->integer(i, 0);
        if (seat < 0 || seat >= kSeats) return Error{"table " + setup.id + ": a seat out of range"};
        setup.seats[std::size_t(seat)] =
            holder_of(r->text(i, 1), r->flag(i, 2), r->flag(i, 3), r->integer(i, 4));
    }
    return {};
}

Status SqliteStore::reading(const Work& work) {
    std::lock_guard lock(read_mutex_);
    SqliteSession db(*read_);
    return work(db);
}

Status SqliteStore::writing(const Work& work) {
    std::lock_guard lock(mutex_);
    SqliteSession db(*conn_);
    return work(db);
}

Expected<std::vector<StoredTable>> SqliteStore::read_tables(const std::string& where,
                                                            const sql::Params& args) {
    std::lock_guard lock(mutex_);
    SqliteSession db(*conn_);
    auto rows = db.run(std::string("SELECT ") + kSetupColumns + " FROM tables WHERE " + where +
                           " ORDER BY created, rowid",
                       args);
    if (!rows) return rows.error();
    std::vector<StoredTable> out;
    for (int i = 0; i < rows->size(); ++i) {
        auto setup = setup_of_row(*rows, i);
        if (!setup) return setup.error();
        if (Status s = read_seats(db, setup.value()); !s) return s.error();
        std::vector<Action> actions;
        if (Status s = log_.read(*conn_, setup->id, actions); !s) return s.error();
        out.push_back(StoredTable{std::move(setup).value(), std::move(actions), false});
    }
    return out;
}

std::size_t SqliteStore::kept_statements() {
    std::lock_guard lock(mutex_);
    return conn_->kept.size();
}

}  // namespace hearts::server
