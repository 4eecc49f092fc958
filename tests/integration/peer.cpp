// The integration tests' WebSocket client and the helpers built on it (peer.h).
#include "peer.h"

#include <utility>  // before Asio: Boost 1.74's headers use std::exchange without it

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <set>
#include <stdexcept>
#include <thread>

#include "hearts/card.h"
#include "http.h"

namespace hearts::testing {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

struct Peer::Connection {
    Connection() : ws(io) {}
    asio::io_context io;
    websocket::stream<beast::tcp_stream> ws;
    beast::flat_buffer buffer;
};

Peer::Peer(unsigned short port, std::string label, const std::string& source)
    : label_(std::move(label)), connection_(std::make_unique<Connection>()) {
    auto& ws = connection_->ws;
    tcp::socket& socket = beast::get_lowest_layer(ws).socket();
    if (source.empty()) {
        tcp::resolver resolver(connection_->io);
        asio::connect(socket, resolver.resolve("127.0.0.1", std::to_string(port)));
    } else {
        socket.open(tcp::v4());
        socket.bind({asio::ip::make_address(source), 0});
        socket.connect({asio::ip::make_address("127.0.0.1"), port});
    }
    ws.set_option(websocket::stream_base::decorator([](websocket::request_type& req) {
        req.set(beast::http::field::sec_websocket_protocol, "hearts.3");
    }));
    websocket::response_type response;
    ws.handshake(response, "127.0.0.1", "/ws");
    subprotocol_ = std::string(response[beast::http::field::sec_websocket_protocol]);
    read_next();
}

Peer::~Peer() = default;

void Peer::send_text(std::string bytes, bool binary) {
    auto text = std::make_shared<std::string>(std::move(bytes));
    bool done = false;
    auto& c = *connection_;
    c.ws.text(!binary);
    c.ws.async_write(asio::buffer(*text),
                     [&done, text](beast::error_code, std::size_t) { done = true; });
    while (!done && !c.io.stopped()) c.io.run_one();
}

void Peer::poll() {
    connection_->io.poll();
    connection_->io.restart();
}

std::optional<json> Peer::take(const std::function<bool(const json&)>& want) {
    for (auto it = inbox_.begin(); it != inbox_.end(); ++it) {
        if (want(*it)) {
            json m = *it;
            inbox_.erase(it);
            return m;
        }
    }
    return std::nullopt;
}

void Peer::close() {
    beast::error_code ec;
    beast::get_lowest_layer(connection_->ws).socket().close(ec);
    poll();
}

std::string Peer::close_reason() const {
    return std::string(connection_->ws.reason().reason);
}

int Peer::close_code() const {
    return int(connection_->ws.reason().code);
}

void Peer::read_next() {
    connection_->ws.async_read(connection_->buffer, [this](beast::error_code ec, std::size_t) {
        if (ec) {
            closed_ = true;
            return;
        }
        auto& buffer = connection_->buffer;
        const std::string text = beast::buffers_to_string(buffer.data());
        buffer.consume(buffer.size());
        on_frame(text);
        read_next();
    });
}

void Peer::on_frame(const std::string& text) {
    ++frames_;
    std::size_t messages = 0;
    for (std::size_t start = 0; start <= text.size(); ++messages) {
        const auto end = std::min(text.find('\n', start), text.size());
        on_message(json::parse(text.substr(start, end - start)));
        start = end + 1;
    }
    most_in_a_frame_ = std::max(most_in_a_frame_, messages);
}

void Peer::on_message(json m) {
    if (m.contains("view")) {
        if (m["t"] == "update") complete_view(m["view"], view);
        view = m["view"];
    }
    if ((m["t"] == "update" || m["t"] == "snapshot") && m["v"].is_number_integer())
        version = m["v"];
    if (m["t"] == "table") info = m["info"];
    if (m["t"] == "lobby") {
        lobby.clear();
        for (const json& e : m["tables"]) lobby[e["table"]] = e;
    } else if (m["t"] == "lobby_update") {
        for (const json& id : m["removed"]) lobby.erase(id.get<std::string>());
        for (const json& e : m["set"]) lobby[e["table"]] = e;
    }
    log_.push_back(m);
    inbox_.push_back(std::move(m));
}

void pump(const Peers& peers) {
    for (Peer* p : peers) p->poll();
}

// Pumps everyone until `who` has a message matching `want`.
json wait_for(const Peers& peers, Peer& who, const std::function<bool(const json&)>& want,
              const std::string& what, std::chrono::milliseconds limit) {
    const auto end = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < end) {
        pump(peers);
        if (auto m = who.take(want)) return *m;
        if (who.closed())
            throw std::runtime_error(who.label() + ": closed while waiting for " + what);
        std::this_thread::sleep_for(2ms);
    }
    throw std::runtime_error(who.label() + ": no " + what + " within the time limit");
}

// Pumps everyone until `cond()` holds.
void wait_until(const Peers& peers, const std::function<bool()>& cond, const std::string& what,
                std::chrono::milliseconds limit) {
    const auto end = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < end) {
        pump(peers);
        if (cond()) return;
        std::this_thread::sleep_for(2ms);
    }
    throw std::runtime_error("no " + what + " within the time limit");
}

