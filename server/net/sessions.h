// What the network edge's files share: net/listener.cpp (admission and the listener),
// net/http_session.cpp (the HTTP sessions) and net/ws_session.cpp (the WebSocket sessions). Only
// they include it; the rest of the server sees net/net.h.
#pragma once

#include <utility>  // before Asio: Boost 1.74's headers use std::exchange without it

#include <algorithm>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <chrono>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>

#include "model/budgets.h"
#include "options.h"

namespace hearts::server {

class GameService;
class Store;

namespace net {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

// Every connection runs on a strand of its own. Its socket, stream and timers name the
// strand's concrete type rather than Asio's type-erased any_io_executor: each of a
// connection's reads, writes and posts then goes to the strand directly, where the
// erased executor was copied, queried and reference-counted for every handler (11% of the
// server's CPU under load, `perf`).
using Executor = asio::strand<asio::io_context::executor_type>;
using Socket = tcp::socket::rebind_executor<Executor>::other;
using Stream = beast::basic_stream<tcp, Executor>;
using Timer = asio::basic_waitable_timer<std::chrono::steady_clock,
                                         asio::wait_traits<std::chrono::steady_clock>, Executor>;

// ---- who may connect (net/listener.cpp) ----

// A session the admission may close to make room (server/model/budgets.h, Admission).
class Evictable {
  public:
    virtual ~Evictable() = default;
    /// Closes the connection, telling the client `why`; any thread.
    virtual void evict(std::string why) = 0;
};

// An address as one text: an IPv4 address written as IPv6 (::ffff:127.0.0.1, as a
// dual-stack listener sees it) is that IPv4 address.
std::string normal_address(std::string_view text);

// Connections and their budgets, shared by every session.
struct Shared {
    Shared(NetOptions o, GameService& s, Store& st)
        : options(std::move(o)),
          service(s),
          store(st),
          admission({options.limits.connections_per_address, options.limits.max_connections,
                     options.limits.connections_per_minute}),
          address_messages({options.limits.address_messages_per_second,
                            options.limits.address_messages_per_second * 2}) {
        std::error_code ec;
        web_root = std::filesystem::weakly_canonical(options.web_dir, ec).string();
        if (ec) web_root = options.web_dir;
    }
    NetOptions options;
    GameService& service;
    Store& store;
    std::mutex mutex;  // guards what follows
    Admission admission;
    std::unordered_map<Admission::Id, std::weak_ptr<Evictable>> sessions;
    KeyedLimiter address_messages;  // frames per second from one address, all its connections
    // Refusals are logged at most every few seconds, with how many there were.
    LimitClock::time_point last_refusal_log{};
    int refusals_unlogged = 0;

    // Sessions that were chosen to make room before they had said who they are
    // (`held_by`): they are closed as soon as they do.
    std::set<Admission::Id> evict_when_held;

    bool is_trusted_proxy(const std::string& address) const {
        const std::string mine = normal_address(address);
        return std::any_of(options.trusted_proxies.begin(), options.trusted_proxies.end(),
                           [&](const std::string& p) { return normal_address(p) == mine; });
    }
    /// One frame or request from `address` against the address's budget.
    bool address_allows(const std::string& address) {
        std::lock_guard lock(mutex);
        return address_messages.take(address_key(address), LimitClock::now());
    }

    /// A file of the client, read once and kept while it is unchanged on disk (the
    /// client's files are few and small; reading them for every request would cost the
    /// threads that run the tables).
    std::shared_ptr<const std::string> file(const std::string& path);
    /// The file of the client folder that a request's path names, resolved: empty when
    /// there is none, or when the name is one the file system refuses (too long, say), or
    /// when a link leads out of the folder. Never throws.
    std::string client_file(std::string_view path) const;
    std::string web_root;  // options.web_dir, resolved once (links and all)
    std::map<std::string,
             std::pair<std::filesystem::file_time_type, std::shared_ptr<const std::string>>>
        files;

    /// Counts a refused connection; logs at most every 5 s, with how many there were.
    void log_refusal(const std::string& address, const std::string& why);
};

// One admitted connection's place, held for as long as its session (HTTP, then the
// WebSocket it upgrades to) lives, or released at once when the session ends early.
class AddressSlot {
  public:
    AddressSlot(std::shared_ptr<Shared> shared, Admission::Id id)
        : shared_(std::move(shared)), id_(id) {}
    ~AddressSlot() {
        std::lock_guard lock(shared_->mutex);
        shared_->admission.release(id_);
        shared_->sessions.erase(id_);
        shared_->evict_when_held.erase(id_);
    }
    AddressSlot(const AddressSlot&) = delete;
    AddressSlot& operator=(const AddressSlot&) = delete;
    /// The session now holding this place (the one to close if it must make room).
    void held_by(const std::shared_ptr<Evictable>& session) {
        {
            std::lock_guard lock(shared_->mutex);
            if (shared_->evict_when_held.erase(id_) == 0) {
                shared_->sessions[id_] = session;
                return;
            }
        }
        session->evict("the server is full: your address holds the most connections; try again");
    }
    /// The connection is closing: its address may connect again at once.
    void leave_address() {
        std::lock_guard lock(shared_->mutex);
        shared_->admission.leave_address(id_);
    }

  private:
    std::shared_ptr<Shared> shared_;
    Admission::Id id_;
};

// Admits a connection from `address`: a slot, or null (refused, and logged). When the
// server is full and the busiest address gives up a connection, that one is closed.
std::unique_ptr<AddressSlot> admit(const std::shared_ptr<Shared>& shared,
                                   const std::string& address, bool trusted_proxy);

// ---- the sessions ----

/// Serves HTTP on an admitted connection (net/http_session.cpp): the client's files, the API, and
/// the upgrade to a WebSocket.
void serve_http(Socket&& socket, std::shared_ptr<Shared> shared, std::unique_ptr<AddressSlot> slot,
                std::string address);
/// Takes over an upgrade `request` to /ws as a WebSocket session (net/ws_session.cpp). `address` is
/// the client's (behind a trusted proxy, the one the request names).
void serve_websocket(Stream&& stream, std::shared_ptr<Shared> shared,
                     std::unique_ptr<AddressSlot> slot, std::string address,
                     http::request<http::string_body> request);

}  // namespace net
}  // namespace hearts::server
