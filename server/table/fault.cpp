// A table's firewall (docs/server.md, "The boundary rule"). Every handler that runs on a
// table's strand runs inside `TableActor::guard`; what one throws (a bug, memory running
// out) costs that table alone. It is logged once, with the table, and the table leaves
// memory and is loaded again from the database at the last card saved, with its people at
// their seats again: the path a failed write already takes (`reload_after_failure`).
// Whoever waited for an answer gets an error; the others see the table come back.
//
// The writes still on their way when a handler throws are of actions taken whole before
// it: the table waits for them (`on_written`) and refuses anything new meanwhile, and is
// then read again with them. So no card played before the fault is lost, and the table
// read is the one the database has (a card whose write landed after the table was read
// again would have stalled the game: its player was shown the card back in their hand).
#include <utility>  // before Asio: Boost 1.74's headers use std::exchange without it

#include <spdlog/spdlog.h>

#include "table/actor.h"

namespace hearts::server {

void TableActor::fault(const std::string& what) noexcept {
    try {
        if (faulted_) return;  // it is being loaded again
        if (unloaded_) {       // out of memory already: nothing to reload
            spdlog::error("table {}: a handler failed after the table was put away: {}",
                          table_.id(), what);
            return;
        }
        faulted_ = true;
        spdlog::error(
            "table {}: a handler failed, so the table is loaded again from the database at the "
            "last card saved: {}",
            table_.id(), what);
        bot_thinking_ = false;
        fault_ = what;
        if (writing()) return;  // on_written goes on once they are in
        reload_after_fault();
    } catch (...) {
        // Nothing more can be done for it here: its strand goes on, and its people's next
        // message finds it (or loads it) again.
    }
}

void TableActor::reload_after_fault() {
    reload_after_failure(Error{fault_}, false, true);
}

}  // namespace hearts::server
