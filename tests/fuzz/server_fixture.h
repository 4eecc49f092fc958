// What the two whole-server fuzzers share (http_fuzzer.cpp, service_fuzzer.cpp): one real
// server in the fuzzing process, started once and kept for the whole run. It is the server
// `hearts serve` runs: a SQLite store in a fresh folder, the io threads, the game service
// with its computer players and, for the HTTP fuzzer, the listener on a free loopback port
// with a real client folder.
//
// The run fails (libFuzzer saves the input) on a crash or sanitizer report, and also on
// any error the server logs: every error-level line is a boundary that caught something
// (docs/server.md, "The boundary rule") or a part that failed, and with a healthy disk
// neither may happen whatever a client sends. The fuzzers add their own checks.
#pragma once

#include <utility>  // before Asio: Boost 1.74's headers use std::exchange without it

#include <spdlog/sinks/base_sink.h>
#include <spdlog/spdlog.h>

#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "fuzz_check.h"
#include "model/names.h"
#include "net/net.h"
#include "options.h"
#include "router/service.h"
#include "store/store.h"
#include "threads/io_pool.h"

namespace hearts::fuzz {

// Stops the run on the first error-level line, with the line: whatever thread logged it.
class FailOnError : public spdlog::sinks::base_sink<std::mutex> {
  protected:
    void sink_it_(const spdlog::details::log_msg& msg) override {
        if (msg.level < spdlog::level::err) return;
        const std::string text(msg.payload.data(), msg.payload.size());
        fail(__FILE__, __LINE__, "no error logged", "the server logged an error: " + text);
    }
    void flush_() override {}
};

struct Server {
    std::filesystem::path root;  // the data folder and the client folder, under /dev/shm
    std::unique_ptr<server::Store> store;
    std::unique_ptr<server::IoPool> io;
    std::unique_ptr<server::GameService> service;
    unsigned short port = 0;  // 0 unless `listen`
    std::thread runner;       // runs the io threads (IoPool::run) until exit
};

// The started server, for the exit handler below.
inline Server* running = nullptr;

inline void write_file(const std::filesystem::path& path, const std::string& text) {
    std::filesystem::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << text;
}

// A client folder shaped like web/dist: an index (and two in other languages), hashed
// assets, a file big enough to be compressed and sent in parts, a folder, and a link that
// leads out of the folder (to a file the server must never serve).
inline void make_client_folder(const std::filesystem::path& web) {
    write_file(web / "index.html", "<!doctype html><title>Hearts</title><p>fuzz</p>\n");
    write_file(web / "index.de.html", "<!doctype html><title>Herz</title><p>fuzz</p>\n");
    write_file(web / "index.pt-BR.html", "<!doctype html><title>Copas</title><p>fuzz</p>\n");
    write_file(web / "assets/index-4f2a.js", "console.log('hearts');\n" + std::string(2000, ';'));
    write_file(web / "assets/index-4f2a.js.gz", std::string("\x1f\x8b\x08\0fuzz", 8));
    write_file(web / "assets/index-4f2a.js.br", "br bytes");
    write_file(web / "assets/index-9c1b.css", "body{margin:0}\n");
    std::string big;
    for (int i = 0; big.size() < 300000; ++i) big += "line " + std::to_string(i) + "\n";
    write_file(web / "assets/big.txt", big);
    write_file(web / "rules/index.html", "<!doctype html><title>Rules</title>\n");
    write_file(web.parent_path() / "secret.txt", "not for clients\n");
    std::error_code ec;
    std::filesystem::create_symlink("../secret.txt", web / "leak.txt", ec);
    std::filesystem::create_directory_symlink("/etc", web / "etc", ec);
}

/// The server of this process, started on first use. Its io threads run until the process
/// exits (libFuzzer ends it with exit()): an exit handler stops them first, before the
/// statics they log through are destroyed (spdlog's registry: a table's timer that fired
/// during exit once logged through a freed logger, a heap-use-after-free in a smoke run).
inline Server& server(bool listen) {
    static Server* const started = [listen] {
        auto* s = new Server;
        std::signal(SIGPIPE, SIG_IGN);
        const char* shm = std::filesystem::is_directory("/dev/shm") ? "/dev/shm" : "/tmp";
        std::string pattern = std::string(shm) + "/hearts-fuzz-XXXXXX";
        FUZZ_CHECK(mkdtemp(pattern.data()) != nullptr, "a folder for the server's data");
        s->root = pattern;
        make_client_folder(s->root / "web");

        auto logger = std::make_shared<spdlog::logger>("hearts", std::make_shared<FailOnError>());
        logger->set_level(spdlog::level::err);
        spdlog::set_default_logger(logger);

        auto store = server::Store::open((s->root / "data").string());
        FUZZ_CHECK(store.has_value(), store ? "" : store.error().reason);
        s->store = std::move(store).value();
        server::warm_up_names();
        s->io = std::make_unique<server::IoPool>(2);

        // Short lives and clocks: tables close, unload, time out and reload while the run
        // goes on, and memory stays bounded over a long run.
        server::ServiceOptions o;
        o.grace_seconds = 0.2;
        o.timer_scale = 0.02;
        o.bot_threads = 1;
        o.sync_interval_ms = 0;
        o.keep_finished_seconds = 2;
        o.abandon_waiting_seconds = 2;
        o.unload_after_seconds = 2;
        o.forget_unused_players_after_seconds = 5;
        o.daily_level = "random";
        s->service = std::make_unique<server::GameService>(*s->io, *s->store, o);
        const auto restored = s->service->restore();
        FUZZ_CHECK(restored.has_value(), restored ? "" : restored.error().reason);

        if (listen) {
            server::NetOptions net;
            net.bind = "127.0.0.1";
            net.port = 0;
            net.web_dir = (s->root / "web").string();
            // One address sends everything here: its budgets are the fuzzed server's
            // whole capacity, so the requests reach the handlers rather than the refusals.
            net.limits.connections_per_address = 1 << 20;
            net.limits.connections_per_minute = 1e12;
            net.limits.address_messages_per_second = 1e12;
            net.limits.messages_per_second = 1e12;
            net.limits.message_burst = 1e12;
            net.limits.idle_timeout_seconds = 5;
            auto port = server::start_listener(*s->io, net, *s->service, *s->store);
            FUZZ_CHECK(port.has_value(), port ? "" : port.error().reason);
            s->port = *port;
        }
        s->runner = std::thread([s] { s->io->run(); });
        running = s;
        // Registered after spdlog's registry was made (set_default_logger above), so it
        // runs before the registry is destroyed.
        std::atexit([] {
            running->io->stop();
            if (running->runner.joinable()) running->runner.join();
        });
        return s;
    }();
    return *started;
}

}  // namespace hearts::fuzz
