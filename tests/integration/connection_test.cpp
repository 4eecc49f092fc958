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
namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

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
    bool ping() {
        beast::error_code ec;
        ws_.ping({}, ec);
        return !ec;
    }

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

// docs/protocol.md, "Versions": a client that asks for the subprotocol `hearts.3` (as
// the browser does) gets what the server has for it at once in one frame, one message a
// line; a client that does not ask gets one message a frame.
// WebSocket ping frames are answered outside the message budget: a connection that sends
// more than 10 at once, or 2 a second after, is closed (1008) alone; another goes on.
TEST(Connections, PingFramesPastTheirBudgetCloseThatConnectionAlone) {
    Server server(temp_dir("pings"));
    Deaf pinger(server.port());
    Peer other(server.port(), "other");
    Peers one{&other};
    hello(one, other);
    int sent = 0;
    while (sent < 200 && pinger.ping()) ++sent;
    pinger.read_to_the_end(30s);  // a bound on a hang: the close comes at once
    EXPECT_EQ(pinger.reason().code, websocket::close_code::policy_error);
    EXPECT_NE(std::string(pinger.reason().reason).find("pings"), std::string::npos);
    expect_ack(request(one, other, {{"t", "lobby"}, {"on", true}}));
    EXPECT_FALSE(other.closed());
}

TEST(Connections, AVersionThreeClientGetsSeveralMessagesAFrameAndOthersOneEach) {
    Server server(temp_dir("conn_lines"));
    Peer me(server.port(), "Me");
    Peers one{&me};
    EXPECT_EQ(me.subprotocol(), "hearts.3");
    hello(one, me);
    me.send({{"t", "new_game"}, {"level", "random"}});
    me.table = wait_for(one, me, type_is("snapshot"), "my game")["table"];
    me.seat = "S";
    // A card of mine and the three computer replies are told together, with the ack.
    play_until(one, me, [](const json& v) { return v["cards"].size() <= 9; });
    EXPECT_GT(me.most_in_a_frame(), 3u);
    EXPECT_LT(me.frames(), me.log().size());

    // Without the subprotocol: every frame is one JSON object, and the game is the same.
    asio::io_context io;
    websocket::stream<tcp::socket> plain(io);
    plain.next_layer().connect({asio::ip::make_address("127.0.0.1"), server.port()});
    websocket::response_type response;
    plain.handshake(response, "127.0.0.1", "/ws");
    EXPECT_EQ(response[beast::http::field::sec_websocket_protocol], "");
    const auto say = [&](const json& m) { plain.write(asio::buffer(m.dump())); };
    say({{"t", "hello"}, {"player", me.player}, {"token", me.token}});
    say({{"t", "resume"}, {"table", me.table}});
    int frames = 0;
    json view;
    std::size_t played_from = 0;  // the hand's size when I last played
    while (frames < 1000) {
        beast::flat_buffer buffer;
        plain.read(buffer);
        ++frames;
        const std::string text = beast::buffers_to_string(buffer.data());
        ASSERT_EQ(text.find('\n'), std::string::npos) << text;
        const json m = json::parse(text);
        ASSERT_TRUE(m.is_object());
        if (m["t"] == "snapshot" || m["t"] == "update") view = m["view"];
        if (m["t"] == "error") ADD_FAILURE() << m.dump();
        // Play on from here: each of my cards brings the replies, one frame each.
        if (!view.is_null() && view["phase"] == "play" && view["to_move"] == "S" &&
            view["cards"].size() != played_from) {
            if (view["cards"].size() <= 7) break;
            played_from = view["cards"].size();
            say({{"t", "play"}, {"table", me.table}, {"card", view["legal"][0]}, {"id", frames}});
        }
    }
    EXPECT_LE(view["cards"].size(), 7u) << "the game did not go on";
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
