#include <utility>  // before Asio: Boost 1.74's headers use std::exchange without it

#include "net.h"

#include <spdlog/spdlog.h>
#include <algorithm>
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
#include <set>
#include <sstream>

#include "budgets.h"
#include "hearts/record.h"
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

// ---- who may connect ----

// A session the admission may close to make room (server/budgets.h, Admission).
class Evictable {
  public:
    virtual ~Evictable() = default;
    /// Closes the connection, telling the client `why`; any thread.
    virtual void evict(std::string why) = 0;
};

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

// Connections and their budgets, shared by every session.
struct Shared {
    Shared(NetOptions o, GameService& s, Store& st)
        : options(std::move(o)),
          service(s),
          store(st),
          admission({options.limits.connections_per_address, options.limits.max_connections,
                     options.limits.connections_per_minute}),
          address_messages({options.limits.address_messages_per_second,
                            options.limits.address_messages_per_second * 2}) {}
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
    std::shared_ptr<const std::string> file(const std::string& path) {
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
    std::map<std::string,
             std::pair<std::filesystem::file_time_type, std::shared_ptr<const std::string>>>
        files;

    void log_refusal(const std::string& address, const std::string& why) {
        const auto now = LimitClock::now();
        std::lock_guard lock(mutex);
        ++refusals_unlogged;
        if (now - last_refusal_log < std::chrono::seconds(5)) return;
        spdlog::warn("refused {} connection(s) in the last seconds; the last from {}: {}",
                     refusals_unlogged, address, why);
        refusals_unlogged = 0;
        last_refusal_log = now;
    }
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

// ---- a token bucket: `rate` messages per second, bursts up to `burst` ----

class RateLimit {
  public:
    RateLimit(double rate, double burst) : bucket_({rate, burst}) {}
    bool allow() { return bucket_.take(LimitClock::now()); }

  private:
    TokenBucket bucket_;
};

// ---- WebSocket session ----

constexpr char kNewline[] = "\n";

// Whether a Sec-WebSocket-Protocol header (a comma-separated list) offers `name`.
bool offers_subprotocol(std::string_view header, std::string_view name) {
    while (!header.empty()) {
        const auto comma = header.find(',');
        std::string_view item = header.substr(0, comma);
        while (!item.empty() && (item.front() == ' ' || item.front() == '\t'))
            item.remove_prefix(1);
        while (!item.empty() && (item.back() == ' ' || item.back() == '\t')) item.remove_suffix(1);
        if (item == name) return true;
        if (comma == std::string_view::npos) break;
        header.remove_prefix(comma + 1);
    }
    return false;
}

class WsSession : public Client, public Evictable, public std::enable_shared_from_this<WsSession> {
  public:
    WsSession(Stream&& stream, std::shared_ptr<Shared> shared, std::unique_ptr<AddressSlot> slot,
              std::string client_address)
        : ws_(std::move(stream)),
          shared_(std::move(shared)),
          slot_(std::move(slot)),
          rate_(shared_->options.limits.messages_per_second, shared_->options.limits.message_burst),
          inactivity_(ws_.get_executor()),
          close_deadline_(ws_.get_executor()) {
        address = std::move(client_address);
    }

    void run(http::request<http::string_body> request) {
        slot_->held_by(shared_from_this());
        // A client that asks for version 3 (docs/protocol.md, "Versions") gets several
        // messages in one frame, one per line (fewer frames, writes and wake-ups on both
        // sides), and lean updates (the table actor reads `protocol`).
        lines_ = offers_subprotocol(request[http::field::sec_websocket_protocol], kSubprotocol3);
        if (lines_) {
            protocol = 3;
            ws_.set_option(websocket::stream_base::decorator([](websocket::response_type& res) {
                res.set(http::field::sec_websocket_protocol, kSubprotocol3);
            }));
        }
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

    void evict(std::string why) override {
        asio::post(ws_.get_executor(), [self = shared_from_this(), why = std::move(why)] {
            self->begin_close(websocket::close_code::try_again_later, why);
        });
    }

    // Any thread. Messages handed over meanwhile wait in the inbox, and the strand takes
    // them all with one hand-off: a table that tells one person five things costs the
    // session one wake-up, not five.
    void send(std::shared_ptr<const std::string> message) override {
        {
            std::lock_guard lock(inbox_mutex_);
            inbox_.push_back(std::move(message));
            if (inbox_posted_) return;
            inbox_posted_ = true;
        }
        asio::post(ws_.get_executor(), [self = shared_from_this()] { self->take_inbox(); });
    }

  private:
    static constexpr std::size_t kReadPiece = 4096;  // bytes asked of one read
    // What one frame carries at most for a client that takes several messages a frame
    // (a single larger message still goes, alone).
    static constexpr std::size_t kFrameBytes = 64 * 1024;
    static constexpr std::size_t kFrameMessages = 64;
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
        if (!address_allows()) {
            return begin_close(websocket::close_code::policy_error,
                               "rate limit: too many messages from your address");
        }
        auto parsed = parse_client_message(text);
        if (auto* err = std::get_if<ProtocolError>(&parsed)) {
            enqueue(std::make_shared<const std::string>(error_message(*err)));
            flush();
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

    // Every connection from one address shares one budget of frames a second, so opening
    // more connections (or reconnecting in a loop) buys no more of the server's time.
    bool address_allows() { return shared_->address_allows(address); }

    // On the strand: everything sent from other threads since the last time.
    void take_inbox() {
        {
            std::lock_guard lock(inbox_mutex_);
            taking_.swap(inbox_);
            inbox_posted_ = false;
        }
        for (auto& message : taking_) enqueue(std::move(message));
        taking_.clear();
        flush();
    }

    // On the strand: queue a message. A client that does not read what it is sent is
    // closed once more than the limit waits for it.
    void enqueue(std::shared_ptr<const std::string> message) {
        if (closing_) return;
        const std::size_t limit = shared_->options.limits.max_queued_bytes;
        if (queued_bytes_ + message->size() > limit) {
            // What is not being written yet is dropped: the reason goes next.
            while (queue_.size() > in_flight_) {
                queued_bytes_ -= queue_.back()->size();
                queue_.pop_back();
            }
            return begin_close(websocket::close_code::policy_error,
                               "too slow: more than " + std::to_string(limit / 1024) +
                                   " KiB of messages were waiting to be read");
        }
        queued_bytes_ += message->size();
        queue_.push_back(std::move(message));
    }

    // On the strand: starts a write of what is queued, unless one is on its way (its
    // completion writes the rest). One write at a time, in order.
    void flush() {
        if (in_flight_ == 0 && !queue_.empty() && !close_started_) do_write();
    }

    // One frame: the first queued message, or for a client that takes lines, as many
    // as fit in one frame, separated by newlines (JSON text never holds a raw one).
    void do_write() {
        gather_.clear();
        std::size_t bytes = 0;
        for (const auto& message : queue_) {
            if (!gather_.empty()) {
                if (!lines_ || in_flight_ == kFrameMessages ||
                    bytes + 1 + message->size() > kFrameBytes)
                    break;
                gather_.emplace_back(kNewline, 1);
                ++bytes;
            }
            gather_.emplace_back(message->data(), message->size());
            bytes += message->size();
            ++in_flight_;
        }
        ws_.text(true);
        ws_.async_write(gather_,
                        beast::bind_front_handler(&WsSession::on_write, shared_from_this()));
    }

    void on_write(beast::error_code ec, std::size_t) {
        if (ec) {
            // The connection is gone: nothing more is written to it.
            in_flight_ = 0;
            queue_.clear();
            queued_bytes_ = 0;
            close_started_ = true;
            return finish();
        }
        for (; in_flight_ > 0; --in_flight_) {
            queued_bytes_ -= queue_.front()->size();
            queue_.pop_front();
        }
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
        // What is queued goes first (on_write closes once it is out).
        if (in_flight_ == 0) queue_.empty() ? do_close() : do_write();
    }

    void do_close() {
        close_started_ = true;
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
        // The address may connect again at once; the socket counts in the total until it
        // is gone (the slot goes with the session).
        slot_->leave_address();
        shared_->service.disconnected(shared_from_this());
    }

    websocket::stream<Stream> ws_;
    std::shared_ptr<Shared> shared_;
    std::unique_ptr<AddressSlot> slot_;
    beast::flat_buffer buffer_;
    std::mutex inbox_mutex_;  // guards the two below
    std::vector<std::shared_ptr<const std::string>> inbox_;
    bool inbox_posted_ = false;                               // take_inbox is on its way
    std::vector<std::shared_ptr<const std::string>> taking_;  // the strand's, reused
    std::deque<std::shared_ptr<const std::string>> queue_;
    std::size_t queued_bytes_ = 0;
    std::size_t in_flight_ = 0;               // the first this many of queue_ are being written
    std::vector<asio::const_buffer> gather_;  // the frame being written, in pieces
    bool lines_ = false;          // the client takes several messages a frame (version 3)
    bool close_started_ = false;  // the close frame is on its way: nothing more is written
    RateLimit rate_;
    bool closing_ = false;
    bool finished_ = false;
    websocket::close_reason close_reason_;
    Timer inactivity_;
    Timer close_deadline_;
    std::chrono::steady_clock::time_point last_action_;
};

// ---- HTTP session: files, the record download, and the upgrade to /ws ----

std::string_view mime_type(const std::string& path) {
    const auto ext = std::filesystem::path(path).extension().string();
    if (ext == ".html") return "text/html; charset=utf-8";
    if (ext == ".webmanifest") return "application/manifest+json";
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

constexpr const char* kContentSecurityPolicy =
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'";

// Whether an Accept-Encoding header takes `coding` (and not with q=0).
bool accepts_coding(std::string_view header, std::string_view coding) {
    while (!header.empty()) {
        const auto comma = header.find(',');
        std::string_view item = header.substr(0, comma);
        header = comma == std::string_view::npos ? std::string_view{} : header.substr(comma + 1);
        while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
        const auto semi = item.find(';');
        std::string_view name = item.substr(0, semi);
        while (!name.empty() && name.back() == ' ') name.remove_suffix(1);
        if (name != coding) continue;
        if (semi == std::string_view::npos) return true;
        std::string_view params = item.substr(semi + 1);
        while (!params.empty() && params.front() == ' ') params.remove_prefix(1);
        // "q=0", "q=0.0", "q=0.00", "q=0.000": refused; any other q accepts.
        if (params.substr(0, 2) == "q=") {
            std::string_view q = params.substr(2);
            while (!q.empty() && q.back() == ' ') q.remove_suffix(1);
            return !(q == "0" || (q.size() > 2 && q.substr(0, 2) == "0." &&
                                  q.find_first_not_of('0', 2) == std::string_view::npos));
        }
        return true;
    }
    return false;
}

// "Bearer <player>:<token>" → {player, token}; empty when the header is not that.
std::pair<std::string, std::string> bearer(std::string_view header) {
    constexpr std::string_view kScheme = "Bearer ";
    if (header.substr(0, kScheme.size()) != kScheme) return {};
    header.remove_prefix(kScheme.size());
    const auto colon = header.find(':');
    if (colon == std::string_view::npos || colon == 0 || colon + 1 == header.size()) return {};
    return {std::string(header.substr(0, colon)), std::string(header.substr(colon + 1))};
}

class HttpSession : public Evictable, public std::enable_shared_from_this<HttpSession> {
  public:
    HttpSession(Socket&& socket, std::shared_ptr<Shared> shared, std::unique_ptr<AddressSlot> slot,
                std::string peer)
        : stream_(std::move(socket)),
          shared_(std::move(shared)),
          slot_(std::move(slot)),
          peer_(std::move(peer)),
          client_(peer_) {}

    void run() {
        slot_->held_by(shared_from_this());
        asio::dispatch(stream_.get_executor(),
                       beast::bind_front_handler(&HttpSession::do_read, shared_from_this()));
    }

    void evict(std::string) override {
        asio::post(stream_.get_executor(), [self = shared_from_this()] {
            beast::error_code ec;
            self->stream_.socket().shutdown(tcp::socket::shutdown_both, ec);
            self->stream_.socket().close(ec);
        });
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
        head_ = request.method() == http::verb::head;
        client_ = client_address(request);
        if (websocket::is_upgrade(request)) {
            if (request.target() != "/ws")
                return reply(error_response(request, http::status::not_found, "Not found"));
            // A page from another site may not play here in its visitor's name.
            const std::string_view origin = request[http::field::origin];
            if (!origin.empty() && !origin_allowed(origin, request[http::field::host])) {
                return reply(error_response(
                    request, http::status::forbidden,
                    "A page from " + std::string(origin.substr(0, 100)) +
                        " may not connect here (hearts serve --allow-origin ORIGIN allows it)"));
            }
            // Through a trusted proxy, the client is admitted under their own address now
            // that the request names it (or, when it names nobody, under the proxy's as
            // any client); the proxy's place is given back.
            if (shared_->is_trusted_proxy(peer_)) {
                auto own = admit(shared_, client_, false);
                if (!own) {
                    return reply(error_response(request, http::status::too_many_requests,
                                                "Too many connections from your address"));
                }
                slot_ = std::move(own);
            }
            std::make_shared<WsSession>(std::move(stream_), shared_, std::move(slot_), client_)
                ->run(std::move(request));
            return;
        }
        // Every request spends from the address's budget, as a frame does.
        if (!shared_->address_allows(client_)) {
            auto res = error_response(request, http::status::too_many_requests,
                                      "Too many requests from your address: wait a little");
            res.keep_alive(false);
            return reply(std::move(res));
        }
        reply(respond(request));
    }

    // The client's address: the connection's, or, from a trusted proxy, the last address
    // in X-Forwarded-For that is not a trusted proxy itself (what the proxy saw).
    std::string client_address(const http::request<http::string_body>& req) const {
        if (!shared_->is_trusted_proxy(peer_)) return peer_;
        // A proxy may add its own header line rather than extend the client's: every line,
        // in order, is one list, read from its right end.
        std::string joined;
        for (auto [it, end] = req.equal_range("X-Forwarded-For"); it != end; ++it) {
            if (!joined.empty()) joined += ',';
            joined += std::string(it->value());
        }
        std::string_view chain = joined;
        while (!chain.empty()) {
            const auto comma = chain.rfind(',');
            std::string_view hop =
                comma == std::string_view::npos ? chain : chain.substr(comma + 1);
            chain = comma == std::string_view::npos ? std::string_view{} : chain.substr(0, comma);
            while (!hop.empty() && hop.front() == ' ') hop.remove_prefix(1);
            while (!hop.empty() && hop.back() == ' ') hop.remove_suffix(1);
            beast::error_code ec;
            const auto parsed = asio::ip::make_address(hop, ec);
            if (ec) break;  // not an address: trust nothing further left
            const std::string address = normal_address(parsed.to_string());
            if (!shared_->is_trusted_proxy(address)) return address;
        }
        return peer_;
    }

    // The page's own host (Origin "http://HOST" or "https://HOST" for the Host header),
    // or one of --allow-origin.
    bool origin_allowed(std::string_view origin, std::string_view host) const {
        for (const std::string& allowed : shared_->options.allowed_origins)
            if (origin == allowed) return true;
        for (std::string_view scheme : {"http://", "https://"})
            if (origin.substr(0, scheme.size()) == scheme && origin.substr(scheme.size()) == host)
                return !host.empty();
        return false;
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

        // What the server holds, for whoever runs it (only asked from this machine).
        if (path == "/api/stats") {
            beast::error_code ec;
            const auto client = asio::ip::make_address(client_, ec);
            // Forwarded by a proxy that names nobody but itself: whose request it is cannot
            // be told. (A request with no X-Forwarded-For at all is this machine's own.)
            const bool unnamed = shared_->is_trusted_proxy(peer_) && client_ == peer_ &&
                                 req.count("X-Forwarded-For") > 0;
            if (ec || !client.is_loopback() || unnamed)
                return error_response(req, http::status::forbidden,
                                      "The statistics are for this machine only");
            http::response<http::string_body> res{http::status::ok, req.version()};
            res.set(http::field::content_type, "application/json");
            res.set(http::field::cache_control, "no-store");
            res.keep_alive(req.keep_alive());
            res.body() = shared_->service.stats_json();
            res.prepare_payload();
            return res;
        }

        // /api/games/<table>/record.json, with "Authorization: Bearer <player>:<token>".
        // The secret never goes in the address, where it would be copied with the link,
        // kept in the history and written to logs.
        const std::string prefix = "/api/games/";
        const std::string suffix = "/record.json";
        if (path.rfind(prefix, 0) == 0 && path.size() > prefix.size() + suffix.size() &&
            path.compare(path.size() - suffix.size(), suffix.size(), suffix) == 0) {
            const std::string table =
                path.substr(prefix.size(), path.size() - prefix.size() - suffix.size());
            if (!query_param(target, "token").empty()) {
                return error_response(req, http::status::bad_request,
                                      "The token goes in the Authorization header (Bearer "
                                      "<player>:<token>), never in the address");
            }
            const auto [player, token] = bearer(req[http::field::authorization]);
            if (player.empty())
                return error_response(req, http::status::unauthorized,
                                      "Say who you are: Authorization: Bearer <player>:<token>");
            if (!shared_->store.check_player(player, token))
                return error_response(req, http::status::forbidden,
                                      "Unknown player or wrong token");
            auto record = shared_->store.finished_record(table, player);
            if (!record) return error_response(req, http::status::not_found, record.error().reason);
            // Stored on one line (table_actor.cpp); a person downloads the pretty form,
            // from the record itself. One that does not load goes as it was stored.
            std::string body = *record;
            if (auto game = load_record(body)) {
                body = to_record_json(*game);
            } else {
                spdlog::error("table {}: the stored record does not load: {}", table,
                              game.error().reason);
            }
            http::response<http::string_body> res{http::status::ok, req.version()};
            res.set(http::field::content_type, "application/json");
            res.set(http::field::content_disposition,
                    "attachment; filename=\"hearts-" + table + ".json\"");
            res.set(http::field::cache_control, "no-store");  // personal, behind a header
            res.keep_alive(req.keep_alive());
            res.body() = std::move(body);
            res.prepare_payload();
            return res;
        }

        // Static files: no "..", no hidden files, "/" is index.html.
        if (path.empty() || path[0] != '/' || path.find("..") != std::string::npos ||
            path.find("/.") != std::string::npos || path.find('\\') != std::string::npos)
            return error_response(req, http::status::bad_request, "Bad path");
        const std::string file = shared_->options.web_dir + (path == "/" ? "/index.html" : path);
        if (!std::filesystem::is_regular_file(file)) {
            if (path == "/") {
                return error_response(
                    req, http::status::not_found,
                    "The web client is not built: run `make run` (it builds web/dist).");
            }
            return error_response(req, http::status::not_found, "Not found");
        }
        // The web build writes each file compressed beside it (.br, .gz): the smallest
        // the browser takes is sent as it is.
        std::string sent = file;
        std::string_view encoding;
        const std::string_view accepts = req[http::field::accept_encoding];
        for (const auto& [coding, ext] :
             {std::pair<std::string_view, std::string_view>{"br", ".br"}, {"gzip", ".gz"}}) {
            if (accepts_coding(accepts, coding) &&
                std::filesystem::is_regular_file(file + std::string(ext))) {
                sent = file + std::string(ext);
                encoding = coding;
                break;
            }
        }
        const auto body = shared_->file(sent);
        if (!body) return error_response(req, http::status::not_found, "Not found");
        http::response<http::string_body> res{http::status::ok, req.version()};
        res.set(http::field::content_type, mime_type(file));
        res.set(http::field::cache_control,
                path == "/" || path.ends_with(".html") ? "no-cache" : "max-age=3600");
        res.set(http::field::vary, "Accept-Encoding");
        if (!encoding.empty()) res.set(http::field::content_encoding, encoding);
        res.keep_alive(req.keep_alive());
        res.body() = *body;
        res.prepare_payload();
        return res;
    }

    // Every response: what the page may load and run (its own files, no inline script),
    // no framing by other sites, no sniffing of types, no referrer sent elsewhere. A
    // response to HEAD keeps its headers (Content-Length included) and drops its body.
    void reply(http::response<http::string_body>&& res) {
        res.set("Content-Security-Policy", kContentSecurityPolicy);
        res.set("X-Content-Type-Options", "nosniff");
        res.set("X-Frame-Options", "DENY");
        res.set("Referrer-Policy", "no-referrer");
        res.set("Cross-Origin-Opener-Policy", "same-origin");
        if (head_) res.body().clear();
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

    Stream stream_;
    std::shared_ptr<Shared> shared_;
    std::unique_ptr<AddressSlot> slot_;
    beast::flat_buffer buffer_;
    std::optional<http::request_parser<http::string_body>> parser_;
    bool head_ = false;   // the request being answered is HEAD
    std::string peer_;    // the connection's address
    std::string client_;  // the client's (peer_, or from X-Forwarded-For behind a proxy)
};

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
        // Each connection on the next thread's context (io_pool.h).
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
        std::make_shared<HttpSession>(std::move(socket), shared_, std::move(slot), address)->run();
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
