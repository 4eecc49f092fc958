// `hearts loadtest` (see loadtest.h). One thread runs every connection: the client
// costs as little CPU as it can on a machine it shares with the server, and what it
// does cost is measured and reported next to the server's.
//
// Each table is driven by its scripted people. A person acts as soon as its view says
// it may: one action at a time (the next waits for the `ack` or `error`), a legal card
// (the view's `legal`) chosen at random, at most once per position, so a view that
// crossed an action on the wire is never acted on twice. Every frame goes out through
// a token bucket kept under the server's per-connection limit.
#include "loadtest_run.h"

#include <algorithm>
#include <string>

namespace hearts::app::load {

// ---------------------------------------------------------------- Person

Person::Person(Runner& run, TableRun& table, std::uint64_t seed)
    : run_(run),
      table_run_(table),
      rng_(seed),
      retry_(run.io),
      tokens_(std::clamp(run.options.rate, 1.0, 40.0)),
      pace_(run.io),
      think_(run.io) {}

void Person::start(const Target& target, const asio::ip::address& source) {
    host_ = target.host;
    path_ = target.path;
    target_ = target;
    source_ = source;
    connect();
}

// Each handler of a connection runs only while that connection is the person's.
#define HEARTS_THIS_CONNECTION(method)                                                   \
    [self = shared_from_this(), g = generation_](auto&&... args) {                       \
        if (g == self->generation_) self->method(std::forward<decltype(args)>(args)...); \
    }

void Person::connect() {
    run_.trace(who, '+', "connecting");
    ++generation_;
    if (ws_) lost_.push_back(std::move(ws_));
    ws_ = std::make_unique<Stream>(run_.io);
    open_ = writing_ = false;
    buffer_.clear();
    auto& socket = beast::get_lowest_layer(*ws_).socket();
    beast::error_code ec;
    socket.open(target_.endpoint.protocol(), ec);
    // Many loopback source addresses: the per-address limits count as for many machines.
    if (!ec) socket.bind(tcp::endpoint(source_, 0), ec);
    if (ec) return fail("connect", "cannot bind to " + source_.to_string() + ": " + ec.message());
    beast::get_lowest_layer(*ws_).expires_after(std::chrono::seconds(10));
    beast::get_lowest_layer(*ws_).async_connect(target_.endpoint,
                                                HEARTS_THIS_CONNECTION(on_connect));
}

void Person::on_connect(beast::error_code ec) {
    if (ec) return fail("connect", ec.message());
    // As browsers do: else a frame in two parts waits for the server's delayed ACK (40 ms).
    beast::get_lowest_layer(*ws_).socket().set_option(tcp::no_delay(true), ec);
    beast::get_lowest_layer(*ws_).expires_never();  // the websocket has its own timeouts
    auto timeouts = websocket::stream_base::timeout::suggested(beast::role_type::client);
    timeouts.handshake_timeout = std::chrono::seconds(5);
    ws_->set_option(timeouts);
    // As the browser does: protocol version 3 (docs/protocol.md, "Versions").
    ws_->set_option(websocket::stream_base::decorator([](websocket::request_type& req) {
        req.set(beast::http::field::sec_websocket_protocol, "hearts.3");
    }));
    ws_->async_handshake(response_, host_, path_, HEARTS_THIS_CONNECTION(on_handshake));
}

void Person::on_handshake(beast::error_code ec) {
    if (ec) return fail("refused", "WebSocket handshake: " + ec.message());
    run_.trace(who, '+', "open");
    lines_ = response_[beast::http::field::sec_websocket_protocol] == "hearts.3";
    response_ = {};
    open_ = true;
    greeted_ = false;
    if (!welcomed_) run_.on_open();
    do_read();
    hello();
}

void Person::hello() {
    // Back after a lost connection: as the same player.
    send(welcomed_ ? json{{"t", "hello"}, {"player", player_}, {"token", token_}}.dump()
                   : std::string(R"({"t":"hello"})"),
         0);
}

void Person::fail(const std::string& code, const std::string& detail) {
    if (closing_) return closed_now(true);
    if (run_.options.reconnect && !run_.finished()) return lost(code + ": " + detail);
    if (!open_) {
        ++run_.failed_to_open;
        if (run_.first_connect_error.empty()) run_.first_connect_error = detail;
    }
    run_.error(code, detail);
    closed_now(false);
}

void Person::do_read() {
    ws_->async_read(buffer_, HEARTS_THIS_CONNECTION(on_read));
}

void Person::on_read(beast::error_code ec, std::size_t bytes) {
    const int this_connection = generation_;
    if (ec) {
        if (closing_) return closed_now(true);
        const std::string reason(ws_->reason().reason);
        const std::string why =
            ec == websocket::error::closed && !reason.empty() ? reason : ec.message();
        if (run_.options.reconnect && !run_.finished()) return lost("closed (" + why + ")");
        run_.error("closed (" + why + ")", "table " + table_ + ": the server closed a connection");
        return closed_now(false);
    }
    ++run_.stats.frames_in;
    run_.stats.bytes_in += std::int64_t(bytes);
    const std::string text = beast::buffers_to_string(buffer_.data());
    buffer_.consume(buffer_.size());
    const std::vector<std::string_view> lines =
        lines_ ? lines_of(text) : std::vector<std::string_view>{text};
    for (std::string_view line : lines) run_.trace(who, '<', line);
    // A person acts on the latest view only: an update followed by another in the same
    // frame is not even read (the server's views are most of what it sends).
    const auto is_update = [](std::string_view m) { return m.starts_with(R"({"t":"update",)"); };
    std::size_t last_update = lines.size();
    for (std::size_t k = 0; k < lines.size(); ++k)
        if (is_update(lines[k])) last_update = k;
    std::size_t skipped = 0;  // updates not read: their versions come before the one read
    for (std::size_t k = 0; k < lines.size(); ++k) {
        if (k < last_update && is_update(lines[k])) {
            // ... except for the score sheet, which a version-3 update carries only when
            // it grew: the person's view keeps it for the updates that leave it out.
            if (lines[k].find(R"("sheet":)") != std::string_view::npos) carry_sheet(lines[k]);
            ++skipped;
            continue;
        }
        if (!run_.reader.read(lines[k], run_.message))
            run_.error("bad_json",
                       "the server sent a message that does not read: " + run_.reader.error());
        else
            on_message(run_.message, is_update(lines[k]) ? skipped : 0);
        if (generation_ != this_connection) return;  // a message that ended the connection
    }
    do_read();
}

void Person::carry_sheet(std::string_view line) {
    if (!run_.reader.read(line, run_.message)) {
        run_.error("bad_json",
                   "the server sent a message that does not read: " + run_.reader.error());
        return;
    }
    const Incoming& m = run_.message;
    if (m.view && m.view->has_sheet && view_ && m.table == table_)
        view_->sheet_rows = m.view->sheet_rows;
}

void Person::on_message(Incoming& m, std::size_t skipped) {
    // With --reconnect a table is alive while its game moves: the answers to resumes
    // asked every few seconds would keep a stuck table looking alive.
    if (!run_.options.reconnect) table_run_.touch();
    const std::string& t = m.t;
    if (t == "welcome") {
        greeted_ = true;
        if (welcomed_) {
            // Back as its player: what was missed meanwhile, or the set-up again.
            if (!table_.empty() && table_run_.dealt()) return resume(final_asked_);
            return table_run_.set_up_again();
        }
        welcomed_ = true;
        player_ = m.player;
        token_ = m.token;
        table_run_.on_welcome(*this);
    } else if (t == "ack" || t == "error") {
        settle(m, t == "ack");
    } else if ((t == "snapshot" || t == "update") && m.view) {
        if (awaiting_table_ && t == "snapshot") {
            table_ = m.table;
            awaiting_table_ = false;
        }
        if (m.table.empty() || m.table != table_) return;  // an earlier table's last words
        table_heard_ = Clock::now();
        if (run_.options.reconnect) table_run_.touch();
        if (run_.options.reconnect && m.v) {
            const std::int64_t v = *m.v;
            if (t == "update" && last_v_ > 0 && v > last_v_ + 1 + std::int64_t(skipped)) {
                // Versions skipped: the view may lack what the missed ones changed.
                if (!resume_id_) resume();
                return;
            }
            if (t == "snapshot" && v < acked_v_)
                run_.error("lost", "table " + table_ + ": an action was acknowledged at v" +
                                       std::to_string(acked_v_) + ", the snapshot is at v" +
                                       std::to_string(v));
            last_v_ = t == "snapshot" ? v : std::max(last_v_, v);
        }
        // An update's view leaves out a sheet that has not changed.
        if (!m.view->has_sheet && view_) m.view->sheet_rows = view_->sheet_rows;
        view_ = std::move(m.view);
        table_run_.on_view(*this, *view_);
        try_act();
    } else if (t == "table") {
        table_run_.on_table_info(*this, m);
    }
}

void Person::settle(const Incoming& m, bool ok) {
    if (!m.id) {
        if (run_.options.reconnect && m.code == "server") {
            // A notice ("This game is waiting for its database: it comes back by
            // itself"), or `hello` refused for now: the page says hello again later.
            ++run_.stats.notices;
            if (!greeted_) later(1000, [this] { hello(); });
            return;
        }
        // An error that answers nothing in particular (e.g. a frame it could not read).
        run_.error(m.code, m.reason);
        return;
    }
    const auto it = sent_.find(int(*m.id));
    if (it == sent_.end()) return;
    const Pending p = it->second;
    if (it->first == pending_action_) pending_action_ = 0;
    sent_.erase(it);
    if (p.kind == "resume") return settle_resume(m, ok, int(*m.id));
    // (an ack of the table before, come after the next game began, counts for nothing)
    if (ok && p.action && m.v && p.table == table_) acked_v_ = std::max(acked_v_, *m.v);
    if (!ok && p.action && run_.options.reconnect &&
        (m.code == "not_your_turn" || m.code == "illegal" || m.code == "state")) {
        // As a page does: a move refused because the view was behind (an action sent
        // before a lost connection, done already). Catch up, and act again.
        acted_at_.clear();
        resume();
        return;
    }
    if (!ok && p.action && run_.options.reconnect && m.code == "server") {
        // "The game's servers cannot reach each other just now: try again in a moment."
        ++run_.stats.retries;
        acted_at_.clear();
        later(500, [this] { try_act(); });
        return;
    }
    if (ok && p.action) {
        acked_at_ = Clock::now();
        const auto us =
            std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - p.sent).count();
        run_.stats.latency_us.push_back(std::uint32_t(std::min<std::int64_t>(us, UINT32_MAX)));
        run_.stats.latency_at.push_back(float(seconds_between(run_.started, Clock::now())));
        ++run_.stats.actions;
        ++run_.stats.by_kind[p.kind];
    }
    // An answer to an earlier set-up of the table (--reconnect) is stale; a set-up refused
    // while people come and go is set up again.
    const bool stale = p.setup != table_run_.setup();
    if (!ok && !stale && !(run_.options.reconnect && table_run_.setting_up()))
        run_.error(m.code, p.kind + " at table " + p.table + ": " + m.reason);
    if (!ok && !stale && run_.options.reconnect && table_run_.setting_up() &&
        run_.stats.reconnect_examples.size() < 8)
        run_.stats.reconnect_examples.push_back(p.kind + " refused during a set-up: " + m.reason);
    if (!stale) table_run_.on_answer(*this, p.kind, ok);
    try_act();
}

