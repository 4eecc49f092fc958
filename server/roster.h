// Who is connected: each player's open connections, and each connection's tables. The
// router adds a connection after `hello`; tables note the connections they seat; social
// reaches players through it. Thread-safe (one mutex, held only for the maps).
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "client.h"

namespace hearts::server {

class Roster {
  public:
    /// `client` has proven to be its `player`.
    void add(const ClientPtr& client);
    /// The connection closed: it is nobody's any more, and is seated nowhere after this.
    /// Returns the tables it was seated at.
    std::vector<std::string> remove(const ClientPtr& client);
    /// Notes that `client` sits at `table`, so its disconnect reaches the table; false
    /// when the connection has already closed (it must not be seated then).
    bool note_seated(const ClientPtr& client, const std::string& table);

    bool online(const std::string& player);
    /// Queues `frame` on every connection of `player`.
    void send_to_player(const std::string& player, const std::string& frame);
    std::size_t players();

  private:
    std::mutex mutex_;  // guards the map, and each Client's `tables` and `gone`
    std::unordered_map<std::string, std::vector<std::weak_ptr<Client>>> connections_;
};

}  // namespace hearts::server
