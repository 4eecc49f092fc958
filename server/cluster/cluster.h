// The cluster: several `hearts serve` nodes on one PostgreSQL database and one Redis
// (docs/scaling.md, "Several nodes"). This is the Redis side, without Asio: who the nodes
// are (a heartbeat each), which node holds which table (an address book: PostgreSQL's
// per-table lock is the truth, store/store.h `claim`), and the messages between nodes, over
// pub/sub:
//
// - a client message for a table held elsewhere goes to its node (`forward`), and what
//   that node says to the client comes back (`frame`), so a browser sees one server
//   whichever node it reached;
// - a connection that closed is told to the nodes it sent to (`closed`);
// - a frame for a player goes to every node (`to_player`: names, relations, challenges);
// - the lobby's public tables are shared (`lobby`), and kept in a hash for nodes that
//   start later;
// - the players online on each node are kept in a set per node.
//
// Three threads, each with its own connection: one sends (everything queued is sent in
// one pipeline, and the heartbeat and the check of the other nodes run there every
// second), one listens to the node's channels, and lookups (`owner_of`, `online`) run
// on the caller's thread on a third, behind a mutex. Redis holds nothing that is not
// rebuilt: after Redis restarts, each node writes its part again (`Handlers::resync`).
// Pub/sub delivers at most once; what is lost while Redis is away is a message a client
// sent (it gets an error) or a frame. Frames are made good once Redis is back: each node
// sends the other nodes' pages at its tables their snapshot, and asks the nodes holding
// its own pages' tables to do the same (`resend`); whichever of the four reconnections
// (two nodes, each sending and listening) comes last, the snapshot that follows it
// arrives. A page also asks by itself when a table it waits on is quiet too long.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "cluster/redis.h"
#include "hearts/expected.h"

namespace hearts::server {

/// A client message sent on to the node that holds its table.
struct Forwarded {
    std::string conn;  // the connection's id on its node ("<node>/<n>")
    std::string from;  // that node
    std::string player;
    int protocol = 2;
    std::string address;
    int hops = 0;  // how many nodes passed it on already
    std::string text;
};

class Cluster {
  public:
    struct Handlers {
        std::function<void(Forwarded)> request;  // a client message for a table here
        // A frame for one of this node's connections, or a request to make it reconnect
        // (`reconnect`: the reason).
        std::function<void(const std::string& conn, std::string frame)> frame;
        std::function<void(const std::string& conn, std::string reason)> reconnect;
        std::function<void(const std::string& conn)> closed;  // a remote connection closed
        // Node `by` seats this node's connection `conn` (it holds a table it is at).
        std::function<void(const std::string& conn, const std::string& by)> attached;
        std::function<void(const std::string& player, std::string frame)> to_player;
        // A public table of another node changed (no entry: it left the lobby).
        std::function<void(const std::string& node, const std::string& table,
                           std::optional<std::string> entry)>
            lobby;
        std::function<void(const std::string& node)> node_gone;
        // Node `from` lists its connections this node seats (`keep`): the others closed.
        std::function<void(const std::string& from, std::vector<std::string> conns)> keep;
        // Redis is reachable again (or for the first time): write this node's part.
        std::function<void()> resync;
        // Node `from` was away from Redis: what this node's tables sent its connections
        // meanwhile may be lost.
        std::function<void(const std::string& from)> resend;
    };

    /// `name`: this node's name (its id adds a random part, so a node restarted under the
    /// same name is another node to the rest): letters, digits, '.', '_' and '-'.
    static bool valid_name(const std::string& name);
    /// `name`: see valid_name.
    Cluster(std::string url, const std::string& name);
    ~Cluster();
    Cluster(const Cluster&) = delete;
    Cluster& operator=(const Cluster&) = delete;

    /// Connects (an error when Redis cannot be reached or the URL is wrong) and starts
    /// the threads; `handlers` are called from them.
    Status start(Handlers handlers);
    void stop();

    const std::string& node() const { return node_; }
    /// Redis answered the last time this node tried, and this node listens to its
    /// channels.
    bool connected() const { return connected_ && listening_; }
    /// `node` is this one or sent a heartbeat lately.
    bool alive(const std::string& node);

