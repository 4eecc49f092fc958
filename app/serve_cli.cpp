#include "serve_cli.h"

#include <CLI/CLI.hpp>

#include "hearts/ai/bot.h"

namespace hearts::app {

CLI::App* add_serve_command(CLI::App& app, hearts::server::ServeOptions& o) {
    auto* cmd = app.add_subcommand(
        "serve", "Run the game server: the browser client over HTTP and WebSocket");
    hearts::server::NetOptions& net = o.net;
    hearts::server::Limits& limits = o.net.limits;
    hearts::server::ServiceOptions& service = o.service;

    cmd->add_option("--port", net.port, "TCP port (env HEARTS_PORT; 0 picks a free one)")
        ->check(CLI::Range(0, 65535));
    cmd->add_option("--bind", net.bind, "Address to listen on (env HEARTS_BIND)");
    cmd->add_option("--data-dir", o.data_dir,
                    "Folder for the SQLite database (env HEARTS_DATA_DIR)");
    cmd->add_option("--database", o.database,
                    "Keep the data in PostgreSQL instead of SQLite: a URL such as "
                    "postgresql://hearts@localhost/hearts (env HEARTS_DATABASE; docs/scaling.md)");
    cmd->add_option("--redis", o.redis,
                    "Make this server a node of a cluster sharing --database: Redis for the "
                    "lobby, presence and routing, redis://host:port or unix:///path "
                    "(env HEARTS_REDIS; a password in HEARTS_REDIS_PASSWORD keeps it off the "
                    "command line; docs/scaling.md)");
    cmd->add_option("--node", o.node,
                    "This node's name in the cluster, in its logs (env HEARTS_NODE; default: "
                    "the host's name)");
    cmd->add_option("--cluster-max-remote", service.cluster_max_remote_connections,
                    "In a cluster: connections of other nodes this node seats at most")
        ->check(CLI::Range(std::size_t(1), std::size_t(10000000)));
    cmd->add_option("--web-dir", net.web_dir,
                    "Folder of the built web client (env HEARTS_WEB_DIR)");
    cmd->add_option("--log-level", o.log_level,
                    "trace, debug, info, warn, error (env HEARTS_LOG_LEVEL)");
    cmd->add_option("--threads", o.threads, "Network and table threads")->check(CLI::Range(1, 64));
    cmd->add_option(
           "--bot-threads", service.bot_threads,
           "Threads for the searching computer players, hard and expert (0: one per core); "
           "the rule-based levels decide on the table's own thread")
        ->check(CLI::Range(0, 64));
    cmd->add_option("--sync-interval", service.sync_interval_ms,
                    "Milliseconds at least between two syncs of the database: under load, "
                    "writes wait up to this long to share one (each action is still on disk "
                    "before it is acknowledged)")
        ->check(CLI::Range(0.0, 100.0));
    cmd->add_option("--allow-origin", net.allowed_origins,
                    "An origin (e.g. https://hearts.example.org) whose pages may connect "
                    "besides the server's own host; repeat for more");
    cmd->add_option("--trust-proxy", net.trusted_proxies,
                    "The address of a reverse proxy whose X-Forwarded-For names the client "
                    "(e.g. 127.0.0.1 for nginx on this machine); repeat for more");

    const char* tables = "Tables and clocks";
    cmd->add_option("--grace", service.grace_seconds,
                    "Seconds a dropped player's seat is held before a computer player takes it")
        ->check(CLI::Range(0.0, 86400.0))
        ->group(tables);
    cmd->add_option("--timer-scale", service.timer_scale,
                    "Multiplies every turn-timer duration (tests use less than 1)")
        ->check(CLI::Range(0.001, 1000.0))
        ->group(tables);
    cmd->add_flag("--inject-faults", service.inject_faults,
                  "For tests only: the chat lines 'fault: connection', 'fault: table', "
                  "'fault: bot', 'fault: writer' and 'fault: cluster' throw inside that part "
                  "of the server")
        ->group(tables);
    cmd->add_option("--keep-finished", service.keep_finished_seconds,
                    "Seconds a finished table stays live (rematch, late resumes); its record "
                    "stays downloadable after")
        ->check(CLI::Range(0.0, 86400.0 * 7))
        ->group(tables);
    cmd->add_option("--abandon-waiting", service.abandon_waiting_seconds,
                    "Seconds a table waiting for players stays open with nobody connected")
        ->check(CLI::Range(1.0, 86400.0))
        ->group(tables);
    cmd->add_option("--unload-after", service.unload_after_seconds,
                    "Seconds a game in progress with nobody connected stays in memory (it "
                    "loads again, at the same card, when a player comes back)")
        ->check(CLI::Range(1.0, 86400.0))
        ->group(tables);
    cmd->add_option("--forget-unused-players-after", service.forget_unused_players_after_seconds,
                    "Seconds after which a player nothing refers to (no game, table, seat or "
                    "relation) and not connected is forgotten; 0 keeps them all")
        ->check(CLI::Range(0.0, 1e9))
        ->group(tables);
    cmd->add_option("--lobby-size", service.lobby_size,
                    "Public tables the lobby lists (the newest)")
        ->check(CLI::Range(1, 10000))
        ->group(tables);
    cmd->add_option("--max-solo-games", service.max_solo_games,
                    "Unfinished solo games a player keeps; starting one more closes the oldest")
        ->check(CLI::Range(1, 100))
        ->group(tables);
    cmd->add_option("--daily-level", service.daily_level,
                    "The computer players' level in the daily deal (everyone plays the day's "
                    "deal against the same level)")
        ->check(CLI::IsMember(ai::bot_levels()))
        ->group(tables);
    cmd->add_option("--background-reviews", service.background_reviews,
                    "Finished games' players waiting to be reviewed in the background at most "
                    "(0: a game is reviewed only when a player asks)")
        ->check(CLI::Range(std::size_t(0), std::size_t(100000)))
        ->group(tables);

    const char* quick = "Quick match (docs/ratings.md)";
    cmd->add_option("--quick-gap", service.quick_gap,
                    "Skill points between a player and a waiting quick table's people that "
                    "quick match accepts at once")
        ->check(CLI::Range(0.0, 100000.0))
        ->group(quick);
    cmd->add_option("--quick-widen", service.quick_widen,
                    "Skill points the accepted gap widens by for each second a table waits")
        ->check(CLI::Range(0.0, 100000.0))
        ->group(quick);
    cmd->add_option("--quick-fill", service.quick_fill_seconds,
                    "Seconds a quick match table waits for people before computer players "
                    "take its empty seats and the game starts")
        ->check(CLI::Range(0.0, 3600.0))
        ->group(quick);

    const char* connections = "Limits per connection and in all";
    cmd->add_option("--max-connections", limits.max_connections,
                    "Connections in all (kept below the open-file limit)")
        ->check(CLI::Range(1, 1'000'000))
        ->group(connections);
    cmd->add_option("--connections-per-address", limits.connections_per_address,
                    "Open connections from one address")
        ->check(CLI::Range(1, 1'000'000))
        ->group(connections);
    cmd->add_option_function<std::size_t>(
           "--max-queued-kib", [&limits](std::size_t kib) { limits.max_queued_bytes = kib * 1024; },
           "KiB of messages a client may leave unread before it is disconnected (default 1024)")
        ->check(CLI::Range(16, 1 << 20))
        ->group(connections);
    cmd->add_option("--inactivity", limits.inactivity_seconds,
                    "Seconds without a player's action before the connection is closed")
        ->check(CLI::Range(1, 86400 * 7))
        ->group(connections);
    cmd->add_option("--idle-timeout", limits.idle_timeout_seconds,
                    "Seconds without any frame or keep-alive answer before the connection is "
                    "closed (a ping is sent at half of it)")
        ->check(CLI::Range(2, 86400))
        ->group(connections);

    const char* address = "Limits per address (an IPv4 address, or an IPv6 /64)";
    cmd->add_option("--connections-per-minute", limits.connections_per_minute,
                    "New connections a minute")
        ->check(CLI::Range(1.0, 1e9))
        ->group(address);
    cmd->add_option("--address-messages-per-second", limits.address_messages_per_second,
                    "Messages a second from all of an address's connections together")
        ->check(CLI::Range(1.0, 1e9))
        ->group(address);
    cmd->add_option("--new-players-per-minute", service.new_players_per_minute,
                    "New players (hello without an id) a minute")
        ->check(CLI::Range(1.0, 1e9))
        ->group(address);
    cmd->add_option("--new-tables-per-minute", service.new_tables_per_minute,
                    "New games and tables a minute")
        ->check(CLI::Range(1.0, 1e9))
        ->group(address);
    cmd->add_option("--wrong-codes-per-minute", service.wrong_codes_per_minute,
                    "Joins of a table that does not exist, a minute, before joins wait")
        ->check(CLI::Range(1.0, 1e9))
        ->group(address);
    cmd->add_option("--challenges-per-minute", service.challenges_per_minute,
                    "Challenges a minute (besides 5 a minute per player)")
        ->check(CLI::Range(1.0, 1e9))
        ->group(address);
    const char* player = "Limits per player";
    cmd->add_option("--challenges-to-one-per-minute", service.challenges_to_one_per_minute,
                    "Challenges one player may receive a minute, from everyone together")
        ->check(CLI::Range(1, 1000000))
        ->group(player);
    cmd->add_option("--challenges-open-to-one", service.challenges_open_to_one,
                    "Challenges waiting for one player's answer at once")
        ->check(CLI::Range(1, 1000000))
        ->group(player);
    cmd->add_option("--stats-per-minute", service.stats_per_minute,
                    "Requests for a player's statistics or achievements a minute")
        ->check(CLI::Range(1.0, 1e9))
        ->group(address);
    cmd->add_option("--hints-per-minute", service.hints_per_minute,
                    "Hints a minute (each is a search of about 150 ms at most)")
        ->check(CLI::Range(1.0, 1e9))
        ->group(address);
    cmd->add_option("--reviews-per-minute", service.reviews_per_minute,
                    "Reviews of a finished game a minute (each searches every card the player "
                    "played)")
        ->check(CLI::Range(1.0, 1e9))
        ->group(address);
    cmd->add_option("--watches-per-minute", service.watches_per_minute,
                    "Requests to watch a table a minute")
        ->check(CLI::Range(1.0, 1e9))
        ->group(address);
    cmd->add_option("--lobby-listings-per-minute", service.lobby_listings_per_minute,
                    "Times a minute the lobby may be turned on (each sends its whole listing)")
        ->check(CLI::Range(1.0, 1e9))
        ->group(address);
    cmd->add_option("--quick-matches-per-minute", service.quick_matches_per_minute,
                    "Quick match requests a minute (each looks through the waiting tables)")
        ->check(CLI::Range(1.0, 1e9))
        ->group(address);
    cmd->add_option("--watchers-per-table", service.watchers_per_table,
                    "Watchers one table takes, in all")
        ->check(CLI::Range(0, 100000))
        ->group(address);
    cmd->add_option("--watchers-per-address", service.watchers_per_address,
                    "Connections from one address that may watch the same table")
        ->check(CLI::Range(1, 100000))
        ->group(address);
    cmd->add_option("--looks-per-minute", service.looks_per_minute,
                    "Changes of a player's face or worn item a minute")
        ->check(CLI::Range(1.0, 1e9))
        ->group(address);
    cmd->add_option("--langs-per-minute", service.langs_per_minute,
                    "Changes of a player's language a minute")
        ->check(CLI::Range(1.0, 1e9))
        ->group(address);
    return cmd;
}

}  // namespace hearts::app
