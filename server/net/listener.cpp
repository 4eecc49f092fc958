// The network edge's front door: who may connect (admission, per-address budgets) and
// the listener that hands each admitted connection to an HTTP session (net/http_session.cpp),
// which may become a WebSocket session (net/ws_session.cpp).
#include "net/sessions.h"

#include "net/net.h"

#include <spdlog/spdlog.h>
#include <fstream>
#include <sstream>

namespace hearts::server {
namespace net {

// An address as one text: an IPv4 address written as IPv6 (::ffff:127.0.0.1, as a
// dual-stack listener sees it) is that IPv4 address.
std::string normal_address(std::string_view text) {
    beast::error_code ec;
    const auto a = asio::ip::make_address(text, ec);
    if (ec) return std::string(text);
    if (a.is_v6() && a.to_v6().is_v4_mapped())
        return asio::ip::make_address_v4(asio::ip::v4_mapped, a.to_v6()).to_string();
    return a.to_string();
}

std::shared_ptr<const std::string> Shared::file(const std::string& path) {
    std::error_code ec;
    const auto stamp = std::filesystem::last_write_time(path, ec);
    if (ec) return nullptr;
    {
        std::lock_guard lock(mutex);
        auto it = files.find(path);
        if (it != files.end() && it->second.first == stamp) return it->second.second;
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) return nullptr;
    std::ostringstream body;
    body << in.rdbuf();
    auto text = std::make_shared<const std::string>(body.str());
    std::lock_guard lock(mutex);
    files[path] = {stamp, text};
    return text;
}

std::string Shared::client_file(std::string_view path) const {
    // Every call here takes an error_code: a name the system refuses (ENAMETOOLONG, a
    // component past NAME_MAX) is a missing file, never an exception on the io thread.
    std::error_code ec;
    const auto resolved = std::filesystem::canonical(
        std::filesystem::path(web_root) / std::filesystem::path(path).relative_path(), ec);
    if (ec) return {};
    std::string text = resolved.string();
    // A link that leads out of the client's folder is not followed.
    if (text.size() <= web_root.size() || text.compare(0, web_root.size(), web_root) != 0 ||
        text[web_root.size()] != '/')
        return {};
    if (!std::filesystem::is_regular_file(resolved, ec) || ec) return {};
    return text;
}

void Shared::log_refusal(const std::string& address, const std::string& why) {
    const auto now = LimitClock::now();
    std::lock_guard lock(mutex);
    ++refusals_unlogged;
    if (now - last_refusal_log < std::chrono::seconds(5)) return;
    spdlog::warn("refused {} connection(s) in the last seconds; the last from {}: {}",
                 refusals_unlogged, address, why);
    refusals_unlogged = 0;
    last_refusal_log = now;
}

std::unique_ptr<AddressSlot> admit(const std::shared_ptr<Shared>& shared,
                                   const std::string& address, bool trusted_proxy) {
    Admission::Decision d;
    std::shared_ptr<Evictable> evicted;
    {
        std::lock_guard lock(shared->mutex);
        d = shared->admission.admit(address, LimitClock::now(), trusted_proxy);
        if (d.evict != 0) {
            if (auto it = shared->sessions.find(d.evict); it != shared->sessions.end()) {
                evicted = it->second.lock();
                shared->sessions.erase(it);
            } else {
                shared->evict_when_held.insert(d.evict);  // still being set up
            }
        }
    }
    if (evicted)
        evicted->evict("the server is full: your address holds the most connections; try again");
    if (!d.admitted) {
        shared->log_refusal(address, d.reason);
        return nullptr;
    }
    return std::make_unique<AddressSlot>(shared, d.id);
}

namespace {

// ---- listener ----

class Listener : public std::enable_shared_from_this<Listener> {
  public:
    Listener(IoPool& io, std::shared_ptr<Shared> shared)
        : io_(io), acceptor_(asio::make_strand(io.first())), shared_(std::move(shared)) {}

    Expected<unsigned short> listen(const tcp::endpoint& endpoint) {
        beast::error_code ec;
        acceptor_.open(endpoint.protocol(), ec);
        if (!ec) acceptor_.set_option(asio::socket_base::reuse_address(true), ec);
        if (!ec) acceptor_.bind(endpoint, ec);
        if (!ec) acceptor_.listen(asio::socket_base::max_listen_connections, ec);
        if (ec)
            return Error{"cannot listen on " + endpoint.address().to_string() + ":" +
                         std::to_string(endpoint.port()) + ": " + ec.message()};
        return acceptor_.local_endpoint().port();
    }

    void accept() {
        // Each connection on the next thread's context (threads/io_pool.h).
        acceptor_.async_accept(asio::make_strand(io_.next()),
                               beast::bind_front_handler(&Listener::on_accept, shared_from_this()));
    }

  private:
    void on_accept(beast::error_code ec, Socket socket) {
        if (ec) return accept_failed(ec);
        beast::error_code peer_ec;
        const auto peer = socket.remote_endpoint(peer_ec);
        const std::string address = peer_ec ? "?" : normal_address(peer.address().to_string());
        auto slot = admit(shared_, address, shared_->is_trusted_proxy(address));
        if (!slot) {
            socket.close(peer_ec);
            return accept();
        }
        // Frames go out as soon as they are written. Without this, Nagle's algorithm
        // holds a small frame (an `ack`) written just after another until the client's
        // delayed ACK (about 40 ms on Linux): every action's acknowledgement arrived 40 ms
        // late (measured with `hearts loadtest`).
        socket.set_option(tcp::no_delay(true), peer_ec);
        socket.set_option(
            asio::socket_base::send_buffer_size(shared_->options.limits.send_buffer_bytes),
            peer_ec);
        serve_http(std::move(socket), shared_, std::move(slot), address);
        accept();
    }

    // Out of descriptors (or memory): accepting again at once would fail again at once, in
    // a loop that takes a whole core. Wait a little; connections that end meanwhile free
    // descriptors.
    void accept_failed(beast::error_code ec) {
        if (ec == asio::error::operation_aborted) return;
        const bool resources = ec == asio::error::no_descriptors ||
                               ec == asio::error::no_buffer_space || ec == asio::error::no_memory ||
                               ec.value() == ENFILE;
        if (!resources) return accept();
        const auto now = LimitClock::now();
        if (now - last_warning_ > std::chrono::seconds(5)) {
            spdlog::warn("cannot accept connections for now: {} (waiting {} ms between tries)",
                         ec.message(), kAcceptPause.count());
            last_warning_ = now;
        }
        backoff_.expires_after(kAcceptPause);
        backoff_.async_wait([self = shared_from_this()](beast::error_code e) {
            if (!e) self->accept();
        });
    }

    static constexpr auto kAcceptPause = std::chrono::milliseconds(100);
    IoPool& io_;
    tcp::acceptor acceptor_;
    std::shared_ptr<Shared> shared_;
    asio::steady_timer backoff_{acceptor_.get_executor()};
    LimitClock::time_point last_warning_{};
};

}  // namespace
}  // namespace net

using namespace net;

Expected<unsigned short> start_listener(IoPool& io, const NetOptions& options, GameService& service,
                                        Store& store) {
    beast::error_code ec;
    const auto address = asio::ip::make_address(options.bind, ec);
    if (ec) return Error{"'" + options.bind + "' is not an IP address to listen on"};
    auto shared = std::make_shared<Shared>(options, service, store);
    auto listener = std::make_shared<Listener>(io, shared);
    auto port = listener->listen(tcp::endpoint(address, options.port));
    if (!port) return port.error();
    listener->accept();
    return *port;
}

}  // namespace hearts::server
