// Microbenchmarks of the server's hot paths (Google Benchmark), the figures behind
// docs/reliability.md, "Load":
//   - a durable append of one action to the SQLite store (WAL, synchronous=FULL), in a
//     fresh folder under $TMPDIR: ext4 measures the disk's flush, tmpfs the CPU;
//   - the update frame one seat is sent for a card played, from a mid-hand position.
// Inputs are fixed-seed, so runs compare across commits. Smoke run:
//   server_benchmarks --benchmark_min_time=0.001
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <condition_variable>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "hearts/ai/bot.h"
#include "model/table.h"
#include "protocol/messages.h"
#include "store/group_commit.h"
#include "store/store.h"

namespace hearts::server {
namespace {

namespace fs = std::filesystem;

// A store in a folder of its own, removed at the end.
class ScratchStore {
  public:
    ScratchStore() {
        std::string pattern = (fs::temp_directory_path() / "hearts-bench-XXXXXX").string();
        if (!mkdtemp(pattern.data())) std::abort();
        dir_ = pattern;
        auto s = Store::open(dir_);
        if (!s) std::abort();
        store_ = std::move(s).value();
    }
    ~ScratchStore() {
        store_.reset();
        std::error_code ec;
        fs::remove_all(dir_, ec);
    }
    Store& operator*() { return *store_; }
    Store* operator->() { return store_.get(); }

  private:
    std::string dir_;
    std::unique_ptr<Store> store_;
};

TableSetup new_table(Store& store, const std::string& owner, std::uint64_t seed) {
    TableSetup s;
    s.id = store.new_table_id().value();
    s.owner = owner;
    s.seed = seed;
    s.names = {"Ada", "Mike", "Bill", "Lisa"};
    s.bot_level = "random";
    s.seats[0].player = owner;
    if (!store.create_table(s)) std::abort();
    return s;
}

// One acknowledged action's write: what every card played costs the store.
void BM_StoreAppendAction(benchmark::State& state) {
    ScratchStore store;
    const std::string owner = store->create_player().value().id;
    const TableSetup table = new_table(*store, owner, 1);
    const Action action = Action::play(Seat::West, Card(Suit::Hearts, Rank::Queen));
    std::int64_t seq = 0;
    for (auto _ : state) {
        const Status ok = store->append_action(table.id, seq++, action);
        if (!ok) state.SkipWithError(ok.error().reason.c_str());
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_StoreAppendAction)->UseRealTime();

// Counts a sink's writes answered, so the benchmark can wait for them.
struct WaitingSink : WriteSink {
    void written(std::size_t count, const Status& status) override {
        std::lock_guard lock(mutex);
        if (!status) error = status.error().reason;
        done += count;
        changed.notify_all();
    }
    void wait_for(std::size_t n) {
        std::unique_lock lock(mutex);
        changed.wait(lock, [&] { return done >= n; });
    }
    std::mutex mutex;
    std::condition_variable changed;
    std::size_t done = 0;
    std::string error;
};

// Durable appends through group commit, `range(0)` tables writing at once: each table
// queues one action, as a table does when its person plays, and every table's write must
// be durable before the next round (what a table waits for before it acks). Compare
// items/s with BM_StoreAppendAction, one sync per action.
void BM_GroupCommitAppends(benchmark::State& state) {
    ScratchStore store;
    const std::string owner = store->create_player().value().id;
    const auto tables = std::size_t(state.range(0));
    std::vector<TableSetup> setups;
    std::vector<std::shared_ptr<WaitingSink>> sinks;
    for (std::size_t k = 0; k < tables; ++k) {
        setups.push_back(new_table(*store, owner, std::uint64_t(k + 1)));
        sinks.push_back(std::make_shared<WaitingSink>());
    }
    GroupCommit writer(*store);
    const Action action = Action::play(Seat::West, Card(Suit::Hearts, Rank::Queen));
    std::int64_t seq = 0;
    for (auto _ : state) {
        for (std::size_t k = 0; k < tables; ++k)
            writer.submit(sinks[k], ActionWrite{setups[k].id, seq, action});
        ++seq;
        for (auto& sink : sinks) sink->wait_for(std::size_t(seq));
    }
    for (auto& sink : sinks)
        if (!sink->error.empty()) state.SkipWithError(sink->error.c_str());
    const GroupCommit::Stats stats = writer.stats();
    state.counters["writes/batch"] =
        stats.batches ? double(stats.writes) / double(stats.batches) : 0.0;
    state.SetItemsProcessed(state.iterations() * std::int64_t(tables));
}
BENCHMARK(BM_GroupCommitAppends)->Arg(1)->Arg(16)->Arg(256)->UseRealTime();

// A table `plays` random actions into its first hand, and the last event.
Table mid_hand(int plays) {
    TableSetup s;
    s.id = "benchtbl";
    s.seed = 7;
    s.names = {"Ada", "Mike", "Bill", "Lisa"};
    Table t(s);
    auto bot = ai::make_bot("random").value();
    for (int i = 0; i < plays && t.game().phase() != Phase::GameOver; ++i) {
        if (t.game().phase() == Phase::HandOver) {
            if (!t.apply(Action::next_hand())) std::abort();
            continue;
        }
        for (Seat seat : kAllSeats) {
            if (!t.game().awaiting(seat)) continue;
            if (!t.apply(ai::decide(*bot, t.game().view(seat), std::uint64_t(i)))) std::abort();
            break;
        }
    }
    return t;
}

// The frame South is sent when a card is played: the event and South's view, after
// `state.range(0)` actions (30: the first hand; 500: about the seventh, with a sheet),
// whole (protocol version 2, `range(1)` = 0) or lean (version 3: no rules, and the names
// and sheet unchanged, so left out).
void BM_SeatUpdateFrame(benchmark::State& state) {
    const Table t = mid_hand(int(state.range(0)));
    const bool lean = state.range(1) != 0;
    const TableEvent& event = t.events().back();
    const std::string event_text = event_json(event);  // once a change, for every seat
    std::size_t bytes = 0;
    for (auto _ : state) {
        const SeatView view = t.view(Seat::South);
        std::string frame =
            lean ? update_message(t.id(), event.version, event_text,
                                  update_view_json(view, t.setup().names, false, false))
                 : update_message(t.id(), event.version, event_text, view, t.setup().names);
        bytes += frame.size();
        benchmark::DoNotOptimize(frame);
    }
    state.counters["bytes/frame"] = double(bytes) / double(state.iterations());
    state.SetBytesProcessed(std::int64_t(bytes));
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_SeatUpdateFrame)->ArgNames({"actions", "lean"})->ArgsProduct({{30, 500}, {0, 1}});

}  // namespace
}  // namespace hearts::server

BENCHMARK_MAIN();