    // Queued, in order; they never wait for Redis.
    /// `undelivered` runs (on the sending thread) when the node did not get it: it does
    /// not listen (it is gone, or lost Redis), or Redis could not be reached.
    void forward(const std::string& node, const Forwarded& f, std::function<void()> undelivered);
    void frame(const std::string& node, const std::string& conn, const std::string& frame);
    void reconnect(const std::string& node, const std::string& conn, const std::string& reason);
    void closed(const std::string& node, const std::string& conn);
    void attached(const std::string& node, const std::string& conn);
    /// Tells `node` which of this node's connections it seats: a close it missed (pub/sub
    /// loses messages while Redis is away) is made good.
    void keep(const std::string& node, const std::vector<std::string>& conns);
    /// Asks `node` to send this node's connections at its tables their tables again
    /// (this node was away from Redis, which drops what is published meanwhile).
    void resend(const std::string& node);
    /// Every node's list, for `keep`: the nodes alive now.
    std::vector<std::string> others();
    void to_player(const std::string& player, const std::string& frame);
    void lobby(const std::string& table, const std::optional<std::string>& entry);
    void owns(const std::string& table, bool yes);
    void online(const std::string& player, bool yes);
    /// A challenge to `to` at `table` opened on this node (its frame), or closed ("").
    void challenge(const std::string& to, const std::string& table, const std::string& frame);

    // Lookups, on the caller's thread.
    /// The node that holds `table` as far as Redis knows (none: nobody says so).
    Expected<std::optional<std::string>> owner_of(const std::string& table);
    /// Whether `player` has a connection on another node that is alive.
    Expected<bool> online_elsewhere(const std::string& player);
    /// Every public table of the other nodes that are alive: node, table, entry.
    struct LobbyRow {
        std::string node, table, entry;
    };
    Expected<std::vector<LobbyRow>> lobby_rows();
    /// The challenges to `player` open on the other nodes that are alive: table, frame.
    Expected<std::vector<std::pair<std::string, std::string>>> challenges_to(
        const std::string& player);

    /// For tests (`--inject-faults`): the sending and the listening threads each throw once,
    /// at their next turn, as a bug in a handler would.
    void fail_next_loops() {
        fail_sending_ = fail_listening_ = true;
        wake_.notify_all();
    }

    struct Counts {
        std::uint64_t sent = 0, received = 0, dropped = 0;
        std::size_t nodes = 0;
        std::size_t pending = 0;  // commands waiting to be sent, or on their way to Redis
    };
    Counts counts();

    // How often the heartbeat goes, and how long a silent node is still alive.
    static constexpr auto kBeat = std::chrono::milliseconds(1000);
    static constexpr auto kAliveFor = std::chrono::milliseconds(3000);
    // What waits to be sent while Redis is away, at most (then the oldest is dropped).
    static constexpr std::size_t kMaxQueued = 100000;
    // How long Redis keeps a player's open challenges after the last one opened (a
    // challenge ends sooner: when its table starts, closes, or it is answered).
    static constexpr std::chrono::seconds kChallengesKept{3600};

  private:
    struct Command {
        std::vector<std::string> args;
        std::function<void()> undelivered;  // a PUBLISH nobody received
    };
    void push(std::vector<std::string> command, std::function<void()> undelivered = {});
    void send_loop();
    void listen_loop();
    void beat(redis::Connection& c, bool fresh);
    Expected<std::unique_ptr<redis::Connection>> connect();
    Expected<redis::Connection*> query_connection();  // with query_mutex_ held
    Expected<redis::Reply> query(const std::vector<std::string>& args);

    std::string url_;
    redis::Address address_;
    std::string node_;
    Handlers handlers_;
    std::atomic<bool> stopping_{false};
    std::atomic<bool> connected_{false};
    std::atomic<bool> listening_{false};
    std::atomic<bool> fail_sending_{false}, fail_listening_{false};  // fail_next_loops

    std::mutex mutex_;  // guards the queue, the nodes and the counts
    std::condition_variable wake_;
    std::deque<Command> queue_;
    std::size_t in_flight_ = 0;          // taken from the queue, not yet answered by Redis
    std::set<std::string> alive_;        // other nodes with a heartbeat
    std::map<std::string, int> missed_;  // beats a known node has missed in a row
    Counts counts_;
    std::chrono::steady_clock::time_point healthy_since_;

    std::mutex query_mutex_;
    std::unique_ptr<redis::Connection> query_;

    std::thread sender_, listener_;
};

}  // namespace hearts::server
