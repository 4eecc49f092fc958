#include <utility>  // before Asio: Boost 1.74's headers use std::exchange without it

#include "net.h"

#include <spdlog/spdlog.h>
#include <boost/asio/dispatch.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <deque>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>

#include "protocol.h"
#include "service.h"
#include "store.h"

namespace hearts::server {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

// ---- connections per address ----

class AddressCounter {
  public:
    explicit AddressCounter(int limit) : limit_(limit) {}
    bool acquire(const std::string& address) {
        std::lock_guard lock(mutex_);
        int& n = counts_[address];
        if (n >= limit_) return false;
        ++n;
        return true;
    }
    void release(const std::string& address) {
        std::lock_guard lock(mutex_);
        if (--counts_[address] <= 0) counts_.erase(address);
    }

  private:
    std::mutex mutex_;
    std::map<std::string, int> counts_;
    int limit_;
};

// Holds one slot of an address's connection count for as long as a session lives.
class AddressSlot {
  public:
    AddressSlot(std::shared_ptr<AddressCounter> counter, std::string address)
        : counter_(std::move(counter)), address_(std::move(address)) {}
    ~AddressSlot() { counter_->release(address_); }
    AddressSlot(const AddressSlot&) = delete;
    AddressSlot& operator=(const AddressSlot&) = delete;

  private:
    std::shared_ptr<AddressCounter> counter_;
    std::string address_;
};

struct Shared {
    NetOptions options;
    GameService& service;
    Store& store;
    std::shared_ptr<AddressCounter> counter;
};

// ---- a token bucket: `rate` messages per second, bursts up to `burst` ----

class RateLimit {
  public:
    RateLimit(double rate, double burst) : rate_(rate), burst_(burst), tokens_(burst) {}
    bool allow() {
        const auto now = std::chrono::steady_clock::now();
        tokens_ =
            std::min(burst_, tokens_ + rate_ * std::chrono::duration<double>(now - last_).count());
        last_ = now;
        if (tokens_ < 1) return false;
        tokens_ -= 1;
        return true;
    }

  private:
    double rate_, burst_, tokens_;
    std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
};

// ---- WebSocket session ----

class WsSession : public Client, public std::enable_shared_from_this<WsSession> {
  public:
    WsSession(beast::tcp_stream&& stream, std::shared_ptr<Shared> shared,
              std::unique_ptr<AddressSlot> slot)
        : ws_(std::move(stream)),
          shared_(std::move(shared)),
          slot_(std::move(slot)),
          rate_(shared_->options.limits.messages_per_second, shared_->options.limits.message_burst),
          inactivity_(ws_.get_executor()),
          close_deadline_(ws_.get_executor()) {}

    void run(http::request<http::string_body> request) {
        beast::get_lowest_layer(ws_).expires_never();  // the websocket has its own timeouts
        websocket::stream_base::timeout timeouts =
            websocket::stream_base::timeout::suggested(beast::role_type::server);
        timeouts.idle_timeout = std::chrono::seconds(shared_->options.limits.idle_timeout_seconds);
        timeouts.keep_alive_pings = true;
        ws_.set_option(timeouts);
        // No limit in Beast: on_read checks the size of each message as it arrives.
        ws_.read_message_max(0);
        ws_.async_accept(request,
                         beast::bind_front_handler(&WsSession::on_accept, shared_from_this()));
    }

    void send(std::shared_ptr<const std::string> frame) override {
        asio::post(ws_.get_executor(),
                   [self = shared_from_this(), frame = std::move(frame)] { self->enqueue(frame); });
    }

  private:
    static constexpr std::size_t kReadPiece = 4096;  // bytes asked of one read
    // A connection being closed gets this long to take what is being written and the
    // close frame; then the TCP connection is dropped.
    static constexpr auto kCloseGrace = std::chrono::seconds(10);

    void on_accept(beast::error_code ec) {
        if (ec) return finish();
        last_action_ = std::chrono::steady_clock::now();
        arm_inactivity();
        do_read();
    }

    // A person who does nothing but keep the connection open (pings) for the whole
    // inactivity limit is disconnected, as the seed page does; the page can reconnect.
    void arm_inactivity() {
        const auto limit = std::chrono::seconds(shared_->options.limits.inactivity_seconds);
        inactivity_.expires_at(last_action_ + limit);
        inactivity_.async_wait([self = shared_from_this(), limit](beast::error_code ec) {
            if (ec || self->closing_) return;
            if (std::chrono::steady_clock::now() - self->last_action_ < limit) {
                self->arm_inactivity();
                return;
            }
            self->begin_close(websocket::close_code::going_away,
                              "inactivity: no action for " +
                                  std::to_string(self->shared_->options.limits.inactivity_seconds) +
                                  " seconds");
        });
    }