// A resume's answer: the table's version now, after the updates missed (sent before it).
void Person::settle_resume(const Incoming& m, bool ok, int id) {
    if (id == resume_id_) resume_id_ = 0;
    if (!ok && m.code == "server") {  // try again in a moment
        ++run_.stats.retries;
        const bool final = final_asked_;
        later(1000, [this, final] { resume(final); });
        return;
    }
    if (!ok) {
        run_.error(m.code, "resume at table " + table_ + ": " + m.reason);
        return;
    }
    const std::int64_t v = m.v.value_or(0);
    if (v < acked_v_)
        run_.error("lost", "table " + table_ + ": an action was acknowledged at v" +
                               std::to_string(acked_v_) + ", the table is at v" +
                               std::to_string(v));
    if (final_asked_) final_v_ = v;
    try_act();
}

void Person::resume(bool final) {
    // Once the final check has asked, every resume is the check's: one who is coming back
    // just then answers it when back.
    final_asked_ = final_asked_ || final;
    final_v_.reset();
    if (table_.empty() || !back()) return;
    ++run_.stats.resumes;
    table_heard_ = Clock::now();  // a quiet table is asked again after another quiet while
    resume_id_ = request("resume", {{"table", table_}, {"since", last_v_}});
}

void Person::later(int ms, std::function<void()> then) {
    auto timer = std::make_shared<asio::steady_timer>(run_.io, std::chrono::milliseconds(ms));
    timer->async_wait([self = shared_from_this(), g = generation_, timer,
                       then = std::move(then)](beast::error_code ec) {
        if (!ec && g == self->generation_ && !self->closed_) then();
    });
}

