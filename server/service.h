// The game service: players' connections on one side, tables on the other.
//
// Ownership. Each live table has its own strand; everything that reads or changes a
// table runs on that strand, so no table needs a lock and a busy table never blocks
// another. Computer players think on a separate thread pool (a slow bot never holds a
// strand) and post their decision back to the table's strand, where it goes through
// the same path as a person's: validate, write to the database, apply, broadcast.
//
// Uses Asio but not Beast: the WebSocket sessions (net.cpp) talk to the service only
// through the small `Client` interface below.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/thread_pool.hpp>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>

#include "protocol.h"
#include "store.h"
#include "table.h"

namespace hearts::server {

/// One connected browser, as the service sees it. Implemented by the WebSocket session.
class Client {
  public:
    virtual ~Client() = default;
    /// Queues a text frame; safe from any thread. Frames arrive in the order sent.
    virtual void send(std::shared_ptr<const std::string> frame) = 0;

    // The player this connection has proven to be (after `hello`); guarded by the
    // service, which is the only writer.
    std::string player;
};

class GameService {
  public:
    GameService(boost::asio::io_context& io, Store& store, int bot_threads);
    ~GameService();

    /// Rebuilds every unfinished table from the database (at start-up).
    Status restore();

    /// Handles one parsed message from `client`. Any thread.
    void handle(const std::shared_ptr<Client>& client, const ClientMessage& message);
    /// The client's connection closed.
    void disconnected(const std::shared_ptr<Client>& client);

    /// Number of live tables (for tests and logs).
    std::size_t table_count();
    /// Blocks until no bot is thinking and no table work is queued (for shutdown).
    void stop();

  private:
    struct Live;
    using Strand = boost::asio::strand<boost::asio::io_context::executor_type>;

    void hello(const std::shared_ptr<Client>& client, const Hello& m,
               std::optional<std::int64_t> id);
    void new_game(const std::shared_ptr<Client>& client, const NewGame& m,
                  std::optional<std::int64_t> id);
    void resume(const std::shared_ptr<Client>& client, const Resume& m,
                std::optional<std::int64_t> id);
    void human_action(const std::shared_ptr<Client>& client, const std::string& table,
                      Action action, std::optional<std::int64_t> id);

    std::shared_ptr<Live> find(const std::string& table);
    // On the table's strand:
    Status commit(Live& live, const Action& action);  // write, apply, broadcast
    void schedule_bot(const std::shared_ptr<Live>& live);
    void broadcast_since(Live& live, std::int64_t from_version);

    static void send(const std::shared_ptr<Client>& client, std::string frame);
    static void send_error(const std::shared_ptr<Client>& client, std::string code,
                           std::string reason, std::optional<std::int64_t> id);

    boost::asio::io_context& io_;
    Store& store_;
    boost::asio::thread_pool bots_;
    std::mutex mutex_;  // guards tables_
    std::unordered_map<std::string, std::shared_ptr<Live>> tables_;
};

}  // namespace hearts::server
