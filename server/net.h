// The network edge: an HTTP listener that serves the client's files and upgrades /ws
// to a WebSocket session per browser. All Beast code lives in net.cpp, so the rest of
// the server compiles quickly and is tested without a network.
#pragma once

#include <boost/asio/io_context.hpp>
#include <cstddef>
#include <memory>
#include <string>

#include "hearts/expected.h"

namespace hearts::server {

class GameService;
class Store;

/// Limits that are on by default (docs/protocol.md).
struct Limits {
    std::size_t max_message_bytes = 4096;
    double messages_per_second = 20;  // sustained, per connection
    double message_burst = 40;        // short bursts above the rate
    int connections_per_address = 32;
    std::size_t max_queued_bytes = 1 << 20;  // sent but not yet taken by the client
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
};

/// Starts accepting on `options.bind:options.port`. Returns the bound port (useful
/// with port 0) or the reason it could not listen.
Expected<unsigned short> start_listener(boost::asio::io_context& io, const NetOptions& options,
                                        GameService& service, Store& store);

}  // namespace hearts::server
