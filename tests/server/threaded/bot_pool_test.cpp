// The computer players' pool (server/threads/bot_pool.h): every key gets its turn, so one key
// with a long queue delays another key's work by one item at most per thread.
#include "threads/bot_pool.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <vector>

namespace hearts::server {
namespace {

// A gate the first item waits at, so the test can queue everything before work starts.
struct Gate {
    std::mutex mutex;
    std::condition_variable cv;
    bool open = false;
    void wait() {
        std::unique_lock lock(mutex);
        cv.wait(lock, [&] { return open; });
    }
    void release() {
        {
            std::lock_guard lock(mutex);
            open = true;
        }
        cv.notify_all();
    }
};

TEST(BotPool, AQuietKeyWaitsForOneItemOfABusyOneNotForItsWholeQueue) {
    BotPool pool(1);
    Gate gate;
    std::mutex mutex;
    std::vector<std::string> order;
    const auto record = [&](std::string what) {
        std::lock_guard lock(mutex);
        order.push_back(std::move(what));
    };
    pool.post("flood", [&] {
        gate.wait();
        record("flood");
    });
    while (pool.queued() != 0) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    for (int k = 0; k < 100; ++k) pool.post("flood", [&] { record("flood"); });
    pool.post("quiet", [&] { record("quiet"); });
    pool.post("quiet", [&] { record("quiet"); });
    EXPECT_EQ(pool.queued(), 102u);  // the first flood item is running, held at the gate
    gate.release();
    while (pool.queued() > 0) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    pool.stop();
    ASSERT_EQ(order.size(), 103u);
    // flood (running), flood (its next turn came before quiet posted), quiet, flood, quiet.
    const std::vector<std::string> start(order.begin(), order.begin() + 5);
    EXPECT_EQ(start, (std::vector<std::string>{"flood", "flood", "quiet", "flood", "quiet"}));
}

TEST(BotPool, ManyKeysAreServedRoundRobin) {
    BotPool pool(1);
    Gate gate;
    std::mutex mutex;
    std::string order;
    pool.post("x", [&] { gate.wait(); });
    while (pool.queued() != 0) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    for (const char* key : {"a", "b", "c"})
        for (int k = 0; k < 3; ++k)
            pool.post(key, [&, key] {
                std::lock_guard lock(mutex);
                order += key;
            });
    gate.release();
    while (pool.queued() > 0) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    pool.stop();
    EXPECT_EQ(order, "abcabcabc");
}

TEST(BotPool, StopDropsWhatIsQueuedAndRefusesMore) {
    std::atomic<int> ran = 0;
    BotPool pool(2);
    EXPECT_EQ(pool.threads(), 2u);
    Gate gate;
    for (int k = 0; k < 2; ++k) pool.post("k" + std::to_string(k), [&] { gate.wait(); });
    for (int k = 0; k < 50; ++k) pool.post("a", [&] { ++ran; });
    // Both threads are held at the gate with the 50 queued behind them; then stop drops
    // the queue (and waits for the threads) before the gate opens.
    while (pool.queued() != 50) std::this_thread::yield();
    std::thread stopper([&] { pool.stop(); });
    while (pool.queued() != 0) std::this_thread::yield();
    gate.release();
    stopper.join();
    EXPECT_LT(ran.load(), 50);
    EXPECT_EQ(ran.load(), 0);
    pool.post("a", [&] { ++ran; });
    EXPECT_EQ(pool.queued(), 0u);
}

TEST(BotPool, ZeroThreadsMeansOnePerCore) {
    BotPool pool(0);
    EXPECT_EQ(pool.threads(), std::max(1u, std::thread::hardware_concurrency()));
}

}  // namespace
}  // namespace hearts::server
