// Names people show each other, against a real `hearts serve`: one form for each name,
// nothing invisible, the computer players' names kept for them, and two people whose
// names look alike never at one table (docs/protocol.md, "Player names").
#include <utility>  // before Asio: Boost 1.74's headers use std::exchange without it

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "harness.h"
#include "peer.h"

namespace {

using namespace hearts::testing;

json set_name(const Peers& peers, Peer& p, const std::string& name) {
    return request(peers, p, {{"t", "set_name"}, {"name", name}});
}

TEST(PeopleNames, AreCleanedAndTheComputerPlayersKeepTheirs) {
    Server server(temp_dir("names_clean"));
    Peer p(server.port(), "P");
    Peers one{&p};
    hello(one, p);
    // One form: NFC, and single spaces; the player hears the stored name.
    expect_ack(set_name(one, p, "  Ame\xcc\x81lie   B "));
    EXPECT_EQ(wait_for(one, p, type_is("you"), "the name")["name"], "Am\xc3\xa9lie B");
    // Invisible padding, look-alikes of the computer players: refused, with the reason.
    const json zwsp = set_name(one, p, "Ada\xe2\x80\x8b");
    EXPECT_EQ(zwsp["code"], "bad_message");
    EXPECT_EQ(
        zwsp["reason"],
        "name: a name cannot contain invisible characters or other spaces than the plain one");
    for (const std::string bot : {"Mike", "mike", "M\xd1\x96ke", "LISA", "Bi11"}) {
        const json refused = set_name(one, p, bot);
        EXPECT_EQ(refused["code"], "bad_message") << bot;
        EXPECT_NE(refused["reason"].get<std::string>().find("is the name of a computer player"),
                  std::string::npos)
            << refused.dump();
    }
    EXPECT_EQ(set_name(one, p, "\xe3\x85\xa4")["code"], "bad_message");  // U+3164 alone
}

TEST(PeopleNames, TwoPeopleWhoseNamesLookAlikeDoNotSitTogether) {
    Server server(temp_dir("names_alike"));
    Peer ada(server.port(), "Ada"), copy(server.port(), "Copy"), tom(server.port(), "Tom");
    Peers peers{&ada, &copy, &tom};
    for (Peer* p : peers) hello(peers, *p);
    expect_ack(set_name(peers, ada, "Ada"));
    expect_ack(set_name(peers, copy,
                        "\xd0\x90"
                        "da"));               // a Cyrillic А: looks like Ada
    expect_ack(set_name(peers, tom, "Tom"));  // a computer player's name at times
    const std::string code = create(peers, ada, true, {{"timer", 0}});
    const json refused = join(peers, copy, code);
    EXPECT_EQ(refused["code"], "name_taken") << refused.dump();
    EXPECT_EQ(refused["reason"],
              "Ada is at this table, and your name looks the same: change your name to join");
    expect_ack(set_name(peers, copy, "Ada Two"));
    expect_ack(join(peers, copy, code));
    expect_ack(join(peers, tom, code));
    expect_ack(request(peers, ada, {{"t", "start"}, {"table", code}}));
    // The computer player takes no name that looks like Tom's.
    const json info = wait_for(
        peers, ada,
        [](const json& m) { return m["t"] == "table" && m["info"]["state"] == "playing"; },
        "the game");
    for (const json& s : info["info"]["seats"]) {
        if (s["human"] == true) continue;
        EXPECT_NE(s["name"], "Tom");
        EXPECT_TRUE(s["name"].is_string());
    }
}

}  // namespace
