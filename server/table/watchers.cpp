// The table actor's watchers (table/actor.h; docs/protocol.md, "Spectators"). A watcher
// sees what the players see of each other: the tricks, the scores, the names and the
// chat, never a hand, and one trick late. The table keeps a copy of itself, `shown_`,
// that is only ever given the actions the watchers may see; its events and views are
// theirs, so a watcher's stream is exactly a player's stream replayed late, with the same
// version numbers, and nothing a watcher is sent was ever made from the live hands.
#include <utility>  // before Asio: Boost 1.74's headers use std::exchange without it

#include <algorithm>

#include "model/budgets.h"
#include "table/actor.h"

namespace hearts::server {

bool TableActor::watchable() const {
    const TableSetup& setup = table_.setup();
    if (setup.kind == TableKind::Solo || !started()) return false;
    if (is_public(setup.kind)) return true;
    bool anyone = false;
    for (const SeatHolder& h : setup.seats) {
        if (!h.person()) continue;
        if (!h.watch_vote) return false;
        anyone = true;
    }
    return anyone;
}

// How many of the game's actions the watchers may see: all of them outside the play of a
// hand; during it, the plays up to the end of the trick before the last one completed.
// So a card is shown once a whole trick has been played after its own trick ended.
std::size_t TableActor::watch_point() const {
    const Game& g = table_.game();
    const auto& history = g.history();
    if (over() || g.phase() != Phase::Play) return history.size();
    // The actions at the end of the history that are plays are this hand's: a hand's
    // plays follow its passes (or the deal, on a hand without a pass).
    std::size_t plays = 0;
    for (auto it = history.rbegin(); it != history.rend() && it->kind == ActionKind::Play; ++it)
        ++plays;
    const std::size_t done = plays / kSeats;
    const std::size_t seen = done == 0 ? 0 : (done - 1) * kSeats;
    return history.size() - (plays - seen);
}

bool TableActor::prune_watchers() {
    const auto before = watchers_.size();
    std::erase_if(watchers_, [](const Watcher& w) { return w.conn.expired(); });
    if (watchers_.empty()) shown_.reset();
    return watchers_.size() != before;
}

std::vector<std::pair<ClientPtr, std::string>> TableActor::watcher_connections() {
    std::vector<std::pair<ClientPtr, std::string>> out;
    for (const Watcher& w : watchers_)
        if (auto c = w.conn.lock()) out.emplace_back(std::move(c), w.player);
    return out;
}

bool TableActor::watch(const ClientPtr& client, const std::string& name, Id id) {
    prune_watchers();
    const auto refuse = [&](std::string code, const Text& why) {
        send_error(client, std::move(code), why, id);
        return false;
    };
    const TableSetup& setup = table_.setup();
    if (setup.kind == TableKind::Solo) return refuse("not_watchable", say<"solo_not_watchable">());
    if (over()) return refuse("state", say<"game_over">());
    if (!started()) return refuse("state", say<"watch_not_started">());
    if (seat_of(client->player)) return refuse("illegal", say<"watch_own_table">());
    if (!watchable()) return refuse("not_watchable", say<"watchers_not_allowed">());
    for (Seat s : kAllSeats) {
        const SeatHolder& h = holder(s);
        if (h.person() &&
            ctx_.social.relations_of(h.player).has(RelationKind::Block, client->player))
            return refuse("blocked", say<"watch_blocked">());
    }
    const auto here = std::find_if(watchers_.begin(), watchers_.end(),
                                   [&](const Watcher& w) { return w.conn.lock() == client; });
    if (here == watchers_.end()) {
        const std::size_t cap = ctx_.options.watchers_per_table;
        if (watchers_.size() >= cap) return refuse("full", say<"watchers_full", "n">(cap));
        const std::string key = address_key(client->address);
        const auto same = std::count_if(watchers_.begin(), watchers_.end(), [&](const Watcher& w) {
            return address_key(w.address) == key;
        });
        if (std::size_t(same) >= ctx_.options.watchers_per_address)
            return refuse("full", say<"watch_address_full", "n">(same));
        // A connection that has ended is not added: nothing would take it away again.
        if (!ctx_.roster.note_seated(client, table_.id())) return false;
        watchers_.push_back({client, client->player, name, client->address});
    }
    if (!shown_) {
        shown_ = std::make_unique<Table>(setup);
        const auto& history = table_.game().history();
        const std::size_t point = watch_point();
        for (std::size_t k = 0; k < point; ++k) (void)shown_->apply(history[k]);
        shown_->forget_events();
    }
    TableInfo info = info_of(std::nullopt);
    info.watching = true;
    send(client, table_message(table_.id(), info));
    send(client,
         snapshot_message(table_.id(), shown_->version(),
                          watcher_view_json(shown_->view(Seat::South), setup.names),
                          {shown_->fair_json(), {}, table_.setup().bot_level, shown_->claim()}));
    send_recent_chat(client);
    send_ack(client, id);
    send_info(false);  // the players see who watches
    return true;
}

void TableActor::unwatch(const ClientPtr& client, Id id) {
    const auto before = watchers_.size();
    std::erase_if(watchers_, [&](const Watcher& w) {
        auto c = w.conn.lock();
        return !c || c == client;
    });
    if (watchers_.empty()) shown_.reset();
    send_ack(client, id);
    if (watchers_.size() != before) send_info(false);
}

void TableActor::stop_watcher(const std::string& player, const Text& why) {
    auto frame = std::make_shared<const std::string>(unwatched_message(table_.id(), why));
    const auto before = watchers_.size();
    std::erase_if(watchers_, [&](const Watcher& w) {
        if (w.player != player) return false;
        if (auto c = w.conn.lock()) send(c, frame);
        return true;
    });
    if (watchers_.size() == before) return;
    if (watchers_.empty()) shown_.reset();
    send_info(false);
}

void TableActor::end_watching(const Text& why) {
    if (watchers_.empty()) return;
    auto frame = std::make_shared<const std::string>(unwatched_message(table_.id(), why));
    for (auto& [c, player] : watcher_connections()) send(c, frame);
    watchers_.clear();
    shown_.reset();
}

void TableActor::show_watchers() {
    if (watchers_.empty() || !shown_) return;
    const auto& history = table_.game().history();
    const std::size_t point = watch_point();
    const std::int64_t from = shown_->version();
    for (std::size_t k = shown_->game().history().size(); k < point; ++k) {
        if (Status ok = shown_->apply(history[k]); !ok) {
            // The copy was made from the same setup and actions: it cannot disagree. If it
            // ever did, the watchers are let go rather than shown something else.
            end_watching(say<"table_not_shown", "detail">(ok.error().reason));
            return;
        }
    }
    if (shown_->version() == from) return;
    const std::string view = watcher_view_json(shown_->view(Seat::South), table_.setup().names);
    const auto conns = watcher_connections();
    for (const TableEvent& e : shown_->events()) {
        if (e.version <= from) continue;
        auto frame = std::make_shared<const std::string>(
            update_message(table_.id(), e.version, event_json(e), view));
        for (auto& [c, player] : conns) send(c, frame);
    }
    shown_->forget_events();
}

}  // namespace hearts::server
