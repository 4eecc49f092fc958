// The browser protocol (docs/protocol.md): every client message parses; every kind of
// bad frame is refused with the right code and a reason that names the field; the
// messages the server writes are the documented JSON; and a seat's view never holds a
// card that seat may not see, at any step of real games.
#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <variant>
#include <vector>

#include "hearts/ai/bot.h"
#include "hearts/game.h"
#include "protocol/messages.h"

namespace hearts::server {
namespace {

using Json = nlohmann::json;

ClientMessage accepted(const std::string& text) {
    auto r = parse_client_message(text);
    if (auto* e = std::get_if<ProtocolError>(&r)) {
        ADD_FAILURE() << text << " was refused: " << e->reason;
        return {};
    }
    return std::get<ClientMessage>(r);
}

ProtocolError refused(const std::string& text) {
    auto r = parse_client_message(text);
    if (std::holds_alternative<ClientMessage>(r)) {
        ADD_FAILURE() << text << " was accepted";
        return {};
    }
    return std::get<ProtocolError>(r);
}

template <class T>
T body(const std::string& text) {
    const ClientMessage m = accepted(text);
    const T* b = std::get_if<T>(&m.body);
    if (!b) {
        ADD_FAILURE() << text << " parsed as another message type";
        return T{};
    }
    return *b;
}

Card card(const char* text) {
    return parse_card(text).value();
}

CardSet cards(const char* text) {
    return parse_cards(text).value();
}

// ---- every message type ----

TEST(ProtocolParse, Hello) {
    const Hello fresh = body<Hello>(R"({"t":"hello"})");
    EXPECT_FALSE(fresh.player);
    EXPECT_FALSE(fresh.token);
    const Hello back = body<Hello>(R"({"t":"hello","player":"p_abc","token":"s3cr3t"})");
    EXPECT_EQ(back.player, "p_abc");
    EXPECT_EQ(back.token, "s3cr3t");
}

TEST(ProtocolParse, NewGameWithDefaults) {
    const NewGame g = body<NewGame>(R"({"t":"new_game"})");
    EXPECT_EQ(g.rules, "");
    EXPECT_EQ(g.names, (std::array<std::string, 3>{"Mike", "Bill", "Lisa"}));
    EXPECT_EQ(g.level, "expert");
    EXPECT_EQ(g.name, "You");
}

TEST(ProtocolParse, NewGameWithEverything) {
    const NewGame g =
        body<NewGame>(R"({"t":"new_game","rules":"moon=choice,end=50","names":["Ann","Zoë","李"],)"
                      R"("level":"random","name":"Sam"})");
    EXPECT_EQ(g.rules, "moon=choice,end=50");
    EXPECT_EQ(g.names, (std::array<std::string, 3>{"Ann", "Zoë", "李"}));
    EXPECT_EQ(g.level, "random");
    EXPECT_EQ(g.name, "Sam");
}

TEST(ProtocolParse, NewGameTakesEveryBotLevel) {
    for (const std::string& level : ai::bot_levels())
        EXPECT_EQ(body<NewGame>(R"({"t":"new_game","level":")" + level + "\"}").level, level);
}

TEST(ProtocolParse, NamesCountCharactersNotBytes) {
    std::string twenty;
    for (int i = 0; i < 20; ++i) twenty += "é";  // 40 bytes
    EXPECT_EQ(body<NewGame>(R"({"t":"new_game","name":")" + twenty + "\"}").name, twenty);
}

TEST(ProtocolParse, Resume) {
    const Resume r = body<Resume>(R"({"t":"resume","table":"k3v9q2mx"})");
    EXPECT_EQ(r.table, "k3v9q2mx");
    EXPECT_EQ(r.since, -1);
    EXPECT_EQ(body<Resume>(R"({"t":"resume","table":"k3v9q2mx","since":17})").since, 17);
    EXPECT_EQ(body<Resume>(R"({"t":"resume","table":"k3v9q2mx","since":0})").since, 0);
}

TEST(ProtocolParse, PassPlayMoonNextPing) {
    const PassCards p = body<PassCards>(R"({"t":"pass","table":"t1","cards":["QS","AH","2C"]})");
    EXPECT_EQ(p.table, "t1");
    EXPECT_EQ(p.cards, cards("QS AH 2C"));
    const PlayCard c = body<PlayCard>(R"({"t":"play","table":"t1","card":"TD"})");
    EXPECT_EQ(c.table, "t1");
    EXPECT_EQ(c.card, card("TD"));
    EXPECT_EQ(body<ChooseMoon>(R"({"t":"moon","table":"t1","choice":"shooter"})").choice,
              MoonChoice::SubtractFromShooter);
    EXPECT_EQ(body<ChooseMoon>(R"({"t":"moon","table":"t1","choice":"others"})").choice,
              MoonChoice::AddToOthers);
    EXPECT_EQ(body<NextHand>(R"({"t":"next","table":"t1"})").table, "t1");
    body<Ping>(R"({"t":"ping"})");
    body<StatsRequest>(R"({"t":"stats"})");
    EXPECT_EQ(body<LeaderboardRequest>(R"({"t":"leaderboard"})").rules, "");
    EXPECT_EQ(body<ProfileRequest>(R"({"t":"profile","player":"p_ada"})").player, "p_ada");
    EXPECT_EQ(body<LeaderboardRequest>(R"({"t":"leaderboard","rules":"end=50"})").rules, "end=50");
}

TEST(ProtocolParse, RequestIdIsKept) {
    EXPECT_EQ(accepted(R"({"t":"ping","id":7})").id, 7);
    EXPECT_EQ(accepted(R"({"id":0,"t":"ping"})").id, 0);
    EXPECT_EQ(accepted(R"({"t":"ping","id":9007199254740991})").id, 9007199254740991);
    EXPECT_FALSE(accepted(R"({"t":"ping"})").id);
}

TEST(ProtocolParse, WhitespaceAroundTheFrameIsFine) {
    body<Ping>(" \n {\"t\" : \"ping\"} \n");
}

// ---- refusals ----

struct Refusal {
    std::string frame;
    std::string reason_has;  // the field named, and often what was wrong
    bool closes = false;
};

void expect_refusals(const std::vector<Refusal>& cases) {
    for (const Refusal& c : cases) {
        const ProtocolError e = refused(c.frame);
        EXPECT_EQ(e.code, "bad_message") << c.frame;
        EXPECT_NE(e.reason.find(c.reason_has), std::string::npos)
            << c.frame << "\n  reason: " << e.reason
            << "\n  expected it to contain: " << c.reason_has;
        EXPECT_EQ(e.close, c.closes) << c.frame << ": " << e.reason;
        for (char ch : e.reason) {
            const auto byte = static_cast<unsigned char>(ch);
            EXPECT_TRUE(byte >= 0x20 && byte < 0x7f) << "unprintable reason: " << e.reason;
        }
        // An error message is itself valid JSON, whatever the reason holds.
        EXPECT_FALSE(Json::parse(error_message(e), nullptr, false).is_discarded());
    }
}

