// Where computer players think: a fixed set of threads (one per core by default) and a
// fair queue. Work is queued under a key, the address whose play set the table going;
// the threads serve the keys in turn, one item each, so an address with many busy
// tables gets one turn in as many as there are addresses waiting, not the whole pool,
// and a quiet player's computer opponents wait for at most one decision of each other
// address. No Asio: the work posts its result back to the table's strand itself.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

namespace hearts::server {

class BotPool {
  public:
    /// `threads` 0: one per core.
    explicit BotPool(std::size_t threads);
    ~BotPool();
    BotPool(const BotPool&) = delete;
    BotPool& operator=(const BotPool&) = delete;

    /// Queues `work` under `key`; any thread.
    void post(const std::string& key, std::function<void()> work);
    /// Lets running work finish, drops what is queued, and joins the threads.
    void stop();

    std::size_t threads() const { return threads_.size(); }
    /// Items waiting (not running).
    std::size_t queued();

  private:
    void run();

    std::mutex mutex_;
    std::condition_variable ready_;
    std::unordered_map<std::string, std::deque<std::function<void()>>> queues_;
    std::deque<std::string> turns_;  // keys with work, in the order they are served
    std::size_t queued_ = 0;
    bool stopping_ = false;
    std::vector<std::thread> threads_;
};

}  // namespace hearts::server
