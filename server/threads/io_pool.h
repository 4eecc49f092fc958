// The server's threads: one io_context per thread, each run by that thread alone.
//
// A connection is given a context when it is accepted (round-robin), and a table the
// context of the thread that makes or loads it, which is the thread of the connection
// that asked for it. So a person at a solo table, the table and the computer players
// all live on one thread: what the connection hands the table and what the table hands
// back to the connection are posts within one thread, which Asio queues without a lock
// and without waking anyone. One io_context run by several threads instead shares one
// queue, one lock and one epoll between them, and a post from one wakes the other: that
// cost the server about a sixth of its CPU per action (docs/reliability.md, "Load").
//
// What crosses threads still works as before, by posting to a strand: a person at a
// table made on another thread, group commit's answers, the bot pool's decisions.
#pragma once

#include <atomic>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <cstddef>
#include <memory>
#include <vector>

namespace hearts::server {

class IoPool {
  public:
    /// `threads` contexts (at least one), none running yet.
    explicit IoPool(int threads);
    /// Shuts every context down (destroying the handlers each still holds) before any is
    /// destroyed: a handler left on one context may hold the last reference to a
    /// connection or timer that belongs to another.
    ~IoPool();
    IoPool(const IoPool&) = delete;
    IoPool& operator=(const IoPool&) = delete;

    std::size_t size() const { return contexts_.size(); }
    /// The first context: the listener's and the signals'.
    boost::asio::io_context& first() { return *contexts_.front(); }
    /// The contexts in turn, for new connections.
    boost::asio::io_context& next();
    /// The context the calling thread runs, or `next()` from any other thread (start-up,
    /// group commit's writer, the bot pool).
    boost::asio::io_context& here();

    /// Runs every context, one on the calling thread and each other on a thread of its
    /// own, until `stop`; returns once all have stopped.
    void run();
    /// Stops every context; any thread.
    void stop();

  private:
    using Guard = boost::asio::executor_work_guard<boost::asio::io_context::executor_type>;
    // An io_context whose shutdown (protected in Asio) the pool may call.
    class Context : public boost::asio::io_context {
      public:
        using boost::asio::io_context::io_context;
        void shut_down() { shutdown(); }
    };
    void run_one(std::size_t index);

    std::vector<std::unique_ptr<Context>> contexts_;
    std::vector<Guard> guards_;  // a context with nothing to do waits rather than returns
    std::atomic<std::size_t> turn_{0};
};

}  // namespace hearts::server