TEST(ProtocolRefuse, FramesThatCloseTheConnection) {
    expect_refusals({
        {"", "empty message", true},
        {"   ", "empty message", true},
        {"{", "not valid JSON", true},
        {"{\"t\":\"ping\",}", "not valid JSON", true},
        {"ping", "not valid JSON", true},
        {"[1,2]", "a message is a JSON object", true},
        {"\"ping\"", "a message is a JSON object", true},
        {"42", "a message is a JSON object", true},
        {"null", "a message is a JSON object", true},
        {"{\"t\":\"ping\"} {}", "not valid JSON", true},
        {"\xff\xfe", "not valid JSON", true},
    });
}

TEST(ProtocolRefuse, TooBig) {
    const std::string big = R"({"t":"ping","pad":")" + std::string(kMaxMessageBytes, 'x') + "\"}";
    expect_refusals({{big, "the limit is 4096", true}});
    // Exactly at the limit is read (and refused only for its unknown field).
    std::string at_limit = R"({"t":"ping","pad":""})";
    at_limit.insert(at_limit.size() - 2, kMaxMessageBytes - at_limit.size(), 'x');
    ASSERT_EQ(at_limit.size(), kMaxMessageBytes);
    expect_refusals({{at_limit, "unknown field 'pad'", false}});
}

TEST(ProtocolRefuse, DeepNesting) {
    std::string deep = R"({"t":"ping","x":)";
    for (int i = 0; i < 1000; ++i) deep += '[';
    for (int i = 0; i < 1000; ++i) deep += ']';
    deep += '}';
    expect_refusals({
        {deep, "nests arrays and objects more than", true},
        {R"({"t":"new_game","names":[[[["a"]]]]})", "nests arrays and objects", true},
        // Not too deep to read, but not a name either.
        {R"({"t":"new_game","names":[["a"],"b","c"]})", "names[0]: expected a name", false},
    });
}

TEST(ProtocolRefuse, MessageType) {
    expect_refusals({
        {R"({})", "t: missing"},
        {R"({"id":3})", "t: missing"},
        {R"({"t":"dance"})", "t: unknown message type 'dance'"},
        {R"({"t":"PING"})", "t: unknown message type 'PING'"},
        {R"({"t":5})", "t: expected a message type"},
        {R"({"t":null})", "t: expected a message type"},
        {R"({"t":["ping"]})", "t: expected a message type"},
    });
}

TEST(ProtocolRefuse, MissingFields) {
    expect_refusals({
        {R"({"t":"play","table":"t1"})", "card: missing"},
        {R"({"t":"play","card":"QS"})", "table: missing"},
        {R"({"t":"pass","table":"t1"})", "cards: missing"},
        {R"({"t":"moon","table":"t1"})", "choice: missing"},
        {R"({"t":"next"})", "table: missing"},
        {R"({"t":"resume"})", "table: missing"},
        {R"({"t":"hello","player":"p_1"})", "token: missing"},
        {R"({"t":"hello","token":"abc"})", "player: missing"},
    });
}

TEST(ProtocolRefuse, WrongTypes) {
    expect_refusals({
        {R"({"t":"play","table":"t1","card":5})", "card: expected a card"},
        {R"({"t":"play","table":7,"card":"QS"})", "table: expected an id"},
        {R"({"t":"play","table":"","card":"QS"})", "table: expected an id"},
        {R"({"t":"play","table":"no spaces","card":"QS"})", "table: expected an id"},
        {R"({"t":"pass","table":"t1","cards":"QS AH 2C"})", "cards: expected an array"},
        {R"({"t":"moon","table":"t1","choice":true})", "choice: expected"},
        {R"({"t":"resume","table":"t1","since":"3"})", "since: expected a whole number"},
        {R"({"t":"resume","table":"t1","since":-1})", "since: expected a whole number"},
        {R"({"t":"resume","table":"t1","since":2.5})", "since: expected a whole number"},
        {R"({"t":"new_game","rules":5})", "rules: expected"},
        {R"({"t":"new_game","names":"Mike"})", "names: expected 3 names"},
        {R"({"t":"new_game","level":3})", "level: expected one of"},
        {R"({"t":"new_game","name":null})", "name: expected a name"},
        {R"({"t":"hello","player":1,"token":"x"})", "player: expected an id"},
    });
}

TEST(ProtocolRefuse, UnknownExtraFields) {
    expect_refusals({
        {R"({"t":"ping","colour":"red"})", "unknown field 'colour'"},
        {R"({"t":"play","table":"t1","card":"QS","cards":["QS"]})", "unknown field 'cards'"},
        {R"({"t":"next","table":"t1","seat":"S"})", "unknown field 'seat'"},
        {R"({"t":"hello","name":"x"})", "unknown field 'name'"},
        {R"({"t":"ping","\u0007":1})", "unknown field '\\x07'"},
        {R"({"t":"stats","won":100})", "unknown field 'won'"},
        {R"({"t":"leaderboard","timer":30})", "unknown field 'timer'"},
        {R"({"t":"leaderboard","rules":"end=banana"})", "rules"},
    });
}

TEST(ProtocolRefuse, RepeatedField) {
    expect_refusals({
        {R"({"t":"play","table":"t1","card":"2C","card":"QS"})", "card: the field appears twice"},
        {R"({"t":"ping","t":"ping"})", "t: the field appears twice"},
    });
}

TEST(ProtocolRefuse, Cards) {
    expect_refusals({
        {R"({"t":"play","table":"t1","card":"ZZ"})", "card: 'ZZ' is not a card"},
        {R"({"t":"play","table":"t1","card":"QX"})", "card: 'QX' is not a card"},
        {R"({"t":"play","table":"t1","card":""})", "card: '' is not a card"},
        {R"({"t":"play","table":"t1","card":"QS KS"})", "card: 'QS KS' is not a card"},
        {R"({"t":"play","table":"t1","card":"a very long string that is no card"})",
         "card: at most 8 bytes"},
        {R"({"t":"pass","table":"t1","cards":["QS","AH"]})", "cards: pass exactly 3 cards, got 2"},
        {R"({"t":"pass","table":"t1","cards":["QS","AH","2C","3C"]})",
         "cards: pass exactly 3 cards, got 4"},
        {R"({"t":"pass","table":"t1","cards":[]})", "cards: pass exactly 3 cards, got 0"},
        {R"({"t":"pass","table":"t1","cards":["QS","1H","2C"]})", "cards[1]: '1H' is not a card"},
        {R"({"t":"pass","table":"t1","cards":["QS","AH",3]})", "cards[2]: expected a card"},
        {R"({"t":"pass","table":"t1","cards":["QS","AH","QS"]})", "cards[2]: QS is listed twice"},
    });
}