    // A message is read in pieces, so its size is checked here and a message that is
    // too big is refused with a reason a person can read (Beast's own limit would close
    // with the code alone). Beast checks that a text message is UTF-8 as it reads.
    void do_read() {
        ws_.async_read_some(buffer_, kReadPiece,
                            beast::bind_front_handler(&WsSession::on_read, shared_from_this()));
    }

    void on_read(beast::error_code ec, std::size_t) {
        if (ec) return finish();
        if (closing_) {  // what a closing client still sends is not acted on
            buffer_.consume(buffer_.size());
            return do_read();
        }
        const std::size_t limit = shared_->options.limits.max_message_bytes;
        if (buffer_.size() > limit) {
            return begin_close(websocket::close_code::too_big,
                               "too big: a message is at most " + std::to_string(limit) + " bytes");
        }
        if (!ws_.got_text()) {
            return begin_close(websocket::close_code::unknown_data,
                               "binary frames are not accepted: send JSON text");
        }
        if (!ws_.is_message_done()) return do_read();
        const std::string text = beast::buffers_to_string(buffer_.data());
        buffer_.consume(buffer_.size());
        if (!rate_.allow())
            return begin_close(websocket::close_code::policy_error,
                               "rate limit: too many messages");
        auto parsed = parse_client_message(text);
        if (auto* err = std::get_if<ProtocolError>(&parsed)) {
            enqueue(std::make_shared<const std::string>(error_message(*err)));
            // Input that is not even a JSON object is not a client of ours: say why and
            // close once the error is sent.
            if (err->close)
                return begin_close(websocket::close_code::policy_error, err->reason.substr(0, 120));
        } else {
            const auto& message = std::get<ClientMessage>(parsed);
            if (!std::holds_alternative<Ping>(message.body))
                last_action_ = std::chrono::steady_clock::now();
            shared_->service.handle(shared_from_this(), message);
        }
        do_read();
    }

    // On the strand: queue a frame; one write at a time, in order. A client that does not
    // read what it is sent is closed once more than the limit waits for it.
    void enqueue(std::shared_ptr<const std::string> frame) {
        if (closing_) return;
        const std::size_t limit = shared_->options.limits.max_queued_bytes;
        if (queued_bytes_ + frame->size() > limit) {
            // What is not being written yet is dropped: the reason goes next.
            while (queue_.size() > (writing_ ? 1u : 0u)) {
                queued_bytes_ -= queue_.back()->size();
                queue_.pop_back();
            }
            return begin_close(websocket::close_code::policy_error,
                               "too slow: more than " + std::to_string(limit / 1024) +
                                   " KiB of messages were waiting to be read");
        }
        queued_bytes_ += frame->size();
        queue_.push_back(std::move(frame));
        if (!writing_) do_write();
    }

    void do_write() {
        writing_ = true;
        ws_.text(true);
        ws_.async_write(asio::buffer(*queue_.front()),
                        beast::bind_front_handler(&WsSession::on_write, shared_from_this()));
    }

    void on_write(beast::error_code ec, std::size_t) {
        writing_ = false;
        if (ec) return finish();
        queued_bytes_ -= queue_.front()->size();
        queue_.pop_front();
        if (!queue_.empty())
            do_write();
        else if (closing_)
            do_close();
    }

    // Stops taking frames and lets the service know at once; closes with `reason` once
    // what is queued has been sent, or drops the connection after kCloseGrace.
    void begin_close(websocket::close_code code, std::string reason) {
        if (closing_) return;
        closing_ = true;
        close_reason_ = websocket::close_reason(code, reason);
        finish();
        close_deadline_.expires_after(kCloseGrace);
        close_deadline_.async_wait([self = shared_from_this()](beast::error_code ec) {
            if (ec) return;
            beast::get_lowest_layer(self->ws_).close();  // every pending operation ends
        });
        if (!writing_) do_close();
    }

    void do_close() {
        ws_.async_close(close_reason_, [self = shared_from_this()](beast::error_code) {
            self->close_deadline_.cancel();
        });
    }

    // The connection is over for the service (closed by either side, or being closed):
    // the address slot is free again and the player's seats see the disconnect. Once.
    void finish() {
        if (finished_) return;
        finished_ = true;
        closing_ = true;
        inactivity_.cancel();
        slot_.reset();
        shared_->service.disconnected(shared_from_this());
    }