bool Person::overdue(double limit) const {
    if (!open_ || reconnecting_) return false;
    const auto now = Clock::now();
    for (const auto& [id, p] : sent_)
        if (seconds_between(p.sent, now) > limit) return true;
    return false;
}

bool Person::quiet(double limit) const {
    if (!back() || table_.empty() || resume_id_ || !view_ || !table_run_.dealt()) return false;
    // Its own turn, unless its move there was acknowledged at a version its view has not
    // reached: the updates after it were lost (a node taken for gone drops its people's
    // connections at its tables), and as a page does it asks once the table is quiet.
    if (!view_->seat.empty() && view_->to_move == view_->seat && acked_v_ <= last_v_) return false;
    return seconds_between(table_heard_, Clock::now()) > limit;
}

// The connection is gone (a node killed, or paused past --answer): the person comes back
// as its player 0.3-1 s later, as a page does.
void Person::lost(const std::string& why) {
    if (reconnecting_ || closed_) return;
    run_.trace(who, '-', why);
    reconnecting_ = true;
    ++run_.stats.reconnects;
    if (run_.stats.reconnect_examples.size() < 4)
        run_.stats.reconnect_examples.push_back("table " + table_ + ": " + why);
    ++generation_;  // the lost connection's handlers do nothing from now on
    beast::error_code ec;
    if (ws_) beast::get_lowest_layer(*ws_).socket().close(ec);
    open_ = writing_ = pacing_ = thinking_ = false;
    pace_.cancel();
    think_.cancel();
    queue_.clear();
    sent_.clear();  // unanswered: done or not, the view after the resume says
    pending_action_ = resume_id_ = 0;
    acted_at_.clear();
    retry_.expires_after(
        std::chrono::milliseconds(std::uniform_int_distribution<int>(300, 1000)(rng_)));
    retry_.async_wait([self = shared_from_this()](beast::error_code e) {
        if (e || self->closed_) return;
        self->reconnecting_ = false;
        self->connect();
    });
}

