#include "threads/bot_pool.h"

#include <spdlog/spdlog.h>

#include <algorithm>

namespace hearts::server {

BotPool::BotPool(std::size_t threads) {
    if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
    for (std::size_t k = 0; k < threads; ++k) threads_.emplace_back([this] { run(); });
}

BotPool::~BotPool() {
    stop();
}

void BotPool::post(const std::string& key, std::function<void()> work) {
    {
        std::lock_guard lock(mutex_);
        if (stopping_) return;
        auto& queue = queues_[key];
        if (queue.empty()) turns_.push_back(key);
        queue.push_back(std::move(work));
        ++queued_;
    }
    ready_.notify_one();
}

std::size_t BotPool::queued() {
    std::lock_guard lock(mutex_);
    return queued_;
}

void BotPool::stop() {
    {
        std::lock_guard lock(mutex_);
        if (stopping_ && threads_.empty()) return;
        stopping_ = true;
        queues_.clear();
        turns_.clear();
        queued_ = 0;
    }
    ready_.notify_all();
    for (std::thread& t : threads_)
        if (t.joinable()) t.join();
    threads_.clear();
}

void BotPool::run() {
    for (;;) {
        std::function<void()> work;
        {
            std::unique_lock lock(mutex_);
            ready_.wait(lock, [this] { return stopping_ || !turns_.empty(); });
            if (stopping_) return;
            const std::string key = std::move(turns_.front());
            turns_.pop_front();
            auto it = queues_.find(key);
            work = std::move(it->second.front());
            it->second.pop_front();
            --queued_;
            // The key's next item waits for every other key's turn.
            if (it->second.empty())
                queues_.erase(it);
            else
                turns_.push_back(key);
        }
        // The work catches what it throws itself (a table's search tells its table);
        // this is the last firewall of the pool's thread.
        try {
            work();
        } catch (const std::exception& e) {
            spdlog::error("bot pool: a job failed and was dropped: {}", e.what());
        } catch (...) {
            spdlog::error("bot pool: a job failed and was dropped");
        }
    }
}

}  // namespace hearts::server
