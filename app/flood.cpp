// `hearts flood` (see flood.h). The floods run as coroutines on one thread of their own;
// the victim is `hearts loadtest` in a child process, so nothing the flood does slows the
// victim's client, only the server they share.
#include <utility>  // before Asio: Boost 1.74's headers use std::exchange without it

#include "flood.h"

#include <sys/resource.h>

#include <CLI/CLI.hpp>
#include <atomic>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <iomanip>
#include <memory>
#include <nlohmann/json.hpp>
#include <ostream>
#include <random>
#include <sstream>
#include <thread>

#include "hearts/ai/bot.h"
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
using Ws = websocket::stream<beast::tcp_stream>;
using asio::awaitable;
using asio::use_awaitable;
using namespace std::chrono_literals;

// The victim plays from here; floods that are about one address lock-outs come from it
// too, the others from addresses of their own.
constexpr const char* kVictimAddress = "127.0.0.1";

// ---------------------------------------------------------------- the attack

struct Tally {
    std::atomic<long> opened{0};   // connections the server accepted
    std::atomic<long> refused{0};  // connections it refused (or closed before the handshake)
    std::atomic<long> sent{0};     // frames written
    std::atomic<long> received{0};
    std::atomic<long> closed{0};  // connections the server closed
};

// The flood's connections, on one thread of their own.
class Attack {
  public:
    explicit Attack(unsigned short port) : port_(port), guard_(asio::make_work_guard(io_)) {}
    ~Attack() { finish(); }

    template <class Coroutine>
    void spawn(Coroutine&& c) {
        asio::co_spawn(io_, std::forward<Coroutine>(c), asio::detached);
    }
    void start() {
        thread_ = std::thread([this] { io_.run(); });
    }
    void finish() {
        stopping_ = true;
        guard_.reset();
        io_.stop();
        if (thread_.joinable()) thread_.join();
    }
    bool stopping() const { return stopping_; }
    unsigned short port() const { return port_; }
    Tally tally;

  private:
    asio::io_context io_;
    unsigned short port_;
    asio::executor_work_guard<asio::io_context::executor_type> guard_;
    std::atomic<bool> stopping_{false};
    std::thread thread_;
};

awaitable<void> pause(std::chrono::steady_clock::duration d) {
    asio::steady_timer t(co_await asio::this_coro::executor);
    t.expires_after(d);
    co_await t.async_wait(use_awaitable);
}

// A TCP connection from `source` to the server.
awaitable<std::unique_ptr<beast::tcp_stream>> open_tcp(Attack& a, std::string source,
                                                       int receive_buffer = 0) {
    auto stream = std::make_unique<beast::tcp_stream>(co_await asio::this_coro::executor);
    tcp::socket& s = stream->socket();
    s.open(tcp::v4());
    if (receive_buffer) s.set_option(asio::socket_base::receive_buffer_size(receive_buffer));
    s.bind({asio::ip::make_address(source), 0});
    stream->expires_after(5s);
    co_await stream->async_connect({asio::ip::make_address("127.0.0.1"), a.port()}, use_awaitable);
    co_return stream;
}

// A WebSocket from `source`; counts an open or a refusal (and then throws).
awaitable<std::shared_ptr<Ws>> open_ws(Attack& a, std::string source, int receive_buffer = 0) {
    try {
        auto stream = co_await open_tcp(a, source, receive_buffer);
        auto ws = std::make_shared<Ws>(std::move(*stream));
        co_await ws->async_handshake("127.0.0.1", "/ws", use_awaitable);
        beast::get_lowest_layer(*ws).expires_never();
        ++a.tally.opened;
        co_return ws;
    } catch (...) {
        ++a.tally.refused;
        throw;
    }
}

awaitable<void> send(Attack& a, Ws& ws, std::string text) {
    ws.text(true);
    co_await ws.async_write(asio::buffer(text), use_awaitable);
    ++a.tally.sent;
}

