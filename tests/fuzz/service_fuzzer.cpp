// Fuzzes the game service with what several browsers say to it: each input is a script of
// messages from three players, handed to the real GameService of this process
// (server_fixture.h) as its WebSocket sessions hand them: parsed by the protocol's parser,
// then `GameService::handle`. Tables are made, joined, started, played, watched, conceded
// and left; players block and challenge each other, drop and come back.
//
// The script, one message a line (docs/reliability.md, "Fuzzing"):
//   <c><json>   player c (the byte modulo 3) sends <json>; the fuzzer adds an `id` and waits
//               a little for its answer. In <json>, $T is the last table the player heard
//               of (or anyone, if it heard of none), $K the last private table's code anyone
//               heard of, $P the next player's
//               public id, $C a card the player may play now (else one it holds), $H three
//               of its cards as a list: so a script can reach deep into a game.
//   !<c>        player c's connection drops; it connects again and says hello as itself.
// Every player starts as a new one (`hello`) from an address of its own for the input.
//
// HEARTS_FUZZ_TRACE=1 prints each message sent and each frame received (replaying one
// input: build/asan/tests/fuzz/fuzz_service FILE).
//
// Besides the fixture's checks (no crash, no sanitizer report, no error logged): every
// frame sent to a player is one JSON object with a `t`, and after every input a new player
// is still answered within 10 s (the service is up): welcomed, or refused by its address's
// budget for new players.
#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "fuzz_check.h"
#include "protocol/client.h"
#include "protocol/messages.h"
#include "server_fixture.h"

namespace {

using namespace hearts::server;
using nlohmann::json;
using Clock = std::chrono::steady_clock;

constexpr std::size_t kMaxLines = 48;
// How long a message's answer is waited for. Most come within a millisecond; a message
// answered late is still fine (the next one is sent anyway).
constexpr auto kAnswerWithin = std::chrono::milliseconds(40);

// What a player's page would know: filled from the frames the service sends it.
struct Known {
    std::string player, token, table, code;
    std::vector<json> legal, hand;
};

const bool trace = std::getenv("HEARTS_FUZZ_TRACE") != nullptr;

std::mutex codes_mutex;  // guards what follows
std::string last_code;   // the last private table code any player heard of
std::string last_table;  // the last table any player heard of

class FuzzClient : public Client {
  public:
    void send(std::shared_ptr<const std::string> frame) override {
        if (trace)
            std::fprintf(stderr, "  %p <- %.300s\n", static_cast<void*>(this), frame->c_str());
        json message = json::parse(*frame, nullptr, false);
        FUZZ_CHECK(message.is_object() && message.contains("t") && message["t"].is_string(),
                   "a frame that is not one message: " + frame->substr(0, 300));
        std::lock_guard lock(mutex_);
        learn(message);
        if (message.contains("id") && message["id"].is_number_integer())
            answered_.push_back(message["id"].get<std::int64_t>());
        changed_.notify_all();
    }
    void reconnect(std::string) override {}

    /// Waits up to `within` for the answer to message `id`; true if it came.
    bool wait_answer(std::int64_t id, Clock::duration within) {
        std::unique_lock lock(mutex_);
        return changed_.wait_for(lock, within, [&] {
            return std::find(answered_.begin(), answered_.end(), id) != answered_.end();
        });
    }
    /// Waits up to `within` for the answer to its hello: a welcome, or the refusal of an
    /// address past its new players' budget (20 a minute, a documented limit: the fuzzer's
    /// 250 addresses drain it when inputs run fast). True if either came.
    bool wait_welcome(Clock::duration within) {
        std::unique_lock lock(mutex_);
        return changed_.wait_for(lock, within, [&] { return !known_.player.empty() || refused_; });
    }
    bool refused() {
        std::lock_guard lock(mutex_);
        return refused_;
    }
    Known known() {
        std::lock_guard lock(mutex_);
        return known_;
    }

