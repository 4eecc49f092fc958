// `hearts loadtest`'s report (loadtest_run.h): the figures as JSON, and as text.
#include "loadtest_run.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <sstream>

namespace hearts::app::load {

namespace {

// ---------------------------------------------------------------- the report

double percentile(const std::vector<std::uint32_t>& sorted, double q) {
    if (sorted.empty()) return 0;
    const auto rank = std::size_t(std::ceil(q * double(sorted.size())));
    return sorted[std::clamp<std::size_t>(rank, 1, sorted.size()) - 1] / 1000.0;
}

}  // namespace

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
    if (!st.silence_table.empty())
        j["longest_silence"] = {{"table", st.silence_table},
                                {"seconds", round_to(st.silence_seconds, 1)},
                                {"from", round_to(st.silence_from, 1)}};
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

namespace {

std::string mb(long kb) {
    std::ostringstream s;
    s << std::fixed << std::setprecision(1) << double(kb) / 1024.0 << " MB";
    return s.str();
}

}  // namespace

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
    if (j.contains("longest_silence")) {
        const Report& q = j["longest_silence"];
        out << "silence      the longest a table heard nothing: " << num(q["seconds"])
            << " s, table " << q["table"].get<std::string>() << ", from " << num(q["from"])
            << " s into the run\n";
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

}  // namespace hearts::app::load