TEST(ProtocolRefuse, MoonChoice) {
    expect_refusals({{R"({"t":"moon","table":"t1","choice":"everyone"})", "choice: "}});
}

TEST(ProtocolRefuse, Rules) {
    expect_refusals({
        {R"({"t":"new_game","rules":"moon=sideways"})", "rules: moon scoring is"},
        {R"({"t":"new_game","rules":"colour=red"})", "rules: unknown rule 'colour'"},
        {R"({"t":"new_game","rules":"end=0"})", "rules: end score must be"},
        {R"({"t":"new_game","rules":"pass=LXR"})", "rules: 'X' is not a pass direction"},
        {R"({"t":"new_game","rules":")" + std::string(300, 'a') + "\"}", "rules: at most 256"},
    });
}

TEST(ProtocolRefuse, Level) {
    expect_refusals({
        {R"({"t":"new_game","level":"godlike"})", "level: expected one of random, easy"},
        {R"({"t":"new_game","level":"Expert"})", "level: expected one of"},
        {R"({"t":"new_game","level":""})", "level: expected one of"},
    });
}

TEST(ProtocolRefuse, Names) {
    expect_refusals({
        {R"({"t":"new_game","names":["A","B"]})", "names: expected 3 names"},
        {R"({"t":"new_game","names":["A","B","C","D"]})", "names: expected 3 names"},
        {R"({"t":"new_game","names":["A",2,"C"]})", "names[1]: expected a name"},
        {R"({"t":"new_game","names":["A","B",""]})", "names[2]: a name is 1 to 20 characters"},
        {R"({"t":"new_game","names":["A","abcdefghijklmnopqrstu","C"]})",
         "names[1]: a name is 1 to 20 characters, got 21"},
        {R"({"t":"new_game","names":["A\u0007","B","C"]})", "names[0]: a name cannot contain"},
        {R"({"t":"new_game","names":["A\nB","B","C"]})", "names[0]: a name cannot contain"},
        {R"({"t":"new_game","name":"\u202eevil"})", "name: a name cannot contain"},
        {R"({"t":"new_game","name":"\u0085"})", "name: a name cannot contain"},
        {R"({"t":"new_game","name":"   "})", "name: a name needs a character"},
        {R"({"t":"new_game","name":""})", "name: a name is 1 to 20 characters, got 0"},
        {R"({"t":"new_game","name":")" + std::string(100, 'x') + "\"}", "name: at most 80 bytes"},
    });
}

TEST(ProtocolRefuse, BadIds) {
    expect_refusals({
        {R"({"t":"ping","id":-1})", "id: expected a whole number from 0 to 9007199254740991"},
        {R"({"t":"ping","id":9007199254740992})", "id: expected a whole number"},
        {R"({"t":"ping","id":18446744073709551615})", "id: expected a whole number"},
        {R"({"t":"ping","id":1e400})", "not valid JSON", true},
        {R"({"t":"ping","id":1.5})", "id: expected a whole number"},
        {R"({"t":"ping","id":3.0})", "id: expected a whole number"},
        {R"({"t":"ping","id":"7"})", "id: expected a whole number"},
        {R"({"t":"ping","id":null})", "id: expected a whole number"},
    });
}

TEST(ProtocolRefuse, IdIsEchoedWhenItIsAnInteger) {
    EXPECT_EQ(refused(R"({"t":"dance","id":7})").id, 7);
    EXPECT_EQ(refused(R"({"t":"play","id":8,"table":"t1","card":"ZZ"})").id, 8);
    EXPECT_EQ(refused(R"({"t":"ping","id":-4})").id, -4);  // refused, but the client's own id
    EXPECT_EQ(refused(R"({"t":"ping","id":1,"id":2})").id, 1);
    EXPECT_FALSE(refused(R"({"t":"ping","id":1.5})").id);
    EXPECT_FALSE(refused(R"({"t":"ping","id":18446744073709551615})").id);
    EXPECT_FALSE(refused(R"({"t":"dance"})").id);
}

TEST(ProtocolRefuse, SecretsAreNotQuotedBack) {
    const ProtocolError e = refused(R"({"t":"hello","player":"p_1","token":"not a token!"})");
    EXPECT_NE(e.reason.find("token:"), std::string::npos);
    EXPECT_EQ(e.reason.find("not a token"), std::string::npos) << e.reason;
}

// Random bytes and mangled messages: refused or accepted, never a crash or a throw.
TEST(ProtocolRefuse, GarbageNeverThrows) {
    const std::vector<std::string> seeds = {
        R"({"t":"pass","table":"t1","cards":["QS","AH","2C"]})",
        R"({"t":"new_game","names":["Ann","Zoë","李"],"level":"easy","rules":"moon=choice"})",
        R"({"t":"resume","table":"t1","since":17,"id":3})",
    };
    std::uint64_t x = 88172645463325252ull;
    auto next = [&] {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        return x;
    };
    for (int round = 0; round < 20000; ++round) {
        std::string s = seeds[next() % seeds.size()];
        const int edits = 1 + int(next() % 4);
        for (int k = 0; k < edits && !s.empty(); ++k) {
            const std::size_t at = next() % s.size();
            switch (next() % 3) {
                case 0:
                    s[at] = char(next() & 0xff);
                    break;
                case 1:
                    s.erase(at, 1);
                    break;
                default:
                    s.insert(at, 1, "{}[]\",:0a\\"[next() % 10]);
            }
        }
        EXPECT_NO_THROW({
            auto r = parse_client_message(s);
            if (auto* e = std::get_if<ProtocolError>(&r)) (void)error_message(*e);
        });
    }
}

// ---- what the server writes ----

