// Who is connected: each player's open connections, and each connection's tables. The
// router adds a connection after `hello`; tables note the connections they seat; social
// reaches players through it. Thread-safe (one mutex, held only for the maps).
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "protocol/client.h"

namespace hearts::server {

/// The other nodes of a cluster, as the roster needs them.
class RosterPeers {
  public:
    virtual ~RosterPeers() = default;
    /// `player` has their first connection on this node, or closed their last one here.
    virtual void presence(const std::string& player, bool online) = 0;
    virtual bool online_elsewhere(const std::string& player) = 0;
    virtual void send_elsewhere(const std::string& player, const std::string& frame) = 0;
    /// A challenge to `to` at `table` opened here (its frame), or closed (no frame).
    virtual void challenge_here(const std::string& to, const std::string& table,
                                const std::string& frame) = 0;
    /// The challenges to `player` open on other nodes: table and frame.
    virtual std::vector<std::pair<std::string, std::string>> challenges_elsewhere(
        const std::string& player) = 0;
};

class Roster {
  public:
    /// In a cluster: the other nodes (set before any connection).
    void set_peers(RosterPeers* peers) { peers_ = peers; }
    RosterPeers* peers() const { return peers_; }
    /// The players with a connection on this node.
    std::vector<std::string> here();
    /// Queues `frame` on this node's connections of `player` only (but `but`, if given).
    void send_here(const std::string& player, const std::string& frame,
                   const Client* but = nullptr);

    /// `client` has proven to be its `player`.
    void add(const ClientPtr& client);
    /// The connection closed: it is nobody's any more, and is seated nowhere after this.
    /// Returns the tables it was seated at.
    std::vector<std::string> remove(const ClientPtr& client);
    /// Notes that `client` sits at `table`, so its disconnect reaches the table; false
    /// when the connection has already closed (it must not be seated then).
    bool note_seated(const ClientPtr& client, const std::string& table);

    bool online(const std::string& player);
    /// The tables this node's connections of `player` are seated at.
    std::vector<std::string> tables_of(const std::string& player);
    /// The tables these connections are seated at (another node's, through their proxies).
    std::vector<std::string> tables_of(const std::vector<ClientPtr>& clients);
    /// Queues `frame` on every connection of `player`.
    void send_to_player(const std::string& player, const std::string& frame);
    /// Queues `frame` on every connection of `client`'s player but `client` itself.
    void send_to_others(const ClientPtr& client, const std::string& frame);
    std::size_t players();

  private:
    RosterPeers* peers_ = nullptr;
    std::mutex mutex_;  // guards the map, and each Client's `tables` and `gone`
    std::unordered_map<std::string, std::vector<std::weak_ptr<Client>>> connections_;
};

}  // namespace hearts::server
