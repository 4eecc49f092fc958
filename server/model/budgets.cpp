#include "model/budgets.h"

#include <arpa/inet.h>
#include <algorithm>

namespace hearts::server {

void TokenBucket::refill(LimitClock::time_point now) {
    const double seconds = std::chrono::duration<double>(now - last_).count();
    if (seconds > 0) tokens_ = std::min(budget_.burst, tokens_ + budget_.rate * seconds);
    last_ = std::max(last_, now);
}

bool TokenBucket::take(LimitClock::time_point now) {
    refill(now);
    if (tokens_ < 1) return false;
    tokens_ -= 1;
    return true;
}

bool TokenBucket::available(LimitClock::time_point now) const {
    const double seconds = std::chrono::duration<double>(now - last_).count();
    return std::min(budget_.burst, tokens_ + budget_.rate * std::max(0.0, seconds)) >= 1;
}

bool TokenBucket::full(LimitClock::time_point now) const {
    const double seconds = std::chrono::duration<double>(now - last_).count();
    return tokens_ + budget_.rate * std::max(0.0, seconds) >= budget_.burst;
}

bool KeyedLimiter::take(const std::string& key, LimitClock::time_point now) {
    // Now and then, forget the keys whose buckets are full again: they hold no debt.
    if (++takes_ % 1024 == 0 || buckets_.size() > 65536)
        std::erase_if(buckets_, [&](const auto& entry) { return entry.second.full(now); });
    auto it = buckets_.find(key);
    if (it == buckets_.end()) it = buckets_.emplace(key, TokenBucket(budget_, now)).first;
    return it->second.take(now);
}

bool KeyedLimiter::available(const std::string& key, LimitClock::time_point now) const {
    auto it = buckets_.find(key);
    return it == buckets_.end() || it->second.available(now);
}

std::string address_key(std::string_view address) {
    if (address.find(':') == std::string_view::npos) return std::string(address);
    in6_addr a{};
    if (inet_pton(AF_INET6, std::string(address).c_str(), &a) != 1) return std::string(address);
    // An IPv4 address written as IPv6 (::ffff:a.b.c.d) is that IPv4 address.
    static constexpr unsigned char kMapped[12] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff};
    if (std::equal(kMapped, kMapped + 12, a.s6_addr)) {
        char text[INET_ADDRSTRLEN] = {};
        inet_ntop(AF_INET, a.s6_addr + 12, text, sizeof text);
        return text;
    }
    std::fill(a.s6_addr + 8, a.s6_addr + 16, 0);
    char text[INET6_ADDRSTRLEN] = {};
    inet_ntop(AF_INET6, &a, text, sizeof text);
    return std::string(text) + "/64";
}

Admission::Decision Admission::admit(const std::string& address, LimitClock::time_point now,
                                     bool proxy) {
    const std::string key = proxy ? "proxy " + address : address_key(address);
    Decision d;
    // The address holding the most connections (never a proxy's, which speaks for many).
    const auto busiest = [&] {
        auto best = open_.end();
        for (auto it = open_.begin(); it != open_.end(); ++it) {
            if (it->first.rfind("proxy ", 0) == 0) continue;
            if (best == open_.end() || it->second.size() > best->second.size()) best = it;
        }
        return best;
    };
    if (proxy) {
        // Full: someone behind the proxy is as new as any newcomer, so the busiest address
        // (if it holds more than one) gives up its oldest.
        if (total() >= options_.total) {
            auto top = busiest();
            if (top == open_.end() || top->second.size() < 2) {
                d.reason = "the server is full";
                return d;
            }
            d.evict = *top->second.begin();
            release(d.evict);
        }
        return place(d, key);
    }
    if (!rate_.take(key, now)) {
        d.reason = "more than " + std::to_string(int(options_.per_minute)) +
                   " new connections a minute from that address";
        return d;
    }
    auto& mine = open_[key];
    if (int(mine.size()) >= options_.per_address) {
        d.reason = "too many connections from that address";
        return d;
    }
    if (total() >= options_.total) {
        // Full: the busiest address gives up its oldest connection, if it holds more
        // than this address would with the new one.
        auto top = busiest();
        if (top == open_.end() || top->second.size() <= mine.size() + 1) {
            if (mine.empty()) open_.erase(key);
            d.reason = "the server is full";
            return d;
        }
        d.evict = *top->second.begin();
        release(d.evict);
    }
    return place(d, key);
}

Admission::Decision Admission::place(Decision d, const std::string& key) {
    d.admitted = true;
    d.id = next_++;
    address_of_.emplace(d.id, key);
    open_[key].insert(d.id);
    return d;
}

void Admission::leave_address(Id id) {
    auto it = address_of_.find(id);
    if (it == address_of_.end()) return;
    auto set = open_.find(it->second);
    if (set != open_.end()) {
        set->second.erase(id);
        if (set->second.empty()) open_.erase(set);
    }
}

void Admission::release(Id id) {
    leave_address(id);
    address_of_.erase(id);
}

int Admission::open(const std::string& address) const {
    auto it = open_.find(address_key(address));
    return it == open_.end() ? 0 : int(it->second.size());
}

}  // namespace hearts::server