std::function<bool(const json&)> type_is(const std::string& t) {
    return [t](const json& m) { return m["t"] == t; };
}

// The answer to request `id`: its ack or its error.
json answer(const Peers& peers, Peer& who, int id) {
    return wait_for(
        peers, who,
        [id](const json& m) { return (m["t"] == "ack" || m["t"] == "error") && m["id"] == id; },
        "answer to request " + std::to_string(id));
}

void hello(const Peers& peers, Peer& p, bool again) {
    json h = {{"t", "hello"}};
    if (again) {
        h["player"] = p.player;
        h["token"] = p.token;
    }
    p.send(h);
    const json w = wait_for(peers, p, type_is("welcome"), "welcome");
    p.player = w["player"];
    p.token = w["token"];
}

void come_back(const Peers& back, const std::vector<std::pair<std::string, std::string>>& ids,
               const std::vector<std::string>& seats, const std::string& table) {
    for (std::size_t k = 0; k < back.size(); ++k) {
        back[k]->player = ids[k].first;
        back[k]->token = ids[k].second;
        hello(back, *back[k], true);
        back[k]->send({{"t", "resume"}, {"table", table}});
        back[k]->table = table;
        back[k]->seat = seats[k];
    }
}

namespace {
int next_id = 1000;  // request ids, unique across the process
}  // namespace

json request(const Peers& peers, Peer& who, json m) {
    const int id = ++next_id;
    m["id"] = id;
    who.send(m);
    return answer(peers, who, id);
}

void expect_ack(const json& answer) {
    EXPECT_EQ(answer["t"], "ack") << answer.dump();
}

void name(const Peers& peers, Peer& p) {
    expect_ack(request(peers, p, {{"t", "set_name"}, {"name", p.label()}}));
}

// Creates a table as `host` (named); returns its id.
std::string create(const Peers& peers, Peer& host, bool is_private, json extra) {
    json m = {{"t", "create_table"}, {"private", is_private}};
    for (auto& [k, v] : extra.items()) m[k] = v;
    expect_ack(request(peers, host, m));
    // The new table's info: not one about the table the host waited at before (which
    // the new one takes them out of).
    const std::string before = host.table;
    const json info = wait_for(
        peers, host,
        [&](const json& m) {
            return m["t"] == "table" && m["table"] != before && !m["info"]["you"].is_null() &&
                   m["info"]["state"] == "waiting";
        },
        "table info");
    host.table = info["table"];
    host.seat = info["info"]["you"];
    return host.table;
}

json join(const Peers& peers, Peer& p, const std::string& table, bool confirm) {
    json m = {{"t", "join"}, {"table", table}};
    if (confirm) m["confirm"] = true;
    const json a = request(peers, p, m);
    if (a["t"] == "ack") {
        const json info = wait_for(
            peers, p,
            [&](const json& m) {
                return m["t"] == "table" && m["table"] == table && !m["info"]["you"].is_null();
            },
            "table info after join");
        p.table = table;
        p.seat = info["info"]["you"];
    }
    return a;
}

// Two people and two computer players at a private table `a` creates, started.
std::string two_people(const Peers& peers, Peer& a, Peer& b, json extra) {
    const std::string code = create(peers, a, true, extra);
    expect_ack(join(peers, b, code));
    expect_ack(request(peers, a, {{"t", "start"}, {"table", code}}));
    for (Peer* p : {&a, &b}) wait_for(peers, *p, type_is("snapshot"), "snapshot");
    return code;
}

// Every card in any message a peer received must be one its seat may see at that moment:
// its own cards, what it passed and received, and cards played in the open.
void expect_no_leaks(const Peer& p) {
    for (const json& m : p.log()) {
        if (m["t"] == "lobby" || m["t"] == "lobby_update" || m["t"] == "table" ||
            m["t"] == "chat") {
            // No card belongs in these at all.
            std::function<void(const json&)> walk = [&](const json& j) {
                if (j.is_string()) {
                    const std::string s = j;
                    if (s.size() == 2 && hearts::parse_card(s) && m["t"] != "chat")
                        ADD_FAILURE() << p.label() << ": card " << s << " in " << m.dump();
                } else if (j.is_structured()) {
                    for (const auto& x : j) walk(x);
                }
            };
            walk(m.contains("info")  ? m["info"]["seats"]
                 : m.contains("set") ? m["set"]
                                     : m.value("tables", json::array()));
            continue;
        }
        if (!m.contains("view")) continue;
        const json& v = m["view"];
        std::set<std::string> allowed;
        for (const char* k : {"cards", "passed", "received"})
            for (const auto& c : v[k]) allowed.insert(c);
        for (const char* k : {"trick", "last_trick"})
            if (v[k].is_object())
                for (const auto& c : v[k]["cards"]) allowed.insert(c);
        if (m["t"] == "update" && m["event"].contains("card")) allowed.insert(m["event"]["card"]);
        const auto hand = v["cards"].get<std::set<std::string>>();
        for (const auto& c : v["legal"])
            EXPECT_TRUE(hand.count(c)) << p.label() << ": legal card not in hand";
        std::function<void(const json&)> walk = [&](const json& j) {
            if (j.is_string()) {
                const std::string s = j;
                if (s.size() == 2 && hearts::parse_card(s) && !allowed.count(s))
                    ADD_FAILURE() << p.label() << " (seat " << v["seat"] << ") was sent " << s;
            } else if (j.is_structured()) {
                for (const auto& x : j) walk(x);
            }
        };
        walk(v);
        if (m.contains("event")) walk(m["event"]);
    }
}