awaitable<json> receive(Attack& a, Ws& ws) {
    beast::flat_buffer buffer;
    co_await ws.async_read(buffer, use_awaitable);
    ++a.tally.received;
    co_return json::parse(beast::buffers_to_string(buffer.data()), nullptr, false);
}

// Reads and drops what the server sends, until it closes.
awaitable<void> drain(Attack& a, std::shared_ptr<Ws> ws) {
    try {
        for (;;) co_await receive(a, *ws);
    } catch (...) {
        ++a.tally.closed;
    }
}

// Reads until a message answers request `id` (its ack or error).
awaitable<json> answer(Attack& a, Ws& ws, int id) {
    for (;;) {
        json m = co_await receive(a, ws);
        if (m.is_object() && m.value("id", -1) == id) co_return m;
    }
}

// Sends `make(n)` (n = 0, 1, ...) every 1/rate s over `ws` while reading what comes
// back, until the flood stops or the server closes the connection.
template <class Make>
awaitable<void> at_rate(Attack& a, std::shared_ptr<Ws> ws, double rate, Make make) {
    a.spawn(drain(a, ws));
    try {
        for (long n = 0; !a.stopping(); ++n) {
            co_await send(a, *ws, make(n));
            co_await pause(std::chrono::microseconds(std::int64_t(1e6 / rate)));
        }
    } catch (...) {
    }
}

// Messages built outside the coroutines (g++ 12 cannot build a braced JSON initializer
// inside one).
std::string set_name_message(const std::string& name) {
    return json{{"t", "set_name"}, {"name", name}}.dump();
}
std::string hello_message(const std::string& player, const std::string& token) {
    return json{{"t", "hello"}, {"player", player}, {"token", token}}.dump();
}
std::string resume_message(const std::string& table, int id) {
    return json{{"t", "resume"}, {"table", table}, {"id", id}}.dump();
}
std::string join_message(long n) {
    return json{{"t", "join"}, {"table", "guess" + std::to_string(n % 100000)}}.dump();
}

// bad-frames: connections that each send one frame that is not JSON, from the victim's
// own address: 32 at once, then one every `every`, within the limit of new connections
// a minute. (Before the fix each kept its address's place for half an hour.)
awaitable<void> bad_frame(Attack& a) {
    try {
        auto ws = co_await open_ws(a, std::string(kVictimAddress));
        co_await send(a, *ws, std::string("x"));
        co_await drain(a, ws);
    } catch (...) {
    }
}

awaitable<void> bad_frames(Attack& a, std::chrono::milliseconds every) {
    while (!a.stopping()) {
        co_await bad_frame(a);
        co_await pause(every);
    }
}

// lobby: throw-away players each open a public table and go.
awaitable<void> throw_away_tables(Attack& a) {
    for (long n = 0; !a.stopping(); ++n) {
        try {
            auto ws = co_await open_ws(a, std::string("127.0.0.2"));
            co_await send(a, *ws, std::string(R"({"t":"hello","id":1})"));
            co_await send(a, *ws, set_name_message("Throw " + std::to_string(n)));
            co_await send(a, *ws,
                          std::string(R"({"t":"create_table","private":false,"timer":0,"id":3})"));
            co_await answer(a, *ws, 3);
            beast::get_lowest_layer(*ws).close();
        } catch (...) {
        }
        co_await pause(55ms);
    }
}

// lobby: a watcher that never reads what it is sent.
awaitable<void> deaf_watcher(Attack& a) {
    try {
        auto ws = co_await open_ws(a, std::string("127.0.0.3"), 4096);
        co_await send(a, *ws, std::string(R"({"t":"hello"})"));
        co_await send(a, *ws, std::string(R"({"t":"lobby","on":true})"));
        while (!a.stopping()) co_await pause(100ms);
    } catch (...) {
    }
}

