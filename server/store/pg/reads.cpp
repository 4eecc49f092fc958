// The PostgreSQL store's reads (store/pg/store.h): tables with their seats and actions,
// in three queries on the reading connection. The other reads are the store core's
// (store/core.h).
#include <map>
#include <string_view>
#include <utility>

#include "store/pg/session.h"
#include "store/pg/store.h"

namespace hearts::server {

// Three queries in one snapshot: the tables, their seats, their actions.
Expected<std::vector<StoredTable>> PgStore::read_tables(const std::string& where,
                                                        const sql::Params& args) {
    std::lock_guard lock(read_mutex_);
    auto conn = reader();
    if (!conn) return conn.error();
    pg::Connection& c = **conn;
    if (Status s = c.exec("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", "reading tables"); !s)
        return s.error();
    struct End {  // a read-only transaction: ending it either way is the same
        pg::Connection& c;
        ~End() { (void)c.exec("ROLLBACK", "ending a read"); }
    } end{c};
    PgSession db(c);
    auto rows = db.run(std::string("SELECT ") + kSetupColumns + " FROM tables WHERE " + where +
                           " ORDER BY created, n",
                       args);
    if (!rows) return rows.error();
    std::vector<StoredTable> out;
    std::map<std::string, std::size_t, std::less<>> index;
    for (int i = 0; i < rows->size(); ++i) {
        auto setup = setup_of_row(*rows, i);
        if (!setup) return setup.error();
        index[setup->id] = out.size();
        out.push_back(StoredTable{std::move(setup).value(), {}, false});
    }
    if (out.empty()) return out;

    auto seats = db.run(
        "SELECT table_id, seat, player, away, conceded, votes FROM seats WHERE table_id IN "
        "(SELECT id FROM tables WHERE " +
            where + ")",
        args);
    if (!seats) return seats.error();
    for (int i = 0; i < seats->size(); ++i) {
        const auto it = index.find(seats->text(i, 0));
        const std::int64_t seat = seats->integer(i, 1);
        if (it == index.end()) continue;  // a table created after the first query
        TableSetup& setup = out[it->second].setup;
        if (seat < 0 || seat >= kSeats) return Error{"table " + setup.id + ": a seat out of range"};
        setup.seats[std::size_t(seat)] = holder_of(seats->text(i, 2), seats->flag(i, 3),
                                                   seats->flag(i, 4), seats->integer(i, 5));
    }

    auto actions = db.run(
        "SELECT table_id, seq, action FROM actions WHERE table_id IN (SELECT id FROM tables "
        "WHERE " +
            where + ") ORDER BY table_id, seq",
        args);
    if (!actions) return actions.error();
    for (int i = 0; i < actions->size(); ++i) {
        const auto it = index.find(actions->text(i, 0));
        if (it == index.end()) continue;
        StoredTable& t = out[it->second];
        if (Status s =
                append_actions(t.setup.id, actions->integer(i, 1), actions->text(i, 2), t.actions);
            !s)
            return s.error();
    }
    return out;
}

}  // namespace hearts::server