TEST(ProtocolParse, PlayingWithPeople) {
    EXPECT_EQ(body<SetName>(R"({"t":"set_name","name":"Zoë"})").name, "Zoë");
    const auto create = body<CreateTable>(R"({"t":"create_table","private":true})");
    EXPECT_TRUE(create.is_private);
    EXPECT_EQ(create.timer, kDefaultTimerSeconds);
    const auto open =
        body<CreateTable>(R"({"t":"create_table","private":false,"rules":"end=50","timer":0})");
    EXPECT_FALSE(open.is_private);
    EXPECT_EQ(open.rules, "end=50");
    EXPECT_EQ(open.timer, 0);
    const auto join = body<JoinTable>(R"({"t":"join","table":"k3v9q2mx","confirm":true})");
    EXPECT_EQ(join.table, "k3v9q2mx");
    EXPECT_TRUE(join.confirm);
    EXPECT_FALSE(body<JoinTable>(R"({"t":"join","table":"k3v9q2mx"})").confirm);
    using Kind = TableCommand::Kind;
    const std::pair<const char*, Kind> commands[] = {
        {"leave", Kind::Leave},     {"start", Kind::Start},     {"timer_off", Kind::TimerOff},
        {"reclaim", Kind::Reclaim}, {"concede", Kind::Concede}, {"rematch", Kind::Rematch},
        {"decline", Kind::Decline}};
    for (const auto& [name, kind] : commands) {
        const auto c = body<TableCommand>(std::string(R"({"t":")") + name + R"(","table":"t1"})");
        EXPECT_EQ(c.kind, kind) << name;
        EXPECT_EQ(c.table, "t1");
    }
    EXPECT_FALSE(body<LobbyWatch>(R"({"t":"lobby","on":false})").on);
    const auto say = body<ChatSay>(R"({"t":"chat","table":"t1","text":"<b>gg</b> ♥"})");
    EXPECT_EQ(say.text, "<b>gg</b> ♥");
    const auto rel =
        body<SetRelation>(R"({"t":"relation","player":"p_x","kind":"favorite","on":true})");
    EXPECT_EQ(rel.player, "p_x");
    EXPECT_EQ(rel.kind, RelationKind::Favorite);
    EXPECT_TRUE(rel.on);
    const auto dare =
        body<Challenge>(R"({"t":"challenge","player":"p_x","rules":"moon=shooter","timer":0})");
    EXPECT_EQ(dare.player, "p_x");
    EXPECT_EQ(dare.rules, "moon=shooter");
    EXPECT_EQ(dare.timer, 0);
    const auto plain = body<Challenge>(R"({"t":"challenge","player":"p_y"})");
    EXPECT_EQ(plain.rules, "");
    EXPECT_EQ(plain.timer, kDefaultTimerSeconds);
    const auto watch = body<WatchTable>(R"({"t":"watch","table":"t1","on":true})");
    EXPECT_EQ(watch.table, "t1");
    EXPECT_TRUE(watch.on);
    EXPECT_FALSE(body<WatchTable>(R"({"t":"watch","table":"t1","on":false})").on);
    const auto allow = body<AllowWatchers>(R"({"t":"allow_watchers","table":"t2","on":false})");
    EXPECT_EQ(allow.table, "t2");
    EXPECT_FALSE(allow.on);
    EXPECT_TRUE(body<AllowHints>(R"({"t":"allow_hints","table":"t3","on":true})").on);
    (void)body<DailyStart>(R"({"t":"daily_start"})");
    EXPECT_EQ(body<DailyRequest>(R"({"t":"daily"})").day, "");
    EXPECT_EQ(body<DailyRequest>(R"({"t":"daily","day":"2024-02-29"})").day, "2024-02-29");
}

TEST(ProtocolRefuse, DailyDay) {
    expect_refusals({
        {R"({"t":"daily","day":"2025-02-29"})", "day: expected a day like \"2026-12-03\" (UTC)"},
        {R"({"t":"daily","day":"2026-12-3"})", "day: expected a day like"},
        {R"({"t":"daily","day":"yesterday"})", "day: expected a day like"},
        {R"({"t":"daily","day":20261203})", "day: expected a day like"},
        {R"({"t":"daily","day":"2026-12-03T00:00"})", "day: at most 10 bytes"},
        {R"({"t":"daily_start","day":"2026-12-03"})",
         "unknown field 'day'; daily_start takes t and id"},
    });
}

// The names in tests/data/names.json, which the browser's copy of the rule
// (web/src/game/names.ts) is tested against too: each accepted one is kept in its clean
// form, each refused one is refused for the reason its kind names.
TEST(ProtocolNames, AgreeWithTheBrowsersSharedCases) {
    std::ifstream file(std::string(HEARTS_TEST_DATA_DIR) + "/names.json");
    ASSERT_TRUE(file) << "tests/data/names.json is missing";
    const Json cases = Json::parse(file);
    const std::map<std::string, std::string> reasons{
        {"control", "name: a name cannot contain control characters"},
        {"invisible",
         "name: a name cannot contain invisible characters or other spaces than the plain one"},
        {"length", "name: a name is 1 to 20 characters, got "},
        {"space", "name: a name needs a character that is not a space"},
        {"shows", "name: a name needs a letter, a digit or a symbol that shows"},
        {"wide", "name: a name cannot contain a character as wide as a word"},
        {"marks", "name: a character of a name can carry at most 4 accents"},
    };
    ASSERT_GE(cases.at("accepted").size(), 10u);
    ASSERT_GE(cases.at("refused").size(), 10u);
    for (const Json& c : cases.at("accepted")) {
        const Json m{{"t", "set_name"}, {"name", c.at("name")}};
        EXPECT_EQ(body<SetName>(m.dump()).name, c.at("clean").get<std::string>()) << m.dump();
    }
    for (const Json& c : cases.at("refused")) {
        const Json m{{"t", "set_name"}, {"name", c.at("name")}};
        const std::string& want = reasons.at(c.at("kind").get<std::string>());
        EXPECT_EQ(refused(m.dump()).reason.substr(0, want.size()), want) << m.dump();
    }
}

TEST(ProtocolRefuse, PlayingWithPeople) {
    const std::pair<const char*, const char*> cases[] = {
        {R"({"t":"set_name"})", "name: missing"},
        {R"({"t":"set_name","name":""})", "name: a name is 1 to 20 characters, got 0"},
        {R"({"t":"create_table"})", "private: missing"},
        {R"({"t":"create_table","private":"yes"})", "private: expected true or false"},
        {R"({"t":"create_table","private":true,"timer":5})", "timer: 0 (off) or 10 to 120"},
        {R"({"t":"create_table","private":true,"timer":121})", "timer: expected a whole number"},
        {R"({"t":"create_table","private":true,"rules":"moon=maybe"})", "rules:"},
        {R"({"t":"join"})", "table: missing"},
        {R"({"t":"join","table":"../x"})", "table: expected an id"},
        {R"({"t":"join","table":"t1","confirm":1})", "confirm: expected true or false"},
        {R"({"t":"start","table":"t1","now":true})", "unknown field 'now'"},
        {R"({"t":"lobby"})", "on: missing"},
        {R"({"t":"chat","table":"t1"})", "text: missing"},
        {R"({"t":"chat","table":"t1","text":""})", "text: 1 to 200 characters, got 0"},
        {R"({"t":"chat","table":"t1","text":"  "})", "text: needs a character"},
        {R"({"t":"chat","table":"t1","text":"a\u0000b"})", "text: cannot contain control"},
        {R"({"t":"chat","table":"t1","text":"\u202eevil"})", "text: cannot contain control"},
        {R"({"t":"relation","player":"p_x","kind":"hate","on":true})", "kind: expected \"block\""},
        {R"({"t":"relation","player":"p_x","kind":"mute"})", "on: missing"},
        {R"({"t":"challenge"})", "player: missing"},
        {R"({"t":"challenge","player":"<b>"})", "player: expected an id"},
        {R"({"t":"challenge","player":"p_x","timer":9})", "timer: 0 (off) or 10 to 120"},
        {R"({"t":"challenge","player":"p_x","rules":"end=0"})", "rules:"},
        {R"({"t":"challenge","player":"p_x","private":true})", "unknown field 'private'"},
        {R"({"t":"decline"})", "table: missing"},
        {R"({"t":"watch","table":"t1"})", "on: missing"},
        {R"({"t":"watch","on":true})", "table: missing"},
        {R"({"t":"watch","table":"<t>","on":true})", "table: expected an id"},
        {R"({"t":"allow_watchers","table":"t1","on":"yes"})", "on: expected true or false"},
        {R"({"t":"allow_watchers","table":"t1","on":true,"all":1})", "unknown field 'all'"},
    };
    for (const auto& [text, reason] : cases) {
        const ProtocolError e = refused(text);
        EXPECT_EQ(e.code, "bad_message") << text;
        EXPECT_FALSE(e.close) << text;
        EXPECT_EQ(e.reason.rfind(reason, 0), 0u) << text << " -> " << e.reason;
    }
    const std::string long_chat =
        R"({"t":"chat","table":"t1","text":")" + std::string(201, 'x') + "\"}";
    EXPECT_EQ(refused(long_chat).reason, "text: 1 to 200 characters, got 201");
    const std::string just_right =
        R"({"t":"chat","table":"t1","text":")" + std::string(200, 'x') + "\"}";
    EXPECT_EQ(body<ChatSay>(just_right).text.size(), 200u);
}

