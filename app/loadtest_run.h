// The parts of `hearts loadtest` (loadtest.h) its files share: the scripted people and
// their tables (loadtest_person.cpp), the run, its clock and its checks (loadtest_run.cpp),
// and the report (loadtest_report.cpp). loadtest.cpp has the command line.
#pragma once

#include <utility>  // before Asio: Boost 1.74's headers use std::exchange without it

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <random>
#include <string>
#include <vector>

#include "hearts/expected.h"
#include "loadtest.h"
#include "loadtest_read.h"
#include "spawn.h"

namespace hearts::app::load {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace fs = std::filesystem;
using tcp = asio::ip::tcp;
using Clock = std::chrono::steady_clock;
using nlohmann::json;
using Report = nlohmann::ordered_json;

inline double seconds_between(Clock::time_point a, Clock::time_point b) {
    return std::chrono::duration<double>(b - a).count();
}

// ---------------------------------------------------------------- the target

struct Target {
    std::string host;  // as written, for the Host header
    std::string path;
    tcp::endpoint endpoint;
};

/// The --url, checked: ws://127.0.0.1:PORT/PATH (loopback only).
Expected<Target> parse_target(const std::string& url);

// The machine, from /proc.
double machine_busy_seconds();  // busy CPU seconds of every core
std::string load_average();
std::string filesystem_kind(const std::string& path);

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
    // The longest a table went without a message (a view's snapshot or update), ended by
    // one: which table, how long, and from when (seconds into the run). A stall that
    // `--stall` did not reach yet shows here.
    std::string silence_table;
    double silence_seconds = 0, silence_from = 0;
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
    std::string who;     // "table.seat" of the run (person 0 of table 0 is "0.0"), for --trace

  private:
    struct Pending {
        std::string kind;
        std::string table;
        bool action = false;
        Clock::time_point sent;
        int setup;  // the table's set-up it belongs to (TableRun::setup); no default: say it
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
    const std::string& id() const { return id_; }
    bool setting_up() const { return !dealt_ && !dead_; }
    /// Which set-up of the table this is: answers to an earlier one's requests are stale.
    int setup() const { return setup_; }
    /// --reconnect: someone came back while the table was being set up, or its set-up was
    /// refused: once all its people are back, the set-up starts again.
    void set_up_again();
    /// A view came: the silence since the last one ends (Stats, the longest silence).
    void touch();
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
inline constexpr double kQuietSeconds = 10;

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
    /// --trace: one line for `who` (table.seat), `what` cut to a few hundred characters.
    void trace(std::string_view who, char dir, std::string_view what);
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
    std::unique_ptr<std::ofstream> trace_;
    bool options_trace_failed_ = false;
};

/// The run's figures as JSON (`--json`), and as the text `print_text` writes.
Report make_report(Runner& r, const std::string& url, bool spawned, const std::string& data_fs,
                   const std::vector<std::string>& server_log);
void print_text(const Report& j, std::ostream& out);

}  // namespace hearts::app::load
