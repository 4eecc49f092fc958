// The Redis layer (server/redis.h): URLs, and a real server of the test's own
// (tests/redis.sh): commands, pipelines, a subscription, and a Redis that goes away.
#include <gtest/gtest.h>

#include <csignal>
#include <string>
#include <vector>

#include "../redis_instance.h"
#include "redis.h"

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
    auto v6 = redis::parse_url("redis://[::1]:7000");
    ASSERT_TRUE(v6);
    EXPECT_EQ(v6->host, "::1");
    EXPECT_EQ(v6->port, 7000);
}

TEST(RedisUrl, RefusesWhatIsNotOneAndNeverShowsThePassword) {
    for (const std::string bad :
         {"http://localhost", "redis://", "redis://host:0", "redis://host:99999",
          "redis://host:port", "redis://host/x", "unix://relative.sock", ""}) {
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
