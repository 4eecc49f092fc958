// The network edge: an HTTP listener that serves the client's files and upgrades /ws
// to a WebSocket session per browser. All Beast code lives in net/*.cpp, so the rest of
// the server compiles quickly and is tested without a network.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "hearts/expected.h"
#include "options.h"
#include "threads/io_pool.h"

namespace hearts::server {

class GameService;
class Store;

/// Starts accepting on `options.bind:options.port`. Returns the bound port (useful
/// with port 0) or the reason it could not listen.
Expected<unsigned short> start_listener(IoPool& io, const NetOptions& options, GameService& service,
                                        Store& store);

}  // namespace hearts::server