TEST(ProtocolWrite, PlayingWithPeople) {
    TableInfo info;
    info.kind = "private";
    info.state = "playing";
    info.host = Seat::South;
    info.you = Seat::West;
    info.code = "k3v9q2mx";
    info.rules = "end=100";
    info.timer = 30;
    info.deadline_ms = 1500;
    info.waiting_for = {Seat::West};
    info.seats[0] = SeatInfo{"p_a", "<i>Ada</i>", true, true, false, {3, "halo"}};
    info.seats[1] = SeatInfo{"p_b", "Bob", true, false, true, {}};
    info.seats[2] = SeatInfo{std::nullopt, "Bill", false, true, false, {}};
    info.seats[3] = SeatInfo{std::nullopt, std::nullopt, false, false, false, {}};
    info.timer_votes = {Seat::South};
    const Json t = Json::parse(table_message("k3v9q2mx", info));
    EXPECT_EQ(t["t"], "table");
    EXPECT_EQ(t["info"]["you"], "W");
    EXPECT_EQ(t["info"]["deadline"], 1500);
    EXPECT_EQ(t["info"]["waiting_for"], Json({"W"}));
    EXPECT_EQ(t["info"]["seats"][0]["name"], "<i>Ada</i>");
    EXPECT_EQ(t["info"]["seats"][0]["face"], 3);
    EXPECT_EQ(t["info"]["seats"][0]["wearing"], "halo");
    EXPECT_EQ(t["info"]["seats"][2]["face"], -1);
    EXPECT_EQ(t["info"]["seats"][1]["away"], true);
    EXPECT_EQ(t["info"]["seats"][2]["player"], nullptr);
    EXPECT_EQ(t["info"]["seats"][3]["name"], nullptr);
    EXPECT_EQ(t["info"]["timer_votes"], Json({"S"}));
    EXPECT_EQ(t["info"]["next"], nullptr);
    EXPECT_EQ(t["info"]["challenge"], nullptr);
    info.challenge = ChallengeInfo{"p_b", "Bob", false};
    EXPECT_EQ(Json::parse(table_message("k3v9q2mx", info))["info"]["challenge"],
              Json::parse(R"({"player":"p_b","name":"Bob","state":"pending"})"));
    info.challenge->declined = true;
    EXPECT_EQ(Json::parse(table_message("k3v9q2mx", info))["info"]["challenge"]["state"],
              "declined");
    EXPECT_EQ(Json::parse(challenge_message("k3", {"p_a", "<i>Ada</i>"}, "end=50", 0)),
              Json::parse(R"({"t":"challenge","table":"k3","from":{"player":"p_a",)"
                          R"("name":"<i>Ada</i>"},"rules":"end=50","timer":0})"));
    EXPECT_EQ(Json::parse(challenge_over_message("k3", "withdrawn")),
              Json::parse(R"({"t":"challenge_over","table":"k3","reason":"withdrawn"})"));

    const Json c =
        Json::parse(chat_message("t1", ChatLine{Seat::North, "p_c", "Cy", "hi </script>", 7}));
    EXPECT_EQ(c, Json::parse(R"({"t":"chat","table":"t1","seat":"N","player":"p_c","name":"Cy",)"
                             R"("text":"hi </script>","at":7})"));

    LobbyEntry entry{"t1", "end=100", "waiting", 0, {}, 1700000000123};
    entry.seats[0] = SeatInfo{"p_a", "Ada", true, true, false, {}};
    const Json l = Json::parse(lobby_message({entry}));
    EXPECT_EQ(l["t"], "lobby");
    EXPECT_EQ(l["tables"][0]["created"], 1700000000123);
    EXPECT_FALSE(l["tables"][0].contains("blocked"));  // each client marks its own blocks
    EXPECT_FALSE(l["tables"][0]["seats"][0].contains("connected"));
    const Json u = Json::parse(lobby_update_message({entry}, {"t0"}));
    EXPECT_EQ(u["t"], "lobby_update");
    EXPECT_EQ(u["set"], l["tables"]);
    EXPECT_EQ(u["removed"], Json::parse(R"(["t0"])"));
    EXPECT_EQ(Json::parse(rematch_message("a", "b")),
              Json::parse(R"({"t":"rematch","table":"a","next":"b"})"));
    EXPECT_EQ(Json::parse(removed_message("a")), Json::parse(R"({"t":"removed","table":"a"})"));
    EXPECT_EQ(Json::parse(you_message("p_a", "Ada")),
              Json::parse(R"({"t":"you","player":"p_a","name":"Ada"})"));
}

