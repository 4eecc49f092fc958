// `hearts loadtest` (see loadtest.h): its command line, and the run from start to report.
// The people, the run and the report are in loadtest_person.cpp, loadtest_run.cpp and
// loadtest_report.cpp (loadtest_run.h).
#include "loadtest_run.h"

#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "hearts/ai/bot.h"

namespace hearts::app {

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
    cmd->add_flag("--public", o.public_tables,
                  "Tables of 2-4 people are public, so their games are rated (private, and "
                  "not rated, by default)");
    cmd->add_option("--rules", o.rules,
                    "Rules of the tables of 2-4 people, e.g. end=20 for short games")
        ->check([](const std::string& text) {
            auto rules = parse_rules(text);
            return rules ? std::string() : rules.error().reason;
        });
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
            const auto address = load::asio::ip::make_address_v4(a, ec);
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
    cmd->add_option("--trace", o.trace,
                    "Write every frame sent and received, and every connection made and lost, "
                    "to this file: a line each, with the time, the table and the seat");
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
    auto target = load::parse_target(url);
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

    load::Runner runner(o, *target, pid);
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
    const load::Report report = load::make_report(
        runner, url, o.spawn, o.spawn ? load::filesystem_kind(spawned.data_dir()) : "unknown", log);
    if (o.json)
        out << report.dump(2) << "\n";
    else
        load::print_text(report, out);
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