// lobby: one connection opening a public table 19 times a second.
awaitable<void> table_churn(Attack& a) {
    try {
        auto ws = co_await open_ws(a, std::string("127.0.0.4"));
        co_await send(a, *ws, std::string(R"({"t":"hello"})"));
        co_await send(a, *ws, std::string(R"({"t":"set_name","name":"Churn"})"));
        co_await at_rate(a, ws, 19, [](long) {
            return std::string(R"({"t":"create_table","private":false,"timer":0})");
        });
    } catch (...) {
    }
}

// new-game: a connection starting solo games 19 times a second.
awaitable<void> new_games(Attack& a) {
    try {
        auto ws = co_await open_ws(a, std::string("127.0.0.5"));
        co_await send(a, *ws, std::string(R"({"t":"hello"})"));
        co_await at_rate(a, ws, 19,
                         [](long) { return std::string(R"({"t":"new_game","level":"random"})"); });
    } catch (...) {
    }
}

// connections: an address opening as many connections as the server takes, and holding
// them.
awaitable<void> hold_connections(Attack& a, std::string source) {
    std::vector<std::unique_ptr<beast::tcp_stream>> held;
    while (!a.stopping()) {
        bool refused = false;
        try {
            if (held.size() < 64) {
                held.push_back(co_await open_tcp(a, source));
                held.back()->expires_never();
                ++a.tally.opened;
            }
        } catch (...) {
            ++a.tally.refused;
            refused = true;
        }
        co_await pause(refused ? 50ms : held.size() < 64 ? 5ms : 200ms);
    }
}

// reconnect: one player reconnecting and resuming in a loop.
awaitable<void> reconnect_loop(Attack& a, std::string player, std::string token,
                               std::string table) {
    const std::string hello = hello_message(player, token);
    const std::string resume = resume_message(table, 2);
    while (!a.stopping()) {
        bool failed = false;
        try {
            auto ws = co_await open_ws(a, std::string("127.0.0.6"));
            co_await send(a, *ws, hello);
            co_await send(a, *ws, resume);
            co_await answer(a, *ws, 2);
            beast::get_lowest_layer(*ws).close();
        } catch (...) {
            failed = true;
        }
        if (failed) co_await pause(20ms);
    }
}

awaitable<void> reconnect(Attack& a) {
    std::string player, token, table;
    try {
        auto ws = co_await open_ws(a, std::string("127.0.0.6"));
        co_await send(a, *ws, std::string(R"({"t":"hello"})"));
        while (player.empty()) {
            const json m = co_await receive(a, *ws);
            if (m.is_object() && m.value("t", "") == "welcome") {
                player = m.value("player", "");
                token = m.value("token", "");
            }
        }
        co_await send(a, *ws, std::string(R"({"t":"new_game","level":"random"})"));
        while (table.empty()) {
            const json m = co_await receive(a, *ws);
            if (m.is_object() && m.value("t", "") == "snapshot") table = m.value("table", "");
        }
        beast::get_lowest_layer(*ws).close();
    } catch (...) {
        co_return;
    }
    for (int k = 0; k < 4; ++k) a.spawn(reconnect_loop(a, player, token, table));
    // And a connection guessing private codes.
    try {
        auto ws = co_await open_ws(a, std::string("127.0.0.7"));
        co_await send(a, *ws, std::string(R"({"t":"hello"})"));
        co_await send(a, *ws, std::string(R"({"t":"set_name","name":"Guess"})"));
        co_await at_rate(a, ws, 19, join_message);
    } catch (...) {
    }
}

// ---------------------------------------------------------------- processes

// One person playing a solo game through `hearts loadtest`: its report, or what it said.
Report play_victim(unsigned short port, int server_pid, const FloodOptions& o, double seconds) {
    const Ran r = run_this_binary(
        {"loadtest", "--url", "ws://127.0.0.1:" + std::to_string(port) + "/ws", "--server-pid",
         std::to_string(server_pid), "--tables", "1", "--level", o.level, "--first-address",
         kVictimAddress, "--seconds", std::to_string(seconds), "--json"},
        seconds + 60);
    const json parsed = json::parse(r.out, nullptr, false);
    if (parsed.is_object()) return Report(parsed);
    Report failed;
    failed["failed"] = r.err.empty() ? "the victim printed no report" : r.err;
    return failed;
}