    websocket::stream<beast::tcp_stream> ws_;
    std::shared_ptr<Shared> shared_;
    std::unique_ptr<AddressSlot> slot_;
    beast::flat_buffer buffer_;
    std::deque<std::shared_ptr<const std::string>> queue_;
    std::size_t queued_bytes_ = 0;
    bool writing_ = false;  // queue_.front() is being written
    RateLimit rate_;
    bool closing_ = false;
    bool finished_ = false;
    websocket::close_reason close_reason_;
    asio::steady_timer inactivity_;
    asio::steady_timer close_deadline_;
    std::chrono::steady_clock::time_point last_action_;
};

// ---- HTTP session: files, the record download, and the upgrade to /ws ----

std::string_view mime_type(const std::string& path) {
    const auto ext = std::filesystem::path(path).extension().string();
    if (ext == ".html") return "text/html; charset=utf-8";
    if (ext == ".js") return "text/javascript; charset=utf-8";
    if (ext == ".css") return "text/css; charset=utf-8";
    if (ext == ".svg") return "image/svg+xml";
    if (ext == ".json") return "application/json";
    if (ext == ".png") return "image/png";
    if (ext == ".ico") return "image/x-icon";
    if (ext == ".woff2") return "font/woff2";
    return "application/octet-stream";
}

// Query parameter `name` from a target like "/a?x=1&y=2" (no decoding: ids and tokens
// are base32 and never need it).
std::string query_param(std::string_view target, std::string_view name) {
    const auto q = target.find('?');
    if (q == std::string_view::npos) return "";
    std::string_view rest = target.substr(q + 1);
    while (!rest.empty()) {
        const auto amp = rest.find('&');
        std::string_view pair = rest.substr(0, amp);
        const auto eq = pair.find('=');
        if (eq != std::string_view::npos && pair.substr(0, eq) == name)
            return std::string(pair.substr(eq + 1));
        if (amp == std::string_view::npos) break;
        rest = rest.substr(amp + 1);
    }
    return "";
}

class HttpSession : public std::enable_shared_from_this<HttpSession> {
  public:
    HttpSession(tcp::socket&& socket, std::shared_ptr<Shared> shared,
                std::unique_ptr<AddressSlot> slot)
        : stream_(std::move(socket)), shared_(std::move(shared)), slot_(std::move(slot)) {}

    void run() {
        asio::dispatch(stream_.get_executor(),
                       beast::bind_front_handler(&HttpSession::do_read, shared_from_this()));
    }

  private:
    void do_read() {
        parser_.emplace();
        parser_->body_limit(8192);
        stream_.expires_after(std::chrono::seconds(30));
        http::async_read(stream_, buffer_, *parser_,
                         beast::bind_front_handler(&HttpSession::on_read, shared_from_this()));
    }

    void on_read(beast::error_code ec, std::size_t) {
        if (ec) {
            stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
            return;
        }
        auto request = parser_->release();
        if (websocket::is_upgrade(request)) {
            if (request.target() != "/ws")
                return reply(error_response(request, http::status::not_found, "Not found"));
            std::make_shared<WsSession>(std::move(stream_), shared_, std::move(slot_))
                ->run(std::move(request));
            return;
        }
        reply(respond(request));
    }

    http::response<http::string_body> error_response(const http::request<http::string_body>& req,
                                                     http::status status, std::string_view text) {
        http::response<http::string_body> res{status, req.version()};
        res.set(http::field::content_type, "text/plain; charset=utf-8");
        res.keep_alive(req.keep_alive());
        res.body() = std::string(text) + "\n";
        res.prepare_payload();
        return res;
    }