TEST(ProtocolWrite, Statistics) {
    PlayerStats stats;
    stats.all = {3, 1, 20, 140, 1, 2, 4, 5, 1, 0};
    stats.groups.push_back({false, "expert", {2, 1, 14, 90, 1, 1, 3, 4, 1, 0}});
    stats.groups.push_back({true, "", {1, 0, 6, 50, 0, 1, 1, 1, 0, 0}});
    stats.streak = 1;
    stats.best_streak = 1;
    stats.recent.push_back({"abc", 1700000000000, 44, 2, false});
    const Json j = Json::parse(stats_message(stats));
    EXPECT_EQ(j, Json::parse(R"({"t":"stats",
        "all":{"games":3,"won":1,"hands":20,"points":140,"moons_shot":1,"moons_suffered":2,
               "queens":4,"trickless":5,"moon_stops":1,"conceded":0},
        "groups":[{"games":2,"won":1,"hands":14,"points":90,"moons_shot":1,"moons_suffered":1,
                   "queens":3,"trickless":4,"moon_stops":1,"conceded":0,
                   "people":false,"level":"expert"},
                  {"games":1,"won":0,"hands":6,"points":50,"moons_shot":0,"moons_suffered":1,
                   "queens":1,"trickless":1,"moon_stops":0,"conceded":0,
                   "people":true,"level":""}],
        "streak":1,"best_streak":1,
        "recent":[{"table":"abc","at":1700000000000,"score":44,"place":2,"won":false}]})"));
}

TEST(ProtocolParse, AchievementsAndLooks) {
    body<AchievementsRequest>(R"({"t":"achievements"})");
    EXPECT_EQ(body<SetLook>(R"({"t":"set_look","face":3,"wearing":"halo"})").look,
              (Look{3, "halo"}));
    EXPECT_EQ(body<SetLook>(R"({"t":"set_look","face":-1,"wearing":""})").look, (Look{-1, ""}));
    EXPECT_EQ(body<SetLook>(R"({"t":"set_look","face":11,"wearing":"crown"})").look.face, 11);
}

TEST(ProtocolRefuse, AchievementsAndLooks) {
    EXPECT_EQ(refused(R"({"t":"set_look","face":12,"wearing":""})").reason,
              "face: expected a whole number from -1 to 11, got 12");
    EXPECT_EQ(refused(R"({"t":"set_look","face":0,"wearing":"jetpack"})").reason,
              "wearing: there is no item 'jetpack'");
    EXPECT_EQ(refused(R"({"t":"set_look","face":0})").reason, "wearing: missing");
    EXPECT_EQ(refused(R"({"t":"set_look","face":"2","wearing":""})").reason.substr(0, 5), "face:");
    // A client cannot say what it earned.
    EXPECT_EQ(refused(R"({"t":"achievements","earned":["moon"]})").reason.substr(0, 22),
              "unknown field 'earned'");
}

TEST(ProtocolWrite, Achievements) {
    const Json j = Json::parse(
        achievements_message({{"first_game", "t1", 1700000000000}}, Look{2, "flat_cap"}));
    EXPECT_EQ(j["t"], "achievements");
    EXPECT_EQ(j["face"], 2);
    EXPECT_EQ(j["wearing"], "flat_cap");
    ASSERT_EQ(j["list"].size(), achievements().size());
    EXPECT_EQ(j["list"][0], Json::parse(R"({"id":"first_game","name":"First game",)"
                                        R"("how":"Finish a game.","title":"card player",)"
                                        R"("item":"flat_cap","item_name":"flat cap",)"
                                        R"("earned":1700000000000})"));
    EXPECT_EQ(j["list"][1]["earned"], nullptr);
    EXPECT_EQ(Json::parse(achievement_message(*find_achievement("moon"), "t9")),
              Json::parse(
                  R"({"t":"achievement","table":"t9","achievement":"moon","name":"Over the moon",)"
                  R"("how":"Shoot the moon: take every heart and the Q♠ in one hand.",)"
                  R"("title":"space cadet","item":"space_helmet",)"
                  R"("item_name":"space helmet"})"));
    EXPECT_EQ(Json::parse(look_message(Look{-1, ""})),
              Json::parse(R"({"t":"look","face":-1,"wearing":""})"));
}

TEST(ProtocolWrite, SmallMessages) {
    EXPECT_EQ(Json::parse(welcome_message("p_1", "tok", {"a", "b"})),
              Json::parse(R"({"t":"welcome","player":"p_1","token":"tok","tables":["a","b"],)"
                          R"("name":null,"relations":{"block":[],"mute":[],"favorite":[]},)"
                          R"("face":-1,"wearing":""})"));
    Relations relations;
    relations.mute.push_back({"p_2", "<b>Bo</b>"});
    EXPECT_EQ(Json::parse(welcome_message("p_1", "tok", {}, "Ada", relations)),
              Json::parse(R"({"t":"welcome","player":"p_1","token":"tok","tables":[],)"
                          R"("name":"Ada","relations":{"block":[],)"
                          R"("mute":[{"player":"p_2","name":"<b>Bo</b>"}],"favorite":[]},)"
                          R"("face":-1,"wearing":""})"));
    EXPECT_EQ(Json::parse(welcome_message("p_1", "tok", {}))["tables"], Json::array());
    EXPECT_EQ(
        Json::parse(error_message({"illegal", "you must follow suit", 4})),
        Json::parse(R"({"t":"error","code":"illegal","reason":"you must follow suit","id":4})"));
    EXPECT_EQ(
        Json::parse(error_message({"auth", "unknown player or wrong token", {}})),
        Json::parse(R"({"t":"error","code":"auth","reason":"unknown player or wrong token"})"));
    EXPECT_EQ(ack_message(7, 18), R"({"t":"ack","id":7,"v":18})");
    EXPECT_EQ(pong_message(), R"({"t":"pong"})");
}

const SeatNames kNames{"You", "Mike", "Bill", "Lisa"};

TEST(ProtocolWrite, SnapshotAndUpdate) {
    const Game g(Rules{}, 1);
    const Json snapshot = Json::parse(snapshot_message("k3v9q2mx", 3, g.view(Seat::South), kNames));
    EXPECT_EQ(snapshot["t"], "snapshot");
    EXPECT_EQ(snapshot["table"], "k3v9q2mx");
    EXPECT_EQ(snapshot["v"], 3);
    EXPECT_EQ(snapshot["view"], Json::parse(view_json(g.view(Seat::South), kNames)));
    EXPECT_FALSE(snapshot.contains("level"));
    EXPECT_FALSE(snapshot.contains("claim"));
    EXPECT_EQ(Json::parse(snapshot_message("k3v9q2mx", 3, g.view(Seat::South), kNames,
                                           {.level = "hard"}))["level"],
              "hard");
    // A claimed hand's snapshot says the claim as its event did, so a page reconnected
    // after it still tells why the hand ended early.
    const Json claimed = Json::parse(
        snapshot_message("k3v9q2mx", 3, g.view(Seat::South), kNames,
                         {.claim = event::Claim{ClaimKind::EveryTrick, Seat::West, 5}}));
    EXPECT_EQ(claimed["claim"],
              Json::parse(R"({"kind":"claim","why":"every_trick","seat":"W","points":5})"));

    const Json update = Json::parse(update_message("k3v9q2mx", 4, R"({"kind":"passed","seat":"W"})",
                                                   g.view(Seat::North), kNames));
    EXPECT_EQ(update["t"], "update");
    EXPECT_EQ(update["table"], "k3v9q2mx");
    EXPECT_EQ(update["v"], 4);
    EXPECT_EQ(update["event"], Json::parse(R"({"kind":"passed","seat":"W"})"));
    EXPECT_EQ(update["view"]["seat"], "N");
}