std::uintmax_t folder_bytes(const std::string& dir) {
    std::uintmax_t total = 0;
    std::error_code ec;
    for (const auto& f : fs::directory_iterator(dir, ec))
        if (f.is_regular_file(ec)) total += f.file_size(ec);
    return total;
}

double ms(const Report& victim, const char* which, const char* q) {
    if (!victim.contains(which)) return 0;
    return victim[which].value(q, 0.0);
}

// One flood on a fresh server: the victim alone, then the victim in the flood.
Report run_flood(const std::string& kind, const FloodOptions& o, std::ostream& err) {
    std::vector<std::string> wrapper;
    if (kind == "connections") wrapper = {"prlimit", "--nofile=1024:1024", "--"};
    SpawnedServer server(o.server_bin, wrapper);
    Report j;
    j["kind"] = kind;
    j["server_bin"] = o.server_bin.empty() ? std::string("this hearts") : o.server_bin;
    auto port = server.start({});
    if (!port) {
        j["failed"] = port.error().reason;
        return j;
    }
    err << "hearts flood: " << kind << ": the victim alone for " << o.quiet_seconds << " s\n";
    const Report quiet = play_victim(*port, server.pid(), o, o.quiet_seconds);

    Attack attack(*port);
    if (kind == "bad-frames") {
        for (int k = 0; k < 32; ++k) attack.spawn(bad_frame(attack));
        attack.spawn(bad_frames(attack, 1000ms));
    } else if (kind == "lobby") {
        attack.spawn(throw_away_tables(attack));
        for (int k = 0; k < 4; ++k) attack.spawn(deaf_watcher(attack));
        attack.spawn(table_churn(attack));
    } else if (kind == "new-game") {
        for (int k = 0; k < 8; ++k) attack.spawn(new_games(attack));
    } else if (kind == "connections") {
        for (int k = 0; k < 38; ++k)
            attack.spawn(hold_connections(attack, "127.0.1." + std::to_string(10 + k)));
    } else if (kind == "reconnect") {
        attack.spawn(reconnect(attack));
    }
    // bots: 16 people playing solo games against `expert`, in a second load test.
    std::thread bots;
    if (kind == "bots") {
        const unsigned short p = *port;
        const double s = o.seconds + 4;
        bots = std::thread([p, s] {
            run_this_binary({"loadtest", "--url", "ws://127.0.0.1:" + std::to_string(p) + "/ws",
                             "--tables", "16", "--level", "expert", "--first-address", "127.0.0.20",
                             "--per-address", "16", "--seconds", std::to_string(s)},
                            s + 60);
        });
    }
    const ProcSample start = read_proc(server.pid());
    const auto measured_from = Clock::now();
    const std::uintmax_t db_start = folder_bytes(server.data_dir());
    attack.start();
    std::this_thread::sleep_for(2s);  // the flood gets going
    err << "hearts flood: " << kind << ": the victim in the flood for " << o.seconds << " s\n";
    std::atomic<bool> sampling{true};
    long rss_peak = start.rss_kb;
    double cpu_peak = 0;
    std::thread sampler([&] {
        ProcSample last = read_proc(server.pid());
        auto at = Clock::now();
        while (sampling) {
            std::this_thread::sleep_for(1s);
            const ProcSample now = read_proc(server.pid());
            const auto t = Clock::now();
            if (!now.ok) continue;
            rss_peak = std::max(rss_peak, now.rss_kb);
            const double dt = std::chrono::duration<double>(t - at).count();
            if (dt > 0)
                cpu_peak = std::max(cpu_peak, (now.cpu_seconds - last.cpu_seconds) / dt * 100);
            last = now;
            at = t;
        }
    });
    const Report flooded = play_victim(*port, server.pid(), o, o.seconds);
    const double elapsed = std::chrono::duration<double>(Clock::now() - measured_from).count();
    const ProcSample end = read_proc(server.pid());
    const std::uintmax_t db_end = folder_bytes(server.data_dir());
    sampling = false;
    sampler.join();
    attack.finish();
    if (bots.joinable()) bots.join();
    const ProcSample after = read_proc(server.pid());

    const auto victim = [](const Report& v) {
        Report out;
        if (v.contains("failed")) {
            out["failed"] = v["failed"];
            return out;
        }
        out["actions"] = v.value("actions", 0);
        out["ack_p50_ms"] = ms(v, "latency_ms", "p50");
        out["ack_p99_ms"] = ms(v, "latency_ms", "p99");
        out["turn_wait_p50_ms"] = ms(v, "turn_wait_ms", "p50");
        out["turn_wait_p99_ms"] = ms(v, "turn_wait_ms", "p99");
        out["errors"] = v.contains("errors") ? v["errors"] : Report::object();
        return out;
    };
    j["quiet"] = victim(quiet);
    j["flood"] = victim(flooded);
    const auto ratio = [&](const char* key) -> Report {
        const double q = j["quiet"].value(key, 0.0), f = j["flood"].value(key, 0.0);
        if (q <= 0 || j["flood"].contains("failed")) return nullptr;
        return round_to(f / q, 2);
    };
    j["ratio"] = {{"ack_p99", ratio("ack_p99_ms")},
                  {"turn_wait_p99", ratio("turn_wait_p99_ms")},
                  {"turn_wait_p50", ratio("turn_wait_p50_ms")}};
    j["server"] = {
        {"rss_start_kb", start.rss_kb},
        {"rss_peak_kb", rss_peak},
        {"rss_end_kb", end.rss_kb},
        {"rss_after_kb", after.rss_kb},
        {"cpu_percent", round_to((end.cpu_seconds - start.cpu_seconds) / elapsed * 100, 1)},
        {"cpu_peak_percent", round_to(cpu_peak, 1)},
        {"database_growth_kb", round_to((double(db_end) - double(db_start)) / 1024, 1)}};
    j["attack"] = {{"connections_opened", attack.tally.opened.load()},
                   {"connections_refused", attack.tally.refused.load()},
                   {"frames_sent", attack.tally.sent.load()},
                   {"frames_received", attack.tally.received.load()},
                   {"closed_by_server", attack.tally.closed.load()}};
    return j;
}