    http::response<http::string_body> respond(const http::request<http::string_body>& req) {
        if (req.method() != http::verb::get && req.method() != http::verb::head)
            return error_response(req, http::status::method_not_allowed, "Only GET is served here");
        const std::string target(req.target());
        const std::string path = target.substr(0, target.find('?'));

        // /api/games/<table>/record.json?player=..&token=..
        const std::string prefix = "/api/games/";
        const std::string suffix = "/record.json";
        if (path.rfind(prefix, 0) == 0 && path.size() > prefix.size() + suffix.size() &&
            path.compare(path.size() - suffix.size(), suffix.size(), suffix) == 0) {
            const std::string table =
                path.substr(prefix.size(), path.size() - prefix.size() - suffix.size());
            const std::string player = query_param(target, "player");
            if (!shared_->store.check_player(player, query_param(target, "token")))
                return error_response(req, http::status::forbidden,
                                      "Unknown player or wrong token");
            auto record = shared_->store.finished_record(table, player);
            if (!record) return error_response(req, http::status::not_found, record.error().reason);
            http::response<http::string_body> res{http::status::ok, req.version()};
            res.set(http::field::content_type, "application/json");
            res.set(http::field::content_disposition,
                    "attachment; filename=\"hearts-" + table + ".json\"");
            res.keep_alive(req.keep_alive());
            res.body() = *record;
            res.prepare_payload();
            return res;
        }

        // Static files: no "..", no hidden files, "/" is index.html.
        if (path.empty() || path[0] != '/' || path.find("..") != std::string::npos ||
            path.find("/.") != std::string::npos || path.find('\\') != std::string::npos)
            return error_response(req, http::status::bad_request, "Bad path");
        std::string file = shared_->options.web_dir + (path == "/" ? "/index.html" : path);
        std::ifstream in(file, std::ios::binary);
        if (!in || std::filesystem::is_directory(file)) {
            if (path == "/") {
                return error_response(
                    req, http::status::not_found,
                    "The web client is not built: run `make run` (it builds web/dist).");
            }
            return error_response(req, http::status::not_found, "Not found");
        }
        std::ostringstream body;
        body << in.rdbuf();
        http::response<http::string_body> res{http::status::ok, req.version()};
        res.set(http::field::content_type, mime_type(file));
        res.set(http::field::cache_control,
                path == "/" || path.ends_with(".html") ? "no-cache" : "max-age=3600");
        res.keep_alive(req.keep_alive());
        res.body() = body.str();
        res.prepare_payload();
        if (req.method() == http::verb::head) res.body().clear();
        return res;
    }

    void reply(http::response<http::string_body>&& res) {
        auto shared = std::make_shared<http::response<http::string_body>>(std::move(res));
        const bool keep_alive = shared->keep_alive();
        http::async_write(
            stream_, *shared,
            [self = shared_from_this(), shared, keep_alive](beast::error_code ec, std::size_t) {
                if (ec) return;
                if (!keep_alive) {
                    self->stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
                    return;
                }
                self->do_read();
            });
    }

    beast::tcp_stream stream_;
    std::shared_ptr<Shared> shared_;
    std::unique_ptr<AddressSlot> slot_;
    beast::flat_buffer buffer_;
    std::optional<http::request_parser<http::string_body>> parser_;
};

// ---- listener ----

class Listener : public std::enable_shared_from_this<Listener> {
  public:
    Listener(asio::io_context& io, std::shared_ptr<Shared> shared)
        : io_(io), acceptor_(asio::make_strand(io)), shared_(std::move(shared)) {}

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
        acceptor_.async_accept(asio::make_strand(io_),
                               beast::bind_front_handler(&Listener::on_accept, shared_from_this()));
    }

  private:
    void on_accept(beast::error_code ec, tcp::socket socket) {
        if (!ec) {
            beast::error_code peer_ec;
            const auto peer = socket.remote_endpoint(peer_ec);
            const std::string address = peer_ec ? "?" : peer.address().to_string();
            if (shared_->counter->acquire(address)) {
                // Frames go out as soon as they are written. Without this, Nagle's
                // algorithm holds a small frame (an `ack`) written just after another
                // until the client's delayed ACK (about 40 ms on Linux): every action's
                // acknowledgement arrived 40 ms late (measured with `hearts loadtest`).
                socket.set_option(tcp::no_delay(true), peer_ec);
                socket.set_option(
                    asio::socket_base::send_buffer_size(shared_->options.limits.send_buffer_bytes),
                    peer_ec);
                auto slot = std::make_unique<AddressSlot>(shared_->counter, address);
                std::make_shared<HttpSession>(std::move(socket), shared_, std::move(slot))->run();
            } else {
                spdlog::warn("refused a connection from {}: too many connections from that address",
                             address);
                socket.close(peer_ec);
            }
        }
        accept();
    }

    asio::io_context& io_;
    tcp::acceptor acceptor_;
    std::shared_ptr<Shared> shared_;
};

}  // namespace

Expected<unsigned short> start_listener(asio::io_context& io, const NetOptions& options,
                                        GameService& service, Store& store) {
    beast::error_code ec;
    const auto address = asio::ip::make_address(options.bind, ec);
    if (ec) return Error{"'" + options.bind + "' is not an IP address to listen on"};
    auto shared = std::make_shared<Shared>(
        Shared{options, service, store,
               std::make_shared<AddressCounter>(options.limits.connections_per_address)});
    auto listener = std::make_shared<Listener>(io, shared);
    auto port = listener->listen(tcp::endpoint(address, options.port));
    if (!port) return port.error();
    listener->accept();
    return *port;
}

}  // namespace hearts::server
