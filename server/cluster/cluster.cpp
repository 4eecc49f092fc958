#include "cluster/cluster.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>

#include "store/store.h"

namespace hearts::server {
namespace {

using Clock = std::chrono::steady_clock;

const std::string kAll = "hearts:all";  // the channel every node listens to
const std::string kNodes = "hearts:nodes";
const std::string kOwners = "hearts:owner";
const std::string kLobby = "hearts:lobby";

std::string channel_of(const std::string& node) {
    return "hearts:n:" + node;
}
std::string beat_key(const std::string& node) {
    return "hearts:node:" + node;
}
std::string online_key(const std::string& node) {
    return "hearts:online:" + node;
}
std::string challenges_key(const std::string& player) {
    return "hearts:challenges:" + player;
}

// Deletes a hash's field only while it still names this node (another node may have
// claimed the table since).
const std::string kDeleteIfMine =
    "local v = redis.call('HGET', KEYS[1], ARGV[1]) "
    "if v and (v == ARGV[2] or string.sub(v, 1, #ARGV[2] + 1) == ARGV[2] .. '\\n') then "
    "return redis.call('HDEL', KEYS[1], ARGV[1]) end return 0";

// Deletes every field of the hashes KEYS that names node ARGV[1] (a node that is gone).
const std::string kDeleteAllOf =
    "local n = 0 for _, key in ipairs(KEYS) do "
    "local all = redis.call('HGETALL', key) "
    "for i = 1, #all, 2 do local v = all[i + 1] "
    "if v == ARGV[1] or string.sub(v, 1, #ARGV[1] + 1) == ARGV[1] .. '\\n' then "
    "redis.call('HDEL', key, all[i]) n = n + 1 end end end return n";

// A message between nodes: a letter, fields separated by tabs, and a body after the
// first newline. Ids, player ids, node ids and addresses hold neither tabs nor newlines.
std::string message(char kind, const std::vector<std::string>& fields, const std::string& body) {
    std::string out(1, kind);
    for (const std::string& f : fields) out += '\t' + f;
    out += '\n';
    out += body;
    return out;
}

struct Parsed {
    char kind = 0;
    std::vector<std::string> fields;
    std::string body;
};

std::optional<Parsed> parse(const std::string& text) {
    const auto nl = text.find('\n');
    if (text.empty() || nl == std::string::npos) return std::nullopt;
    Parsed p;
    p.kind = text[0];
    std::size_t at = 1;
    while (at < nl && text[at] == '\t') {
        const auto next = std::min(text.find('\t', at + 1), nl);
        p.fields.push_back(text.substr(at + 1, next - at - 1));
        at = next;
    }
    p.body = text.substr(nl + 1);
    return p;
}

}  // namespace

bool Cluster::valid_name(const std::string& name) {
    return !name.empty() && name.size() <= 64 &&
           std::all_of(name.begin(), name.end(), [](unsigned char c) {
               return std::isalnum(c) || c == '.' || c == '_' || c == '-';
           });
}

Cluster::Cluster(std::string url, const std::string& name)
    : url_(std::move(url)), node_(name + "." + random_code(6)) {}

Cluster::~Cluster() {
    stop();
}

Expected<std::unique_ptr<redis::Connection>> Cluster::connect() {
    return redis::Connection::open(address_, std::chrono::milliseconds(1000));
}

Status Cluster::start(Handlers handlers) {
    auto address = redis::parse_url(url_);
    if (!address) return address.error();
    address_ = *address;
    // A password in the environment stays out of the process list, where any local
    // account reads the command line (docs/scaling.md).
    if (const char* password = std::getenv("HEARTS_REDIS_PASSWORD");
        address_.password.empty() && password && *password)
        address_.password = password;
    handlers_ = std::move(handlers);
    auto first = connect();
    if (!first) return Error{first.error().reason + " (--redis " + redis::redact(url_) + ")"};
    if (auto pong = (*first)->run({"PING"}); !pong) return pong.error();
    query_ = std::move(first).value();
    // Each loop catches what Redis does to it; what else throws (a handler's bug, memory
    // running out) restarts the loop a second later rather than ending the process.
    const auto guarded = [this](void (Cluster::*loop)(), const char* name) {
        while (!stopping_) {
            try {
                (this->*loop)();
                return;
            } catch (const std::exception& e) {
                spdlog::error("cluster: the {} thread failed and starts again: {}", name, e.what());
            } catch (...) {
                spdlog::error("cluster: the {} thread failed and starts again", name);
            }
            // (the sending thread's failure leaves the listening one as it was)
            if (loop == &Cluster::listen_loop) listening_ = false;
            std::this_thread::sleep_for(kBeat);
        }
    };
    sender_ = std::thread([guarded] { guarded(&Cluster::send_loop, "sending"); });
    listener_ = std::thread([guarded] { guarded(&Cluster::listen_loop, "listening"); });
    return {};
}

void Cluster::stop() {
    if (stopping_.exchange(true)) return;
    wake_.notify_all();
    if (sender_.joinable()) sender_.join();
    if (listener_.joinable()) listener_.join();
    // A node that stops says so: the others take it for gone at their next checks
    // rather than forwarding to it until its heartbeat runs out.
    if (auto c = connect(); c) {
        (*c)->append({"DEL", beat_key(node_)});
        (*c)->append({"DEL", online_key(node_)});
        (void)(*c)->flush_and_read(2);
    }
}

void Cluster::keep(const std::string& node, const std::vector<std::string>& conns) {
    std::string body;
    for (const std::string& c : conns) body += c + "\n";
    push({"PUBLISH", channel_of(node), message('K', {node_}, body)});
}

void Cluster::resend(const std::string& node) {
    push({"PUBLISH", channel_of(node), message('S', {node_}, "")});
}

std::vector<std::string> Cluster::others() {
    std::lock_guard lock(mutex_);
    return {alive_.begin(), alive_.end()};
}

bool Cluster::alive(const std::string& node) {
    if (node == node_) return true;
    std::lock_guard lock(mutex_);
    return alive_.contains(node);
}

void Cluster::push(std::vector<std::string> command, std::function<void()> undelivered) {
    std::function<void()> dropped;
    {
        std::lock_guard lock(mutex_);
        if (queue_.size() >= kMaxQueued) {
            dropped = std::move(queue_.front().undelivered);
            queue_.pop_front();
            ++counts_.dropped;
        }
        queue_.push_back(Command{std::move(command), std::move(undelivered)});
    }
    wake_.notify_one();
    if (dropped) dropped();
}

void Cluster::forward(const std::string& node, const Forwarded& f,
                      std::function<void()> undelivered) {
    push({"PUBLISH", channel_of(node),
          message('R',
                  {f.conn, f.from, f.player, std::to_string(f.protocol), f.address,
                   std::to_string(f.hops)},
                  f.text)},
         std::move(undelivered));
}

void Cluster::frame(const std::string& node, const std::string& conn, const std::string& frame) {
    push({"PUBLISH", channel_of(node), message('F', {conn}, frame)});
}

void Cluster::reconnect(const std::string& node, const std::string& conn,
                        const std::string& reason) {
    push({"PUBLISH", channel_of(node), message('X', {conn}, reason)});
}

void Cluster::closed(const std::string& node, const std::string& conn) {
    push({"PUBLISH", channel_of(node), message('C', {conn}, "")});
}

void Cluster::attached(const std::string& node, const std::string& conn) {
    push({"PUBLISH", channel_of(node), message('A', {conn, node_}, "")});
}

void Cluster::to_player(const std::string& player, const std::string& frame) {
    push({"PUBLISH", kAll, message('P', {node_, player}, frame)});
}

void Cluster::lobby(const std::string& table, const std::optional<std::string>& entry) {
    if (entry)
        push({"HSET", kLobby, table, node_ + "\n" + *entry});
    else
        push({"EVAL", kDeleteIfMine, "1", kLobby, table, node_});
    push({"PUBLISH", kAll, message('L', {node_, table}, entry ? *entry : "")});
}

void Cluster::owns(const std::string& table, bool yes) {
    if (yes)
        push({"HSET", kOwners, table, node_});
    else
        push({"EVAL", kDeleteIfMine, "1", kOwners, table, node_});
}

void Cluster::online(const std::string& player, bool yes) {
    push({yes ? "SADD" : "SREM", online_key(node_), player});
}

void Cluster::challenge(const std::string& to, const std::string& table, const std::string& frame) {
    if (frame.empty()) {
        push({"EVAL", kDeleteIfMine, "1", challenges_key(to), table, node_});
        return;
    }
    push({"HSET", challenges_key(to), table, node_ + "\n" + frame});
    push({"EXPIRE", challenges_key(to), std::to_string(kChallengesKept.count())});
}

Expected<redis::Connection*> Cluster::query_connection() {
    if (!query_ || query_->broken()) {
        query_.reset();
        auto c = connect();
        if (!c) return c.error();
        query_ = std::move(c).value();
    }
    return query_.get();
}

// A lookup; a connection found broken (Redis restarted since its last use) is opened
// again once.
Expected<redis::Reply> Cluster::query(const std::vector<std::string>& args) {
    std::lock_guard lock(query_mutex_);
    for (int attempt = 0;; ++attempt) {
        auto c = query_connection();
        if (!c) return c.error();
        auto r = (*c)->run(args);
        if (r || !(*c)->broken() || attempt == 1) return r;
    }
}

Expected<std::optional<std::string>> Cluster::owner_of(const std::string& table) {
    auto r = query({"HGET", kOwners, table});
    if (!r) return r.error();
    if (r->nil()) return std::optional<std::string>{};
    return std::optional<std::string>(r->text);
}

Expected<bool> Cluster::online_elsewhere(const std::string& player) {
    std::vector<std::string> nodes;
    {
        std::lock_guard lock(mutex_);
        nodes.assign(alive_.begin(), alive_.end());
    }
    for (const std::string& node : nodes) {
        auto r = query({"SISMEMBER", online_key(node), player});
        if (!r) return r.error();
        if (r->integer == 1) return true;
    }
    return false;
}

Expected<std::vector<Cluster::LobbyRow>> Cluster::lobby_rows() {
    std::vector<LobbyRow> rows;
    auto all = query({"HGETALL", kLobby});
    if (!all) return all.error();
    const auto& e = all->elements;
    for (std::size_t k = 0; k + 1 < e.size(); k += 2) {
        const std::string& value = e[k + 1].text;
        const auto nl = value.find('\n');
        if (nl == std::string::npos) continue;
        std::string node = value.substr(0, nl);
        if (node == node_ || !alive(node)) continue;
        rows.push_back({std::move(node), e[k].text, value.substr(nl + 1)});
    }
    return rows;
}

Expected<std::vector<std::pair<std::string, std::string>>> Cluster::challenges_to(
    const std::string& player) {
    auto all = query({"HGETALL", challenges_key(player)});
    if (!all) return all.error();
    std::vector<std::pair<std::string, std::string>> out;
    const auto& e = all->elements;
    for (std::size_t k = 0; k + 1 < e.size(); k += 2) {
        const std::string& value = e[k + 1].text;
        const auto nl = value.find('\n');
        if (nl == std::string::npos) continue;
        // A challenge of a node that is gone went with it (its table is another node's
        // now, or closed).
        if (const std::string node = value.substr(0, nl); node == node_ || !alive(node)) continue;
        out.emplace_back(e[k].text, value.substr(nl + 1));
    }
    return out;
}

Cluster::Counts Cluster::counts() {
    std::lock_guard lock(mutex_);
    Counts c = counts_;
    c.nodes = alive_.size() + 1;
    c.pending = queue_.size() + in_flight_;
    return c;
}

// The heartbeat, and the check of the others: a node whose heartbeat is gone for two
// checks in a row is gone (its tables are free once PostgreSQL has let go of its locks).
// Nobody is declared gone in the first seconds after Redis came back: every node writes
// its heartbeat again within a beat.
void Cluster::beat(redis::Connection& c, bool fresh) {
    const auto now = Clock::now();
    c.append({"SET", beat_key(node_), "1", "PX", std::to_string(kAliveFor.count())});
    c.append({"SADD", kNodes, node_});
    if (Status s = c.flush_and_read(2); !s) throw std::runtime_error(s.error().reason);
    auto members = c.run({"SMEMBERS", kNodes});
    if (!members) throw std::runtime_error(members.error().reason);
    // The nodes in the set, and the ones this node knows alive that another node took out
    // of it already (it found them gone first).
    std::set<std::string> listed;
    for (const redis::Reply& m : members->elements)
        if (m.text != node_) listed.insert(m.text);
    std::vector<std::string> others(listed.begin(), listed.end());
    {
        std::lock_guard lock(mutex_);
        for (const std::string& n : alive_)
            if (!listed.contains(n)) others.push_back(n);
    }
    std::vector<bool> beating(others.size(), false);
    if (!others.empty()) {
        std::vector<std::string> mget{"MGET"};
        for (const std::string& n : others) mget.push_back(beat_key(n));
        auto got = c.run(mget);
        if (!got) throw std::runtime_error(got.error().reason);
        for (std::size_t k = 0; k < got->elements.size() && k < others.size(); ++k)
            beating[k] = !got->elements[k].nil();
    }
    std::vector<std::string> gone;
    {
        std::lock_guard lock(mutex_);
        if (fresh) healthy_since_ = now;
        const bool settled = now - healthy_since_ >= kAliveFor + kBeat;
        for (std::size_t k = 0; k < others.size(); ++k) {
            const std::string& n = others[k];
            if (beating[k]) {
                alive_.insert(n);
                missed_.erase(n);
            } else if (++missed_[n] >= 2 && settled) {
                missed_.erase(n);
                alive_.erase(n);
                gone.push_back(n);  // or the leftovers of one this node never saw alive
            }
        }
    }
    for (const std::string& n : gone) {
        auto removed = c.run({"SREM", kNodes, n});
        if (listed.contains(n) && removed && removed->integer == 1) {
            // This node saw it first: it clears what Redis kept of it.
            (void)c.run({"DEL", online_key(n)});
            (void)c.run({"EVAL", kDeleteAllOf, "2", kOwners, kLobby, n});
        }
        if (handlers_.node_gone) handlers_.node_gone(n);
    }
}

void Cluster::send_loop() {
    const auto landed = [this] {  // the batch taken is sent, or given up
        std::lock_guard lock(mutex_);
        in_flight_ = 0;
    };
    landed();  // a loop that threw may have left one
    std::unique_ptr<redis::Connection> c;
    auto next_beat = Clock::now();
    std::vector<Command> batch;
    std::vector<redis::Reply> replies;
    const auto undelivered = [&] {
        for (Command& command : batch)
            if (command.undelivered) command.undelivered();
        std::lock_guard lock(mutex_);
        counts_.dropped += batch.size();
    };
    while (!stopping_) {
        if (fail_sending_.exchange(false)) throw std::runtime_error("a fault injected for a test");
        if (!c) {
            auto opened = connect();
            if (!opened) {
                if (connected_.exchange(false))
                    spdlog::error("cluster: lost Redis: {}", opened.error().reason);
                {
                    std::unique_lock lock(mutex_);
                    batch.assign(std::make_move_iterator(queue_.begin()),
                                 std::make_move_iterator(queue_.end()));
                    queue_.clear();
                }
                // What waits would be stale by the time Redis is back: requests are
                // answered with an error now, and the rest is written anew on resync.
                undelivered();
                batch.clear();
                std::unique_lock lock(mutex_);
                wake_.wait_for(lock, kBeat, [&] { return stopping_.load(); });
                continue;
            }
            c = std::move(opened).value();
            try {
                (void)c->run({"DEL", online_key(node_)});
                beat(*c, true);
            } catch (const std::exception& e) {
                c.reset();
                continue;
            }
            if (!connected_.exchange(true))
                spdlog::info("cluster: Redis reached as node {}", node_);
            next_beat = Clock::now() + kBeat;
            if (handlers_.resync) handlers_.resync();
        }
        {
            std::unique_lock lock(mutex_);
            wake_.wait_until(lock, next_beat, [&] { return stopping_.load() || !queue_.empty(); });
            constexpr std::size_t kMostInOneGo = 1024;
            while (!queue_.empty() && batch.size() < kMostInOneGo) {
                batch.push_back(std::move(queue_.front()));
                queue_.pop_front();
            }
            in_flight_ = batch.size();
        }
        try {
            if (!batch.empty()) {
                for (const Command& command : batch) c->append(command.args);
                replies.clear();
                if (Status s = c->flush_and_read(batch.size(), &replies); !s && c->broken()) {
                    // What Redis answered was delivered (or not, as it said); the rest
                    // is lost with the connection.
                    batch.erase(batch.begin(), batch.begin() + std::ptrdiff_t(replies.size()));
                    undelivered();
                    throw std::runtime_error(s.error().reason);
                }
                for (std::size_t k = 0; k < batch.size() && k < replies.size(); ++k)
                    if (batch[k].undelivered && replies[k].kind == redis::Reply::Kind::Integer &&
                        replies[k].integer == 0)
                        batch[k].undelivered();
                std::lock_guard lock(mutex_);
                counts_.sent += batch.size();
            }
            batch.clear();
            if (Clock::now() >= next_beat) {
                beat(*c, false);
                next_beat = Clock::now() + kBeat;
            }
        } catch (const std::exception& e) {
            batch.clear();
            c.reset();
            if (connected_.exchange(false)) spdlog::error("cluster: lost Redis: {}", e.what());
        }
        landed();
    }
}

void Cluster::listen_loop() {
    std::unique_ptr<redis::Connection> c;
    while (!stopping_) {
        if (fail_listening_.exchange(false))
            throw std::runtime_error("a fault injected for a test");
        if (!c) {
            auto opened = redis::Connection::open(address_, std::chrono::milliseconds(200));
            if (opened) {
                (*opened)->append({"SUBSCRIBE", channel_of(node_), kAll});
                if ((*opened)->flush_and_read(2)) c = std::move(opened).value();
            }
            listening_ = c != nullptr;
            if (!c) {
                for (int k = 0; k < 10 && !stopping_; ++k)
                    std::this_thread::sleep_for(std::chrono::milliseconds(100));
                continue;
            }
            // What was published while this node did not listen is lost: read what
            // Redis keeps (the lobby) again.
            if (connected_ && handlers_.resync) handlers_.resync();
        }
        auto r = c->next();
        if (!r) {
            if (!c->timed_out()) {
                c.reset();
                listening_ = false;
            }
            continue;
        }
        if (r->elements.size() != 3 || r->elements[0].text != "message") continue;
        auto m = parse(r->elements[2].text);
        if (!m) continue;
        {
            std::lock_guard lock(mutex_);
            ++counts_.received;
        }
        const auto& f = m->fields;
        try {
            switch (m->kind) {
                case 'R':
                    if (f.size() == 6 && handlers_.request)
                        handlers_.request(Forwarded{f[0], f[1], f[2], std::stoi(f[3]), f[4],
                                                    std::stoi(f[5]), std::move(m->body)});
                    break;
                case 'F':
                    if (f.size() == 1 && handlers_.frame) handlers_.frame(f[0], std::move(m->body));
                    break;
                case 'X':
                    if (f.size() == 1 && handlers_.reconnect)
                        handlers_.reconnect(f[0], std::move(m->body));
                    break;
                case 'C':
                    if (f.size() == 1 && handlers_.closed) handlers_.closed(f[0]);
                    break;
                case 'A':
                    if (f.size() == 2 && handlers_.attached) handlers_.attached(f[0], f[1]);
                    break;
                case 'K':
                    if (f.size() == 1 && handlers_.keep) {
                        std::vector<std::string> conns;
                        std::size_t at = 0;
                        for (auto nl = m->body.find('\n'); nl != std::string::npos;
                             at = nl + 1, nl = m->body.find('\n', at))
                            conns.push_back(m->body.substr(at, nl - at));
                        handlers_.keep(f[0], std::move(conns));
                    }
                    break;
                case 'S':
                    if (f.size() == 1 && handlers_.resend) handlers_.resend(f[0]);
                    break;
                case 'P':
                    if (f.size() == 2 && f[0] != node_ && handlers_.to_player)
                        handlers_.to_player(f[1], std::move(m->body));
                    break;
                case 'L':
                    if (f.size() == 2 && f[0] != node_ && handlers_.lobby)
                        handlers_.lobby(
                            f[0], f[1],
                            m->body.empty() ? std::nullopt : std::optional<std::string>(m->body));
                    break;
                default:
                    break;
            }
        } catch (const std::exception& e) {
            spdlog::warn("cluster: a message from another node was not understood: {}", e.what());
        }
    }
}

}  // namespace hearts::server
