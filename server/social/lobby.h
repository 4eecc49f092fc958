// The lobby's list of public tables (docs/protocol.md, "The lobby"), without Asio: at
// most `capacity` entries are listed, tables waiting for players first and newest first
// within each, and what the listing gained, changed and lost since the last look comes
// out as one change set, serialised once for every watcher. The list knows no watcher
// and no viewer: who blocked whom is for each client to mark.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

#include "protocol/messages.h"

namespace hearts::server {

class LobbyList {
  public:
    explicit LobbyList(std::size_t capacity) : capacity_(capacity) {}

    /// A public table that is not over, as the lobby shows it (new or changed). False
    /// when the entry is the same as before.
    bool upsert(LobbyEntry entry);
    /// A table that left the lobby (over, or not public any more). False when it was not
    /// there.
    bool remove(const std::string& table);

    struct Changes {
        std::vector<LobbyEntry> set;       // entries now listed that are new or changed
        std::vector<std::string> removed;  // tables no longer listed
        bool empty() const { return set.empty() && removed.empty(); }
    };
    /// What the listing gained, changed and lost since the previous call; the listing a
    /// watcher has after applying it is `listing()`.
    Changes take_changes();
    /// The listing as of the last `take_changes`: what a new watcher starts from.
    std::vector<LobbyEntry> listing() const;

    /// The quick match tables of `rules` waiting for people (listed or beyond the
    /// capacity).
    std::vector<LobbyEntry> quick_waiting(const std::string& rules) const;

    /// Public tables known (listed or beyond the capacity).
    std::size_t known() const { return all_.size(); }
    std::size_t capacity() const { return capacity_; }

  private:
    std::size_t capacity_;
    std::unordered_map<std::string, LobbyEntry> all_;
    std::map<std::string, LobbyEntry> listed_;  // what watchers have been sent
};

/// Listing order: waiting tables first, then newer first, then by id.
bool lobby_order(const LobbyEntry& a, const LobbyEntry& b);

}  // namespace hearts::server
