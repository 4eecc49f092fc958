// Telling a change: each seat's connections get its events with the view as it is now
// (`broadcast_since`), and a change ends the same way wherever it was made
// (`tell_change`: a move, or a claim played out when a table is loaded).
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "protocol/messages.h"
#include "table/actor.h"

namespace hearts::server {

void TableActor::broadcast_since(std::int64_t from_version) {
    const Table& t = table_;
    // A version-3 client's update leaves out the rules, and the names and the score sheet
    // when they are as at the table's previous version, which every client that takes
    // this update has (from an update or a snapshot): the sheet is most of a view late in
    // a game. A version-2 client gets the whole view (docs/protocol.md, "Versions").
    const std::size_t rows = t.game().results().size();
    const bool new_names = t.setup().names != names_sent_;
    const bool new_sheet = rows != sheet_rows_sent_;
    names_sent_ = t.setup().names;
    sheet_rows_sent_ = rows;
    for (Seat seat : kAllSeats) {
        SeatLive& sl = at(seat);
        if (!sl.connected()) continue;
        // One view per broadcast: events after `from_version` are sent with the view as
        // it is now, serialised once for all of them; the client animates the events and
        // then shows the view. The first event's lean view has whatever changed; the
        // others' follow it.
        std::string first, rest, whole;
        bool earlier = false;
        for (const TableEvent& e : t.events()) {
            if (e.version <= from_version) continue;
            std::shared_ptr<const std::string> lean_frame, whole_frame;
            for (auto& w : sl.conns) {
                auto c = w.lock();
                if (!c) continue;
                auto& frame = c->protocol >= 3 ? lean_frame : whole_frame;
                if (!frame) {
                    std::string& view = c->protocol < 3 ? whole : earlier ? rest : first;
                    if (view.empty()) {
                        view = c->protocol < 3
                                   ? view_json(t.view(seat), t.setup().names)
                                   : update_view_json(t.view(seat), t.setup().names,
                                                      new_names && !earlier, new_sheet && !earlier);
                    }
                    frame = std::make_shared<const std::string>(
                        update_message(t.id(), e.version, event_json(e), view));
                }
                send(c, frame);
            }
            earlier = true;
        }
    }
}

void TableActor::tell_change(std::int64_t before) {
    Table& t = table_;
    std::vector<std::string> people;
    if (t.finished()) people = finish();
    broadcast_since(before);
    show_watchers();
    announce_achievements(std::move(people));
    // Everyone has been sent these events, and whoever comes back gets the last few or a
    // snapshot, so a table holds no game's worth of them.
    t.forget_events(kEventsKept);
}

}  // namespace hearts::server