std::string num(const Report& v) {
    if (!v.is_number()) return "-";
    std::ostringstream s;
    s << std::fixed << std::setprecision(v.get<double>() >= 100 ? 0 : 1) << v.get<double>();
    return s.str();
}

void print_flood(const Report& j, std::ostream& out) {
    out << "flood " << j["kind"].get<std::string>() << " against "
        << j["server_bin"].get<std::string>() << "\n";
    if (j.contains("failed")) {
        out << "  failed: " << j["failed"].get<std::string>() << "\n";
        return;
    }
    for (const char* when : {"quiet", "flood"}) {
        const Report& v = j[when];
        out << "  victim " << (std::string(when) == "quiet" ? "alone:   " : "in flood:");
        if (v.contains("failed")) {
            out << " failed: " << v["failed"].get<std::string>() << "\n";
            continue;
        }
        out << " " << v["actions"] << " actions; ack p50 " << num(v["ack_p50_ms"]) << " ms, p99 "
            << num(v["ack_p99_ms"]) << " ms; turn wait p50 " << num(v["turn_wait_p50_ms"])
            << " ms, p99 " << num(v["turn_wait_p99_ms"]) << " ms";
        if (!v["errors"].empty()) out << "; errors " << v["errors"].dump();
        out << "\n";
    }
    const Report& r = j["ratio"];
    out << "  ratio flood/alone: ack p99 x" << num(r["ack_p99"]) << ", turn wait p99 x"
        << num(r["turn_wait_p99"]) << "\n";
    const Report& s = j["server"];
    out << "  server: RSS " << num(Report(s["rss_start_kb"].get<double>() / 1024))
        << " MB at the start, " << num(Report(s["rss_peak_kb"].get<double>() / 1024))
        << " at the peak, " << num(Report(s["rss_end_kb"].get<double>() / 1024)) << " at the end, "
        << num(Report(s["rss_after_kb"].get<double>() / 1024)) << " once the attackers left; CPU "
        << num(s["cpu_percent"]) << "% (peak " << num(s["cpu_peak_percent"]) << "%), database +"
        << num(Report(s["database_growth_kb"].get<double>() / 1024)) << " MB\n";
    const Report& a = j["attack"];
    out << "  attack: " << a["connections_opened"] << " connections opened, "
        << a["connections_refused"] << " refused, " << a["closed_by_server"]
        << " closed by the server, " << a["frames_sent"] << " frames sent, " << a["frames_received"]
        << " received\n";
}

}  // namespace

