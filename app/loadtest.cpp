// `hearts loadtest` (see loadtest.h). One thread runs every connection: the client
// costs as little CPU as it can on a machine it shares with the server, and what it
// does cost is measured and reported next to the server's.
//
// Each table is driven by its scripted people. A person acts as soon as its view says
// it may: one action at a time (the next waits for the `ack` or `error`), a legal card
// (the view's `legal`) chosen at random, at most once per position, so a view that
// crossed an action on the wire is never acted on twice. Every frame goes out through
// a token bucket kept under the server's per-connection limit.
#include <utility>  // before Asio: Boost 1.74's headers use std::exchange without it

#include "loadtest.h"

#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/statfs.h>
#include <sys/wait.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <deque>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iomanip>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "hearts/ai/bot.h"
#include "hearts/expected.h"
#include "loadtest_read.h"
#include "spawn.h"

namespace hearts::app {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace fs = std::filesystem;
using tcp = asio::ip::tcp;
using Clock = std::chrono::steady_clock;
using nlohmann::json;
using Report = nlohmann::ordered_json;

double seconds_between(Clock::time_point a, Clock::time_point b) {
    return std::chrono::duration<double>(b - a).count();
}

// ---------------------------------------------------------------- the target

struct Target {
    std::string host;  // as written, for the Host header
    std::string path;
    tcp::endpoint endpoint;
};

Expected<Target> parse_target(const std::string& url) {
    const std::string scheme = "ws://";
    if (url.rfind(scheme, 0) != 0)
        return Error{"--url must look like ws://127.0.0.1:PORT/ws, not '" + url + "'"};
    const std::string rest = url.substr(scheme.size());
    const auto slash = rest.find('/');
    const std::string authority = rest.substr(0, slash);
    Target t;
    t.path = slash == std::string::npos ? "/ws" : rest.substr(slash);
    std::string host, port;
    if (!authority.empty() && authority[0] == '[') {
        const auto close = authority.find(']');
        if (close == std::string::npos) return Error{"--url: unclosed '[' in '" + url + "'"};
        host = authority.substr(1, close - 1);
        if (close + 1 < authority.size()) {
            if (authority[close + 1] != ':') return Error{"--url: bad port in '" + url + "'"};
            port = authority.substr(close + 2);
        }
    } else {
        const auto colon = authority.rfind(':');
        host = authority.substr(0, colon);
        if (colon != std::string::npos) port = authority.substr(colon + 1);
    }
    int port_number = 80;
    if (!port.empty()) {
        try {
            std::size_t used = 0;
            port_number = std::stoi(port, &used);
            if (used != port.size()) port_number = -1;
        } catch (const std::exception&) {
            port_number = -1;
        }
        if (port_number < 1 || port_number > 65535)
            return Error{"--url: '" + port + "' is not a port number"};
    }
    boost::system::error_code ec;
    auto address = host == "localhost" ? asio::ip::make_address("127.0.0.1")
                                       : asio::ip::make_address(host, ec);
    if (ec || !address.is_loopback()) {
        return Error{
            "hearts loadtest only runs against a server on this machine: the --url host "
            "must be a loopback address (127.0.0.0/8, ::1 or localhost), not '" +
            host + "'"};
    }
    t.host = authority;
    t.endpoint = tcp::endpoint(address, static_cast<unsigned short>(port_number));
    return t;
}

// Busy CPU seconds of the whole machine (every core), from /proc/stat.
double machine_busy_seconds() {
    std::ifstream stat("/proc/stat");
    std::string cpu;
    stat >> cpu;
    double total = 0, idle = 0, v = 0;
    for (int i = 0; i < 8 && stat >> v; ++i) {
        total += v;
        if (i == 3 || i == 4) idle += v;  // idle, iowait
    }
    return (total - idle) / double(sysconf(_SC_CLK_TCK));
}

std::string load_average() {
    std::ifstream in("/proc/loadavg");
    std::string one, five, fifteen;
    in >> one >> five >> fifteen;
    return one + " " + five + " " + fifteen;
}

std::string filesystem_kind(const std::string& path) {
    struct statfs s {};
    if (statfs(path.c_str(), &s) != 0) return "unknown";
    switch (static_cast<unsigned long>(s.f_type)) {
        case 0xEF53:
            return "ext4";
        case 0x01021994:
            return "tmpfs (fsync costs nothing)";
        case 0x58465342:
            return "xfs";
        case 0x9123683E:
            return "btrfs";
        case 0x794C7630:
            return "overlayfs";
        default:
            return "other";
    }
}

// ---------------------------------------------------------------- figures

struct Stats {
    std::int64_t actions = 0;  // acknowledged game actions
    std::map<std::string, std::int64_t> by_kind;
    std::vector<std::uint32_t> latency_us;  // action written → its ack read
    std::vector<float> latency_at;          // when each ack came in, in seconds from the start
    // One action's ack → this person's next action written: the computer players' moves
    // and the others' turns in between (how long a person waits for the game).
    std::vector<std::uint32_t> turn_wait_us;
    std::int64_t games = 0, hands = 0, tables_started = 0;
    std::int64_t frames_in = 0, frames_out = 0, bytes_in = 0;
    std::map<std::string, std::int64_t> errors;
    std::vector<std::string> error_examples;  // the first few, with their reasons
    // --reconnect: connections lost and made again, `resume`s asked (after a gap in the
    // versions, a quiet table or a refused move), tables set up again, tables checked.
    std::int64_t reconnects = 0, resumes = 0, setups_again = 0, tables_checked = 0;
    std::int64_t retries = 0;  // "try again in a moment" (a cluster without Redis), tried again
    std::int64_t notices = 0;  // errors that answer nothing: "waiting for its database"...
    std::vector<std::string> reconnect_examples;  // the first few lost connections, and why
};

struct Meter {
    int pid = 0;  // 0: the server is not measured
    ProcSample idle, dealt, window_end, end, last;
    long rss_peak_kb = 0;
    double cpu_peak = 0;  // the busiest second, percent of one core
};

class Runner;
class TableRun;

// ---------------------------------------------------------------- a scripted person

// One WebSocket connection and the person it plays for.
class Person : public std::enable_shared_from_this<Person> {
  public:
    Person(Runner& run, TableRun& table, std::uint64_t seed);