// The view is written straight to text on every move; the document built the slow way is
// its reference. Over whole games of every rule variant, from every seat, at every step
// (names with quotes, backslashes, control characters and non-ASCII text included), the
// two agree byte for byte.
TEST(ProtocolWrite, TheViewWriterAgreesWithTheDocumentEverywhere) {
    auto bot = ai::make_bot("random").value();
    const std::vector<Rules> variants = {
        Rules{}, parse_rules("pass=LARN,moon=choice,end=60").value(),
        parse_rules("jack=yes,queen_breaks=yes,moon=shooter,end=50").value()};
    const std::vector<SeatNames> names = {
        kNames, SeatNames{"Zoë \"Z\"", "back\\slash", "tab\tnew\nline", "李 \x01"},
        SeatNames{"\xff\xfe", "", "Mike", "</script>"}};
    int compared = 0;
    for (std::uint64_t seed = 1; seed <= 9; ++seed) {
        Game g(variants[seed % variants.size()], seed);
        const SeatNames& n = names[seed % names.size()];
        for (int step = 0; g.phase() != Phase::GameOver; ++step) {
            for (Seat s : kAllSeats) {
                const SeatView v = g.view(s);
                ASSERT_EQ(view_json(v, n), view_document_json(v, n))
                    << "seed " << seed << " step " << step << " seat " << seat_letter(s);
                ++compared;
            }
            Action a = Action::next_hand();
            if (g.phase() != Phase::HandOver) {
                for (Seat s : kAllSeats) {
                    if (!g.awaiting(s)) continue;
                    a = ai::decide(*bot, g.view(s), std::uint64_t(step));
                    break;
                }
            }
            ASSERT_TRUE(g.apply(a));
        }
    }
    EXPECT_GT(compared, 10000);
}

TEST(ProtocolWrite, NamesThatAreNotUtf8DoNotThrow) {
    const Game g(Rules{}, 1);
    const SeatNames names{"\xff\xfe", "Mike", "Bill", "Lisa"};
    std::string text;
    EXPECT_NO_THROW(text = view_json(g.view(Seat::South), names));
    EXPECT_FALSE(Json::parse(text, nullptr, false).is_discarded());
}

TEST(ProtocolView, FirstHandBeforeThePass) {
    const Game g(Rules{}, 1);
    const Json v = Json::parse(view_json(g.view(Seat::West), kNames));
    EXPECT_EQ(v["seat"], "W");
    EXPECT_EQ(v["phase"], "pass");
    EXPECT_EQ(v["hand"], 1);
    EXPECT_EQ(v["pass"], "left");
    EXPECT_EQ(v["rules"], "pass=LRAN,queen_breaks=no,moon=others,jack=no,end=100,tie=continue");
    EXPECT_EQ(v["names"], Json::parse(R"(["You","Mike","Bill","Lisa"])"));
    std::vector<std::string> hand;
    for (Card c : g.holding(Seat::West)) hand.push_back(to_string(c));
    EXPECT_EQ(v["cards"], Json(hand));
    EXPECT_EQ(v["legal"], Json::array());
    EXPECT_EQ(v["passed"], Json::array());
    EXPECT_EQ(v["received"], Json::array());
    EXPECT_EQ(v["has_passed"], Json::parse("[false,false,false,false]"));
    EXPECT_TRUE(v["to_move"].is_null());
    EXPECT_TRUE(v["trick"].is_null());
    EXPECT_TRUE(v["last_trick"].is_null());
    EXPECT_EQ(v["hearts_broken"], false);
    EXPECT_EQ(v["points"], Json::parse("[0,0,0,0]"));
    EXPECT_EQ(v["markers"], Json::parse(R"(["","","",""])"));
    EXPECT_EQ(v["scores"], Json::parse("[0,0,0,0]"));
    EXPECT_EQ(v["sheet"], Json::array());
    EXPECT_EQ(v["winners"], Json::array());
}

// Passes the three lowest cards for every seat, then plays the lowest legal card until
// `plays` cards are down.
Game after_plays(int plays, std::uint64_t seed = 1) {
    Game g(Rules{}, seed);
    for (Seat s : kAllSeats) {
        CardSet pass;
        for (Card c : g.holding(s))
            if (pass.size() < 3) pass |= c;
        EXPECT_TRUE(g.apply(Action::pass(s, pass)));
    }
    for (int i = 0; i < plays; ++i)
        EXPECT_TRUE(g.apply(Action::play(g.to_move(), g.legal_plays().lowest())));
    return g;
}

TEST(ProtocolView, PassedAndReceivedAfterTheExchange) {
    const Game g = after_plays(0);
    for (Seat s : kAllSeats) {
        const Json v = Json::parse(view_json(g.view(s), kNames));
        EXPECT_EQ(v["phase"], "play");
        EXPECT_EQ(v["has_passed"], Json::parse("[true,true,true,true]"));
        EXPECT_EQ(v["passed"].size(), 3u);
        EXPECT_EQ(v["received"].size(), 3u);
        EXPECT_EQ(v["to_move"], std::string(1, seat_letter(g.to_move())));
        EXPECT_EQ(v["trick"]["leader"], std::string(1, seat_letter(g.to_move())));
        EXPECT_EQ(v["trick"]["cards"], Json::array());
        const bool mine = g.to_move() == s;
        EXPECT_EQ(v["legal"], mine ? Json::parse(R"(["2C"])") : Json::array());
    }
}