std::optional<std::pair<std::string, std::string>> Person::choose() {
    if (!view_) return std::nullopt;
    const SeenView& v = *view_;
    const bool my_turn = !v.seat.empty() && v.to_move == v.seat;
    // Table ids and cards are letters and digits: no JSON escaping needed.
    const std::string base = R"("table":")" + table_ + '"';
    if (v.phase == "pass") {
        if (v.passed > 0 || v.pass == "none" || v.cards.size() < 3) return std::nullopt;
        std::vector<std::string> hand = v.cards;
        std::shuffle(hand.begin(), hand.end(), rng_);
        return std::pair{std::string("pass"), base + R"(,"cards":[")" + hand[0] + R"(",")" +
                                                  hand[1] + R"(",")" + hand[2] + R"("])"};
    }
    if (v.phase == "play" && my_turn) {
        if (v.legal.empty()) return std::nullopt;
        const auto k = std::uniform_int_distribution<std::size_t>(0, v.legal.size() - 1)(rng_);
        return std::pair{std::string("play"), base + R"(,"card":")" + v.legal[k] + '"'};
    }
    if (v.phase == "moon" && my_turn)
        return std::pair{std::string("moon"), base + R"(,"choice":"others")"};
    if (v.phase == "hand_over") return std::pair{std::string("next"), base};
    return std::nullopt;
}

