// The server's threads (server/threads/io_pool.h): one io_context each.
#include <utility>  // before Asio: Boost 1.74's headers use std::exchange without it

#include "threads/io_pool.h"

#include <gtest/gtest.h>

#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <memory>
#include <thread>

namespace hearts::server {
namespace {

namespace asio = boost::asio;

TEST(IoPool, NextTakesTheContextsInTurn) {
    IoPool pool(3);
    ASSERT_EQ(pool.size(), 3u);
    asio::io_context* seen[3] = {&pool.next(), &pool.next(), &pool.next()};
    EXPECT_NE(seen[0], seen[1]);
    EXPECT_NE(seen[1], seen[2]);
    EXPECT_NE(seen[0], seen[2]);
    EXPECT_EQ(&pool.next(), seen[0]);
    EXPECT_EQ(&pool.first(), seen[0]);
}

// A table is made on the context of the thread that asks for it: `here` on a pool thread
// is that thread's own context.
TEST(IoPool, HereIsTheCallingThreadsOwnContext) {
    IoPool pool(2);
    asio::io_context &second = pool.next(), &other = pool.next();
    ASSERT_NE(&second, &other);
    asio::io_context* seen = nullptr;
    asio::post(other, [&] {
        seen = &pool.here();
        pool.stop();
    });
    pool.run();
    EXPECT_EQ(seen, &other);
}

// At shutdown a handler still queued on one context (a table's) can hold the last
// reference to something whose service belongs to another (a connection's timer or
// socket). Every context must be shut down before any is destroyed: otherwise the
// timer's destructor reaches a service already freed (ASan: heap-use-after-free).
TEST(IoPool, AHandlerLeftOnOneContextMayHoldATimerOfAnother) {
    auto pool = std::make_unique<IoPool>(2);
    asio::io_context& owner = pool->next();
    asio::io_context& holder = pool->next();
    ASSERT_NE(&owner, &holder);
    auto timer = std::make_shared<asio::steady_timer>(owner, std::chrono::hours(1));
    timer->async_wait([](const boost::system::error_code&) {});
    asio::post(holder, [timer] {});  // never runs: the pool is not run
    std::weak_ptr<asio::steady_timer> gone = timer;
    timer.reset();
    ASSERT_FALSE(gone.expired());
    pool.reset();
    EXPECT_TRUE(gone.expired());
}

}  // namespace
}  // namespace hearts::server