    void start(const Target& target, const asio::ip::address& source);
    /// Sends a request with an id, which it returns; its ack or error comes back to the table.
    int request(const std::string& kind, json body);
    /// Forgets the finished table; the next table's views start from nothing.
    void reset_table() {
        table_.clear();
        view_.reset();
        acted_at_.clear();
        awaiting_table_ = false;
        last_v_ = acked_v_ = 0;
        resume_id_ = 0;
    }
    // --reconnect.
    bool back() const { return open_ && greeted_ && !reconnecting_; }
    /// Asks for what was missed since the last version seen (`final`: the run's last check).
    void resume(bool final = false);
    /// A request unanswered for `limit` s: the connection is dead (a paused node).
    bool overdue(double limit) const;
    /// No message about this person's table for `limit` s while it waits on someone else.
    bool quiet(double limit) const;
    void lost(const std::string& why);
    std::int64_t last_v() const { return last_v_; }
    std::optional<std::int64_t> final_v() const { return final_v_; }
    void expect_table() { awaiting_table_ = true; }
    void close();
    void try_act();

    bool open() const { return open_; }
    bool closed() const { return closed_; }
    bool busy() const { return pending_action_ != 0; }
    bool named = false;
    std::string table_;  // the server table this person plays at

  private:
    struct Pending {
        std::string kind;
        std::string table;
        bool action = false;
        Clock::time_point sent;
        int setup = 0;  // the table's set-up it belongs to (TableRun::setup)
    };
    struct Outgoing {
        std::string text;
        int id = 0;
    };

    void connect();
    void hello();
    void on_connect(beast::error_code ec);
    void on_handshake(beast::error_code ec);
    void do_read();
    void on_read(beast::error_code ec, std::size_t bytes);
    void on_message(Incoming& m, std::size_t skipped);
    void carry_sheet(std::string_view update);
    void settle(const Incoming& m, bool ok);
    void settle_resume(const Incoming& m, bool ok, int id);
    /// Runs `then` in `ms` milliseconds, unless the connection is lost or closed by then.
    void later(int ms, std::function<void()> then);
    /// What this seat should do now, if anything: the message's type and its other
    /// fields as JSON text (`"table":"…","card":"7C"`).
    std::optional<std::pair<std::string, std::string>> choose();
    void send(std::string text, int id);
    void pump();
    void on_write(beast::error_code ec, std::size_t);
    void fail(const std::string& code, const std::string& detail);
    void start_close();
    void closed_now(bool expected);

    Runner& run_;
    TableRun& table_run_;
    std::mt19937_64 rng_;
    std::string host_, path_;
    Target target_;
    asio::ip::address source_;
    // --reconnect: a connection lost is kept (its handlers may still run, and see that their
    // generation is over) and a new one made.
    using Stream = websocket::stream<beast::tcp_stream>;
    std::unique_ptr<Stream> ws_;
    std::vector<std::unique_ptr<Stream>> lost_;
    int generation_ = 0;
    asio::steady_timer retry_;
    bool reconnecting_ = false, welcomed_ = false;
    bool greeted_ = false;  // this connection's hello was answered
    std::string player_, token_;
    std::int64_t last_v_ = 0;   // the last version of the table seen
    std::int64_t acked_v_ = 0;  // the version of the last action acknowledged
    int resume_id_ = 0;         // the resume asked, until it is answered
    bool final_asked_ = false;
    std::optional<std::int64_t> final_v_;  // the table's version, as the last check's resume said
    Clock::time_point table_heard_ = Clock::now();
    websocket::response_type response_;  // the handshake's answer
    bool lines_ = false;                 // the server sends several messages a frame
    beast::flat_buffer buffer_;
    std::deque<Outgoing> queue_;
    bool writing_ = false, pacing_ = false, open_ = false, closed_ = false, closing_ = false;
    double tokens_;
    Clock::time_point refilled_ = Clock::now();
    asio::steady_timer pace_;
    std::map<int, Pending> sent_;
    // --pace: the person "thinks" before acting in a position; `thought_at_` is the
    // position the last think was for.
    asio::steady_timer think_;
    bool thinking_ = false;
    std::string thought_at_;

    std::optional<SeenView> view_;
    std::string acted_at_;                       // the position this person last acted in
    std::optional<Clock::time_point> acked_at_;  // the last action's ack
    int pending_action_ = 0;
    bool awaiting_table_ = false;
};

// ---------------------------------------------------------------- a table

// Sets up one table (solo: `new_game`; with people: names, `create_table`, `join`,
// `start`), counts its hands and games, and starts the next game when one ends.
class TableRun {
  public:
    TableRun(Runner& run, int index) : run_(run), index_(index) {}
    void add(std::shared_ptr<Person> p) { people_.push_back(std::move(p)); }
    std::vector<std::shared_ptr<Person>>& people() { return people_; }

    void on_welcome(Person& p);
    void on_answer(Person& p, const std::string& kind, bool ok);
    void on_table_info(Person& p, const Incoming& m);
    void on_view(Person& p, const SeenView& view);
    bool dealt() const { return dealt_; }
    bool setting_up() const { return !dealt_ && !dead_; }
    /// Which set-up of the table this is: answers to an earlier one's requests are stale.
    int setup() const { return setup_; }
    /// --reconnect: someone came back while the table was being set up, or its set-up was
    /// refused: once all its people are back, the set-up starts again.
    void set_up_again();
    void touch() {
        last_message_ = Clock::now();
        stalled_ = false;
    }
    /// True once, when the table has had no message for `limit` seconds.
    bool newly_stalled(double limit) {
        if (dead_ || stalled_ || seconds_between(last_message_, Clock::now()) < limit) return false;
        stalled_ = true;
        return true;
    }
    void kill() { dead_ = true; }
    bool dead() const { return dead_; }

  private:
    void begin_game();
    Person& host() { return *people_[0]; }

