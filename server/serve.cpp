#include <utility>  // before Asio: Boost 1.74's headers use std::exchange without it

#include "serve.h"

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>
#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <charconv>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <thread>
#include <vector>

#include "net.h"
#include "service.h"
#include "store.h"

namespace hearts::server {

std::string apply_environment(ServeOptions& o) {
    auto env = [](const char* name) -> std::string {
        const char* v = std::getenv(name);
        return v ? v : "";
    };
    if (auto v = env("HEARTS_BIND"); !v.empty()) o.bind = v;
    if (auto v = env("HEARTS_DATA_DIR"); !v.empty()) o.data_dir = v;
    if (auto v = env("HEARTS_WEB_DIR"); !v.empty()) o.web_dir = v;
    if (auto v = env("HEARTS_LOG_LEVEL"); !v.empty()) o.log_level = v;
    if (auto v = env("HEARTS_PORT"); !v.empty()) {
        int port = 0;
        auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), port);
        if (ec != std::errc() || p != v.data() + v.size() || port < 0 || port > 65535)
            return "HEARTS_PORT must be a port number from 0 to 65535, not '" + v + "'";
        o.port = port;
    }
    return "";
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

    auto store = Store::open(o.data_dir);
    if (!store) {
        std::cerr << "hearts serve: " << store.error().reason << "\n";
        return 1;
    }
    boost::asio::io_context io(o.threads);
    ServiceOptions service_options;
    service_options.grace_seconds = o.grace_seconds;
    service_options.timer_scale = o.timer_scale;
    service_options.bot_threads = o.bot_threads;
    service_options.keep_finished_seconds = o.keep_finished_seconds;
    GameService service(io, **store, service_options);
    if (Status ok = service.restore(); !ok) {
        std::cerr << "hearts serve: could not restore games: " << ok.error().reason << "\n";
        return 1;
    }

    NetOptions net;
    net.bind = o.bind;
    net.port = static_cast<unsigned short>(o.port);
    net.web_dir = o.web_dir;
    net.limits.inactivity_seconds = o.inactivity_seconds;
    net.limits.idle_timeout_seconds = o.idle_timeout_seconds;
    net.limits.max_queued_bytes = o.max_queued_kib * 1024;
    if (net.web_dir.empty()) net.web_dir = "web/dist";
    if (!std::filesystem::exists(net.web_dir + "/index.html"))
        spdlog::warn("no web client at {}/index.html: build it with `make run`", net.web_dir);
    auto port = start_listener(io, net, service, **store);
    if (!port) {
        std::cerr << "hearts serve: " << port.error().reason << "\n";
        return 1;
    }
    // The exact line tests and scripts wait for.
    std::cout << "hearts serve: listening on http://" << o.bind << ":" << *port << "/" << std::endl;
    spdlog::info("data in {}, client files from {}", o.data_dir, net.web_dir);

    boost::asio::signal_set signals(io, SIGINT, SIGTERM);
    signals.async_wait([&](const boost::system::error_code&, int) {
        spdlog::info("stopping");
        io.stop();
    });
    std::vector<std::thread> threads;
    for (int i = 1; i < o.threads; ++i) threads.emplace_back([&] { io.run(); });
    io.run();
    for (auto& t : threads) t.join();
    service.stop();
    return 0;
}

}  // namespace hearts::server
