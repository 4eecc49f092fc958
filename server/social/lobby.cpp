#include "social/lobby.h"

#include <algorithm>

namespace hearts::server {

namespace {

bool same(const LobbyEntry& a, const LobbyEntry& b) {
    if (a.state != b.state || a.timer != b.timer || a.rules != b.rules ||
        a.created_ms != b.created_ms)
        return false;
    for (std::size_t k = 0; k < a.seats.size(); ++k) {
        if (a.seats[k].player != b.seats[k].player || a.seats[k].name != b.seats[k].name ||
            a.seats[k].human != b.seats[k].human)
            return false;
    }
    return true;
}

}  // namespace

bool lobby_order(const LobbyEntry& a, const LobbyEntry& b) {
    const bool wa = a.state == "waiting", wb = b.state == "waiting";
    if (wa != wb) return wa;
    if (a.created_ms != b.created_ms) return a.created_ms > b.created_ms;
    return a.table < b.table;
}

bool LobbyList::upsert(LobbyEntry entry) {
    auto it = all_.find(entry.table);
    if (it != all_.end() && same(it->second, entry)) return false;
    const std::string id = entry.table;
    all_.insert_or_assign(id, std::move(entry));
    return true;
}

bool LobbyList::remove(const std::string& table) {
    return all_.erase(table) > 0;
}

std::vector<LobbyEntry> LobbyList::quick_waiting(const std::string& rules) const {
    std::vector<LobbyEntry> out;
    for (const auto& [id, e] : all_)
        if (e.quick && e.state == "waiting" && e.rules == rules) out.push_back(e);
    return out;
}

LobbyList::Changes LobbyList::take_changes() {
    std::vector<const LobbyEntry*> order;
    order.reserve(all_.size());
    for (const auto& [id, e] : all_) order.push_back(&e);
    const std::size_t n = std::min(capacity_, order.size());
    std::partial_sort(order.begin(), order.begin() + std::ptrdiff_t(n), order.end(),
                      [](const LobbyEntry* a, const LobbyEntry* b) { return lobby_order(*a, *b); });
    order.resize(n);

    Changes changes;
    std::map<std::string, LobbyEntry> now;
    for (const LobbyEntry* e : order) {
        auto before = listed_.find(e->table);
        if (before == listed_.end() || !same(before->second, *e)) changes.set.push_back(*e);
        now.emplace(e->table, *e);
    }
    for (const auto& [id, e] : listed_)
        if (!now.count(id)) changes.removed.push_back(id);
    listed_ = std::move(now);
    return changes;
}

std::vector<LobbyEntry> LobbyList::listing() const {
    std::vector<LobbyEntry> out;
    out.reserve(listed_.size());
    for (const auto& [id, e] : listed_) out.push_back(e);
    std::sort(out.begin(), out.end(), lobby_order);
    return out;
}

}  // namespace hearts::server
