// The life of a connection, against a real `hearts serve`: a client that does not read
// what it is sent is cut off with the reason, and the keep-alive pings hold a quiet
// connection open while they drop one whose other end is gone.
#include <utility>  // before Asio: Boost 1.74's headers use std::exchange without it

#include <gtest/gtest.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>

#include "harness.h"
#include "peer.h"

namespace {

using namespace hearts::testing;

// A client that writes and does not read until told to, with a small receive buffer, so
// what the server sends piles up at the server.
class Deaf {
  public:
    explicit Deaf(unsigned short port) : ws_(io_) {
        tcp::socket& socket = ws_.next_layer();
        socket.open(tcp::v4());
        socket.set_option(asio::socket_base::receive_buffer_size(4096));
        socket.connect({asio::ip::make_address("127.0.0.1"), port});
        ws_.handshake("127.0.0.1", "/ws");
    }
    bool send(const json& m) {
        beast::error_code ec;
        ws_.write(asio::buffer(m.dump()), ec);
        return !ec;
    }
    // Reads everything there is, to the end of the connection (or `limit`). Returns the
    // number of messages read.
    int read_to_the_end(std::chrono::seconds limit) {
        int messages = 0;
        bool over = false;
        std::function<void()> next = [&] {
            ws_.async_read(buffer_, [&](beast::error_code ec, std::size_t) {
                if (ec) {
                    over = true;
                    return;
                }
                ++messages;
                buffer_.consume(buffer_.size());
                next();
            });
        };
        next();
        io_.run_for(limit);
        if (!over) throw std::runtime_error("the connection is still open");
        return messages;
    }
    websocket::close_reason reason() const { return ws_.reason(); }

  private:
    asio::io_context io_;
    websocket::stream<tcp::socket> ws_;
    beast::flat_buffer buffer_;
};

TEST(Connections, AClientThatDoesNotReadIsCutOffWithTheReason) {
    Server server(temp_dir("conn_deaf"), {"--max-queued-kib", "64"});
    // Ada and Bob at a table; Bob watches whether Ada is connected.
    Peer ada(server.port(), "Ada"), bob(server.port(), "Bob");
    Peers peers{&ada, &bob};
    for (Peer* p : peers) {
        hello(peers, *p);
        name(peers, *p);
    }
    const std::string code = two_people(peers, ada, bob, {{"timer", 0}});
    const auto ada_connected = [&](bool yes) {
        return [yes](const json& m) {
            return m["t"] == "table" && m["info"]["seats"][0]["connected"] == yes;
        };
    };
    // Ada goes on with a connection that does not read.
    ada.close();
    Peers watching{&bob};
    wait_for(watching, bob, ada_connected(false), "Ada gone");
    Deaf deaf(server.port());
    deaf.send({{"t", "hello"}, {"player", ada.player}, {"token", ada.token}});
    deaf.send({{"t", "resume"}, {"table", code}});
    wait_for(watching, bob, ada_connected(true), "Ada back");
    // Each resume is answered with the table and a snapshot, a few kB; 15 a second stays
    // under the rate limit. What Ada does not read fills the kernel's buffers, then the
    // server's queue, until the server closes her connection: Bob sees her go.
    int resumes = 0;
    bool gone = false;
    const auto end = std::chrono::steady_clock::now() + 60s;
    while (!gone && std::chrono::steady_clock::now() < end) {
        ASSERT_TRUE(deaf.send({{"t", "resume"}, {"table", code}}));
        ++resumes;
        std::this_thread::sleep_for(66ms);
        pump(watching);
        gone = bob.take(ada_connected(false)).has_value();
        bob.drop_unread();
    }
    ASSERT_TRUE(gone) << "a client that did not read for 60 s was not cut off";
    // Reading now, Ada finds what was sent before the cut, then the reason.
    const int messages = deaf.read_to_the_end(30s);
    std::printf("a client that does not read: cut off after %d resumes; it then read %d messages\n",
                resumes, messages);
    EXPECT_GT(messages, 0);
    EXPECT_EQ(deaf.reason().code, websocket::close_code::policy_error);
    EXPECT_EQ(deaf.reason().reason,
              "too slow: more than 64 KiB of messages were waiting to be read");
    // Bob was not disturbed, and Ada's address is free for a new connection.
    bob.send({{"t", "ping"}});
    wait_for(watching, bob, type_is("pong"), "a pong");
    Peer again(server.port(), "Ada again");
    again.player = ada.player;
    again.token = ada.token;
    Peers one{&again, &bob};
    hello(one, again, true);
    again.send({{"t", "resume"}, {"table", code}});
    wait_for(one, again, type_is("snapshot"), "Ada's table again");
}

TEST(Connections, KeepAlivePingsHoldAQuietConnectionAndDropADeadOne) {
    // No frame for 2 s: the server pings; no answer for 2 s more: it closes.
    Server server(temp_dir("conn_idle"), {"--idle-timeout", "2"});
    Peer quiet(server.port(), "Quiet"), dead(server.port(), "Dead");
    Peers both{&quiet, &dead};
    hello(both, quiet);
    hello(both, dead);
    // Quiet reads (and so answers pings) and sends nothing; Dead does not read at all.
    const auto end = std::chrono::steady_clock::now() + 6s;
    while (std::chrono::steady_clock::now() < end) {
        quiet.poll();
        std::this_thread::sleep_for(20ms);
    }
    EXPECT_FALSE(quiet.closed());
    quiet.send({{"t", "ping"}});
    wait_for({&quiet}, quiet, type_is("pong"), "a pong on the quiet connection");
    // Dead's connection was dropped: reading now finds its end.
    const auto until = std::chrono::steady_clock::now() + 10s;
    while (!dead.closed() && std::chrono::steady_clock::now() < until) {
        dead.poll();
        std::this_thread::sleep_for(20ms);
    }
    EXPECT_TRUE(dead.closed());
}

}  // namespace
