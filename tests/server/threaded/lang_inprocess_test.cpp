// The player's language kept with the player (docs/protocol.md, "The player's language"),
// in process (tests/server/threaded/inprocess.h): another connection of the player hears of it at
// once, a later one (another device, after a restart too) has it in its welcome, and an
// address that changes it too fast is refused.
#include "inprocess.h"

namespace hearts::server {
namespace {

using namespace inprocess;
using nlohmann::json;

// The `welcome` a connection got (null when it got none).
json welcome_of(const std::shared_ptr<Person>& p) {
    for (const json& m : p->log())
        if (m["t"] == "welcome") return m;
    return json();
}

std::size_t lang_frames(const std::shared_ptr<Person>& p) {
    std::size_t n = 0;
    for (const json& m : p->log()) n += m["t"] == "lang" ? 1 : 0;
    return n;
}

TEST_F(TableInProcess, ThePlayersLanguageGoesToTheirOtherConnectionsAndTheirNextWelcome) {
    auto ada = person("Ada");
    EXPECT_FALSE(welcome_of(ada).contains("lang"));  // never chosen
    auto phone = again(ada);
    EXPECT_FALSE(welcome_of(phone).contains("lang"));

    EXPECT_EQ(request(ada, {{"t", "set_lang"}, {"lang", "de"}})["t"], "ack");
    const json told = phone->wait_for([](const json& m) { return m["t"] == "lang"; }, "lang");
    EXPECT_EQ(told, (json{{"t", "lang"}, {"lang", "de"}}));
    EXPECT_EQ(lang_frames(ada), 0u);  // the connection that chose it knows

    // A connection that comes later (another device) has it in its welcome.
    auto tablet = again(ada);
    EXPECT_EQ(welcome_of(tablet)["lang"], "de");

    EXPECT_EQ(request(tablet, {{"t", "set_lang"}, {"lang", "pt-BR"}})["t"], "ack");
    for (const auto& p : {ada, phone}) {
        const json m = p->wait_for(
            [](const json& f) { return f["t"] == "lang" && f["lang"] == "pt-BR"; }, "pt-BR");
        EXPECT_FALSE(m.is_null()) << p->label();
    }
    EXPECT_EQ(lang_frames(tablet), 0u);

    // Kept across a restart.
    restart();
    EXPECT_EQ(welcome_of(again(ada))["lang"], "pt-BR");

    // "" forgets it: the browser's languages choose again.
    auto back = again(ada);
    EXPECT_EQ(request(back, {{"t", "set_lang"}, {"lang", ""}})["t"], "ack");
    EXPECT_FALSE(welcome_of(again(ada)).contains("lang"));
    // Nobody else's language changed.
    auto bob = person("Bob");
    EXPECT_FALSE(welcome_of(again(bob)).contains("lang"));
}

// Each change is a write and a frame to every other page of the player: 20 a minute per
// address (--langs-per-minute), and one address's flood costs nobody else anything.
TEST_F(TableInProcess, ChangingTheLanguageTooFastIsRefused) {
    auto ada = person("Ada");
    for (int i = 0; i < 20; ++i) {
        const json a = request(ada, {{"t", "set_lang"}, {"lang", i % 2 ? "fr" : "es"}});
        ASSERT_EQ(a["t"], "ack") << i << ": " << a.dump();
    }
    const json flood = request(ada, {{"t", "set_lang"}, {"lang", "ar"}});
    EXPECT_EQ(flood["code"], "rate_limited") << flood.dump();
    EXPECT_EQ(flood["reason"], "You are changing your language too fast: try again in a minute");
    EXPECT_EQ(welcome_of(again(ada))["lang"], "fr");  // the refused change was not kept

    auto bob = person("Bob");
    bob->address = "10.0.0.2";
    EXPECT_EQ(request(bob, {{"t", "set_lang"}, {"lang", "ar"}})["t"], "ack");
}

}  // namespace
}  // namespace hearts::server
