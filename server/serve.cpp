#include <utility>  // before Asio: Boost 1.74's headers use std::exchange without it

#include "serve.h"

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>
#include <sys/resource.h>
#include <boost/asio/signal_set.hpp>

#include <charconv>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "cluster/cluster.h"
#include "cluster/redis.h"
#include "model/names.h"
#include "net/net.h"
#include "router/service.h"
#include "store/store.h"
#include "threads/io_pool.h"

namespace hearts::server {

std::string apply_environment(ServeOptions& o) {
    auto env = [](const char* name) -> std::string {
        const char* v = std::getenv(name);
        return v ? v : "";
    };
    if (auto v = env("HEARTS_BIND"); !v.empty()) o.net.bind = v;
    if (auto v = env("HEARTS_DATA_DIR"); !v.empty()) o.data_dir = v;
    if (auto v = env("HEARTS_DATABASE"); !v.empty()) o.database = v;
    if (auto v = env("HEARTS_REDIS"); !v.empty()) o.redis = v;
    if (auto v = env("HEARTS_NODE"); !v.empty()) o.node = v;
    if (auto v = env("HEARTS_WEB_DIR"); !v.empty()) o.net.web_dir = v;
    if (auto v = env("HEARTS_LOG_LEVEL"); !v.empty()) o.log_level = v;
    if (auto v = env("HEARTS_PORT"); !v.empty()) {
        int port = 0;
        auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), port);
        if (ec != std::errc() || p != v.data() + v.size() || port < 0 || port > 65535)
            return "HEARTS_PORT must be a port number from 0 to 65535, not '" + v + "'";
        o.net.port = static_cast<unsigned short>(port);
    }
    return "";
}

// Raises the descriptor limit to what the system allows, and keeps the connection cap
// below it (with room for the database, logs and files being served): a server that runs
// out of descriptors refuses everyone, and its accept loop would spin.
static int connections_within_descriptors(int wanted) {
    constexpr rlim_t kReserve = 64;
    rlimit limit{};
    if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return wanted;
    if (limit.rlim_cur < limit.rlim_max) {
        rlimit raised = limit;
        raised.rlim_cur = limit.rlim_max == RLIM_INFINITY ? rlim_t(1) << 20 : limit.rlim_max;
        if (setrlimit(RLIMIT_NOFILE, &raised) == 0) limit = raised;
    }
    if (limit.rlim_cur == RLIM_INFINITY || limit.rlim_cur > rlim_t(wanted) + kReserve)
        return wanted;
    const int fits =
        limit.rlim_cur > kReserve * 2 ? int(limit.rlim_cur - kReserve) : int(limit.rlim_cur / 2);
    spdlog::warn("at most {} open files: connections are capped at {} instead of {}",
                 limit.rlim_cur, fits, wanted);
    return fits;
}

int serve_command(const ServeOptions& o) {
    const auto level = spdlog::level::from_str(o.log_level);
    if (level == spdlog::level::off && o.log_level != "off") {
        std::cerr << "hearts serve: log level is one of trace, debug, info, warn, error, critical, "
                     "off; not '"
                  << o.log_level << "'\n";
        return 2;
    }
    // Logs go to stderr; stdout carries only the "listening" line that scripts wait for.
    spdlog::set_default_logger(spdlog::stderr_color_mt("hearts"));
    spdlog::set_level(level);

    const bool postgres = !o.database.empty();
    if (postgres && o.database.rfind("postgresql://", 0) != 0 &&
        o.database.rfind("postgres://", 0) != 0) {
        std::cerr << "hearts serve: --database takes a PostgreSQL URL such as "
                     "postgresql://hearts@localhost/hearts, not '"
                  << redacted_url(o.database)
                  << "' (without --database the game keeps its data in SQLite, in --data-dir)\n";
        return 2;
    }
    const bool cluster = !o.redis.empty();
    if (cluster && !postgres) {
        std::cerr << "hearts serve: --redis makes this server a node of a cluster, whose nodes "
                     "share one PostgreSQL database: give it with --database postgresql://… "
                     "(docs/scaling.md)\n";
        return 2;
    }
    if (cluster) {
        if (!o.node.empty() && !Cluster::valid_name(o.node)) {
            std::cerr << "hearts serve: --node takes a name of letters, digits, '.', '_' and "
                         "'-' (at most 64), not '"
                      << o.node << "'\n";
            return 2;
        }
        if (auto address = redis::parse_url(o.redis); !address) {
            std::cerr << "hearts serve: " << address.error().reason << "\n";
            return 2;
        }
    }
    auto store = postgres ? Store::open_postgres(o.database, cluster) : Store::open(o.data_dir);
    if (!store) {
        std::cerr << "hearts serve: " << store.error().reason << "\n";
        return 1;
    }
    warm_up_names();
    // hiredis writes to its sockets with write(): a Redis that went away must be an
    // error to handle, not SIGPIPE.
    std::signal(SIGPIPE, SIG_IGN);
    IoPool io(o.threads);
    GameService service(io, **store, o.service);
    std::unique_ptr<Cluster> nodes;
    if (cluster) {
        std::string name = o.node;
        if (name.empty()) {
            char host[256] = {};
            gethostname(host, sizeof host - 1);
            name = host;
            std::erase_if(name, [](char c) { return !Cluster::valid_name(std::string(1, c)); });
            if (name.empty()) name = "node";
        }
        nodes = std::make_unique<Cluster>(o.redis, name);
        if (Status ok = service.attach(*nodes); !ok) {
            std::cerr << "hearts serve: " << ok.error().reason << "\n";
            return 1;
        }
        spdlog::info("cluster: this server is node {} ({})", nodes->node(), redis::redact(o.redis));
    }
    if (Status ok = service.restore(); !ok) {
        std::cerr << "hearts serve: could not restore games: " << ok.error().reason << "\n";
        return 1;
    }

    NetOptions net = o.net;
    if (net.web_dir.empty()) net.web_dir = "web/dist";
    net.limits.max_connections = connections_within_descriptors(net.limits.max_connections);
    std::error_code ec;
    if (!std::filesystem::exists(net.web_dir + "/index.html", ec) || ec)
        spdlog::warn("no web client at {}/index.html: build it with `make run`", net.web_dir);
    auto port = start_listener(io, net, service, **store);
    if (!port) {
        std::cerr << "hearts serve: " << port.error().reason << "\n";
        return 1;
    }
    // The exact line tests and scripts wait for.
    std::cout << "hearts serve: listening on http://" << net.bind << ":" << *port << "/"
              << std::endl;
    spdlog::info("data in {}, client files from {}",
                 postgres ? redacted_url(o.database) : o.data_dir, net.web_dir);

    boost::asio::signal_set signals(io.first(), SIGINT, SIGTERM);
    signals.async_wait([&](const boost::system::error_code&, int) {
        spdlog::info("stopping");
        io.stop();
    });
    io.run();
    if (nodes) nodes->stop();
    service.stop();
    return 0;
}

}  // namespace hearts::server