void Person::try_act() {
    if (run_.stopping() || closed_ || !back() || pending_action_ || resume_id_ || table_.empty())
        return;
    if (!view_) return;
    // A position is the hand, the phase and how many cards this seat holds: it acts
    // once in each, so a view that crossed its action on the wire is not acted on twice.
    const std::string position =
        std::to_string(view_->hand) + view_->phase + std::to_string(view_->cards.size());
    if (position == acted_at_) return;
    if (thinking_) return;
    auto choice = choose();
    if (!choice) return;
    if (acked_at_) {  // the person may act: how long the others took since its last ack
        const auto us =
            std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - *acked_at_)
                .count();
        run_.stats.turn_wait_us.push_back(std::uint32_t(std::min<std::int64_t>(us, UINT32_MAX)));
        acked_at_.reset();
    }
    const LoadtestOptions& o = run_.options;
    if (o.pace_max > 0 && thought_at_ != position) {
        // A person takes a moment: act once the think is over, in the position then.
        thinking_ = true;
        thought_at_ = position;
        const double think = std::uniform_real_distribution<double>(o.pace_min, o.pace_max)(rng_);
        think_.expires_after(std::chrono::microseconds(std::int64_t(think * 1e6)));
        think_.async_wait([self = shared_from_this()](beast::error_code ec) {
            self->thinking_ = false;
            if (!ec) self->try_act();
        });
        return;
    }
    acted_at_ = position;
    const int id = run_.next_id();
    pending_action_ = id;
    sent_[id] = Pending{choice->first, table_, true, Clock::now(), table_run_.setup()};
    send(R"({"t":")" + choice->first + R"(",)" + choice->second + R"(,"id":)" + std::to_string(id) +
             "}",
         id);
}

int Person::request(const std::string& kind, json body) {
    const int id = run_.next_id();
    sent_[id] = Pending{kind, table_, false, Clock::now(), table_run_.setup()};
    body["t"] = kind;
    if (id) body["id"] = id;
    send(body.dump(), id);
    return id;
}

void Person::send(std::string text, int id) {
    if (closed_ || closing_ || !open_) return;
    queue_.push_back(Outgoing{std::move(text), id});
    pump();
}

// One write at a time, each paid for by a token: at most `rate` frames a second and
// bursts of at most `rate` (never more than the server's 40).
void Person::pump() {
    if (writing_ || pacing_ || queue_.empty() || closed_) return;
    const double rate = run_.options.rate;
    const auto now = Clock::now();
    tokens_ =
        std::min(std::clamp(rate, 1.0, 40.0), tokens_ + rate * seconds_between(refilled_, now));
    refilled_ = now;
    if (tokens_ < 1) {
        pacing_ = true;
        pace_.expires_after(std::chrono::microseconds(std::int64_t((1 - tokens_) / rate * 1e6)));
        pace_.async_wait([self = shared_from_this()](beast::error_code ec) {
            self->pacing_ = false;
            if (!ec) self->pump();
        });
        return;
    }
    tokens_ -= 1;
    writing_ = true;
    const Outgoing& front = queue_.front();
    if (auto it = sent_.find(front.id); it != sent_.end()) it->second.sent = now;
    run_.trace(who, '>', front.text);
    ws_->text(true);
    ws_->async_write(asio::buffer(front.text), HEARTS_THIS_CONNECTION(on_write));
}

void Person::on_write(beast::error_code ec, std::size_t) {
    writing_ = false;
    if (ec) return;  // the read side reports the closed connection
    ++run_.stats.frames_out;
    queue_.pop_front();
    if (closing_) return start_close();
    pump();
}

void Person::close() {
    if (closed_ || closing_) return;
    closing_ = true;
    if (reconnecting_) {  // between two connections: nothing to close
        retry_.cancel();
        return closed_now(true);
    }
    pace_.cancel();
    think_.cancel();
    if (writing_) {
        // One write-side operation at a time: close once the frame in flight is out.
        queue_.erase(queue_.begin() + 1, queue_.end());
        return;
    }
    queue_.clear();
    start_close();
}

void Person::start_close() {
    if (!open_) {
        // Still connecting: cutting the socket ends the connect or the handshake.
        beast::error_code ec;
        beast::get_lowest_layer(*ws_).socket().close(ec);
        return;
    }
    ws_->async_close(websocket::close_code::normal,
                     [self = shared_from_this()](beast::error_code) {});
}

void Person::closed_now(bool expected) {
    if (closed_) return;
    closed_ = true;
    pace_.cancel();
    run_.on_closed(*this, expected);
}

}  // namespace hearts::app::load
