// `hearts loadtest`'s run (loadtest_run.h): the people started, the clock that measures
// the server and finds stalled tables, the stop, and the last check of every table
// (--reconnect); also the target, and what /proc says of the machine.
#include "loadtest_run.h"

#include <sys/statfs.h>
#include <unistd.h>

#include <fstream>
#include <sstream>

namespace hearts::app::load {

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
            p->who = std::to_string(t) + "." + std::to_string(k);
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

void Runner::trace(std::string_view who, char dir, std::string_view what) {
    if (options.trace.empty()) return;
    if (!trace_) {
        trace_ = std::make_unique<std::ofstream>(options.trace, std::ios::trunc);
        if (!*trace_) {
            error("trace", "cannot write " + options.trace);
            options_trace_failed_ = true;
        }
    }
    if (options_trace_failed_) return;
    constexpr std::size_t kMax = 300;
    char at[32];
    std::snprintf(at, sizeof at, "%.3f", seconds_between(started, Clock::now()));
    *trace_ << at << ' ' << who << ' ' << dir << ' '
            << (what.size() > kMax ? std::string(what.substr(0, kMax)) + "..." : std::string(what))
            << '\n';
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
                // Which table, and when: the server's logs of that moment say why.
                what << "table " << (t->id().empty() ? "(not set up)" : t->id())
                     << " had no message for " << options.stall_seconds << " s, at "
                     << int(seconds_between(started, Clock::now())) << " s into the run";
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
// it missed (`resume`), and each table is checked: every person answered (within 20 s: a
// resume may wait out a takeover, 5 s, and a route's retries, 8 s, on a sanitizer's slow
// node) at the same version, and had seen every version up to it.
namespace {
constexpr double kAnswerSeconds = 20;
}  // namespace

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
    // Everyone answers, those coming back too (when back).
    bool answered = true;
    for (auto& t : tables_)
        for (auto& p : t->people())
            if (checked(*t) && !p->final_v()) answered = false;
    if (!answered && seconds_between(*check_asked_, now) < kAnswerSeconds) return again();
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

}  // namespace hearts::app::load