    Runner& run_;
    int index_;
    std::vector<std::shared_ptr<Person>> people_;
    std::string id_, previous_id_;
    int joined_ = 0, setup_ = 1;
    bool dealt_ = false, over_ = false, dead_ = false, stalled_ = false, counted_first_ = false;
    std::size_t sheet_rows_ = 0;
    Clock::time_point last_message_ = Clock::now();
};

// ---------------------------------------------------------------- the run

// --reconnect: a table that waits on someone else and says nothing this long is asked
// for what its person missed, as a page does (docs/protocol.md, "Catching up").
constexpr double kQuietSeconds = 10;

class Runner {
  public:
    Runner(const LoadtestOptions& o, Target target, int server_pid)
        : options(o),
          target_(std::move(target)),
          deadline_(io),
          ticker_(io),
          drain_(io),
          hard_stop_(io),
          signals_(io, SIGINT, SIGTERM) {
        meter.pid = server_pid;
    }

    void run();

    // Called by tables and people.
    int next_id() { return ++last_id_; }
    bool stopping() const { return stopping_; }
    bool finished() const { return closed_all_; }
    bool continuing() const { return !stopping_; }
    void error(const std::string& code, const std::string& detail) {
        ++stats.errors[code];
        if (stats.error_examples.size() < 8) stats.error_examples.push_back(code + ": " + detail);
    }
    void on_open() { ++opened; }
    void on_closed(Person& p, bool expected);
    void on_dealt(bool first) {
        ++stats.tables_started;
        if (first && ++dealt_tables_ == options.tables) {
            dealt_at = Clock::now();
            actions_at_dealt = stats.actions;
            if (meter.pid) meter.dealt = read_proc(meter.pid);
        }
    }
    void on_game_over() {
        ++stats.games;
        if (options.games && stats.games >= options.games) stop("games limit");
    }
    void on_hands(std::size_t n) {
        stats.hands += std::int64_t(n);
        if (options.hands && stats.hands >= options.hands) stop("hands limit");
    }
    void stop(const std::string& reason);

    const LoadtestOptions& options;
    asio::io_context io{1};
    MessageReader reader;  // every person's: one thread reads them all
    Incoming message;      // the one being read, reused
    Stats stats;
    Meter meter;
    ProcSample client_start, client_end;
    double machine_start = 0, machine_end = 0;
    std::string load_at_start;
    Clock::time_point started, window_end;
    std::optional<Clock::time_point> dealt_at;
    std::int64_t actions_at_dealt = 0;
    std::string stop_reason;
    int opened = 0, failed_to_open = 0;
    std::string first_connect_error;

  private:
    void tick();
    void drain();
    void check();
    void close_all();

    Target target_;
    std::vector<std::unique_ptr<TableRun>> tables_;
    asio::steady_timer deadline_, ticker_, drain_, hard_stop_;
    asio::signal_set signals_;
    int last_id_ = 0;
    int dealt_tables_ = 0;
    bool stopping_ = false, closed_all_ = false;
    int people_ = 0, closed_count_ = 0;
    std::optional<Clock::time_point> drain_started_, check_started_, check_asked_;
    Clock::time_point last_tick_;
};

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
    ++generation_;
    if (ws_) lost_.push_back(std::move(ws_));
    ws_ = std::make_unique<Stream>(run_.io);
    open_ = writing_ = false;
    buffer_.clear();
    auto& socket = beast::get_lowest_layer(*ws_).socket();
    beast::error_code ec;
    socket.open(target_.endpoint.protocol(), ec);
    // Many loopback source addresses, so the server's per-address connection limit
    // counts as it would for clients on different machines.
    if (!ec) socket.bind(tcp::endpoint(source_, 0), ec);
    if (ec) return fail("connect", "cannot bind to " + source_.to_string() + ": " + ec.message());
    beast::get_lowest_layer(*ws_).expires_after(std::chrono::seconds(10));
    beast::get_lowest_layer(*ws_).async_connect(target_.endpoint,
                                                HEARTS_THIS_CONNECTION(on_connect));
}

