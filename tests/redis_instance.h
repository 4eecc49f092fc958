// A real Redis server for the cluster tests (never a mock): tests/redis.sh starts one of
// the test process's own, on a Unix socket in a folder under /tmp; the process stops it
// when it exits, and the script's watchdog does when the process dies (kill -9, ctest's
// timeout).
#pragma once

#include <unistd.h>

#include <cstdlib>
#include <stdexcept>
#include <string>

namespace hearts::testing {

class RedisInstance {
  public:
    RedisInstance() : dir_("/tmp/hearts-redis-" + std::to_string(::getpid())) {
        script("start", std::to_string(::getpid()));
    }
    ~RedisInstance() { script("stop"); }
    RedisInstance(const RedisInstance&) = delete;
    RedisInstance& operator=(const RedisInstance&) = delete;

    std::string url() const { return "unix://" + dir_ + "/redis.sock"; }
    /// Kills it as a crash would (everything it held is lost) and starts it again.
    void restart() { script("restart"); }
    /// Kills it as `restart` does, and leaves it down until `up`.
    void down() { script("down"); }
    void up() { script("up"); }

  private:
    void script(const std::string& command, const std::string& extra = "") const {
        const std::string line = "'" + std::string(HEARTS_SOURCE_DIR) + "/tests/redis.sh' " +
                                 command + " '" + dir_ + "' " + extra + " >/dev/null";
        if (std::system(line.c_str()) != 0 && command != "stop")
            throw std::runtime_error("tests/redis.sh " + command + " " + dir_ + " failed");
    }
    std::string dir_;
};

}  // namespace hearts::testing
