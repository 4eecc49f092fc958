#include "social/roster.h"

#include <algorithm>

namespace hearts::server {

void Roster::add(const ClientPtr& client) {
    std::lock_guard lock(mutex_);
    auto& mine = connections_[client->player];
    std::erase_if(mine, [](const std::weak_ptr<Client>& w) { return w.expired(); });
    // Told under the lock (it only queues), so a reload's "online" never goes out before
    // the closed page's "offline".
    if (mine.empty() && peers_) peers_->presence(client->player, true);
    mine.push_back(client);
}

std::vector<std::string> Roster::here() {
    std::lock_guard lock(mutex_);
    std::vector<std::string> out;
    for (const auto& [player, conns] : connections_) out.push_back(player);
    return out;
}

std::vector<std::string> Roster::remove(const ClientPtr& client) {
    std::lock_guard lock(mutex_);
    if (auto it = connections_.find(client->player); it != connections_.end()) {
        std::erase_if(it->second, [&](const std::weak_ptr<Client>& w) {
            auto c = w.lock();
            return !c || c == client;
        });
        if (it->second.empty()) {
            connections_.erase(it);
            if (peers_) peers_->presence(client->player, false);
        }
    }
    client->gone = true;
    return std::exchange(client->tables, {});
}

bool Roster::note_seated(const ClientPtr& client, const std::string& table) {
    std::lock_guard lock(mutex_);
    if (client->gone) return false;
    auto& mine = client->tables;
    if (std::find(mine.begin(), mine.end(), table) == mine.end()) mine.push_back(table);
    return true;
}

std::vector<std::string> Roster::tables_of(const std::string& player) {
    std::lock_guard lock(mutex_);
    std::vector<std::string> out;
    auto it = connections_.find(player);
    if (it == connections_.end()) return out;
    for (auto& w : it->second) {
        auto c = w.lock();
        if (!c) continue;
        for (const std::string& t : c->tables)
            if (std::find(out.begin(), out.end(), t) == out.end()) out.push_back(t);
    }
    return out;
}

std::vector<std::string> Roster::tables_of(const std::vector<ClientPtr>& clients) {
    std::lock_guard lock(mutex_);
    std::vector<std::string> out;
    for (const ClientPtr& c : clients)
        for (const std::string& t : c->tables)
            if (std::find(out.begin(), out.end(), t) == out.end()) out.push_back(t);
    return out;
}

bool Roster::online(const std::string& player) {
    {
        std::lock_guard lock(mutex_);
        auto it = connections_.find(player);
        if (it != connections_.end() &&
            std::any_of(it->second.begin(), it->second.end(),
                        [](const std::weak_ptr<Client>& w) { return !w.expired(); }))
            return true;
    }
    return peers_ && peers_->online_elsewhere(player);
}

void Roster::send_to_player(const std::string& player, const std::string& frame) {
    if (peers_) peers_->send_elsewhere(player, frame);
    send_here(player, frame);
}

void Roster::send_to_others(const ClientPtr& client, const std::string& frame) {
    if (peers_) peers_->send_elsewhere(client->player, frame);
    send_here(client->player, frame, client.get());
}

void Roster::send_here(const std::string& player, const std::string& frame, const Client* but) {
    auto shared = std::make_shared<const std::string>(frame);
    std::vector<ClientPtr> targets;
    {
        std::lock_guard lock(mutex_);
        auto it = connections_.find(player);
        if (it == connections_.end()) return;
        std::erase_if(it->second, [](const std::weak_ptr<Client>& w) { return w.expired(); });
        for (auto& w : it->second)
            if (auto c = w.lock(); c && c.get() != but) targets.push_back(c);
    }
    for (auto& c : targets) c->send(shared);
}

std::size_t Roster::players() {
    std::lock_guard lock(mutex_);
    return connections_.size();
}

}  // namespace hearts::server
