// What `hearts loadtest`'s scripted people read of the server's messages
// (app/loadtest_read.h): the fields they act on, from messages written as the protocol
// documents them, and a clear refusal of anything else.
#include "loadtest_read.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace hearts::app {
namespace {

// The view of docs/protocol.md, "The view", in an update.
const std::string kUpdate =
    R"({"t":"update","table":"k3v9q2mx","v":18,"event":{"kind":"play","seat":"N","card":"TS"},)"
    R"("view":{"seat":"S","phase":"play","hand":3,"pass":"across",)"
    R"("rules":"pass=LRAN,queen_breaks=no,moon=others,jack=no,end=100,tie=continue",)"
    R"("names":["You","Mike","Bill","Lisa"],)"
    R"("cards":["8C","QC","KC","4S","6S","9H"],"legal":["4S","6S"],)"
    R"("passed":["8D","AS","JH"],"received":["6C","7C","QS"],"has_passed":[true,true,true,true],)"
    R"("to_move":"S","trick":{"leader":"N","cards":["3S","TS"]},)"
    R"("last_trick":{"leader":"W","cards":["3D","AD","2D","QS"],"winner":"N"},)"
    R"("hearts_broken":true,"points":[4,2,13,0],"markers":["·♥♥♥","♥","♠","·"],"scores":[24,3,4,21],)"
    R"("sheet":[{"hand":1,"score":[24,2,0,0],"totals":[24,2,0,0],"moon":null,"winners":["N","E"]},)"
    R"({"hand":2,"score":[0,1,4,21],"totals":[24,3,4,21],"moon":null,"winners":["S"]}],)"
    R"("winners":[]}})";

TEST(LoadtestRead, AnUpdateGivesTheViewAPersonActsOn) {
    MessageReader reader;
    Incoming m;
    ASSERT_TRUE(reader.read(kUpdate, m)) << reader.error();
    EXPECT_EQ(m.t, "update");
    EXPECT_EQ(m.table, "k3v9q2mx");
    ASSERT_TRUE(m.view);
    const SeenView& v = *m.view;
    EXPECT_EQ(v.seat, "S");
    EXPECT_EQ(v.phase, "play");
    EXPECT_EQ(v.hand, 3);
    EXPECT_EQ(v.pass, "across");
    EXPECT_EQ(v.to_move, "S");
    EXPECT_EQ(v.cards, (std::vector<std::string>{"8C", "QC", "KC", "4S", "6S", "9H"}));
    EXPECT_EQ(v.legal, (std::vector<std::string>{"4S", "6S"}));
    EXPECT_EQ(v.passed, 3u);
    EXPECT_EQ(v.sheet_rows, 2u);
    EXPECT_TRUE(v.has_sheet);
}

TEST(LoadtestRead, AnswersTableInfoAndANullTurn) {
    MessageReader reader;
    Incoming m;
    ASSERT_TRUE(reader.read(R"({"t":"ack","id":12,"v":19})", m)) << reader.error();
    EXPECT_EQ(m.t, "ack");
    EXPECT_EQ(m.id, 12);
    EXPECT_EQ(m.v, 19) << "--reconnect checks an action's version against the table's";
    ASSERT_TRUE(reader.read(R"({"t":"error","code":"rate_limited","reason":"slow \"down\""})", m));
    EXPECT_EQ(m.code, "rate_limited");
    EXPECT_EQ(m.reason, "slow \"down\"");
    EXPECT_FALSE(m.id) << "a message read earlier leaves nothing behind";
    ASSERT_TRUE(reader.read(R"({"t":"table","table":"ab12cd34","info":{"kind":"private",)"
                            R"("state":"waiting","seats":[]}})",
                            m));
    EXPECT_EQ(m.state, "waiting");
    EXPECT_EQ(m.table, "ab12cd34");
    ASSERT_TRUE(reader.read(R"({"t":"snapshot","table":"x","v":1,"view":{"seat":"W",)"
                            R"("phase":"hand_over","to_move":null,"cards":[],"legal":[]}})",
                            m));
    ASSERT_TRUE(m.view);
    EXPECT_EQ(m.view->to_move, "");
    EXPECT_EQ(m.view->phase, "hand_over");
    EXPECT_FALSE(m.view->has_sheet) << "an update may leave the sheet out";
    EXPECT_EQ(m.v, 1);
}

TEST(LoadtestRead, AWelcomeGivesTheIdentityToComeBackWith) {
    MessageReader reader;
    Incoming m;
    ASSERT_TRUE(reader.read(R"({"t":"welcome","player":"p_7Qx","token":"tk-9_a","tables":[],)"
                            R"("name":null,"relations":{"block":[],"mute":[],"favorite":[]}})",
                            m))
        << reader.error();
    EXPECT_EQ(m.player, "p_7Qx");
    EXPECT_EQ(m.token, "tk-9_a");
    // Elsewhere `player` is someone else (a chat line's sender), not this person.
    ASSERT_TRUE(reader.read(R"({"t":"chat","table":"x","player":"p_other","text":"hi"})", m));
    EXPECT_EQ(m.player, "");
    EXPECT_FALSE(reader.read(R"({"t":"welcome","player":7})", m));
}

TEST(LoadtestRead, WhatIsNotAMessageIsRefusedWithTheReason) {
    MessageReader reader;
    Incoming m;
    EXPECT_FALSE(reader.read("not json", m));
    EXPECT_EQ(reader.error(), "not a JSON object");
    EXPECT_FALSE(reader.read(R"({"t":"ack","id":)", m));
    EXPECT_FALSE(reader.error().empty());
    EXPECT_FALSE(reader.read("[1,2]", m));
    EXPECT_EQ(reader.error(), "not a JSON object");
    EXPECT_FALSE(reader.read(R"({"t":7})", m));
    EXPECT_EQ(reader.error(), "t: not a string");
    EXPECT_FALSE(reader.read(R"({"t":"update","view":{"cards":"8C"}})", m));
    EXPECT_EQ(reader.error(), "view.cards: not an array");
    EXPECT_FALSE(reader.read(R"({"t":"update","view":{"to_move":3}})", m));
    EXPECT_NE(reader.error().find("view.to_move"), std::string::npos) << reader.error();
    // And the reader goes on reading after a refusal.
    EXPECT_TRUE(reader.read(R"({"t":"pong"})", m));
}

TEST(LoadtestRead, AFrameIsOneMessageALine) {
    EXPECT_EQ(lines_of(R"({"t":"pong"})"), (std::vector<std::string_view>{R"({"t":"pong"})"}));
    EXPECT_EQ(lines_of("{\"t\":\"a\"}\n{\"t\":\"b\"}\n{\"t\":\"c\"}"),
              (std::vector<std::string_view>{R"({"t":"a"})", R"({"t":"b"})", R"({"t":"c"})"}));
}

}  // namespace
}  // namespace hearts::app