void Person::on_connect(beast::error_code ec) {
    if (ec) return fail("connect", ec.message());
    // As browsers do: without it, a frame written in two parts waits for the server's
    // delayed ACK (about 40 ms on Linux) before its second part leaves.
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
    table_run_.touch();
    const std::string& t = m.t;
    if (t == "welcome") {
        greeted_ = true;
        if (welcomed_) {
            // Back as its player: what was missed meanwhile, or the set-up again.
            if (!table_.empty() && table_run_.dealt()) return resume();
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
    if (ok && p.action && m.v) acked_v_ = std::max(acked_v_, *m.v);
    if (!ok && p.action && run_.options.reconnect &&
        (m.code == "not_your_turn" || m.code == "illegal" || m.code == "state")) {
        // As a page does: a move refused because the view was behind (an action sent
        // before a lost connection, done already). Catch up and go on.
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
    if (table_.empty() || !back()) return;
    ++run_.stats.resumes;
    final_asked_ = final;
    final_v_.reset();
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
    if (!view_->seat.empty() && view_->to_move == view_->seat) return false;  // its own turn
    return seconds_between(table_heard_, Clock::now()) > limit;
}

// The connection is gone (a node killed, or paused past --answer): the person comes back
// as its player 0.3-1 s later, as a page does.
void Person::lost(const std::string& why) {
    if (reconnecting_ || closed_) return;
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
    sent_[id] = Pending{choice->first, table_, true, Clock::now()};
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

// ---------------------------------------------------------------- TableRun

void TableRun::on_welcome(Person& p) {
    if (run_.options.people == 1) {
        begin_game();
        return;
    }
    // Names of their own: the server refuses two people at a table whose names look alike.
    std::size_t k = 0;
    while (k < people_.size() && people_[k].get() != &p) ++k;
    p.request("set_name", {{"name", "Load " + std::to_string(index_) + "." + std::to_string(k)}});
}

void TableRun::begin_game() {
    if (!run_.continuing() || dead_) return;
    id_.clear();
    joined_ = 0;
    dealt_ = over_ = false;
    sheet_rows_ = 0;
    for (auto& p : people_) p->reset_table();
    if (run_.options.people == 1) {
        host().expect_table();
        host().request("new_game", {{"level", run_.options.level}});
    } else {
        host().request("create_table", {{"private", true}, {"timer", 0}});
    }
}

void TableRun::on_answer(Person& p, const std::string& kind, bool ok) {
    if (!ok && (kind == "set_name" || kind == "new_game" || kind == "create_table" ||
                kind == "join" || kind == "start")) {
        if (run_.options.reconnect) return set_up_again();  // e.g. someone's node went away
        dead_ = true;  // the table cannot be set up; the error is counted
        return;
    }
    if (kind == "set_name") {
        p.named = true;
        if (&p == &host()) return begin_game();
        if (!id_.empty()) p.request("join", {{"table", id_}});
    } else if (kind == "join") {
        p.table_ = id_;
        if (++joined_ == run_.options.people - 1) host().request("start", {{"table", id_}});
    }
}

void TableRun::set_up_again() {
    if (!run_.continuing() || dead_) return;
    for (auto& p : people_)
        if (!p->back()) return;  // the last one back sets it up
    ++setup_;
    ++run_.stats.setups_again;
    // Everyone named starts on the new table as begin_game has it; the others are named
    // first, as at the start.
    if (!host().named) {
        host().request("set_name", {{"name", "Load " + std::to_string(index_) + ".0"}});
        for (auto& p : people_) p->reset_table();
        id_.clear();
        joined_ = 0;
        return;
    }
    begin_game();
    for (std::size_t k = 1; k < people_.size(); ++k)
        if (!people_[k]->named)
            people_[k]->request(
                "set_name", {{"name", "Load " + std::to_string(index_) + "." + std::to_string(k)}});
}

void TableRun::on_table_info(Person& p, const Incoming& m) {
    if (&p != &host() || !id_.empty() || run_.options.people == 1) return;
    // The host's new table: still waiting for people, and not the one just finished.
    const std::string& id = m.table;
    if (m.state != "waiting" || id == previous_id_) return;
    id_ = previous_id_ = id;
    host().table_ = id_;
    for (std::size_t k = 1; k < people_.size(); ++k)
        if (people_[k]->named) people_[k]->request("join", {{"table", id_}});
}

void TableRun::on_view(Person& p, const SeenView& view) {
    if (&p != &host()) return;
    const std::string& phase = view.phase;
    if (!dealt_ && (phase == "pass" || phase == "play")) {
        dealt_ = true;
        run_.on_dealt(!counted_first_);
        counted_first_ = true;
    }
    if (view.sheet_rows > sheet_rows_) {
        const std::size_t added = view.sheet_rows - sheet_rows_;
        sheet_rows_ = view.sheet_rows;
        run_.on_hands(added);
    }
    if (phase == "game_over" && !over_) {
        over_ = true;
        run_.on_game_over();
        begin_game();
    }
}

// ---------------------------------------------------------------- Runner

void Runner::run() {
    started = Clock::now();
    last_tick_ = started;
    load_at_start = load_average();
    client_start = read_proc(0);
    machine_start = machine_busy_seconds();
    if (meter.pid) meter.idle = meter.last = read_proc(meter.pid);
    meter.rss_peak_kb = meter.idle.rss_kb;

    signals_.async_wait([this](beast::error_code ec, int) {
        if (!ec) stop("interrupted");
    });
    deadline_.expires_after(std::chrono::microseconds(std::int64_t(options.seconds * 1e6)));
    deadline_.async_wait([this](beast::error_code ec) {
        if (!ec) stop("time limit");
    });
    ticker_.expires_after(std::chrono::seconds(1));
    ticker_.async_wait([this](beast::error_code ec) {
        if (!ec) tick();
    });

    std::mt19937_64 seeds(options.seed);
    people_ = options.tables * options.people;
    const auto base = target_.endpoint.address();
    int index = 0;
    for (int t = 0; t < options.tables; ++t) {
        tables_.push_back(std::make_unique<TableRun>(*this, t));
        for (int k = 0; k < options.people; ++k) {  // person 0 is the host
            auto p = std::make_shared<Person>(*this, *tables_.back(), seeds());
            tables_.back()->add(p);
            asio::ip::address source = base;
            if (base.is_v4()) {
                source = asio::ip::address_v4(
                    asio::ip::make_address_v4(options.first_address).to_uint() +
                    std::uint32_t(index / options.per_address));
            }
            ++index;
            p->start(target_, source);
        }
    }
    io.run();
}

void Runner::tick() {
    const auto now = Clock::now();
    if (meter.pid) {
        const ProcSample s = read_proc(meter.pid);
        if (s.ok) {
            const double dt = seconds_between(last_tick_, now);
            if (meter.last.ok && dt > 0.5)
                meter.cpu_peak =
                    std::max(meter.cpu_peak, (s.cpu_seconds - meter.last.cpu_seconds) / dt * 100);
            meter.rss_peak_kb = std::max(meter.rss_peak_kb, s.rss_kb);
            meter.last = s;
        } else if (!stopping_) {
            error("server_gone", "process " + std::to_string(meter.pid) + " is no longer there");
            stop("the server process is gone");
        }
    }
    last_tick_ = now;
    if (options.reconnect && !closed_all_) {
        for (auto& t : tables_) {
            for (auto& p : t->people()) {
                if (p->overdue(options.answer_seconds)) {
                    std::ostringstream why;
                    why << "no answer in " << options.answer_seconds << " s";
                    p->lost(why.str());
                } else if (!stopping_ && p->quiet(kQuietSeconds)) {
                    p->resume();  // as a page does when the table it waits on says nothing
                }
            }
        }
    }
    if (!stopping_) {
        for (auto& t : tables_) {
            if (t->newly_stalled(options.stall_seconds)) {
                std::ostringstream what;
                what << "a table had no message for " << options.stall_seconds << " s";
                error("stalled", what.str());
            }
        }
    }
    if (closed_all_) return;
    ticker_.expires_after(std::chrono::seconds(1));
    ticker_.async_wait([this](beast::error_code ec) {
        if (!ec) tick();
    });
}

void Runner::on_closed(Person&, bool expected) {
    ++closed_count_;
    if (!expected) {
        // A table that lost a person cannot go on.
        for (auto& t : tables_)
            for (auto& p : t->people())
                if (p->closed()) t->kill();
        if (closed_count_ == people_ && !stopping_)
            stop(opened == 0 ? "the server could not be reached" : "every connection closed");
    }
    if (closed_all_ && closed_count_ == people_) hard_stop_.cancel();
}

void Runner::stop(const std::string& reason) {
    if (stopping_) return;
    stopping_ = true;
    stop_reason = reason;
    deadline_.cancel();
    drain();
}

// Lets actions in flight get their acks (at most 2 s), then closes every connection
// (--reconnect: checks every table first).
void Runner::drain() {
    if (!drain_started_) drain_started_ = Clock::now();
    bool busy = false;
    for (auto& t : tables_)
        for (auto& p : t->people())
            if (!p->closed() && p->busy()) busy = true;
    if (!busy || seconds_between(*drain_started_, Clock::now()) > 2)
        return options.reconnect ? check() : close_all();
    drain_.expires_after(std::chrono::milliseconds(20));
    drain_.async_wait([this](beast::error_code ec) {
        if (!ec) drain();
    });
}

// --reconnect, once nobody acts: a second for the computer players to finish their turns and
// up to 15 s for people to come back, then every person of a dealt table asks for what
// it missed (`resume`), and each table is checked: every person answered at the same
// version, and had seen every version up to it.
void Runner::check() {
    const auto now = Clock::now();
    if (!check_started_) check_started_ = now;
    const auto again = [this] {
        drain_.expires_after(std::chrono::milliseconds(50));
        drain_.async_wait([this](beast::error_code ec) {
            if (!ec) check();
        });
    };
    const auto checked = [](TableRun& t) { return t.dealt() && !t.dead(); };
    if (!check_asked_) {
        bool everyone_back = true;
        for (auto& t : tables_)
            for (auto& p : t->people())
                if (checked(*t) && !p->back()) everyone_back = false;
        const double waited = seconds_between(*check_started_, now);
        if (waited < 1 || (!everyone_back && waited < 15)) return again();
        for (auto& t : tables_)
            if (checked(*t))
                for (auto& p : t->people()) p->resume(true);
        check_asked_ = now;
    }
    bool answered = true;
    for (auto& t : tables_)
        for (auto& p : t->people())
            if (checked(*t) && p->back() && !p->final_v()) answered = false;
    if (!answered && seconds_between(*check_asked_, now) < 10) return again();
    for (std::size_t k = 0; k < tables_.size(); ++k) {
        TableRun& t = *tables_[k];
        if (!checked(t)) continue;
        ++stats.tables_checked;
        std::ostringstream seen;
        bool whole = true, same = true;
        std::optional<std::int64_t> version;
        for (auto& p : t.people()) {
            const auto v = p->final_v();
            seen << (seen.tellp() > 0 ? ", " : "") << "v" << p->last_v() << "/"
                 << (v ? std::to_string(*v) : std::string("?"));
            if (!v) {
                whole = false;
                continue;
            }
            if (version && *version != *v) same = false;
            version = v;
            if (p->last_v() != *v) same = false;
        }
        if (!whole)
            error("unchecked", "table " + std::to_string(k) +
                                   ": not every person answered the "
                                   "last resume (seen/answered: " +
                                   seen.str() + ")");
        else if (!same)
            error("diverged", "table " + std::to_string(k) +
                                  ": its people are not all at the table's version (seen/"
                                  "answered: " +
                                  seen.str() + ")");
    }
    close_all();
}

void Runner::close_all() {
    if (closed_all_) return;
    closed_all_ = true;
    window_end = Clock::now();
    if (meter.pid) meter.window_end = read_proc(meter.pid);
    client_end = read_proc(0);
    machine_end = machine_busy_seconds();
    ticker_.cancel();
    deadline_.cancel();
    drain_.cancel();
    signals_.cancel();
    // Whatever has not closed in 3 s is cut off: the load test always ends.
    hard_stop_.expires_after(std::chrono::seconds(3));
    hard_stop_.async_wait([this](beast::error_code ec) {
        if (!ec) io.stop();
    });
    for (auto& t : tables_)
        for (auto& p : t->people()) p->close();
    if (closed_count_ == people_) hard_stop_.cancel();
}

// ---------------------------------------------------------------- the report

double percentile(const std::vector<std::uint32_t>& sorted, double q) {
    if (sorted.empty()) return 0;
    const auto rank = std::size_t(std::ceil(q * double(sorted.size())));
    return sorted[std::clamp<std::size_t>(rank, 1, sorted.size()) - 1] / 1000.0;
}

Report make_report(Runner& r, const std::string& url, bool spawned, const std::string& data_fs,
                   const std::vector<std::string>& server_log) {
    const LoadtestOptions& o = r.options;
    const Stats& st = r.stats;
    const double elapsed = std::max(1e-9, seconds_between(r.started, r.window_end));
    Report j;
    j["url"] = url;
    j["tables"] = o.tables;
    j["people"] = o.people;
    j["connections"] = o.tables * o.people;
    j["level"] = o.people == 1 ? o.level : std::string("expert (the server's choice)");
    j["rate"] = o.rate;
    j["pace_seconds"] = o.pace_max > 0 ? Report::array({o.pace_min, o.pace_max}) : Report();
    j["seconds"] = round_to(elapsed, 3);
    j["stop_reason"] = r.stop_reason;
    j["dealt_seconds"] =
        r.dealt_at ? Report(round_to(seconds_between(r.started, *r.dealt_at), 3)) : Report();
    j["actions"] = st.actions;
    j["actions_per_second"] = round_to(double(st.actions) / elapsed, 1);
    // Once every table is dealt, the run is in its steady state: setting tables up
    // (a new player, a new table) costs the server more than an action.
    j["steady_actions_per_second"] =
        r.dealt_at && seconds_between(*r.dealt_at, r.window_end) > 0.5
            ? Report(round_to(double(st.actions - r.actions_at_dealt) /
                                  seconds_between(*r.dealt_at, r.window_end),
                              1))
            : Report();
    j["actions_by_kind"] = st.by_kind;
    std::vector<std::uint32_t> sorted = st.latency_us;
    std::sort(sorted.begin(), sorted.end());
    double sum = 0;
    for (auto us : sorted) sum += us;
    j["latency_ms"] = {
        {"samples", sorted.size()},
        {"p50", round_to(percentile(sorted, 0.50), 3)},
        {"p90", round_to(percentile(sorted, 0.90), 3)},
        {"p99", round_to(percentile(sorted, 0.99), 3)},
        {"max", round_to(sorted.empty() ? 0 : sorted.back() / 1000.0, 3)},
        {"mean", round_to(sorted.empty() ? 0 : sum / double(sorted.size()) / 1000.0, 3)}};
    // Once every table is dealt: the steady state, without the burst of connections,
    // new players and new tables at the start (which the whole run's figures include).
    if (r.dealt_at) {
        const double from = seconds_between(r.started, *r.dealt_at);
        std::vector<std::uint32_t> steady;
        for (std::size_t k = 0; k < st.latency_us.size(); ++k)
            if (st.latency_at[k] >= from) steady.push_back(st.latency_us[k]);
        std::sort(steady.begin(), steady.end());
        j["steady_latency_ms"] = {
            {"samples", steady.size()},
            {"p50", round_to(percentile(steady, 0.50), 3)},
            {"p99", round_to(percentile(steady, 0.99), 3)},
            {"max", round_to(steady.empty() ? 0 : steady.back() / 1000.0, 3)}};
    } else {
        j["steady_latency_ms"] = Report();
    }
    // Second by second: whether the latency drifts (a run that settles, or one that
    // degrades) shows here and not in the percentiles of the whole run.
    {
        std::map<int, std::vector<std::uint32_t>> by_second;
        for (std::size_t k = 0; k < st.latency_us.size(); ++k)
            by_second[int(st.latency_at[k])].push_back(st.latency_us[k]);
        Report seconds = Report::array();
        for (auto& [second, lat] : by_second) {
            std::sort(lat.begin(), lat.end());
            seconds.push_back({{"second", second},
                               {"acks", lat.size()},
                               {"p50", round_to(percentile(lat, 0.50), 3)},
                               {"p99", round_to(percentile(lat, 0.99), 3)},
                               {"max", round_to(lat.back() / 1000.0, 3)}});
        }
        j["latency_by_second"] = seconds;
    }
    std::vector<std::uint32_t> waits = st.turn_wait_us;
    std::sort(waits.begin(), waits.end());
    j["turn_wait_ms"] = {{"samples", waits.size()},
                         {"p50", round_to(percentile(waits, 0.50), 3)},
                         {"p99", round_to(percentile(waits, 0.99), 3)},
                         {"max", round_to(waits.empty() ? 0 : waits.back() / 1000.0, 3)}};
    j["games"] = st.games;
    j["hands"] = st.hands;
    j["tables_started"] = st.tables_started;
    j["errors"] = st.errors;
    j["error_examples"] = st.error_examples;
    if (o.reconnect)
        j["reconnect"] = {{"reconnects", st.reconnects},
                          {"resumes", st.resumes},
                          {"setups_again", st.setups_again},
                          {"retries", st.retries},
                          {"notices", st.notices},
                          {"tables_checked", st.tables_checked},
                          {"examples", st.reconnect_examples}};
    j["frames_in"] = st.frames_in;
    j["frames_out"] = st.frames_out;
    j["bytes_in"] = st.bytes_in;
    const Meter& m = r.meter;
    if (m.pid && m.idle.ok) {
        const ProcSample& end = m.window_end.ok ? m.window_end : m.last;
        const long peak = std::max(m.rss_peak_kb, end.rss_kb);
        j["server"] = {
            {"pid", m.pid},
            {"spawned", spawned},
            {"rss_idle_kb", m.idle.rss_kb},
            {"rss_dealt_kb", m.dealt.ok ? Report(m.dealt.rss_kb) : Report()},
            {"rss_peak_kb", peak},
            {"rss_end_kb", end.rss_kb},
            {"rss_after_close_kb", m.end.ok ? Report(m.end.rss_kb) : Report()},
            {"rss_per_table_kb", round_to(double(end.rss_kb - m.idle.rss_kb) / o.tables, 1)},
            {"cpu_percent", round_to((end.cpu_seconds - m.idle.cpu_seconds) / elapsed * 100, 1)},
            {"cpu_peak_percent", round_to(m.cpu_peak, 1)},
            {"data_fs", data_fs},
            {"log", server_log}};
    } else {
        j["server"] = nullptr;
    }
    const double busy = (r.machine_end - r.machine_start) / elapsed * 100;
    const double client = (r.client_end.cpu_seconds - r.client_start.cpu_seconds) / elapsed * 100;
    j["client"] = {{"cpu_percent", round_to(client, 1)}, {"rss_kb", r.client_end.rss_kb}};
    j["machine"] = {{"cores", sysconf(_SC_NPROCESSORS_ONLN)},
                    {"busy_percent", round_to(busy, 1)},
                    {"load_average_start", r.load_at_start}};
    if (j["server"].is_object()) {
        // What neither the server nor the client used: other work on a shared machine.
        j["machine"]["other_percent"] =
            round_to(std::max(0.0, busy - client - j["server"]["cpu_percent"].get<double>()), 1);
    }
    return j;
}

std::string mb(long kb) {
    std::ostringstream s;
    s << std::fixed << std::setprecision(1) << double(kb) / 1024.0 << " MB";
    return s.str();
}

void print_text(const Report& j, std::ostream& out) {
    const auto num = [](const Report& v) {
        std::ostringstream s;
        if (v.is_number_float())
            s << v.get<double>();
        else
            s << v.dump();
        return s.str();
    };
    out << "hearts loadtest against " << j["url"].get<std::string>() << "\n";
    const int people = j["people"];
    out << "tables       " << j["tables"] << " x " << people
        << (people == 1 ? " person (solo: new_game)" : " people (create_table, join, start)")
        << ", computer players " << j["level"].get<std::string>() << ", " << j["connections"]
        << (j["connections"] == 1 ? " connection" : " connections") << ", at most "
        << num(j["rate"]) << " messages/s each";
    if (j["pace_seconds"].is_array())
        out << "; a person acts " << num(j["pace_seconds"][0]) << "-" << num(j["pace_seconds"][1])
            << " s after it may";
    out << "\n";
    out << "ran          " << num(j["seconds"])
        << " s (stopped: " << j["stop_reason"].get<std::string>() << ")";
    if (!j["dealt_seconds"].is_null())
        out << "; every table dealt after " << num(j["dealt_seconds"]) << " s";
    out << "\n";
    out << "actions      " << j["actions"] << " acknowledged, " << num(j["actions_per_second"])
        << "/s (";
    bool first = true;
    for (const auto& [kind, n] : j["actions_by_kind"].items()) {
        out << (first ? "" : ", ") << kind << " " << n;
        first = false;
    }
    out << ")";
    if (!j["steady_actions_per_second"].is_null())
        out << "; " << num(j["steady_actions_per_second"]) << "/s once every table was dealt";
    out << "\n";
    const Report& l = j["latency_ms"];
    out << "latency      action -> ack: p50 " << num(l["p50"]) << " ms, p90 " << num(l["p90"])
        << " ms, p99 " << num(l["p99"]) << " ms, max " << num(l["max"]) << " ms (" << l["samples"]
        << " samples)\n";
    if (const Report& sl = j["steady_latency_ms"]; !sl.is_null()) {
        out << "             once every table was dealt: p50 " << num(sl["p50"]) << " ms, p99 "
            << num(sl["p99"]) << " ms, max " << num(sl["max"]) << " ms (" << sl["samples"]
            << " samples)\n";
    }
    const Report& w = j["turn_wait_ms"];
    out << "turn wait    an ack -> the person may act again: p50 " << num(w["p50"]) << " ms, p99 "
        << num(w["p99"]) << " ms, max " << num(w["max"]) << " ms (" << w["samples"]
        << " samples)\n";
    out << "completed    " << j["games"] << " games, " << j["hands"] << " hands, "
        << j["tables_started"] << " tables started\n";
    if (j.contains("reconnect")) {
        const Report& rc = j["reconnect"];
        out << "reconnect    " << rc["reconnects"] << " connections lost and made again, "
            << rc["resumes"] << " resumes, " << rc["setups_again"] << " set-ups again, "
            << rc["retries"] << " tried again after \"try again in a moment\", " << rc["notices"]
            << " notices; " << rc["tables_checked"] << " tables checked at the end\n";
        for (const auto& e : rc["examples"]) out << "             " << e.get<std::string>() << "\n";
    }
    out << "errors       ";
    if (j["errors"].empty()) out << "none";
    first = true;
    for (const auto& [code, n] : j["errors"].items()) {
        out << (first ? "" : ", ") << code << " " << n;
        first = false;
    }
    out << "\n";
    for (const auto& e : j["error_examples"])
        out << "             " << e.get<std::string>() << "\n";
    const Report& s = j["server"];
    if (s.is_null()) {
        out << "server       not measured (give --server-pid PID, or use --spawn)\n";
    } else {
        out << "server RSS   idle " << mb(s["rss_idle_kb"]);
        if (!s["rss_dealt_kb"].is_null()) out << ", every table dealt " << mb(s["rss_dealt_kb"]);
        out << ", peak " << mb(s["rss_peak_kb"]) << ", at the end " << mb(s["rss_end_kb"])
            << "; (end - idle) / tables: " << num(s["rss_per_table_kb"]) << " kB\n";
        out << "server CPU   " << num(s["cpu_percent"]) << "% on average, "
            << num(s["cpu_peak_percent"]) << "% in the busiest second (100% = one core); pid "
            << s["pid"];
        if (s["spawned"].get<bool>())
            out << " (spawned), data on " << s["data_fs"].get<std::string>();
        out << "\n";
        for (const auto& line : s["log"]) out << "server log   " << line.get<std::string>() << "\n";
    }
    out << "client CPU   " << num(j["client"]["cpu_percent"])
        << "% on average (one thread, on the same machine)\n";
    out << "machine      " << j["machine"]["cores"] << " cores, "
        << num(j["machine"]["busy_percent"]) << "% busy on average";
    if (j["machine"].contains("other_percent"))
        out << ", of which " << num(j["machine"]["other_percent"]) << "% other work";
    out << "; load average at start " << j["machine"]["load_average_start"].get<std::string>()
        << "\n";
}

}  // namespace

CLI::App* add_loadtest_command(CLI::App& app, LoadtestOptions& o) {
    auto* cmd = app.add_subcommand(
        "loadtest",
        "Play many tables at once over WebSockets against a hearts serve on this machine; "
        "report actions/s, action-to-ack latency, errors, and the server's RSS and CPU");
    cmd->add_option("--url", o.url, "The server's WebSocket, e.g. ws://127.0.0.1:8080/ws");
    cmd->add_flag("--spawn", o.spawn,
                  "Start `hearts serve --port 0` in a temporary folder, measure it, stop it");
    cmd->add_option("--serve-arg", o.serve_args,
                    "With --spawn: an extra argument for hearts serve (repeat it)")
        ->allow_extra_args(false);
    cmd->add_option("--server-bin", o.server_bin,
                    "With --spawn: the hearts binary that serves (default: this one), e.g. an "
                    "older build to compare with")
        ->check(CLI::ExistingFile);
    cmd->add_option("--server-pid", o.server_pid, "With --url: the server process to measure")
        ->check(CLI::Range(1, 1 << 30));
    cmd->add_option("--tables", o.tables, "Tables played at once")->check(CLI::Range(1, 20000));
    cmd->add_option("--people", o.people,
                    "Scripted people per table: 1 plays solo games (new_game), 2-4 use "
                    "create_table/join/start")
        ->check(CLI::Range(1, 4));
    cmd->add_option("--level", o.level, "Computer players' level at solo tables")
        ->check(CLI::IsMember(ai::bot_levels()));
    cmd->add_option("--seconds", o.seconds, "Stop after this many seconds")
        ->check(CLI::Range(0.1, 3600.0));
    cmd->add_option("--games", o.games, "... or after this many finished games (0: no limit)")
        ->check(CLI::Range(std::int64_t(0), std::int64_t(1) << 40));
    cmd->add_option("--hands", o.hands, "... or after this many finished hands (0: no limit)")
        ->check(CLI::Range(std::int64_t(0), std::int64_t(1) << 40));
    cmd->add_option("--rate", o.rate,
                    "Messages per second per connection (the server closes a connection that "
                    "sends more than 20/s with bursts of 40)")
        ->check(CLI::Range(0.1, 10000.0));
    cmd->add_option_function<std::string>(
           "--pace",
           [&o](const std::string& text) {
               // MIN-MAX seconds, e.g. 1-3 or 0.5-2; checked below, where CLI11 can say so.
               const auto dash = text.find('-');
               o.pace_min = std::strtod(text.substr(0, dash).c_str(), nullptr);
               o.pace_max = dash == std::string::npos
                                ? o.pace_min
                                : std::strtod(text.substr(dash + 1).c_str(), nullptr);
           },
           "A person acts a random MIN-MAX seconds after it may, e.g. 1-3 (default: at once)")
        ->check([](const std::string& text) -> std::string {
            const auto dash = text.find('-');
            const auto number = [](const std::string& t, double& v) {
                char* end = nullptr;
                v = std::strtod(t.c_str(), &end);
                return !t.empty() && end == t.c_str() + t.size() && v >= 0 && v <= 600;
            };
            double lo = 0, hi = 0;
            if (dash == std::string::npos || !number(text.substr(0, dash), lo) ||
                !number(text.substr(dash + 1), hi) || hi < lo || hi <= 0)
                return "MIN-MAX seconds with 0 <= MIN <= MAX <= 600 and MAX > 0 (e.g. 1-3), not '" +
                       text + "'";
            return "";
        });
    cmd->add_option("--per-address", o.per_address,
                    "Connections per loopback source address 127.x.y.z (default 1: one person per "
                    "address, so every per-address limit of the server holds as for real players)")
        ->check(CLI::Range(1, 100000));
    cmd->add_option("--first-address", o.first_address,
                    "The first loopback source address (127.x.y.z); the next ones follow it")
        ->check([](const std::string& a) -> std::string {
            boost::system::error_code ec;
            const auto address = asio::ip::make_address_v4(a, ec);
            if (ec || !address.is_loopback())
                return "a loopback address 127.x.y.z, not '" + a + "'";
            return "";
        });
    cmd->add_option("--stall", o.stall_seconds,
                    "Seconds without a message at a table before it counts as stalled")
        ->check(CLI::Range(0.1, 3600.0));
    cmd->add_flag("--reconnect", o.reconnect,
                  "A person whose connection is lost (a node killed or paused) comes back as its "
                  "player and resumes its table, as a page does; the run ends by checking every "
                  "table: its people at one version, no acknowledged action lost (tools/chaos.sh)");
    cmd->add_option("--answer", o.answer_seconds,
                    "With --reconnect: a request unanswered for this many seconds means the "
                    "connection is dead, and the person connects again")
        ->check(CLI::Range(0.5, 600.0));
    cmd->add_option("--seed", o.seed, "Seed of the scripted people's choices");
    cmd->add_flag("--json", o.json, "Print the report as JSON");
    return cmd;
}

int loadtest_command(const LoadtestOptions& o, std::ostream& out, std::ostream& err) {
    if (o.spawn == !o.url.empty()) {
        err << "hearts loadtest: give --url ws://127.0.0.1:PORT/ws (a running hearts serve) or "
               "--spawn (start one), not both\n";
        return 2;
    }
    if (o.spawn && o.server_pid) {
        err << "hearts loadtest: --server-pid is for --url; with --spawn the spawned server is "
               "measured\n";
        return 2;
    }
    if (!o.spawn && !o.server_bin.empty()) {
        err << "hearts loadtest: --server-bin needs --spawn\n";
        return 2;
    }
    if (!o.spawn && !o.serve_args.empty()) {
        err << "hearts loadtest: --serve-arg needs --spawn\n";
        return 2;
    }
    if (o.pace_max > 0 && o.pace_max >= o.stall_seconds) {
        err << "hearts loadtest: --pace " << o.pace_min << "-" << o.pace_max
            << " would look like a stalled table: keep its MAX under --stall (" << o.stall_seconds
            << " s)\n";
        return 2;
    }
    if (o.people == 2 || o.people == 3) {
        err << "hearts loadtest: note: at tables with people the server fills the empty seats "
               "with its `expert` computer players, which think for a while: the pace is "
               "theirs. --people 4 has no computer players.\n";
    }
    SpawnedServer spawned(o.server_bin);
    std::string url = o.url;
    if (o.spawn) {
        auto port = spawned.start(o.serve_args);
        if (!port) {
            err << "hearts loadtest: " << port.error().reason << "\n";
            return 1;
        }
        url = "ws://127.0.0.1:" + std::to_string(*port) + "/ws";
    }
    auto target = parse_target(url);
    if (!target) {
        err << "hearts loadtest: " << target.error().reason << "\n";
        return 2;
    }
    const int connections = o.tables * o.people;
    if (!target->endpoint.address().is_v4() && connections > o.per_address) {
        err << "hearts loadtest: " << connections << " connections need several loopback "
            << "addresses, and IPv6 has one (::1): use ws://127.0.0.1:PORT/ws, or at most "
            << o.per_address << " connections\n";
        return 2;
    }
    const int pid = o.spawn ? spawned.pid() : o.server_pid;
    if (pid && !read_proc(pid).ok) {
        err << "hearts loadtest: there is no process " << pid << " to measure (--server-pid)\n";
        return 2;
    }

    Runner runner(o, *target, pid);
    runner.run();
    if (pid) runner.meter.end = read_proc(pid);

    std::vector<std::string> log;
    if (o.spawn) {
        spawned.stop();
        for (const auto& line : spawned.log_lines()) {
            if (log.size() == 10) {
                log.push_back("...");
                break;
            }
            log.push_back(line);
        }
    }
    if (runner.opened == 0) {
        err << "hearts loadtest: cannot reach the server at " << url << ": "
            << (runner.first_connect_error.empty() ? "no connection opened"
                                                   : runner.first_connect_error)
            << "\n";
        return 1;
    }
    const Report report = make_report(
        runner, url, o.spawn, o.spawn ? filesystem_kind(spawned.data_dir()) : "unknown", log);
    if (o.json)
        out << report.dump(2) << "\n";
    else
        print_text(report, out);
    if (runner.stats.actions == 0) {
        err << "hearts loadtest: no action was acknowledged\n";
        return 1;
    }
    if (!runner.stats.errors.empty()) {
        err << "hearts loadtest: there were errors (see the report)\n";
        return 1;
    }
    return 0;
}

}  // namespace hearts::app
