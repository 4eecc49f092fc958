// Group commit: one writer thread takes every table's pending writes and makes them
// durable together, in one transaction with one sync to disk, however many tables wrote
// meanwhile. While one batch syncs, the next one gathers, so the batches grow with the
// load by themselves: no timer waits for company.
//
// A table does not wait on its strand for the disk. It applies an action in memory at
// once, queues the write here, and holds back everything it would tell anyone until its
// writes are durable (`TableActor::send`, table/actor.h). So nothing is acknowledged, and nobody
// sees anything, that a kill -9 could take back.
//
// Asio-free and Beast-free: a sink is told on the writer's thread, and passes the news to
// its own strand.
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "store/store.h"

namespace hearts::server {

/// Whoever queued writes (one live table): told once per batch how its writes went.
class WriteSink {
  public:
    virtual ~WriteSink() = default;
    /// On the writer's thread. `count` of this sink's writes, the oldest still pending,
    /// are done: durable when `status` is ok. Otherwise they failed (`status` says why),
    /// and so does every later write of this sink, without being tried.
    virtual void written(std::size_t count, const Status& status) = 0;

  private:
    friend class GroupCommit;
    bool failed_ = false;  // the writer's thread only
};

class GroupCommit {
  public:
    struct Stats {
        std::uint64_t batches = 0;  // transactions committed (or failed)
        std::uint64_t writes = 0;   // writes in them
        std::uint64_t largest = 0;  // the most writes in one
        std::size_t queued = 0;     // writes waiting now
    };

    /// Starts the writer thread. A batch takes at most `max_batch` writes. Two syncs start
    /// at least `min_interval` apart: under load a batch waits that long for company, so
    /// the disk syncs (each costs the CPU a VM exit, and the disk a flush) stay few while
    /// the actions grow; a write that finds the writer idle for longer goes at once.
    explicit GroupCommit(Store& store, std::size_t max_batch = 4096,
                         std::chrono::microseconds min_interval = kDefaultInterval);
    static constexpr std::chrono::microseconds kDefaultInterval{2000};
    ~GroupCommit();
    GroupCommit(const GroupCommit&) = delete;
    GroupCommit& operator=(const GroupCommit&) = delete;

    /// Queues one write of `sink`'s; any thread. A sink's writes are made in the order
    /// queued. After `stop`, the write fails at once (the sink is told, on this thread).
    void submit(const std::shared_ptr<WriteSink>& sink, TableWrite write);
    /// Writes everything queued, then ends the thread. Idempotent.
    void stop();
    Stats stats();
    /// For tests (`--inject-faults`): the next batch's store throws, as a broken driver would.
    void fail_next_batch() { fail_next_ = true; }
    /// For tests: the next batch takes 300 ms more, as a slow disk's would.
    void slow_next_batch() { slow_next_ = true; }

  private:
    std::atomic<bool> fail_next_{false};
    std::atomic<bool> slow_next_{false};
    struct Pending {
        std::shared_ptr<WriteSink> sink;
        TableWrite write;
    };
    void run();
    void write_batch(std::vector<Pending>& batch);

    Store& store_;
    const std::size_t max_batch_;
    const std::chrono::microseconds min_interval_;
    std::mutex mutex_;  // guards the four below
    std::condition_variable wake_;
    std::vector<Pending> queue_;
    bool stopping_ = false;
    Stats stats_;
    std::thread thread_;
};

}  // namespace hearts::server
