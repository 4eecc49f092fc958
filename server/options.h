// Every setting of `hearts serve`, with its default, in one place and without Asio, so
// the command line (app/serve_cli.cpp) binds straight to them and the tests can read
// them. docs/reliability.md, "Limits", lists each bound with its option.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace hearts::server {

/// Bounds of the network edge (server/net/*.cpp).
struct Limits {
    std::size_t max_message_bytes = 4096;
    double messages_per_second = 20;  // sustained, per connection
    double message_burst = 40;        // short bursts above the rate
    int connections_per_address = 32;
    int max_connections = 4096;               // in all (kept below the descriptor limit)
    double connections_per_minute = 120;      // new connections from one address
    double address_messages_per_second = 50;  // all of one address's connections together
    std::size_t max_queued_bytes = 1 << 20;   // sent but not yet taken by the client
    // The kernel's send buffer per connection (SO_SNDBUF; Linux doubles it). Fixed, so a
    // client that does not read pins this much kernel memory at most, not the 4 MiB
    // that autotuning may grow to.
    int send_buffer_bytes = 64 * 1024;
    int idle_timeout_seconds = 300;  // no frame and no pong for this long: closed
    int inactivity_seconds = 1800;   // frames but nothing except `ping` this long: closed
};

struct NetOptions {
    std::string bind = "127.0.0.1";
    unsigned short port = 8080;
    std::string web_dir;  // the built client (web/dist)
    Limits limits;
    // Origins besides the server's own host whose pages may open the WebSocket, e.g.
    // "https://hearts.example.org" behind a proxy that changes the Host header.
    std::vector<std::string> allowed_origins;
    // Reverse proxies whose X-Forwarded-For names the client (their own address is then
    // not the client's); e.g. 127.0.0.1 when nginx on this machine forwards to us.
    std::vector<std::string> trusted_proxies;
};

/// Tables, clocks and the per-address budgets of the game service (server/router/service.cpp).
struct ServiceOptions {
    double grace_seconds = 60;  // a dropped person's seat is held this long
    double timer_scale = 1;     // multiplies every turn-timer duration (tests use < 1)
    // For tests of the firewalls only (docs/server.md, "The boundary rule"): a chat line
    // "fault: connection", "fault: table", "fault: bot", "fault: writer" or "fault: cluster"
    // (both of a node's cluster threads) throws inside that boundary (GameService::chat), and
    // "fault: slow disk" makes the next write take 300 ms more. Never on a server people use.
    bool inject_faults = false;
    int bot_threads = 0;  // 0: one per core
    // Two syncs of the database start at least this long apart: under load a group
    // commit waits that long for company (store/group_commit.h).
    double sync_interval_ms = 2;
    // A finished table stays live this long (for the rematch vote and late resumes);
    // then only its stored record remains.
    double keep_finished_seconds = 15 * 60;
    // A table waiting for players with nobody connected closes after this long.
    double abandon_waiting_seconds = 5 * 60;
    std::size_t lobby_size = 200;  // public tables listed in the lobby (the newest)
    // A game in progress with nobody connected is put away after this long (it loads
    // again when a player comes back).
    double unload_after_seconds = 5 * 60;
    // A player nothing refers to (no table, seat, relation or game: a `hello` whose client
    // then did nothing) is forgotten once this old and not connected (0: never).
    double forget_unused_players_after_seconds = 24 * 3600;
    std::size_t max_solo_games = 3;      // unfinished solo games a player keeps; older ones close
    std::string daily_level = "expert";  // the computer players of the daily deal
    // Finished games' seats waiting to be reviewed in the background at most (0: reviews
    // are made only when asked for).
    std::size_t background_reviews = 32;
    // From one address (server/model/budgets.h, address_key), each minute:
    double new_players_per_minute = 20;  // `hello` without an id
    double new_tables_per_minute = 30;   // new_game, create_table, challenge
    double wrong_codes_per_minute = 10;  // joins of a table that does not exist
    double challenges_per_minute = 10;   // challenges (besides 5 per player)
    // Challenges one player receives, whoever sends them: a minute, and open at once.
    int challenges_to_one_per_minute = 6;
    int challenges_open_to_one = 3;
    double stats_per_minute = 30;    // `stats` requests (each reads a player's games)
    double looks_per_minute = 20;    // `set_look` (each writes, and tells the player's tables)
    double langs_per_minute = 20;    // `set_lang` (each writes, and tells the player's pages)
    double hints_per_minute = 30;    // `hint` (each is a search: computer time)
    double reviews_per_minute = 6;   // `review` (each searches every card of a game)
    double watches_per_minute = 30;  // `watch` (the first at a table replays its game)
    double lobby_listings_per_minute = 60;  // `lobby` on (each sends the whole listing)
    double quick_matches_per_minute = 30;   // `quick_match` (each looks through the lobby)
    // Quick match (server/model/quick.h): the skill gap a waiting table accepts at once,
    // and more for each second it has waited; after `quick_fill_seconds` computer players
    // take its empty seats and the game starts.
    double quick_gap = 150;
    double quick_widen = 15;
    double quick_fill_seconds = 30;
    // Watchers (docs/protocol.md, "Spectators"): at one table in all, and from one address.
    std::size_t watchers_per_table = 50;
    std::size_t watchers_per_address = 3;
    // In a cluster: connections of other nodes this node seats at most (each is one
    // browser at one of this node's tables).
    std::size_t cluster_max_remote_connections = 20000;
};

struct ServeOptions {
    std::string data_dir = "data";  // relative to the working directory
    std::string database;           // a postgresql:// URL; "" for SQLite in data_dir
    std::string redis;              // a redis:// URL: this server is a node of a cluster
    std::string node;               // the node's name in the cluster ("": the host's)
    std::string log_level = "info";
    int threads = 2;  // network and table threads
    NetOptions net;
    ServiceOptions service;
};

}  // namespace hearts::server