TEST(ProtocolView, TrickLastTrickMarkersAndPoints) {
    const Game g = after_plays(6);
    const Json v = Json::parse(view_json(g.view(Seat::South), kNames));
    const Hand& h = g.hand();
    const Json& last = v["last_trick"];
    EXPECT_EQ(last["leader"], std::string(1, seat_letter(h.leader(0))));
    EXPECT_EQ(last["winner"], std::string(1, seat_letter(h.winner(0))));
    ASSERT_EQ(last["cards"].size(), 4u);
    for (int k = 0; k < 4; ++k) EXPECT_EQ(last["cards"][std::size_t(k)], to_string(h.play_at(k)));
    EXPECT_EQ(v["trick"]["leader"], std::string(1, seat_letter(h.winner(0))));
    EXPECT_EQ(v["trick"]["cards"], Json({to_string(h.play_at(4)), to_string(h.play_at(5))}));
    EXPECT_FALSE(v["trick"].contains("winner"));
    Json markers = Json::parse(R"(["","","",""])");
    markers[std::size_t(h.winner(0))] = "·";  // the first trick never holds points
    EXPECT_EQ(v["markers"], markers);
    EXPECT_EQ(v["points"], Json::parse("[0,0,0,0]"));
}

TEST(ProtocolView, SheetAfterAHand) {
    const Game g = after_plays(52);
    ASSERT_EQ(g.phase(), Phase::HandOver);
    const Json v = Json::parse(view_json(g.view(Seat::East), kNames));
    EXPECT_EQ(v["phase"], "hand_over");
    EXPECT_TRUE(v["to_move"].is_null());
    ASSERT_EQ(v["sheet"].size(), 1u);
    const HandResult& r = g.results()[0];
    const Json& row = v["sheet"][0];
    EXPECT_EQ(row, Json::parse(sheet_row_json(r)));
    EXPECT_EQ(row["hand"], 1);
    EXPECT_EQ(row["score"], Json(r.score));
    EXPECT_EQ(row["totals"], Json(r.totals));
    EXPECT_FALSE(row.contains("points"));  // the view shows this hand's points apart
    std::vector<std::string> winners;
    for (Seat s : r.winners()) winners.push_back(std::string(1, seat_letter(s)));
    EXPECT_EQ(row["winners"], Json(winners));
    EXPECT_EQ(v["points"], Json(r.points));
    std::string all_markers;
    for (const auto& m : v["markers"]) all_markers += m.get<std::string>();
    // 13 tricks, one marker each (each marker is one UTF-8 character of 2 or 3 bytes).
    int count = 0;
    for (unsigned char c : all_markers) count += (c & 0xc0) != 0x80;
    EXPECT_EQ(count, 13);
    EXPECT_EQ(v["last_trick"]["cards"].size(), 4u);
    EXPECT_EQ(v["trick"]["cards"], Json::array());
}

TEST(ProtocolView, SheetRowWithAMoon) {
    HandResult r;
    r.hand_index = 2;
    r.points = {0, 0, 26, 0};
    r.score = {26, 26, 0, 26};
    r.totals = {30, 40, 5, 26};
    r.moon = true;
    r.shooter = Seat::North;
    r.moon_choice = MoonChoice::AddToOthers;
    EXPECT_EQ(sheet_row_json(r), R"({"hand":3,"score":[26,26,0,26],"totals":[30,40,5,26],)"
                                 R"("moon":{"shooter":"N","scored":"others"},"winners":["N"]})");
}

// ---- redaction over whole games ----

// Every string in `j` that is a card ("QS").
void collect_cards(const Json& j, std::vector<Card>& out) {
    if (j.is_string()) {
        const std::string& s = j.get_ref<const std::string&>();
        if (s.size() == 2) {
            auto c = parse_card(s);
            if (c && to_string(*c) == s) out.push_back(*c);
        }
    } else if (j.is_structured()) {
        for (const auto& e : j) collect_cards(e, out);
    }
}

// What seat `s` may see: its cards, what it passed and received, and what was played.
CardSet visible_to(const Game& g, Seat s) {
    CardSet seen = g.holding(s) | g.passed(s) | g.received(s);
    if (g.phase() != Phase::Pass) seen |= g.hand().played();
    return seen;
}

Action any_action(const Game& g, ai::Bot& bot, std::uint64_t seed) {
    if (g.phase() == Phase::HandOver) return Action::next_hand();
    for (Seat s : kAllSeats)
        if (g.awaiting(s)) return ai::decide(bot, g.view(s), seed);
    ADD_FAILURE() << "nobody to act";
    return Action::next_hand();
}

TEST(ProtocolView, NoSeatEverSeesAHiddenCard) {
    auto bot = ai::make_bot("random").value();
    const std::vector<Rules> variants = {Rules{},
                                         parse_rules("pass=LARN,moon=choice,end=60").value(),
                                         parse_rules("jack=yes,queen_breaks=yes,end=50").value()};
    int steps = 0;
    for (std::uint64_t seed = 1; seed <= 6; ++seed) {
        Game g(variants[seed % variants.size()], seed);
        for (int step = 0; g.phase() != Phase::GameOver; ++step) {
            for (Seat s : kAllSeats) {
                const Json v = Json::parse(view_json(g.view(s), kNames));
                std::vector<Card> shown;
                collect_cards(v, shown);
                const CardSet allowed = visible_to(g, s);
                for (Card c : shown) {
                    ASSERT_TRUE(allowed.contains(c))
                        << "seed " << seed << " step " << step << ": " << seat_letter(s) << " sees "
                        << to_string(c) << " in " << v.dump();
                }
                CardSet hand;
                for (const auto& c : v["cards"]) hand |= parse_card(c.get<std::string>()).value();
                ASSERT_EQ(hand, g.holding(s));
            }
            ASSERT_TRUE(g.apply(any_action(g, *bot, seed * 1000 + std::uint64_t(step))));
            ++steps;
        }
    }
    EXPECT_GT(steps, 1000);
}

// A watcher's view (docs/protocol.md, "Spectators") holds the cards played in the open and
// nothing else, whichever seat it is made from, and says it is a watcher's.
TEST(ProtocolView, AWatcherSeesOnlyTheCardsPlayedInTheOpen) {
    auto bot = ai::make_bot("random").value();
    int steps = 0;
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
        Game g(parse_rules(seed % 2 ? "end=50" : "moon=choice,end=60").value(), seed);
        for (int step = 0; g.phase() != Phase::GameOver; ++step) {
            const Json v = Json::parse(watcher_view_json(g.view(Seat(step % 4)), kNames));
            EXPECT_EQ(v["watching"], true);
            for (const char* k : {"cards", "legal", "passed", "received"})
                ASSERT_TRUE(v[k].empty()) << k << " in " << v.dump();
            std::vector<Card> shown;
            collect_cards(v, shown);
            const CardSet open = g.phase() == Phase::Pass ? CardSet() : g.hand().played();
            for (Card c : shown)
                ASSERT_TRUE(open.contains(c)) << "seed " << seed << " step " << step << ": "
                                              << to_string(c) << " in " << v.dump();
            ASSERT_TRUE(g.apply(any_action(g, *bot, seed * 1000 + std::uint64_t(step))));
            ++steps;
        }
    }
    EXPECT_GT(steps, 500);
}

}  // namespace
}  // namespace hearts::server
