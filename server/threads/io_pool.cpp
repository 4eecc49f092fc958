#include <utility>  // before Asio: Boost 1.74's headers use std::exchange without it

#include "threads/io_pool.h"

#include <spdlog/spdlog.h>
#include <algorithm>
#include <exception>
#include <thread>

namespace hearts::server {
namespace {

// The context the calling thread runs (set by IoPool::run_one).
thread_local boost::asio::io_context* t_context = nullptr;

}  // namespace

IoPool::IoPool(int threads) {
    const auto n = std::size_t(std::max(1, threads));
    contexts_.reserve(n);
    guards_.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
        // One thread runs each: Asio then queues a post made on that thread without a lock.
        contexts_.push_back(std::make_unique<Context>(1));
        guards_.push_back(boost::asio::make_work_guard(*contexts_.back()));
    }
}

IoPool::~IoPool() {
    guards_.clear();
    // Asio's own order for several contexts (execution_context): shut them all down, then
    // destroy them. Destroying them one by one would let a handler still queued on the
    // second destroy a socket or timer whose service died with the first.
    for (auto& c : contexts_) c->shut_down();
}

boost::asio::io_context& IoPool::next() {
    return *contexts_[turn_.fetch_add(1, std::memory_order_relaxed) % contexts_.size()];
}

boost::asio::io_context& IoPool::here() {
    if (t_context != nullptr) {
        for (const auto& c : contexts_)
            if (c.get() == t_context) return *c;
    }
    return next();
}

void IoPool::run_one(std::size_t index) {
    t_context = contexts_[index].get();
    // The last firewall: a handler that throws past its own boundary (a connection's, a
    // table's) is logged once and the thread goes on running the others. Asio leaves the
    // context runnable after a handler throws; only that handler's work is lost.
    for (;;) {
        try {
            contexts_[index]->run();
            break;
        } catch (const std::exception& e) {
            spdlog::error("io thread {}: a handler failed and was dropped: {}", index, e.what());
        } catch (...) {
            spdlog::error("io thread {}: a handler failed and was dropped", index);
        }
    }
    t_context = nullptr;
}

void IoPool::run() {
    std::vector<std::thread> threads;
    for (std::size_t i = 1; i < contexts_.size(); ++i)
        threads.emplace_back([this, i] { run_one(i); });
    run_one(0);
    for (auto& t : threads) t.join();
}

void IoPool::stop() {
    for (auto& c : contexts_) c->stop();
}

}  // namespace hearts::server
