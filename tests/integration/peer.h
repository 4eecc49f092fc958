// A WebSocket client for integration tests that several can share one thread: each
// `Peer` has its own io_context, and `pump` runs whatever has arrived for every peer, so
// no connection's messages pile up at the server while a test waits on another. Also
// the helpers the multiplayer and hostile-input tests share, and the leak check.
//
// Beast stays in peer.cpp: generating its WebSocket code (under the sanitizers) in every
// test file that includes this was most of the integration tests' build time.
#pragma once

#include <gtest/gtest.h>

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "views.h"

namespace hearts::testing {

using nlohmann::json;
using namespace std::chrono_literals;

class Peer {
  public:
    /// Connects from `source` (a loopback address such as 127.0.0.7: each is another
    /// address to the server), or from 127.0.0.1, and opens the WebSocket with protocol
    /// version 3, as the browser does (docs/protocol.md, "Versions").
    Peer(unsigned short port, std::string label, const std::string& source = "");
    ~Peer();
    Peer(const Peer&) = delete;
    Peer& operator=(const Peer&) = delete;

    void send(const json& j) { send_text(j.dump()); }
    /// Any bytes as one text (or binary) frame; a write to a closed connection is ignored.
    void send_text(std::string bytes, bool binary = false);

    /// Runs what has arrived; returns without waiting.
    void poll();

    /// The first unread message matching `want` (earlier ones stay unread), or nullopt.
    std::optional<json> take(const std::function<bool(const json&)>& want);
    void drop_unread() { inbox_.clear(); }

    void close();

    bool closed() const { return closed_; }
    std::string close_reason() const;
    /// The code of the server's close frame (0 when it sent none).
    int close_code() const;
    const std::string& label() const { return label_; }
    /// Everything received, in order (for the leak check).
    const std::vector<json>& log() const { return log_; }
    /// The subprotocol the server chose in the handshake.
    const std::string& subprotocol() const { return subprotocol_; }
    /// WebSocket frames received, and the most messages one of them carried.
    std::size_t frames() const { return frames_; }
    std::size_t most_in_a_frame() const { return most_in_a_frame_; }

    std::string player, token, table;
    std::string seat;           // "S", "W", "N" or "E" once seated
    json view;                  // the latest view
    std::int64_t version = -1;  // the table version of the latest update or snapshot
    json info;                  // the latest table info
    // The lobby as a client holds it: the last `lobby` listing with every `lobby_update`
    // since applied, by table id.
    std::map<std::string, json> lobby;

  private:
    struct Connection;  // the io_context, the WebSocket stream and its read buffer
    void read_next();
    void on_frame(const std::string& text);
    void on_message(json m);

    std::string label_;
    std::unique_ptr<Connection> connection_;
    std::deque<json> inbox_;
    std::vector<json> log_;
    bool closed_ = false;
    std::string subprotocol_;
    std::size_t frames_ = 0, most_in_a_frame_ = 0;
};

using Peers = std::vector<Peer*>;

void pump(const Peers& peers);

// Pumps everyone until `who` has a message matching `want`.
json wait_for(const Peers& peers, Peer& who, const std::function<bool(const json&)>& want,
              const std::string& what, std::chrono::milliseconds limit = 20s);

// Pumps everyone until `cond()` holds.
void wait_until(const Peers& peers, const std::function<bool()>& cond, const std::string& what,
                std::chrono::milliseconds limit = 20s);

std::function<bool(const json&)> type_is(const std::string& t);

// The answer to request `id`: its ack or its error.
json answer(const Peers& peers, Peer& who, int id);

void hello(const Peers& peers, Peer& p, bool again = false);

// People coming back (after a restart, or to another node): each of `back` says hello as
// the player of `ids` at the same index, and resumes `table` at the seat of `seats`.
void come_back(const Peers& back, const std::vector<std::pair<std::string, std::string>>& ids,
               const std::vector<std::string>& seats, const std::string& table);

// Sends `m` with a fresh id and returns its answer.
json request(const Peers& peers, Peer& who, json m);

void expect_ack(const json& answer);

// What the server on `port` holds now (GET /api/stats, docs/reliability.md), over one
// kept-alive connection per port, at most 20 times a second (a request spends from the
// address's budget, as a frame does).
json stats(unsigned short port);

// Names `p` after its label.
void name(const Peers& peers, Peer& p);

// Creates a table as `host` (named); returns its id.
std::string create(const Peers& peers, Peer& host, bool is_private, json extra = json::object());

json join(const Peers& peers, Peer& p, const std::string& table, bool confirm = false);

// Two people and two computer players at a private table `a` creates, started.
std::string two_people(const Peers& peers, Peer& a, Peer& b, json extra = json::object());

// Every card in any message a peer received must be one its seat may see at that moment:
// its own cards, what it passed and received, and cards played in the open.
void expect_no_leaks(const Peer& p);

// Acts for every peer whose turn it is, once per position, as a person would (slowly
// enough for the server's per-connection rate limit). Returns true if anyone acted.
struct Driver {
    bool next_hands = true;  // say ready after each hand
    // When set, a peer whose view it holds for does not act.
    std::function<bool(const json&)> hold;
    std::map<Peer*, std::string> acted;
    bool step(const Peers& peers);
};

// Drives everyone until `done` (checked on `watcher`'s latest view).
void play_until(const Peers& peers, Peer& watcher, const std::function<bool(const json&)>& done,
                std::chrono::seconds limit = 120s, bool next_hands = true);

// Drives everyone to the first position where `at` holds, and stops there: nobody acts
// once their own view is at it. Returns when every seated peer's view is at it, at the
// same version; then nothing is in flight and each peer's view is the server's. `at`
// must hold at one position only (say, "9 cards and an empty trick"), with nothing
// else to move the game on (no clock, no computer player to act).
void play_to(const Peers& peers, const std::function<bool(const json&)>& at,
             std::chrono::seconds limit = 120s);

}  // namespace hearts::testing
