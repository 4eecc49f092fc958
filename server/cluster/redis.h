// A thin, checked layer over hiredis (Debian's libhiredis-dev), for the cluster
// (cluster/cluster.h): one blocking connection, not thread-safe, whose every call says what
// failed. The cluster gives each of its threads a connection of its own.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "hearts/expected.h"

struct redisContext;

namespace hearts::server::redis {

/// Where Redis is: `redis://[:password@]host[:port][/db]` or
/// `unix://[:password@]/path/to.sock[?db=N]`.
struct Address {
    std::string host;
    int port = 6379;
    std::string socket;  // a Unix socket instead of host and port
    std::string password;
    int db = 0;
};
/// The address in `url`, or why it is not one.
Expected<Address> parse_url(const std::string& url);
/// `url` with its password, if any, written as "***": for logs and messages.
std::string redact(const std::string& url);

/// One reply: a string (status, error, bulk), an integer, nil, or an array.
struct Reply {
    enum class Kind { Nil, String, Integer, Array, Status };
    Kind kind = Kind::Nil;
    std::string text;
    long long integer = 0;
    std::vector<Reply> elements;
    bool nil() const { return kind == Kind::Nil; }
};

class Connection {
  public:
    /// Connects (within `timeout`), authenticates and selects the database. Every later
    /// read waits at most `timeout` too.
    static Expected<std::unique_ptr<Connection>> open(const Address& address,
                                                      std::chrono::milliseconds timeout);
    ~Connection();
    Connection(const Connection&) = delete;
    Connection& operator=(const Connection&) = delete;

    /// Runs one command (each argument binary-safe) and returns its reply; a Redis
    /// error reply is an error too.
    Expected<Reply> run(const std::vector<std::string>& args);
    /// Queues a command without waiting (pipelining): `flush_and_read` sends them all.
    void append(const std::vector<std::string>& args);
    /// Sends what `append` queued and reads `count` replies (into `replies`, if given); the
    /// first failure. A Redis error reply fails only its own command: the rest are read.
    Status flush_and_read(std::size_t count, std::vector<Reply>* replies = nullptr);
    /// The next reply pushed by the server (a subscription's message). A read that timed
    /// out is `timed_out()`, and the connection stays usable.
    Expected<Reply> next();
    bool timed_out() const { return timed_out_; }
    /// The connection failed: open a new one.
    bool broken() const;

  private:
    explicit Connection(redisContext* c) : c_(c) {}
    Error failure(const std::string& doing);
    redisContext* c_;
    bool timed_out_ = false;
};

}  // namespace hearts::server::redis