const std::vector<std::string>& flood_kinds() {
    static const std::vector<std::string> kinds{"bad-frames", "lobby",       "new-game",
                                                "bots",       "connections", "reconnect"};
    return kinds;
}

CLI::App* add_flood_command(CLI::App& app, FloodOptions& o) {
    auto* cmd = app.add_subcommand(
        "flood",
        "Run one hostile script against a hearts serve it starts; report what it costs a "
        "person playing meanwhile, and the server's memory, CPU and database growth");
    std::vector<std::string> kinds = flood_kinds();
    kinds.push_back("all");
    cmd->add_option("--kind", o.kind,
                    "bad-frames, lobby, new-game, bots, connections, reconnect, all")
        ->check(CLI::IsMember(kinds));
    cmd->add_option("--seconds", o.seconds,
                    "How long the flood runs, the victim playing through it")
        ->check(CLI::Range(1.0, 3600.0));
    cmd->add_option("--quiet-seconds", o.quiet_seconds, "How long the victim plays alone first")
        ->check(CLI::Range(1.0, 3600.0));
    cmd->add_option("--server-bin", o.server_bin,
                    "The hearts binary that serves (default: this one), e.g. an older build")
        ->check(CLI::ExistingFile);
    cmd->add_option("--level", o.level, "The victim's computer players")
        ->check(CLI::IsMember(ai::bot_levels()));
    cmd->add_flag("--json", o.json, "Print the report as JSON");
    return cmd;
}

int flood_command(const FloodOptions& options, std::ostream& out, std::ostream& err) {
    FloodOptions o = options;
    std::error_code ec;
    if (!o.server_bin.empty()) o.server_bin = fs::absolute(o.server_bin, ec).string();
    // The attacks hold thousands of sockets (the connections flood: 38 x 64).
    rlimit files{};
    if (getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur < files.rlim_max) {
        files.rlim_cur = files.rlim_max;
        setrlimit(RLIMIT_NOFILE, &files);
    }
    std::vector<std::string> kinds =
        o.kind == "all" ? flood_kinds() : std::vector<std::string>{o.kind};
    Report all = Report::array();
    int status = 0;
    for (const std::string& kind : kinds) {
        Report j = run_flood(kind, o, err);
        if (j.contains("failed")) {  // the server never started: nothing was measured
            err << "hearts flood: " << kind << ": " << j["failed"].get<std::string>() << "\n";
            status = 1;
        }
        if (!o.json) print_flood(j, out);
        all.push_back(std::move(j));
    }
    if (o.json) out << (all.size() == 1 ? all[0] : all).dump(2) << "\n";
    return status;
}

}  // namespace hearts::app
