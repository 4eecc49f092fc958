// The WebSocket sessions (docs/protocol.md): one per browser, on a strand of its own.
// A session reads frames (size, rate and address budgets checked first), hands each
// parsed message to the service, and writes what the tables send it, several messages a
// frame for a client of protocol version 3.
#include "net/sessions.h"

#include <spdlog/spdlog.h>
#include <boost/asio/dispatch.hpp>
#include <boost/beast/websocket.hpp>
#include <deque>
#include <vector>

#include "protocol/client.h"
#include "protocol/messages.h"
#include "router/service.h"

namespace hearts::server::net {
namespace {

namespace websocket = beast::websocket;

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
        // Ping frames past their budget end the connection (each would cost a pong).
        ws_.control_callback([this](websocket::frame_type kind, beast::string_view) {
            if (kind != websocket::frame_type::ping || pings_.allow() || closing_) return;
            asio::post(ws_.get_executor(), [self = shared_from_this()] {
                self->begin_close(websocket::close_code::policy_error,
                                  "too many WebSocket pings: at most 2 a second");
            });
        });
        ws_.async_accept(request,
                         beast::bind_front_handler(&WsSession::on_accept, shared_from_this()));
    }

    // The cluster moved a table this connection was at: the page connects again (as after
    // a restart of the server) and finds it where it is now.
    void reconnect(std::string why) override {
        asio::post(ws_.get_executor(), [self = shared_from_this(), why = std::move(why)] {
            self->begin_close(websocket::close_code::service_restart, why);
        });
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
    static constexpr double kPingsPerSecond = 2, kPingBurst = 10;
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
            // Pings, and a page asking what it missed (`resume` with `since`: its watch on
            // a quiet table, docs/protocol.md "Catching up"), are not a person acting.
            const auto* resume = std::get_if<Resume>(&message.body);
            if (!std::holds_alternative<Ping>(message.body) && !(resume && resume->since > 0))
                last_action_ = std::chrono::steady_clock::now();
            // The firewall at the edge of a connection: whatever throws while its message
            // is handled costs this connection alone, logged once.
            try {
                shared_->service.handle(shared_from_this(), message, text);
            } catch (const std::exception& e) {
                spdlog::error("connection from {}: a message failed: {}", address, e.what());
                return begin_close(websocket::close_code::internal_error,
                                   "the server failed on your message: reconnect");
            }
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
    // WebSocket ping frames (Beast answers each with a pong, outside the message budget).
    // A browser sends none: the page's keep-alive is a `ping` message.
    RateLimit pings_{kPingsPerSecond, kPingBurst};
    bool closing_ = false;
    bool finished_ = false;
    websocket::close_reason close_reason_;
    Timer inactivity_;
    Timer close_deadline_;
    std::chrono::steady_clock::time_point last_action_;
};

}  // namespace

void serve_websocket(Stream&& stream, std::shared_ptr<Shared> shared,
                     std::unique_ptr<AddressSlot> slot, std::string address,
                     http::request<http::string_body> request) {
    std::make_shared<WsSession>(std::move(stream), std::move(shared), std::move(slot),
                                std::move(address))
        ->run(std::move(request));
}

}  // namespace hearts::server::net
