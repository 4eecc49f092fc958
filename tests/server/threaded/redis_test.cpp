// The Redis layer (server/cluster/redis.h): URLs, and a real server of the test's own
// (tests/redis.sh): commands, pipelines, a subscription, and a Redis that goes away.
#include <gtest/gtest.h>

#include <csignal>
#include <string>
#include <vector>

#include "../../redis_instance.h"
#include "cluster/redis.h"

namespace {

using namespace hearts::server;
using std::chrono::milliseconds;

TEST(RedisUrl, TakesHostPortPasswordDatabaseAndSockets) {
    auto a = redis::parse_url("redis://cache.example.org:6380/2");
    ASSERT_TRUE(a) << a.error().reason;
    EXPECT_EQ(a->host, "cache.example.org");
    EXPECT_EQ(a->port, 6380);
    EXPECT_EQ(a->db, 2);
    auto b = redis::parse_url("redis://:s3cret@127.0.0.1");
    ASSERT_TRUE(b);
    EXPECT_EQ(b->host, "127.0.0.1");
    EXPECT_EQ(b->port, 6379);
    EXPECT_EQ(b->password, "s3cret");
    auto c = redis::parse_url("unix:///run/redis/redis.sock");
    ASSERT_TRUE(c);
    EXPECT_EQ(c->socket, "/run/redis/redis.sock");
    auto d = redis::parse_url("unix://:s3cret@/run/redis/redis.sock?db=3");
    ASSERT_TRUE(d) << d.error().reason;
    EXPECT_EQ(d->socket, "/run/redis/redis.sock");
    EXPECT_EQ(d->password, "s3cret");
    EXPECT_EQ(d->db, 3);
    auto v6 = redis::parse_url("redis://[::1]:7000");
    ASSERT_TRUE(v6);
    EXPECT_EQ(v6->host, "::1");
    EXPECT_EQ(v6->port, 7000);
}

TEST(RedisUrl, RefusesWhatIsNotOneAndNeverShowsThePassword) {
    for (const std::string bad :
         {"http://localhost", "redis://", "redis://host:0", "redis://host:99999",
          "redis://host:port", "redis://host/x", "unix://relative.sock", "unix://:pw@relative.sock",
          "unix:///s.sock?db=x", "unix:///s.sock?timeout=1", ""}) {
        auto r = redis::parse_url(bad);
        EXPECT_FALSE(r) << bad;
        if (!r) {
            EXPECT_NE(r.error().reason.find("redis://"), std::string::npos) << r.error().reason;
        }
    }
    auto r = redis::parse_url("redis://user:hunter2@host:notaport");
    ASSERT_FALSE(r);
    EXPECT_EQ(r.error().reason.find("hunter2"), std::string::npos) << r.error().reason;
    EXPECT_EQ(redis::redact("redis://:hunter2@h:1/0"), "redis://:***@h:1/0");
    EXPECT_EQ(redis::redact("redis://u:hunter2@h"), "redis://u:***@h");
    EXPECT_EQ(redis::redact("redis://h:1"), "redis://h:1");
    EXPECT_EQ(redis::redact("unix://:hunter2@/run/r.sock"), "unix://:***@/run/r.sock");
    EXPECT_EQ(redis::redact("unix:///run/r@x.sock"), "unix:///run/r@x.sock");
}

// A Redis that asks for a password (requirepass) is reached with the one in the URL, and
// refuses a connection without it, or with another, saying so.
TEST(RedisConnection, APasswordInTheUrlIsSentAndAWrongOneIsRefused) {
    std::signal(SIGPIPE, SIG_IGN);
    hearts::testing::RedisInstance server;
    const std::string url = server.url();  // unix:///…/redis.sock
    auto admin = redis::Connection::open(redis::parse_url(url).value(), milliseconds(1000));
    ASSERT_TRUE(admin) << admin.error().reason;
    ASSERT_TRUE((*admin)->run({"CONFIG", "SET", "requirepass", "open sesame"}));
    const std::string with = "unix://:open sesame@" + url.substr(7);
    auto in = redis::Connection::open(redis::parse_url(with).value(), milliseconds(1000));
    ASSERT_TRUE(in) << in.error().reason;
    auto pong = (*in)->run({"PING"});
    ASSERT_TRUE(pong) << pong.error().reason;
    const std::string wrong = "unix://:open sesame!@" + url.substr(7);
    auto out = redis::Connection::open(redis::parse_url(wrong).value(), milliseconds(1000));
    ASSERT_FALSE(out);
    EXPECT_NE(out.error().reason.find("refused the password"), std::string::npos)
        << out.error().reason;
    auto none = redis::Connection::open(redis::parse_url(url).value(), milliseconds(1000));
    ASSERT_TRUE(none);  // it connects, and its first command is refused
    auto refused = (*none)->run({"PING"});
    ASSERT_FALSE(refused);
    EXPECT_NE(refused.error().reason.find("NOAUTH"), std::string::npos) << refused.error().reason;
}

TEST(RedisConnection, RunsPipelinesSubscribesAndSaysWhenRedisIsGone) {
    // As `hearts serve` does: hiredis writes with write(), and a Redis that is gone must
    // be an error, not SIGPIPE.
    std::signal(SIGPIPE, SIG_IGN);
    hearts::testing::RedisInstance server;
    auto address = redis::parse_url(server.url());
    ASSERT_TRUE(address);
    auto c = redis::Connection::open(*address, milliseconds(1000));
    ASSERT_TRUE(c) << c.error().reason;
    auto set = (*c)->run({"SET", "k", std::string("a\0b\nc", 5)});
    ASSERT_TRUE(set) << set.error().reason;
    auto got = (*c)->run({"GET", "k"});
    ASSERT_TRUE(got);
    EXPECT_EQ(got->text, std::string("a\0b\nc", 5));  // binary-safe
    EXPECT_TRUE((*c)->run({"GET", "none"})->nil());
    auto wrong = (*c)->run({"INCR", "k"});
    ASSERT_FALSE(wrong);
    EXPECT_NE(wrong.error().reason.find("INCR"), std::string::npos) << wrong.error().reason;
    EXPECT_FALSE((*c)->broken()) << "an error reply leaves the connection usable";

    // A pipeline: every reply, in order; an error in the middle fails only its command.
    (*c)->append({"DEL", "n"});
    (*c)->append({"INCR", "n"});
    (*c)->append({"HSET", "k", "f", "v"});  // k is a string: WRONGTYPE
    (*c)->append({"INCR", "n"});
    std::vector<redis::Reply> replies;
    const hearts::Status s = (*c)->flush_and_read(4, &replies);
    EXPECT_FALSE(bool(s));
    ASSERT_EQ(replies.size(), 4u);
    EXPECT_EQ(replies[3].integer, 2);

    // A subscription: messages arrive; a quiet moment is a timeout, not a failure.
    auto sub = redis::Connection::open(*address, milliseconds(200));
    ASSERT_TRUE(sub);
    (*sub)->append({"SUBSCRIBE", "ch"});
    ASSERT_TRUE((*sub)->flush_and_read(1));
    auto quiet = (*sub)->next();
    ASSERT_FALSE(quiet);
    EXPECT_TRUE((*sub)->timed_out());
    EXPECT_FALSE((*sub)->broken());
    EXPECT_EQ((*c)->run({"PUBLISH", "ch", "hello"})->integer, 1);
    auto m = (*sub)->next();
    ASSERT_TRUE(m) << m.error().reason;
    ASSERT_EQ(m->elements.size(), 3u);
    EXPECT_EQ(m->elements[2].text, "hello");

    // Redis goes away: calls fail with a reason, and the connection says it is broken.
    server.restart();
    auto after = (*c)->run({"GET", "k"});
    ASSERT_FALSE(after);
    EXPECT_TRUE((*c)->broken());
    auto lost = (*sub)->next();
    EXPECT_FALSE(lost);
    EXPECT_TRUE((*sub)->broken());
    // A new connection works, on an empty Redis.
    auto again = redis::Connection::open(*address, milliseconds(1000));
    ASSERT_TRUE(again) << again.error().reason;
    EXPECT_TRUE((*again)->run({"GET", "k"})->nil());

    auto nowhere = redis::Connection::open(
        redis::parse_url("unix:///nonexistent/redis.sock").value(), milliseconds(200));
    ASSERT_FALSE(nowhere);
    EXPECT_NE(nowhere.error().reason.find("cannot reach Redis at /nonexistent/redis.sock"),
              std::string::npos)
        << nowhere.error().reason;
}

}  // namespace
