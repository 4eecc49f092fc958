#include "cluster/redis.h"

#include <hiredis/hiredis.h>
#include <sys/time.h>

#include <charconv>
#include <cstring>

namespace hearts::server::redis {
namespace {

// The password in a URL's `auth` part ("user:password", ":password" or "password").
std::string password_of(const std::string& auth) {
    const auto colon = auth.find(':');
    return colon == std::string::npos ? auth : auth.substr(colon + 1);
}

timeval to_timeval(std::chrono::milliseconds ms) {
    timeval tv{};
    tv.tv_sec = static_cast<time_t>(ms.count() / 1000);
    tv.tv_usec = static_cast<suseconds_t>((ms.count() % 1000) * 1000);
    return tv;
}

Reply convert(const redisReply* r) {
    Reply out;
    switch (r->type) {
        case REDIS_REPLY_STRING:
        case REDIS_REPLY_ERROR:
            out.kind = Reply::Kind::String;
            out.text.assign(r->str, r->len);
            break;
        case REDIS_REPLY_STATUS:
            out.kind = Reply::Kind::Status;
            out.text.assign(r->str, r->len);
            break;
        case REDIS_REPLY_INTEGER:
            out.kind = Reply::Kind::Integer;
            out.integer = r->integer;
            break;
        case REDIS_REPLY_ARRAY:
            out.kind = Reply::Kind::Array;
            for (std::size_t k = 0; k < r->elements; ++k)
                out.elements.push_back(convert(r->element[k]));
            break;
        default:
            break;
    }
    return out;
}

struct ReplyDeleter {
    void operator()(redisReply* r) const { freeReplyObject(r); }
};
using ReplyPtr = std::unique_ptr<redisReply, ReplyDeleter>;

bool parse_int(std::string_view text, int& out) {
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return ec == std::errc() && end == text.data() + text.size();
}

}  // namespace

Expected<Address> parse_url(const std::string& url) {
    Address a;
    const auto bad = [&](const std::string& why) {
        return Error{"the Redis URL " + redact(url) + " " + why +
                     ": write redis://[:password@]host[:port][/db] or "
                     "unix://[:password@]/path/to.sock[?db=N]"};
    };
    if (url.rfind("unix://", 0) == 0) {
        std::string rest = url.substr(7);
        if (const auto at = rest.find("@/"); at != std::string::npos) {
            a.password = password_of(rest.substr(0, at));
            rest = rest.substr(at + 1);
        }
        if (const auto q = rest.find('?'); q != std::string::npos) {
            const std::string query = rest.substr(q + 1);
            rest = rest.substr(0, q);
            if (query.rfind("db=", 0) != 0 || !parse_int(query.substr(3), a.db) || a.db < 0)
                return bad("has a query other than db=N");
        }
        a.socket = rest;
        if (a.socket.empty() || a.socket[0] != '/') return bad("does not name a socket's path");
        return a;
    }
    if (url.rfind("redis://", 0) != 0) return bad("is not one");
    std::string rest = url.substr(8);
    if (const auto at = rest.rfind('@'); at != std::string::npos) {
        a.password = password_of(rest.substr(0, at));
        rest = rest.substr(at + 1);
    }
    if (const auto slash = rest.find('/'); slash != std::string::npos) {
        const std::string db = rest.substr(slash + 1);
        rest = rest.substr(0, slash);
        if (!db.empty() && (!parse_int(db, a.db) || a.db < 0))
            return bad("has a database that is not a number");
    }
    if (const auto colon = rest.rfind(':'); colon != std::string::npos && rest.back() != ']') {
        if (!parse_int(rest.substr(colon + 1), a.port) || a.port <= 0 || a.port > 65535)
            return bad("has a port that is not a number from 1 to 65535");
        rest = rest.substr(0, colon);
    }
    if (rest.size() > 2 && rest.front() == '[' && rest.back() == ']')
        rest = rest.substr(1, rest.size() - 2);
    if (rest.empty()) return bad("has no host");
    a.host = rest;
    return a;
}

std::string redact(const std::string& url) {
    std::size_t scheme = 0, at = std::string::npos;
    if (url.rfind("redis://", 0) == 0) {
        scheme = 8;
        at = url.rfind('@');
    } else if (url.rfind("unix://", 0) == 0) {
        scheme = 7;
        at = url.find("@/");
    }
    if (at == std::string::npos) return url;
    const auto colon = url.find(':', scheme);
    const std::size_t from = colon != std::string::npos && colon < at ? colon + 1 : scheme;
    return url.substr(0, from) + "***" + url.substr(at);
}

Expected<std::unique_ptr<Connection>> Connection::open(const Address& address,
                                                       std::chrono::milliseconds timeout) {
    const timeval tv = to_timeval(timeout);
    redisContext* c = address.socket.empty()
                          ? redisConnectWithTimeout(address.host.c_str(), address.port, tv)
                          : redisConnectUnixWithTimeout(address.socket.c_str(), tv);
    const std::string where =
        address.socket.empty() ? address.host + ":" + std::to_string(address.port) : address.socket;
    if (!c) return Error{"cannot reach Redis at " + where + ": out of memory"};
    std::unique_ptr<Connection> conn(new Connection(c));
    if (c->err) return Error{"cannot reach Redis at " + where + ": " + c->errstr};
    redisSetTimeout(c, tv);
    if (address.socket.empty()) redisEnableKeepAlive(c);
    if (!address.password.empty()) {
        if (auto r = conn->run({"AUTH", address.password}); !r)
            return Error{"Redis at " + where + " refused the password: " + r.error().reason};
    }
    if (address.db != 0) {
        if (auto r = conn->run({"SELECT", std::to_string(address.db)}); !r) return r.error();
    }
    return conn;
}

Connection::~Connection() {
    redisFree(c_);
}

bool Connection::broken() const {
    return c_->err != 0 && !timed_out_;
}

Error Connection::failure(const std::string& doing) {
    // hiredis reports a read timeout as an I/O error (EAGAIN); the context is unusable
    // after any error, so a timeout is told apart only to say so.
    timed_out_ = c_->err == REDIS_ERR_IO && (errno == EAGAIN || errno == EWOULDBLOCK);
    return Error{"Redis: " + doing + ": " + (c_->errstr[0] ? c_->errstr : "connection lost")};
}

Expected<Reply> Connection::run(const std::vector<std::string>& args) {
    append(args);
    redisReply* raw = nullptr;
    if (redisGetReply(c_, reinterpret_cast<void**>(&raw)) != REDIS_OK || !raw) {
        timed_out_ = false;
        Error e = failure(args.empty() ? "" : args[0]);
        timed_out_ = false;  // a command's reply that did not come: the connection is done
        c_->err = c_->err ? c_->err : REDIS_ERR_IO;
        return e;
    }
    ReplyPtr reply(raw);
    if (reply->type == REDIS_REPLY_ERROR)
        return Error{"Redis: " + args[0] + ": " + std::string(reply->str, reply->len)};
    return convert(reply.get());
}

void Connection::append(const std::vector<std::string>& args) {
    std::vector<const char*> argv;
    std::vector<std::size_t> lens;
    for (const std::string& a : args) {
        argv.push_back(a.data());
        lens.push_back(a.size());
    }
    redisAppendCommandArgv(c_, int(argv.size()), argv.data(), lens.data());
}

Status Connection::flush_and_read(std::size_t count, std::vector<Reply>* replies) {
    Status first;
    for (std::size_t k = 0; k < count; ++k) {
        redisReply* raw = nullptr;
        if (redisGetReply(c_, reinterpret_cast<void**>(&raw)) != REDIS_OK || !raw) {
            Error e = failure("a pipelined command");
            timed_out_ = false;
            return e;
        }
        ReplyPtr reply(raw);
        if (reply->type == REDIS_REPLY_ERROR && first)
            first = Error{"Redis: " + std::string(reply->str, reply->len)};
        if (replies) replies->push_back(convert(reply.get()));
    }
    return first;
}

Expected<Reply> Connection::next() {
    timed_out_ = false;
    redisReply* raw = nullptr;
    if (redisGetReply(c_, reinterpret_cast<void**>(&raw)) != REDIS_OK || !raw) {
        Error e = failure("reading a message");
        if (timed_out_) {
            // Not an error: nothing was published. hiredis marked the context failed;
            // clear it so the next read can go on.
            c_->err = 0;
            c_->errstr[0] = '\0';
        }
        return e;
    }
    return convert(ReplyPtr(raw).get());
}

}  // namespace hearts::server::redis
