// What a page missed, sent again (docs/protocol.md, "Catching up"). A page that notices a
// gap in the versions, or hears nothing for a while from a table that waits on someone
// else, asks `resume` with the last version it has: it gets the updates after it, from
// the few events the table keeps (`replay`), or a snapshot. In a cluster the frames of a
// table held on another node cross Redis, which drops what is published while it is away:
// once Redis is back, the table's node sends each page of the other nodes its snapshot
// (`resend_to_node`), so no page waits for a card it was never told of.
#include <utility>  // before Asio: Boost 1.74's headers use std::exchange without it

#include "table/actor.h"

namespace hearts::server {

bool TableActor::replay(const ClientPtr& client, Seat seat, std::int64_t since) {
    const Table& t = table_;
    if (!started()) return false;
    auto missed = t.events_since(since);
    if (!missed) return false;
    if (missed->empty()) return true;
    // Whole views: the page's last view is older than the version before each update.
    const std::string view = client->protocol < 3
                                 ? view_json(t.view(seat), t.setup().names)
                                 : update_view_json(t.view(seat), t.setup().names, true, true);
    for (const TableEvent& e : *missed)
        send(client, update_message(t.id(), e.version, event_json(e), view));
    return true;
}

void TableActor::resend_to_node(const std::string& node) {
    const auto theirs = [&](const ClientPtr& c) {
        const std::string* on = c->remote_node();
        return on != nullptr && (node.empty() || *on == node);
    };
    for (Seat s : kAllSeats) {
        SeatLive& sl = at(s);
        if (!sl.connected()) continue;
        for (auto& w : sl.conns) {
            auto c = w.lock();
            if (!c || !theirs(c)) continue;
            send_view(c, s, false);
            send(c, table_message(table_.id(), info_of(s)));
        }
    }
    if (watchers_.empty() || !shown_) return;
    TableInfo info = info_of(std::nullopt);
    info.watching = true;
    for (auto& [c, player] : watcher_connections()) {
        if (!theirs(c)) continue;
        send(c, table_message(table_.id(), info));
        send(c, snapshot_message(
                    table_.id(), shown_->version(),
                    watcher_view_json(shown_->view(Seat::South), table_.setup().names),
                    {shown_->fair_json(), {}, table_.setup().bot_level, shown_->claim()}));
    }
}

}  // namespace hearts::server
