// `hearts bench`: plays a fixed set of seeded random-legal hands through the Game API
// (the same validating `apply` the server uses) and prints hands per second and a
// signature. The signature changes exactly when play changes: a commit that changes it
// ends its message with `Bench: <signature>`.
#pragma once

#include <cstdint>
#include <iosfwd>

namespace hearts::app {

struct BenchOptions {
    int hands = 1'000'000;
    std::uint64_t seed = 1;
};

struct BenchResult {
    std::int64_t hands = 0;
    std::int64_t plays = 0;
    std::int64_t points = 0;      // total points scored over every hand
    std::uint64_t signature = 0;  // hash over every pass and play, and the points
    double seconds = 0;
};

/// Plays the hands. Deterministic in everything but `seconds`.
BenchResult run_bench(const BenchOptions& options);
/// Runs and prints the report to `out`; returns the process exit code.
int bench_command(const BenchOptions& options, std::ostream& out);

}  // namespace hearts::app
