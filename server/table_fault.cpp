// A table's firewall (docs/server.md, "The boundary rule"). Every handler that runs on a
// table's strand runs inside `TableActor::guard`; what one throws (a bug, memory running
// out) costs that table alone. It is logged once, with the table, and the table leaves
// memory and is loaded again from the database at the last card saved, with its people at
// their seats again: the path a failed write already takes (`reload_after_failure`).
// Whoever waited for an answer gets an error; the others see the table come back.
//
// Writes still on their way when a handler throws may land after the table was read
// again. Its next write then finds their place taken, fails, and the table is loaded
// once more, with them: the people are never shown a card the database does not have.
#include <utility>  // before Asio: Boost 1.74's headers use std::exchange without it

#include <spdlog/spdlog.h>

#include "table_actor.h"

namespace hearts::server {

void TableActor::fault(const std::string& what) noexcept {
    try {
        if (faulted_) return;  // it is being loaded again
        if (unloaded) {        // out of memory already: nothing to reload
            spdlog::error("table {}: a handler failed after the table was put away: {}", table.id(),
                          what);
            return;
        }
        faulted_ = true;
        spdlog::error(
            "table {}: a handler failed, so the table is loaded again from the database at the "
            "last card saved: {}",
            table.id(), what);
        bot_thinking = false;
        reload_after_failure(Error{what}, false, "the table failed and is loaded again: ");
    } catch (...) {
        // Nothing more can be done for it here: its strand goes on, and its people's next
        // message finds it (or loads it) again.
    }
}

}  // namespace hearts::server
