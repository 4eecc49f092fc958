// The lobby as its watchers get it: the list of public tables (social/lobby.h), the clients
// watching it, and the flush that gathers every change of the last 100 ms into one
// `lobby_update`, serialised once for all of them. Tables publish their entries from
// their strands; watchers come and go from any thread. One mutex guards it all, and is
// never held across anything but queueing frames.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "protocol/client.h"
#include "social/lobby.h"

namespace hearts::server {

class LobbyFeed {
  public:
    LobbyFeed(boost::asio::io_context& io, std::size_t capacity);

    /// `client` starts (the listing as of the last flush is sent at once) or stops
    /// watching.
    void watch(const ClientPtr& client, bool on);
    /// The client's connection closed.
    void forget(const ClientPtr& client);
    /// A public table as the lobby shows it now, or none when it left the lobby.
    void publish(const std::string& table, std::optional<LobbyEntry> entry);
    /// In a cluster: what is told to the other nodes when one of this node's tables is
    /// published (set before any table is).
    std::function<void(const std::string& table, const std::optional<LobbyEntry>& entry)> shared;
    /// Another node's table, as `publish` without telling anyone else; false when the
    /// listing did not change.
    bool publish_remote(const std::string& table, std::optional<LobbyEntry> entry);

    /// The quick match tables of `rules` waiting for people, of every node.
    std::vector<LobbyEntry> quick_waiting(const std::string& rules);

    struct Counts {
        std::size_t listed = 0, known = 0, watchers = 0;
    };
    Counts counts();

  private:
    void schedule_flush();  // with the lock held
    void flush();

    std::mutex mutex_;
    LobbyList list_;
    std::vector<std::weak_ptr<Client>> watchers_;
    boost::asio::steady_timer timer_;
    bool flush_pending_ = false;
    std::shared_ptr<const std::string> snapshot_;  // the listing, serialised
};

}  // namespace hearts::server
