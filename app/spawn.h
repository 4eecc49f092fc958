// What the load tools share: a `hearts serve` they start themselves, in a fresh folder,
// this program run as a child, and what /proc says of a process (its memory and CPU).
#pragma once

#include <cmath>
#include <string>
#include <vector>

#include "hearts/expected.h"

namespace hearts::app {

/// A process's resident memory and CPU time so far, from /proc.
struct ProcSample {
    bool ok = false;
    long rss_kb = 0;
    double cpu_seconds = 0;  // user + system
};

/// pid 0: this process.
ProcSample read_proc(int pid);

/// The path of this running program ("" when /proc cannot say).
std::string this_binary();

/// What `run_this_binary` gives back: the exit status (-1: killed or not run), stdout,
/// and stderr (or why it could not be started).
struct Ran {
    int status = -1;
    std::string out, err;
};

/// Runs this program with `args` (a subcommand and its options) in a child that dies
/// with this process and inherits none of its descriptors beyond stdin; killed after
/// `limit_seconds`.
Ran run_this_binary(const std::vector<std::string>& args, double limit_seconds);

/// `hearts serve --port 0` in a fresh temporary folder (data and a stub web folder);
/// stopped, and the folder removed, on destruction. It never outlives the tool that
/// started it.
class SpawnedServer {
  public:
    /// `binary`: the `hearts` to run ("" = this one). `wrapper`: a command it runs
    /// under, e.g. {"prlimit", "--nofile=1024:1024", "--"}.
    explicit SpawnedServer(std::string binary = "", std::vector<std::string> wrapper = {})
        : binary_(std::move(binary)), wrapper_(std::move(wrapper)) {}
    ~SpawnedServer();
    SpawnedServer(const SpawnedServer&) = delete;
    SpawnedServer& operator=(const SpawnedServer&) = delete;

    /// Starts it with `extra` arguments; the port it listens on, or why it did not start.
    Expected<unsigned short> start(const std::vector<std::string>& extra);
    /// SIGTERM, and SIGKILL after 5 s.
    void stop();

    int pid() const { return pid_; }
    std::string data_dir() const { return dir_ + "/data"; }
    std::string log_path() const { return dir_ + "/server.log"; }
    std::vector<std::string> log_lines() const;

  private:
    std::string binary_;
    std::vector<std::string> wrapper_;
    std::string dir_;
    int pid_ = -1;
    int out_ = -1;
};

/// `v` rounded to `digits` decimals, for the figures a report prints.
inline double round_to(double v, int digits) {
    const double scale = std::pow(10.0, digits);
    return std::round(v * scale) / scale;
}

}  // namespace hearts::app