  private:
    void learn(const json& m) {
        const std::string t = m["t"].get<std::string>();
        if (t == "error" && known_.player.empty() && m.value("code", "") == "rate_limited")
            refused_ = true;
        if (t == "welcome") {
            known_.player = m.value("player", "");
            known_.token = m.value("token", "");
        }
        if (m.contains("table") && m["table"].is_string()) known_.table = m["table"];
        if (m.contains("next") && m["next"].is_string()) known_.table = m["next"];
        if (!known_.table.empty()) {
            std::lock_guard lock(codes_mutex);
            last_table = known_.table;
        }
        if (m.contains("info") && m["info"].is_object()) {
            const json& info = m["info"];
            if (info.contains("code") && info["code"].is_string()) {
                std::lock_guard lock(codes_mutex);
                last_code = info["code"];
            }
        }
        if (m.contains("view") && m["view"].is_object()) {
            const json& view = m["view"];
            if (view.contains("legal") && view["legal"].is_array())
                known_.legal = view["legal"].get<std::vector<json>>();
            if (view.contains("cards") && view["cards"].is_array())
                known_.hand = view["cards"].get<std::vector<json>>();
        }
    }

    std::mutex mutex_;
    std::condition_variable changed_;
    Known known_;
    std::deque<std::int64_t> answered_;
    bool refused_ = false;  // its hello was refused by the new players' budget
};

void replace_all(std::string& text, std::string_view what, const std::string& with) {
    for (std::size_t at = text.find(what); at != std::string::npos;
         at = text.find(what, at + with.size()))
        text.replace(at, what.size(), with);
}

// Hands `text` from `client` to the service as its session would: parsed, then handled.
// False when the parser refused it: the session answers that itself, and fuzz_protocol
// fuzzes the parser.
bool deliver(GameService& service, const std::shared_ptr<FuzzClient>& client,
             const std::string& text) {
    if (trace) std::fprintf(stderr, "%p -> %s\n", static_cast<void*>(client.get()), text.c_str());
    auto parsed = parse_client_message(text);
    auto* message = std::get_if<ClientMessage>(&parsed);
    if (message) service.handle(client, *message, text);
    return message != nullptr;
}

std::shared_ptr<FuzzClient> connect(GameService& service, const std::string& address,
                                    const Known* as) {
    auto client = std::make_shared<FuzzClient>();
    client->address = address;
    client->protocol = 3;
    json hello = {{"t", "hello"}};
    if (as && !as->player.empty()) {
        hello["player"] = as->player;
        hello["token"] = as->token;
    }
    (void)deliver(service, client, hello.dump());
    return client;
}

std::int64_t next_id = 1;
std::uint64_t inputs = 0;

// How long welcomes take, so that a long run shows whether the service slows as it
// fills (a leak of work) or only when the machine is busy: every kReportEvery inputs the
// slowest welcome of those inputs is printed with the service's load.
constexpr std::uint64_t kReportEvery = 2000;
constexpr auto kWelcomeWithin = std::chrono::seconds(10);
Clock::duration slowest_welcome{};
std::uint64_t slow_welcomes = 0;    // over a second
std::uint64_t budget_refusals = 0;  // hellos refused by the new players' budget

// Waits for `client`'s welcome as the check `what`, and keeps its time for the report. A
// welcome later than kWelcomeWithin fails the input (libFuzzer's own -timeout is 10 s too),
// saying what the service held then: its tables, queued writes, reviews.
void expect_welcome(GameService& service, FuzzClient& client, const char* what) {
    const auto start = Clock::now();
    const bool welcomed = client.wait_welcome(kWelcomeWithin);
    const auto took = Clock::now() - start;
    slowest_welcome = std::max(slowest_welcome, took);
    if (took > std::chrono::seconds(1)) ++slow_welcomes;
    if (welcomed && client.refused()) ++budget_refusals;
    FUZZ_CHECK(welcomed, std::string(what) + " (input " + std::to_string(inputs) +
                             "); the service then: " + service.stats_json());
}

void report(GameService& service) {
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(slowest_welcome);
    std::fprintf(stderr,
                 "fuzz_service: %llu inputs; slowest welcome of the last %llu: %lld ms "
                 "(%llu over 1 s); %llu refused by the new players' budget; service %s\n",
                 static_cast<unsigned long long>(inputs),
                 static_cast<unsigned long long>(kReportEvery), static_cast<long long>(ms.count()),
                 static_cast<unsigned long long>(slow_welcomes),
                 static_cast<unsigned long long>(budget_refusals), service.stats_json().c_str());
    slowest_welcome = {};
    slow_welcomes = 0;
    budget_refusals = 0;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    hearts::fuzz::server(false);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    auto& service = *hearts::fuzz::server(false).service;
    ++inputs;
    // An address per input (of 250, in turn): the per-address budgets fill up over a run,
    // as a busy address's would, but one input does not spend every later one's.
    const std::string address = "10.1.0." + std::to_string(inputs % 250 + 1);
    std::shared_ptr<FuzzClient> players[3];
    for (auto& p : players) p = connect(service, address, nullptr);
    const char* const names[3] = {"Ada", "Bob", "Cy"};
    for (std::size_t i = 0; i < 3; ++i) {
        expect_welcome(service, *players[i], "the service did not welcome a new player in 10 s");
        // People tables need a name first, as the page asks for one.
        const std::int64_t id = next_id++;
        const json named = {{"t", "set_name"}, {"name", names[i]}, {"id", id}};
        if (deliver(service, players[i], named.dump())) players[i]->wait_answer(id, kAnswerWithin);
    }

    const std::string_view script(reinterpret_cast<const char*>(data), size);
    std::size_t lines = 0;
    for (std::size_t at = 0; at < script.size() && lines < kMaxLines; ++lines) {
        std::size_t end = script.find('\n', at);
        if (end == std::string_view::npos) end = script.size();
        const std::string_view line = script.substr(at, end - at);
        at = end + 1;
        if (line.empty()) continue;
        if (line[0] == '!') {
            auto& p = players[line.size() > 1 ? std::uint8_t(line[1]) % 3 : 0];
            const Known was = p->known();
            service.disconnected(p);
            p = connect(service, address, &was);
            p->wait_welcome(kAnswerWithin);
            continue;
        }
        const std::size_t who = std::uint8_t(line[0]) % 3;
        const Known known = players[who]->known();
        std::string text(line.substr(1));
        {
            std::lock_guard lock(codes_mutex);
            replace_all(text, "$T", known.table.empty() ? last_table : known.table);
            replace_all(text, "$K", last_code);
        }
        replace_all(text, "$P", players[(who + 1) % 3]->known().player);
        const auto& cards = known.legal.empty() ? known.hand : known.legal;
        replace_all(text, "$C", cards.empty() ? "2C" : cards.front().get<std::string>());
        json three = json::array();
        for (std::size_t i = 0; i < std::min<std::size_t>(3, known.hand.size()); ++i)
            three.push_back(known.hand[i]);
        replace_all(text, "$H", three.dump());
        // The message's id, so its answer can be waited for.
        const std::int64_t id = next_id++;
        if (text.size() > 1 && text[0] == '{') {
            const bool empty = text.find_first_not_of(" \t\r", 1) != std::string::npos &&
                               text[text.find_first_not_of(" \t\r", 1)] == '}';
            text.insert(1, "\"id\":" + std::to_string(id) + (empty ? "" : ","));
        }
        if (deliver(service, players[who], text)) players[who]->wait_answer(id, kAnswerWithin);
    }
    for (auto& p : players) service.disconnected(p);

    // The service still answers a newcomer.
    auto newcomer = connect(service, address, nullptr);
    expect_welcome(service, *newcomer,
                   "after this input the service did not welcome a new player in 10 s");
    service.disconnected(newcomer);
    if (inputs % kReportEvery == 0) report(service);
    return 0;
}
