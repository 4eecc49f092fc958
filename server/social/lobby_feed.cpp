#include <utility>  // before Asio: Boost 1.74's headers use std::exchange without it

#include "social/lobby_feed.h"

#include <algorithm>
#include <chrono>

namespace hearts::server {

// Lobby changes are gathered this long and sent as one update.
constexpr auto kLobbyFlush = std::chrono::milliseconds(100);

LobbyFeed::LobbyFeed(boost::asio::io_context& io, std::size_t capacity)
    : list_(capacity), timer_(io) {}

void LobbyFeed::watch(const ClientPtr& client, bool on) {
    std::lock_guard lock(mutex_);
    std::erase_if(watchers_, [&](const std::weak_ptr<Client>& w) {
        auto c = w.lock();
        return !c || c == client;
    });
    if (!on) return;
    watchers_.push_back(client);
    // The listing as of the last flush, built once per change for every new watcher.
    if (!snapshot_) snapshot_ = std::make_shared<const std::string>(lobby_message(list_.listing()));
    client->send(snapshot_);
}

void LobbyFeed::forget(const ClientPtr& client) {
    std::lock_guard lock(mutex_);
    std::erase_if(watchers_, [&](const std::weak_ptr<Client>& w) {
        auto c = w.lock();
        return !c || c == client;
    });
}

// The table's entry goes into the list; watchers hear of the change with the next flush,
// which gathers everything that changed meanwhile.
void LobbyFeed::publish(const std::string& table, std::optional<LobbyEntry> entry) {
    std::optional<LobbyEntry> told;
    if (shared) told = entry;
    if (publish_remote(table, std::move(entry)) && shared) shared(table, told);
}

bool LobbyFeed::publish_remote(const std::string& table, std::optional<LobbyEntry> entry) {
    std::lock_guard lock(mutex_);
    const bool changed = entry ? list_.upsert(std::move(*entry)) : list_.remove(table);
    if (changed) schedule_flush();
    return changed;
}

std::vector<LobbyEntry> LobbyFeed::quick_waiting(const std::string& rules) {
    std::lock_guard lock(mutex_);
    return list_.quick_waiting(rules);
}

LobbyFeed::Counts LobbyFeed::counts() {
    std::lock_guard lock(mutex_);
    return {list_.listing().size(), list_.known(), watchers_.size()};
}

void LobbyFeed::schedule_flush() {
    if (flush_pending_) return;
    flush_pending_ = true;
    timer_.expires_after(kLobbyFlush);
    timer_.async_wait([this](const boost::system::error_code& ec) {
        if (!ec) flush();
    });
}

// One `lobby_update` for every watcher, serialised once.
void LobbyFeed::flush() {
    std::lock_guard lock(mutex_);
    flush_pending_ = false;
    const LobbyList::Changes changes = list_.take_changes();
    if (changes.empty()) return;
    snapshot_.reset();
    const auto frame =
        std::make_shared<const std::string>(lobby_update_message(changes.set, changes.removed));
    std::erase_if(watchers_, [](const std::weak_ptr<Client>& w) { return w.expired(); });
    // Sent under the lock, so a new watcher's snapshot and the updates after it arrive in
    // order (send only queues the frame).
    for (auto& w : watchers_)
        if (auto c = w.lock()) c->send(frame);
}

}  // namespace hearts::server
