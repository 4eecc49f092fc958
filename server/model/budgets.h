// Budgets for what a client may ask of the server (docs/reliability.md, "Limits"), as
// values: a token bucket, the same keyed by address, and who may open a connection. No
// Asio and no clock of their own: the caller passes the time, so tests can too.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>

namespace hearts::server {

using LimitClock = std::chrono::steady_clock;

/// `rate` per second sustained, bursts up to `burst`.
struct Budget {
    double rate = 1;
    double burst = 1;
    /// `n` a minute, all of them at once if need be.
    static Budget per_minute(double n) { return {n / 60.0, n}; }
};

/// One token bucket: `take` spends one token if there is one.
class TokenBucket {
  public:
    explicit TokenBucket(Budget budget, LimitClock::time_point now = LimitClock::now())
        : budget_(budget), tokens_(budget.burst), last_(now) {}
    bool take(LimitClock::time_point now);
    /// Whether a token is there to take (nothing is spent).
    bool available(LimitClock::time_point now) const;
    /// Whether the bucket is full again at `now` (it then holds nothing worth keeping).
    bool full(LimitClock::time_point now) const;

  private:
    void refill(LimitClock::time_point now);
    Budget budget_;
    double tokens_;
    LimitClock::time_point last_;
};

/// A bucket per key (an address, or an IPv6 /64): keys that are full again are
/// forgotten, so the map holds only the keys that spent something lately.
class KeyedLimiter {
  public:
    explicit KeyedLimiter(Budget budget) : budget_(budget) {}
    bool take(const std::string& key, LimitClock::time_point now = LimitClock::now());
    /// Whether `key` has a token left (nothing is spent).
    bool available(const std::string& key, LimitClock::time_point now = LimitClock::now()) const;
    std::size_t keys() const { return buckets_.size(); }

  private:
    Budget budget_;
    std::unordered_map<std::string, TokenBucket> buckets_;
    std::size_t takes_ = 0;
};

/// The key a client address is counted under: an IPv4 address as it is, an IPv6
/// address by its /64 (one host usually holds a whole /64).
std::string address_key(std::string_view address);

/// Who may open a connection: at most `per_address` open from one address, at most
/// `total` in all, and `per_minute` new ones from one address a minute. When the server
/// is full, a newcomer from an address with fewer connections than the busiest address
/// takes the place of that address's oldest connection, so a few addresses filling the
/// server cannot keep everyone else out.
class Admission {
  public:
    struct Options {
        int per_address = 32;
        int total = 4096;
        double per_minute = 120;
    };
    using Id = std::uint64_t;
    struct Decision {
        bool admitted = false;
        Id id = 0;           // the new connection's, when admitted
        Id evict = 0;        // a connection to close for it (0: none)
        std::string reason;  // when refused: why, for the log
    };

    explicit Admission(Options options)
        : options_(options), rate_(Budget::per_minute(options.per_minute)) {}
    /// `proxy`: the connection comes from a trusted reverse proxy, which speaks for many
    /// clients: it counts in the total only, and is never the one to make room. (Its
    /// client is admitted under their own address once the request names them.)
    Decision admit(const std::string& address, LimitClock::time_point now = LimitClock::now(),
                   bool proxy = false);
    /// The connection ended (or was evicted): its place is free.
    void release(Id id);
    /// The connection is closing: its address's place is free at once, but it counts in
    /// the total until `release` (its socket is still open, for the close handshake).
    void leave_address(Id id);
    int open(const std::string& address) const;
    int total() const { return int(address_of_.size()); }
    const Options& options() const { return options_; }

  private:
    /// Admits `d` under `key`.
    Decision place(Decision d, const std::string& key);

    Options options_;
    KeyedLimiter rate_;
    Id next_ = 1;
    std::unordered_map<Id, std::string> address_of_;  // open connections by id
    std::map<std::string, std::set<Id>> open_;        // by address key: ids, oldest first
};

}  // namespace hearts::server