bool Driver::step(const Peers& peers) {
    bool any = false;
    for (Peer* p : peers) {
        const json& v = p->view;
        if (v.is_null() || p->closed() || p->seat.empty()) continue;
        if (hold && hold(v)) continue;
        const std::string phase = v["phase"];
        const std::string position =
            v["hand"].dump() + phase + v["cards"].dump() + v["trick"].dump() + v["passed"].dump();
        if (acted[p] == position) continue;
        json m;
        if (phase == "pass" && v["passed"].empty() && v["pass"] != "none") {
            m = {{"t", "pass"},
                 {"table", p->table},
                 {"cards", json::array({v["cards"][0], v["cards"][1], v["cards"][2]})}};
        } else if (phase == "play" && v["to_move"] == p->seat && !v["legal"].empty()) {
            m = {{"t", "play"}, {"table", p->table}, {"card", v["legal"][0]}};
        } else if (phase == "moon" && v["to_move"] == p->seat) {
            m = {{"t", "moon"}, {"table", p->table}, {"choice", "others"}};
        } else if (phase == "hand_over" && next_hands) {
            m = {{"t", "next"}, {"table", p->table}};
        } else {
            continue;
        }
        acted[p] = position;
        p->send(m);
        any = true;
    }
    return any;
}

namespace {

// Pumps everyone and lets `driver` act until `stop()` holds; an error answer anyone
// receives fails the test. The pauses pace the actions as a person would, under the
// server's per-connection rate limit.
void drive(const Peers& peers, Driver& driver, const std::function<bool()>& stop,
           std::chrono::seconds limit, const char* failure) {
    const auto end = std::chrono::steady_clock::now() + limit;
    while (std::chrono::steady_clock::now() < end) {
        pump(peers);
        for (Peer* p : peers) {
            while (auto e = p->take(type_is("error")))
                ADD_FAILURE() << p->label() << ": " << e->dump();
            p->drop_unread();
        }
        if (stop()) return;
        if (driver.step(peers)) std::this_thread::sleep_for(60ms);
        std::this_thread::sleep_for(3ms);
    }
    // Where each stood, and the last things it was told: what a stuck game is waiting for.
    std::string where = failure;
    for (const Peer* p : peers) {
        const json& v = p->view;
        where += "\n  " + p->label() + " (seat " + p->seat + "): ";
        where += v.is_null() ? std::string("no view")
                             : "phase " + v["phase"].dump() + ", to move " + v["to_move"].dump() +
                                   ", " + std::to_string(v["cards"].size()) + " cards, trick " +
                                   v["trick"].dump() + ", legal " + v["legal"].dump();
        const auto& log = p->log();
        for (std::size_t i = log.size() > 3 ? log.size() - 3 : 0; i < log.size(); ++i)
            where += "\n    " + log[i].dump().substr(0, 300);
    }
    throw std::runtime_error(where);
}

}  // namespace

// Drives everyone until `done` (checked on `watcher`'s latest view).
void play_until(const Peers& peers, Peer& watcher, const std::function<bool(const json&)>& done,
                std::chrono::seconds limit, bool next_hands) {
    Driver driver;
    driver.next_hands = next_hands;
    drive(
        peers, driver, [&] { return !watcher.view.is_null() && done(watcher.view); }, limit,
        "the game did not get there in time");
}

// Drives everyone to the first position where `at` holds, and stops there (peer.h).
void play_to(const Peers& peers, const std::function<bool(const json&)>& at,
             std::chrono::seconds limit) {
    Driver driver;
    driver.hold = at;
    const auto everyone_there = [&] {
        std::set<std::int64_t> versions;
        bool all = true;
        for (Peer* p : peers) {
            if (p->seat.empty()) continue;
            all = all && !p->view.is_null() && at(p->view);
            versions.insert(p->version);
        }
        return all && versions.size() == 1;
    };
    drive(peers, driver, everyone_there, limit, "the game did not get to the position in time");
}

json stats(unsigned short port) {
    static std::map<unsigned short, std::unique_ptr<HttpConnection>> connections;
    static auto last = std::chrono::steady_clock::time_point{};
    std::this_thread::sleep_until(last + 50ms);
    last = std::chrono::steady_clock::now();
    auto& c = connections[port];
    if (!c) c = std::make_unique<HttpConnection>(port);
    const auto res = c->get("/api/stats");
    if (res.result_int() != 200) throw std::runtime_error("stats: " + res.body());
    return json::parse(res.body());
}

}  // namespace hearts::testing
