#include "store/group_commit.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <stdexcept>
#include <unordered_map>
#include <utility>

namespace hearts::server {

GroupCommit::GroupCommit(Store& store, std::size_t max_batch,
                         std::chrono::microseconds min_interval)
    : store_(store),
      max_batch_(std::max<std::size_t>(1, max_batch)),
      min_interval_(std::max(std::chrono::microseconds(0), min_interval)) {
    thread_ = std::thread([this] { run(); });
}

GroupCommit::~GroupCommit() {
    stop();
}

void GroupCommit::submit(const std::shared_ptr<WriteSink>& sink, TableWrite write) {
    {
        std::lock_guard lock(mutex_);
        if (!stopping_) {
            queue_.push_back({sink, std::move(write)});
            ++stats_.queued;
            // The writer waits for the first write, or for a full batch: nothing else
            // needs to wake it.
            if (queue_.size() == 1 || queue_.size() == max_batch_) wake_.notify_one();
            return;
        }
    }
    sink->written(1, Error{"the server is stopping"});
}

void GroupCommit::stop() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
        wake_.notify_one();
    }
    if (thread_.joinable()) thread_.join();
}

GroupCommit::Stats GroupCommit::stats() {
    std::lock_guard lock(mutex_);
    return stats_;
}

void GroupCommit::run() {
    std::vector<Pending> batch;
    auto last_sync = std::chrono::steady_clock::time_point();
    for (;;) {
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
            if (queue_.empty()) return;  // stopping, and everything is written
            wake_.wait_until(lock, last_sync + min_interval_,
                             [&] { return stopping_ || queue_.size() >= max_batch_; });
            if (queue_.size() <= max_batch_) {
                batch.swap(queue_);
            } else {
                const auto end = queue_.begin() + std::ptrdiff_t(max_batch_);
                batch.assign(std::make_move_iterator(queue_.begin()), std::make_move_iterator(end));
                queue_.erase(queue_.begin(), end);
            }
            stats_.queued = queue_.size();
        }
        last_sync = std::chrono::steady_clock::now();
        write_batch(batch);
        {
            std::lock_guard lock(mutex_);
            ++stats_.batches;
            stats_.writes += batch.size();
            stats_.largest = std::max<std::uint64_t>(stats_.largest, batch.size());
        }
        batch.clear();
    }
}

// Groups the batch by sink (keeping each sink's order), writes the groups in one
// transaction, then tells each sink once.
void GroupCommit::write_batch(std::vector<Pending>& batch) {
    std::vector<WriteSink*> sinks;
    std::vector<std::shared_ptr<WriteSink>> owners;
    std::vector<std::vector<TableWrite>> groups;
    std::vector<std::size_t> skipped;  // writes of a sink that failed before
    std::unordered_map<WriteSink*, std::size_t> index;
    for (Pending& p : batch) {
        auto [it, fresh] = index.emplace(p.sink.get(), sinks.size());
        if (fresh) {
            sinks.push_back(p.sink.get());
            owners.push_back(p.sink);
            groups.emplace_back();
            skipped.push_back(0);
        }
        if (p.sink->failed_)
            ++skipped[it->second];
        else
            groups[it->second].push_back(std::move(p.write));
    }
    // A store that throws (a driver's bug, memory running out) fails this batch's groups,
    // as a failed transaction does: the writer's thread, and every other table, go on.
    std::vector<Status> done;
    try {
        if (fail_next_.exchange(false)) throw std::runtime_error("a fault injected for a test");
        if (slow_next_.exchange(false)) std::this_thread::sleep_for(std::chrono::milliseconds(300));
        done = store_.write_groups(groups);
    } catch (const std::exception& e) {
        spdlog::error("group commit: the store failed a batch of {} tables: {}", groups.size(),
                      e.what());
        done.assign(groups.size(), Error{std::string("the database write failed: ") + e.what()});
    }
    for (std::size_t g = 0; g < sinks.size(); ++g) {
        const std::size_t count = groups[g].size() + skipped[g];
        if (sinks[g]->failed_) {
            sinks[g]->written(count, Error{"an earlier write of this table failed"});
            continue;
        }
        if (!done[g]) sinks[g]->failed_ = true;
        sinks[g]->written(count, done[g]);
    }
}

}  // namespace hearts::server
