// `hearts loadtest` as a user runs it: short spawned runs that must complete actions
// with no errors and print every figure of the report, and the ways it must refuse or
// fail loudly. Speed is never asserted: the machine is shared.
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>

#include "harness.h"

namespace {

using nlohmann::json;

struct Outcome {
    int code = -1;
    std::string out;
};

// Runs `hearts ARGS`; `out` is stdout, plus stderr when `with_stderr`.
Outcome hearts(const std::string& args, bool with_stderr = true) {
    const std::string command =
        hearts::testing::hearts_binary() + " " + args + (with_stderr ? " 2>&1" : " 2>/dev/null");
    Outcome r;
    FILE* p = popen(command.c_str(), "r");
    if (!p) return r;
    char chunk[4096];
    for (std::size_t n; (n = fread(chunk, 1, sizeof chunk, p)) > 0;) r.out.append(chunk, n);
    const int status = pclose(p);
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return r;
}

Outcome loadtest(const std::string& args, bool with_stderr = true) {
    return hearts("loadtest " + args, with_stderr);
}

TEST(Loadtest, SoloTablesCompleteActionsWithoutErrors) {
    const Outcome r = loadtest("--spawn --tables 2 --seconds 3 --json", false);
    ASSERT_EQ(r.code, 0) << r.out;
    const json j = json::parse(r.out);
    EXPECT_GT(j["actions"].get<int>(), 0);
    EXPECT_TRUE(j["errors"].empty()) << j["errors"].dump();
    EXPECT_EQ(j["latency_ms"]["samples"], j["actions"]);
    EXPECT_GE(j["latency_ms"]["max"].get<double>(), j["latency_ms"]["p99"].get<double>());
    EXPECT_GE(j["latency_ms"]["p99"].get<double>(), j["latency_ms"]["p50"].get<double>());
    EXPECT_EQ(j["tables_started"].get<int>() >= 2, true);
    // The wait from an ack to the person's next turn (the computer players' moves).
    EXPECT_GT(j["turn_wait_ms"]["samples"].get<int>(), 0);
    EXPECT_GE(j["turn_wait_ms"]["p99"].get<double>(), j["turn_wait_ms"]["p50"].get<double>());
    for (const char* k : {"actions_per_second", "games", "hands", "seconds"})
        EXPECT_TRUE(j.contains(k)) << k;
    // Every finished hand but a game's last is followed by the person's `next`: the hands
    // counted (from score sheets that updates carry only when they grow) agree with it.
    const int next = j["actions_by_kind"].value("next", 0);
    EXPECT_GT(next, 0);
    EXPECT_GE(j["hands"].get<int>(), next) << j.dump();
    EXPECT_LE(j["hands"].get<int>(), next + j["games"].get<int>() + 2) << j.dump();
    // Second by second, the acks add up to the whole run's.
    int acks = 0;
    for (const json& s : j["latency_by_second"]) {
        acks += s["acks"].get<int>();
        EXPECT_LE(s["p50"].get<double>(), s["p99"].get<double>());
        EXPECT_LE(s["p99"].get<double>(), s["max"].get<double>());
        EXPECT_LE(s["max"].get<double>(), j["latency_ms"]["max"].get<double>());
    }
    EXPECT_EQ(acks, j["actions"].get<int>());
    // Once every table was dealt: a part of the acks, none slower than the slowest.
    const json& steady = j["steady_latency_ms"];
    ASSERT_TRUE(steady.is_object()) << j.dump();
    EXPECT_GT(steady["samples"].get<int>(), 0);
    EXPECT_LE(steady["samples"].get<int>(), j["actions"].get<int>());
    EXPECT_LE(steady["p99"].get<double>(), steady["max"].get<double>());
    EXPECT_LE(steady["max"].get<double>(), j["latency_ms"]["max"].get<double>());
    ASSERT_TRUE(j["server"].is_object());
    EXPECT_GT(j["server"]["rss_idle_kb"].get<long>(), 0);
    EXPECT_GE(j["server"]["rss_peak_kb"].get<long>(), j["server"]["rss_idle_kb"].get<long>());
    EXPECT_TRUE(j["server"].contains("cpu_percent"));
    EXPECT_TRUE(j["server"]["log"].empty()) << j["server"]["log"].dump();
}

TEST(Loadtest, TablesWithFourPeoplePrintTheTextReport) {
    const Outcome r = loadtest("--spawn --tables 1 --people 4 --seconds 3");
    ASSERT_EQ(r.code, 0) << r.out;
    for (const char* field : {"actions ", "acknowledged", "/s (", "p50 ", "p90 ", "p99 ", "max ",
                              "completed ", " games, ", " hands, ", "errors       none",
                              "server RSS   idle ", "server CPU ", "client CPU ", "machine "})
        EXPECT_NE(r.out.find(field), std::string::npos) << "no '" << field << "' in\n" << r.out;
    EXPECT_NE(r.out.find("play "), std::string::npos) << r.out;
}

TEST(Loadtest, StopsAtTheHandsLimit) {
    // Finished hands are counted from the score sheet and end the run before the time.
    const Outcome r = loadtest("--spawn --tables 1 --rate 19 --hands 2 --seconds 30 --json", false);
    ASSERT_EQ(r.code, 0) << r.out;
    const json j = json::parse(r.out);
    EXPECT_EQ(j["stop_reason"], "hands limit");
    EXPECT_GE(j["hands"].get<int>(), 2);
}

TEST(Loadtest, PeoplePacedTablesWaitBeforeEachAction) {
    // With --pace 0.2-0.4 each person waits at least 0.2 s before each action, so 2
    // tables in 3 s make at most 2 x (3 / 0.2 + 1) actions (at full speed they make ~110).
    const Outcome r = loadtest("--spawn --tables 2 --pace 0.2-0.4 --seconds 3 --json", false);
    ASSERT_EQ(r.code, 0) << r.out;
    const json j = json::parse(r.out);
    EXPECT_EQ(j["pace_seconds"], json::array({0.2, 0.4}));
    EXPECT_GT(j["actions"].get<int>(), 0);
    EXPECT_LE(j["actions"].get<int>(), 2 * (3 / 0.2 + 1)) << r.out;
    EXPECT_TRUE(j["errors"].empty()) << j["errors"].dump();
    // The turn wait is the others' moves, not the person's own thinking.
    EXPECT_GT(j["turn_wait_ms"]["samples"].get<int>(), 0);
}

TEST(Loadtest, RefusesABadPace) {
    for (const char* pace : {"3-1", "fast", "1-", "-1-2", "0-0", "1-30"}) {
        const Outcome r = loadtest(std::string("--spawn --tables 1 --seconds 1 --pace ") + pace);
        EXPECT_EQ(r.code, 2) << pace << ": " << r.out;
        EXPECT_NE(r.out.find("--pace"), std::string::npos) << pace << ": " << r.out;
    }
}

// --server-bin: another build serves (to compare two builds with the same client).
TEST(Loadtest, ServesWithTheBinaryItIsGiven) {
    const Outcome ok = loadtest(std::string("--spawn --tables 1 --seconds 2 --json --server-bin ") +
                                    hearts::testing::hearts_binary(),
                                false);
    ASSERT_EQ(ok.code, 0) << ok.out;
    EXPECT_GT(json::parse(ok.out)["actions"].get<int>(), 0);
    const Outcome wrong = loadtest("--spawn --tables 1 --seconds 1 --server-bin /bin/false");
    EXPECT_EQ(wrong.code, 1) << wrong.out;
    EXPECT_NE(wrong.out.find("hearts loadtest:"), std::string::npos) << wrong.out;
    const Outcome missing = loadtest("--spawn --tables 1 --seconds 1 --server-bin /no/such/hearts");
    EXPECT_EQ(missing.code, 2) << missing.out;
    EXPECT_NE(missing.out.find("/no/such/hearts"), std::string::npos) << missing.out;
    const Outcome url = loadtest("--url ws://127.0.0.1:9/ws --server-bin /bin/false");
    EXPECT_EQ(url.code, 2) << url.out;
    EXPECT_NE(url.out.find("--server-bin needs --spawn"), std::string::npos) << url.out;
}

TEST(Loadtest, RefusesAServerThatIsNotOnThisMachine) {
    const Outcome r = loadtest("--url ws://192.0.2.1:8080/ws --seconds 1");
    EXPECT_EQ(r.code, 2) << r.out;
    EXPECT_NE(r.out.find("loopback"), std::string::npos) << r.out;
}

TEST(Loadtest, FailsClearlyWhenNothingListens) {
    // A port that was free a moment ago: bind, read it back, close.
    const int s = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ASSERT_EQ(bind(s, reinterpret_cast<sockaddr*>(&a), sizeof a), 0);
    socklen_t len = sizeof a;
    getsockname(s, reinterpret_cast<sockaddr*>(&a), &len);
    close(s);
    const Outcome r = loadtest("--url ws://127.0.0.1:" + std::to_string(ntohs(a.sin_port)) +
                               "/ws --tables 2 --seconds 5");
    EXPECT_EQ(r.code, 1) << r.out;
    EXPECT_NE(r.out.find("cannot reach the server"), std::string::npos) << r.out;
}

TEST(Loadtest, AClientFasterThanTheRateLimitIsAnError) {
    // The server closes a connection that sends more than 20 messages/s (bursts of 40);
    // the load test reports that as an error and fails, never hides it.
    const Outcome r = loadtest("--spawn --tables 1 --rate 1000 --seconds 10 --json", false);
    EXPECT_EQ(r.code, 1) << r.out;
    const json j = json::parse(r.out);
    EXPECT_EQ(j["errors"].value("closed (rate limit: too many messages)", 0), 1) << r.out;
}

// `hearts flood` as it is used to fill the Floods table of docs/reliability.md: a short
// run of the flood that used to lock its victim out (each bad frame kept its address's
// place for half an hour) gives a report in which the victim played through it.
TEST(Flood, TheVictimPlaysThroughBadFramesFromItsOwnAddress) {
    const Outcome r = hearts("flood --kind bad-frames --quiet-seconds 2 --seconds 3 --json", false);
    ASSERT_EQ(r.code, 0) << r.out;
    const json j = json::parse(r.out);
    EXPECT_EQ(j["kind"], "bad-frames");
    EXPECT_GT(j["quiet"].value("actions", 0), 0) << r.out;
    ASSERT_FALSE(j["flood"].contains("failed")) << r.out;
    EXPECT_GT(j["flood"].value("actions", 0), 0) << r.out;
    EXPECT_TRUE(j["flood"]["errors"].empty()) << r.out;
    // 32 at once and then one a second, each closed by the server for its bad frame.
    EXPECT_GE(j["attack"]["connections_opened"].get<long>(), 32) << r.out;
    EXPECT_GE(j["attack"]["closed_by_server"].get<long>(), 32) << r.out;
    EXPECT_GT(j["server"]["rss_peak_kb"].get<long>(), 0) << r.out;
    EXPECT_TRUE(j["ratio"]["ack_p99"].is_number()) << r.out;
}

TEST(Flood, AServerThatDoesNotStartFailsClearly) {
    const Outcome r = hearts("flood --kind reconnect --server-bin /bin/true --seconds 1");
    EXPECT_EQ(r.code, 1) << r.out;
    EXPECT_NE(r.out.find("did not start"), std::string::npos) << r.out;
}

}  // namespace
