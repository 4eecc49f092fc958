// The browser protocol (docs/protocol.md): the one function that reads client frames,
// and the JSON the server writes. Keep this file and the document in step.
//
// Reading is strict because the input is hostile until proven otherwise: a frame is
// size-checked before parsing, parsed with a depth limit and a duplicate-key check,
// and then each message type accepts exactly its documented fields with their documented
// types. Every refusal names the field at fault. Nothing here throws: nlohmann's
// exceptions are caught at the edge and become a ProtocolError.
//
// Writing uses ordered JSON so the keys come out in the documented order, and replaces
// invalid UTF-8 instead of throwing (names come from people).
#include "protocol.h"

#include "names.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <exception>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "hearts/ai/bot.h"
#include "hearts/rules.h"

namespace hearts::server {
namespace {

using Parsed = nlohmann::json;       // what we read
using Out = nlohmann::ordered_json;  // what we write: keys in the documented order

// A valid message nests 2 deep ({"names": [...]}). A little slack keeps the reason for
// a slightly wrong message about its field; anything deeper is refused while parsing.
constexpr int kMaxDepth = 4;
// Ids and versions stay exact in JavaScript, which reads every number as a double.
constexpr std::int64_t kMaxWhole = (std::int64_t{1} << 53) - 1;
constexpr std::size_t kMaxRulesBytes = 256;
constexpr std::size_t kMaxIdBytes = 64;  // table and player ids, tokens
constexpr std::size_t kShownChars = 40;  // the longest value quoted back in a reason

// ---------------------------------------------------------------- reasons

// Text quoted in a reason: printable ASCII only (it may be any bytes a client sent),
// and short.
std::string printable(std::string_view text, std::size_t limit) {
    std::string out;
    for (const char c : text) {
        if (out.size() >= limit) return out + "...";
        const auto byte = static_cast<unsigned char>(c);
        if (byte >= 0x20 && byte < 0x7f) {
            out += c;
        } else {
            constexpr std::string_view kHex = "0123456789abcdef";
            out += "\\x";
            out += kHex[byte >> 4];
            out += kHex[byte & 15];
        }
    }
    return out;
}

std::string in_quotes(std::string_view text) {
    return "'" + printable(text, kShownChars) + "'";
}

// A JSON value as a reason shows it.
std::string describe(const Parsed& j) {
    if (j.is_string()) return in_quotes(j.get_ref<const std::string&>());
    return printable(j.dump(-1, ' ', true, Parsed::error_handler_t::replace), kShownChars);
}

Error at(std::string_view field, std::string_view problem) {
    return Error{std::string(field) + ": " + std::string(problem)};
}

std::string indexed(std::string_view field, std::size_t i) {
    return std::string(field) + "[" + std::to_string(i) + "]";
}

// ---------------------------------------------------------------- parsing the frame

// The frame as JSON. Nesting deeper than kMaxDepth is refused while parsing, so hostile
// input builds nothing large. A key repeated in one object ({"card":"2C","card":"QS"}
// must not mean whichever one the library keeps) is reported in `repeated`; the rest of
// the message is still returned, so the refusal can echo its id.
Expected<Parsed> parse_json(std::string_view text, std::string& repeated) {
    if (text.find_first_not_of(" \t\r\n") == std::string_view::npos)
        return Error{"empty message: a message is a JSON object like {\"t\":\"ping\"}"};
    std::string too_deep;
    std::vector<std::vector<std::string>> open_objects;  // keys seen in each open object
    const auto watch = [&](int depth, Parsed::parse_event_t event, Parsed& parsed) {
        switch (event) {
            case Parsed::parse_event_t::object_start:
            case Parsed::parse_event_t::array_start:
                if (depth >= kMaxDepth) {
                    too_deep = "the message nests arrays and objects more than " +
                               std::to_string(kMaxDepth) + " deep; messages nest 2 deep";
                    return false;  // dropped, with everything inside it
                }
                if (event == Parsed::parse_event_t::object_start) open_objects.emplace_back();
                return true;
            case Parsed::parse_event_t::object_end:
                if (!open_objects.empty()) open_objects.pop_back();
                return true;
            case Parsed::parse_event_t::key: {
                if (open_objects.empty()) return true;
                auto& keys = open_objects.back();
                const auto& key = parsed.get_ref<const std::string&>();
                if (std::find(keys.begin(), keys.end(), key) == keys.end()) {
                    keys.push_back(key);
                    return true;
                }
                if (repeated.empty())
                    repeated = printable(key, kShownChars) + ": the field appears twice";
                return false;  // keeps the first value
            }
            default:
                return true;
        }
    };
    try {
        Parsed doc = Parsed::parse(text.begin(), text.end(), watch);
        if (!too_deep.empty()) return Error{too_deep};
        return doc;
    } catch (const Parsed::exception& e) {
        if (!too_deep.empty()) return Error{too_deep};
        // "[json.exception.parse_error.101] parse error at ..." without the tag.
        std::string_view what = e.what();
        if (const auto tag = what.find("] "); what.starts_with("[json.") && tag != what.npos)
            what.remove_prefix(tag + 2);
        return Error{"not valid JSON: " + printable(what, 200)};
    }
}

// ---------------------------------------------------------------- fields

const Parsed* find(const Parsed& message, const char* key) {
    const auto it = message.find(key);
    return it == message.end() ? nullptr : &*it;
}

Expected<const Parsed*> need(const Parsed& message, const char* key) {
    if (const Parsed* j = find(message, key)) return j;
    return at(key, "missing");
}

// A whole number in [lo, hi]: 3.0 and 1e3 are refused, as JSON gives them as floats.
Expected<std::int64_t> read_whole(const Parsed& j, std::string_view field, std::int64_t lo,
                                  std::int64_t hi) {
    if (j.is_number_unsigned()) {
        const auto v = j.get<std::uint64_t>();
        if (v <= std::uint64_t(hi) && std::int64_t(v) >= lo) return std::int64_t(v);
    } else if (j.is_number_integer()) {
        const auto v = j.get<std::int64_t>();
        if (v >= lo && v <= hi) return v;
    }
    return at(field, "expected a whole number from " + std::to_string(lo) + " to " +
                         std::to_string(hi) + ", got " + describe(j));
}

// The id to echo in an error: any integer that fits, even one refused as out of range,
// so the client can tell which request failed.
std::optional<std::int64_t> echoable_id(const Parsed& message) {
    const Parsed* id = find(message, "id");
    if (!id) return std::nullopt;
    if (id->is_number_unsigned()) {
        const auto v = id->get<std::uint64_t>();
        if (v <= std::uint64_t(std::numeric_limits<std::int64_t>::max())) return std::int64_t(v);
        return std::nullopt;
    }
    if (id->is_number_integer()) return id->get<std::int64_t>();
    return std::nullopt;
}

Expected<std::string> read_text(const Parsed& j, std::string_view field, std::size_t max_bytes,
                                std::string_view what) {
    if (!j.is_string()) return at(field, "expected " + std::string(what) + ", got " + describe(j));
    const std::string& text = j.get_ref<const std::string&>();
    if (text.size() > max_bytes) {
        return at(field, "at most " + std::to_string(max_bytes) + " bytes, got " +
                             std::to_string(text.size()));
    }
    return text;
}

// Table and player ids and tokens: letters, digits, '_' and '-'. The token's value is
// never quoted back: a reason may end up in a log.
Expected<std::string> read_id(const Parsed& j, std::string_view field, bool secret) {
    const auto fail = [&] {
        return at(field, "expected an id of 1 to " + std::to_string(kMaxIdBytes) +
                             " letters, digits, '_' or '-'" +
                             (secret ? std::string() : ", got " + describe(j)));
    };
    if (!j.is_string()) return fail();
    const std::string& text = j.get_ref<const std::string&>();
    const bool ok = !text.empty() && text.size() <= kMaxIdBytes &&
                    std::all_of(text.begin(), text.end(), [](char c) {
                        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                               (c >= '0' && c <= '9') || c == '_' || c == '-';
                    });
    if (!ok) return fail();
    return text;
}

Expected<std::string> read_table(const Parsed& message) {
    auto table = need(message, "table");
    if (!table) return table.error();
    return read_id(**table, "table", false);
}

// Another player's public id (relation, challenge).
Expected<std::string> read_player(const Parsed& message) {
    auto player = need(message, "player");
    if (!player) return player.error();
    return read_id(**player, "player", false);
}

Expected<Card> read_card(const Parsed& j, std::string_view field) {
    auto text = read_text(j, field, 8, "a card like \"QS\"");
    if (!text) return text.error();
    auto card = parse_card(*text);
    if (card) return *card;
    // The engine's reason may already say "'ZZ' is not a card"; otherwise say it first.
    const std::string reason = printable(card.error().reason, 200);
    const std::string lead = in_quotes(*text) + " is not a card";
    return at(field, reason.starts_with(lead) ? reason : lead + ": " + reason);
}

Expected<CardSet> read_pass_cards(const Parsed& message) {
    auto cards = need(message, "cards");
    if (!cards) return cards.error();
    const Parsed& list = **cards;
    if (!list.is_array()) {
        return at("cards", "expected an array of 3 cards like [\"2C\",\"QS\",\"AH\"], got " +
                               describe(list));
    }
    if (list.size() != 3)
        return at("cards", "pass exactly 3 cards, got " + std::to_string(list.size()));
    CardSet out;
    for (std::size_t i = 0; i < list.size(); ++i) {
        auto card = read_card(list[i], indexed("cards", i));
        if (!card) return card.error();
        if (out.contains(*card))
            return at(indexed("cards", i), to_string(*card) + " is listed twice");
        out |= *card;
    }
    return out;
}

// Decodes one UTF-8 sequence at `i` (already validated by the JSON parser; a broken one
// is still refused, not trusted). Returns false at a malformed sequence.
bool next_code_point(std::string_view s, std::size_t& i, char32_t& cp) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char lead = byte(i);
    const int extra = lead < 0x80 ? 0 : lead >= 0xf0 ? 3 : lead >= 0xe0 ? 2 : lead >= 0xc0 ? 1 : -1;
    if (extra < 0 || i + std::size_t(extra) >= s.size()) return false;
    cp = extra == 0 ? lead : char32_t(lead & (0x3f >> extra));
    for (int k = 1; k <= extra; ++k) {
        const unsigned char next = byte(i + std::size_t(k));
        if ((next & 0xc0) != 0x80) return false;
        cp = (cp << 6) | (next & 0x3f);
    }
    i += std::size_t(extra) + 1;
    return true;
}

// Characters that would let a name break the layout or disguise itself: control
// characters, line and paragraph separators, and the bidirectional overrides.
bool unprintable(char32_t cp) {
    return cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) || cp == 0x2028 || cp == 0x2029 ||
           (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069);
}

// A name shown at the table: 1 to 20 characters (not bytes), something visible, no
// character from `unprintable` and nothing invisible (names.h, clean_name, which gives
// the name's one form: NFC, single spaces).
Expected<std::string> read_name(const Parsed& j, std::string_view field) {
    auto text = read_text(j, field, kMaxNameChars * 4, "a name (text)");
    if (!text) return text.error();
    std::size_t chars = 0;
    bool visible = false;
    for (std::size_t i = 0; i < text->size(); ++chars) {
        char32_t cp = 0;
        if (!next_code_point(*text, i, cp)) return at(field, "a name must be UTF-8 text");
        if (unprintable(cp)) return at(field, "a name cannot contain control characters");
        visible = visible || (cp != ' ' && cp != 0xa0 && cp != 0x3000);
    }
    if (chars == 0 || chars > kMaxNameChars) {
        return at(field, "a name is 1 to " + std::to_string(kMaxNameChars) + " characters, got " +
                             std::to_string(chars));
    }
    if (!visible) return at(field, "a name needs a character that is not a space");
    auto clean = clean_name(*text);
    if (!clean) return at(field, clean.error().reason);
    return *clean;
}

// ---------------------------------------------------------------- message types

Expected<ClientBody> parse_hello(const Parsed& m) {
    Hello hello;
    for (const char* key : {"player", "token"}) {
        const Parsed* j = find(m, key);
        if (!j) continue;
        auto value = read_id(*j, key, std::string_view(key) == "token");
        if (!value) return value.error();
        (std::string_view(key) == "token" ? hello.token : hello.player) = *value;
    }
    if (hello.player && !hello.token) return at("token", "missing; send it with player");
    if (hello.token && !hello.player) return at("player", "missing; send it with token");
    return ClientBody(std::move(hello));
}

Expected<ClientBody> parse_new_game(const Parsed& m) {
    NewGame game;
    if (const Parsed* rules = find(m, "rules")) {
        auto text = read_text(*rules, "rules", kMaxRulesBytes, "rules text like \"moon=shooter\"");
        if (!text) return text.error();
        if (auto parsed = parse_rules(*text); !parsed)
            return at("rules", printable(parsed.error().reason, 200));
        game.rules = *text;
    }
    if (const Parsed* names = find(m, "names")) {
        if (!names->is_array() || names->size() != 3) {
            return at("names",
                      "expected 3 names (West, North, East) like [\"Mike\",\"Bill\","
                      "\"Lisa\"], got " +
                          describe(*names));
        }
        for (std::size_t i = 0; i < 3; ++i) {
            auto name = read_name((*names)[i], indexed("names", i));
            if (!name) return name.error();
            game.names[i] = *name;
        }
    }
    if (const Parsed* level = find(m, "level")) {
        const std::vector<std::string> levels = ai::bot_levels();
        std::string listing;
        for (const std::string& l : levels) listing += (listing.empty() ? "" : ", ") + l;
        const bool known =
            level->is_string() && std::find(levels.begin(), levels.end(),
                                            level->get_ref<const std::string&>()) != levels.end();
        if (!known) return at("level", "expected one of " + listing + ", got " + describe(*level));
        game.level = level->get<std::string>();
    }
    if (const Parsed* name = find(m, "name")) {
        auto value = read_name(*name, "name");
        if (!value) return value.error();
        game.name = *value;
    }
    return ClientBody(std::move(game));
}

Expected<ClientBody> parse_resume(const Parsed& m) {
    auto table = read_table(m);
    if (!table) return table.error();
    Resume resume{*table};
    if (const Parsed* since = find(m, "since")) {
        auto v = read_whole(*since, "since", 0, kMaxWhole);
        if (!v) return v.error();
        resume.since = *v;
    }
    return ClientBody(std::move(resume));
}

Expected<ClientBody> parse_pass(const Parsed& m) {
    auto table = read_table(m);
    if (!table) return table.error();
    auto cards = read_pass_cards(m);
    if (!cards) return cards.error();
    return ClientBody(PassCards{*table, *cards});
}

Expected<ClientBody> parse_play(const Parsed& m) {
    auto table = read_table(m);
    if (!table) return table.error();
    auto card = need(m, "card");
    if (!card) return card.error();
    auto value = read_card(**card, "card");
    if (!value) return value.error();
    return ClientBody(PlayCard{*table, *value});
}

Expected<ClientBody> parse_moon(const Parsed& m) {
    auto table = read_table(m);
    if (!table) return table.error();
    auto choice = need(m, "choice");
    if (!choice) return choice.error();
    auto text = read_text(**choice, "choice", 16, "\"others\" or \"shooter\"");
    if (!text) return text.error();
    auto value = parse_moon_choice(*text);
    if (!value) return at("choice", printable(value.error().reason, 200));
    return ClientBody(ChooseMoon{*table, *value});
}

Expected<ClientBody> parse_next(const Parsed& m) {
    auto table = read_table(m);
    if (!table) return table.error();
    return ClientBody(NextHand{*table});
}

Expected<ClientBody> parse_ping(const Parsed&) {
    return ClientBody(Ping{});
}

Expected<ClientBody> parse_stats(const Parsed&) {
    return ClientBody(StatsRequest{});
}

Expected<bool> read_bool(const Parsed& j, std::string_view field) {
    if (!j.is_boolean()) return at(field, "expected true or false, got " + describe(j));
    return j.get<bool>();
}

// Text people write to each other: 1 to `max_chars` characters, something visible, no
// control or direction-changing characters.
Expected<std::string> read_said(const Parsed& j, std::string_view field, std::size_t max_chars,
                                std::string_view what) {
    auto text = read_text(j, field, max_chars * 4, what);
    if (!text) return text.error();
    std::size_t chars = 0;
    bool visible = false;
    for (std::size_t i = 0; i < text->size(); ++chars) {
        char32_t cp = 0;
        if (!next_code_point(*text, i, cp)) return at(field, "must be UTF-8 text");
        if (unprintable(cp)) return at(field, "cannot contain control characters");
        visible = visible || (cp != ' ' && cp != 0xa0 && cp != 0x3000);
    }
    if (chars == 0 || chars > max_chars) {
        return at(field, "1 to " + std::to_string(max_chars) + " characters, got " +
                             std::to_string(chars));
    }
    if (!visible) return at(field, "needs a character that is not a space");
    return *text;
}

Expected<ClientBody> parse_set_name(const Parsed& m) {
    auto name = need(m, "name");
    if (!name) return name.error();
    auto value = read_name(**name, "name");
    if (!value) return value.error();
    // The computer players' names are theirs: a person called "Mike" (or "MIKE", or "Mіke"
    // with a Cyrillic і) would pass for one.
    if (const char* bot = bot_name_like(*value)) {
        return at("name",
                  std::string(bot) + " is the name of a computer player: choose another name");
    }
    return ClientBody(SetName{*value});
}

// The optional `rules` and `timer` of a new table (create_table, challenge).
Status read_table_options(const Parsed& m, std::string& rules_out, int& timer_out) {
    if (const Parsed* rules = find(m, "rules")) {
        auto text = read_text(*rules, "rules", kMaxRulesBytes, "rules text like \"moon=shooter\"");
        if (!text) return text.error();
        if (auto parsed = parse_rules(*text); !parsed)
            return at("rules", printable(parsed.error().reason, 200));
        rules_out = *text;
    }
    if (const Parsed* timer = find(m, "timer")) {
        auto seconds = read_whole(*timer, "timer", 0, kMaxTimerSeconds);
        if (!seconds) return seconds.error();
        if (*seconds != 0 && *seconds < kMinTimerSeconds) {
            return at("timer", "0 (off) or " + std::to_string(kMinTimerSeconds) + " to " +
                                   std::to_string(kMaxTimerSeconds) + " seconds, got " +
                                   std::to_string(*seconds));
        }
        timer_out = int(*seconds);
    }
    return Status::ok();
}

Expected<ClientBody> parse_create_table(const Parsed& m) {
    CreateTable create;
    auto is_private = need(m, "private");
    if (!is_private) return is_private.error();
    auto flag = read_bool(**is_private, "private");
    if (!flag) return flag.error();
    create.is_private = *flag;
    if (Status ok = read_table_options(m, create.rules, create.timer); !ok) return ok.error();
    return ClientBody(std::move(create));
}

Expected<ClientBody> parse_challenge(const Parsed& m) {
    Challenge out;
    auto player = read_player(m);
    if (!player) return player.error();
    out.player = *player;
    if (Status ok = read_table_options(m, out.rules, out.timer); !ok) return ok.error();
    return ClientBody(std::move(out));
}

Expected<ClientBody> parse_join(const Parsed& m) {
    auto table = read_table(m);
    if (!table) return table.error();
    JoinTable join{*table};
    if (const Parsed* confirm = find(m, "confirm")) {
        auto flag = read_bool(*confirm, "confirm");
        if (!flag) return flag.error();
        join.confirm = *flag;
    }
    return ClientBody(std::move(join));
}

template <TableCommand::Kind kind>
Expected<ClientBody> parse_table_command(const Parsed& m) {
    auto table = read_table(m);
    if (!table) return table.error();
    return ClientBody(TableCommand{kind, *table});
}

Expected<ClientBody> parse_lobby(const Parsed& m) {
    auto on = need(m, "on");
    if (!on) return on.error();
    auto flag = read_bool(**on, "on");
    if (!flag) return flag.error();
    return ClientBody(LobbyWatch{*flag});
}

Expected<ClientBody> parse_chat(const Parsed& m) {
    auto table = read_table(m);
    if (!table) return table.error();
    auto text = need(m, "text");
    if (!text) return text.error();
    auto said = read_said(**text, "text", kMaxChatChars, "a message (text)");
    if (!said) return said.error();
    return ClientBody(ChatSay{*table, *said});
}

Expected<ClientBody> parse_relation(const Parsed& m) {
    SetRelation out;
    auto player = read_player(m);
    if (!player) return player.error();
    out.player = *player;
    auto kind = need(m, "kind");
    if (!kind) return kind.error();
    const std::string_view k = (*kind)->is_string()
                                   ? std::string_view((*kind)->get_ref<const std::string&>())
                                   : std::string_view();
    if (k == "block") {
        out.kind = RelationKind::Block;
    } else if (k == "mute") {
        out.kind = RelationKind::Mute;
    } else if (k == "favorite") {
        out.kind = RelationKind::Favorite;
    } else {
        return at("kind", "expected \"block\", \"mute\" or \"favorite\", got " + describe(**kind));
    }
    auto on = need(m, "on");
    if (!on) return on.error();
    auto flag = read_bool(**on, "on");
    if (!flag) return flag.error();
    out.on = *flag;
    return ClientBody(std::move(out));
}

struct MessageType {
    std::string_view name;
    std::array<std::string_view, 4> fields;  // besides "t" and "id"; unused ones empty
    Expected<ClientBody> (*parse)(const Parsed&);
};

// Every client message, as in docs/protocol.md's table.
constexpr std::array<MessageType, 23> kMessageTypes{{
    {"hello", {"player", "token"}, parse_hello},
    {"new_game", {"rules", "names", "level", "name"}, parse_new_game},
    {"resume", {"table", "since"}, parse_resume},
    {"pass", {"table", "cards"}, parse_pass},
    {"play", {"table", "card"}, parse_play},
    {"moon", {"table", "choice"}, parse_moon},
    {"next", {"table"}, parse_next},
    {"ping", {}, parse_ping},
    {"set_name", {"name"}, parse_set_name},
    {"create_table", {"private", "rules", "timer"}, parse_create_table},
    {"join", {"table", "confirm"}, parse_join},
    {"leave", {"table"}, parse_table_command<TableCommand::Kind::Leave>},
    {"start", {"table"}, parse_table_command<TableCommand::Kind::Start>},
    {"timer_off", {"table"}, parse_table_command<TableCommand::Kind::TimerOff>},
    {"reclaim", {"table"}, parse_table_command<TableCommand::Kind::Reclaim>},
    {"concede", {"table"}, parse_table_command<TableCommand::Kind::Concede>},
    {"rematch", {"table"}, parse_table_command<TableCommand::Kind::Rematch>},
    {"lobby", {"on"}, parse_lobby},
    {"chat", {"table", "text"}, parse_chat},
    {"relation", {"player", "kind", "on"}, parse_relation},
    {"challenge", {"player", "rules", "timer"}, parse_challenge},
    {"decline", {"table"}, parse_table_command<TableCommand::Kind::Decline>},
    {"stats", {}, parse_stats},
}};

std::string field_listing(const MessageType& type) {
    std::vector<std::string_view> names{"t", "id"};
    for (std::string_view f : type.fields)
        if (!f.empty()) names.push_back(f);
    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (i) out += i + 1 == names.size() ? " and " : ", ";
        out += names[i];
    }
    return out;
}

Expected<const MessageType*> read_type(const Parsed& m) {
    static const std::string listing = [] {
        std::string out;
        for (const MessageType& type : kMessageTypes)
            out += (out.empty() ? "" : ", ") + std::string(type.name);
        return out;
    }();
    auto t = need(m, "t");
    if (!t) return Error{"t: missing; every message has a type t, one of " + listing};
    if ((*t)->is_string()) {
        const std::string& name = (*t)->get_ref<const std::string&>();
        for (const MessageType& type : kMessageTypes)
            if (type.name == name) return &type;
        return at("t", "unknown message type " + describe(**t) + "; types are " + listing);
    }
    return at("t", "expected a message type (text) like \"ping\", got " + describe(**t));
}

Status only_known_fields(const Parsed& m, const MessageType& type) {
    for (auto it = m.begin(); it != m.end(); ++it) {
        const std::string& key = it.key();
        const bool known =
            key == "t" || key == "id" ||
            std::find(type.fields.begin(), type.fields.end(), key) != type.fields.end();
        if (!known) {
            return Error{"unknown field " + in_quotes(key) + "; " + std::string(type.name) +
                         " takes " + field_listing(type)};
        }
    }
    return {};
}

ProtocolError refuse(const Error& e, std::optional<std::int64_t> id = std::nullopt) {
    return ProtocolError{"bad_message", e.reason, id, false};
}

ProtocolError close_with(std::string reason) {
    return ProtocolError{"bad_message", std::move(reason), std::nullopt, true};
}

std::variant<ClientMessage, ProtocolError> parse_frame(std::string_view text) {
    if (text.size() > kMaxMessageBytes) {
        return close_with("the message is " + std::to_string(text.size()) +
                          " bytes; the limit is " + std::to_string(kMaxMessageBytes));
    }
    std::string repeated;
    auto doc = parse_json(text, repeated);
    if (!doc) return close_with(doc.error().reason);
    const Parsed& m = *doc;
    if (!m.is_object())
        return close_with("a message is a JSON object like {\"t\":\"ping\"}, got " + describe(m));

    const std::optional<std::int64_t> echo = echoable_id(m);
    if (!repeated.empty()) return refuse(Error{repeated}, echo);
    ClientMessage out{std::nullopt, Ping{}};
    if (const Parsed* id = find(m, "id")) {
        auto value = read_whole(*id, "id", 0, kMaxWhole);
        if (!value) return refuse(value.error(), echo);
        out.id = *value;
    }
    auto type = read_type(m);
    if (!type) return refuse(type.error(), echo);
    if (Status s = only_known_fields(m, **type); !s) return refuse(s.error(), echo);
    auto body = (*type)->parse(m);
    if (!body) return refuse(body.error(), echo);
    out.body = std::move(body).value();
    return out;
}

// ---------------------------------------------------------------- writing

std::string text_of(const Out& j) {
    return j.dump(-1, ' ', false, Out::error_handler_t::replace);
}

// Appends `text` as a JSON string. Printable ASCII without quotes or backslashes (table
// ids, rules, most names) is written as it is; anything else goes through the JSON
// library, so the bytes are the same either way.
void append_text(std::string& out, std::string_view text) {
    const bool plain = std::all_of(text.begin(), text.end(), [](char c) {
        return c >= 0x20 && c < 0x7f && c != '"' && c != '\\';
    });
    if (!plain) {
        out += text_of(Out(std::string(text)));
        return;
    }
    out += '"';
    out += text;
    out += '"';
}

Out seat_json(Seat s) {
    return std::string(1, seat_letter(s));
}

Out cards_json(CardSet cards) {
    Out out = Out::array();
    for (Card c : cards) out.push_back(to_string(c));
    return out;
}

Out per_seat_json(const std::array<int, kSeats>& values) {
    Out out = Out::array();
    for (int v : values) out.push_back(v);
    return out;
}

Out seats_json(const std::vector<Seat>& seats) {
    Out out = Out::array();
    for (Seat s : seats) out.push_back(seat_json(s));
    return out;
}

Out trick_json(const TrickView& trick) {
    Out out = Out::object();
    out["leader"] = seat_json(trick.leader);
    Out cards = Out::array();
    for (int k = 0; k < trick.size; ++k) cards.push_back(to_string(trick.cards[std::size_t(k)]));
    out["cards"] = cards;
    if (trick.complete()) out["winner"] = seat_json(trick.winner);
    return out;
}

Out sheet_row(const HandResult& r) {
    Out out = Out::object();
    out["hand"] = r.hand_index + 1;
    out["score"] = per_seat_json(r.score);
    out["totals"] = per_seat_json(r.totals);
    if (r.moon) {
        Out moon = Out::object();
        moon["shooter"] = seat_json(r.shooter);
        moon["scored"] = std::string(to_string(r.moon_choice));
        out["moon"] = moon;
    } else {
        out["moon"] = nullptr;
    }
    out["winners"] = seats_json(r.winners());
    return out;
}

// Each seat's markers, one per trick it took this hand, in the order taken.
Out markers_json(const SeatView& view) {
    std::array<std::string, kSeats> markers;
    for (int t = 0; t < view.tricks_done(); ++t) {
        const TrickView trick = view.trick(t);
        markers[std::size_t(trick.winner)] += trick_marker(trick, view.rules());
    }
    Out out = Out::array();
    for (const std::string& m : markers) out.push_back(m);
    return out;
}

// The view as a document: the reference `view_json`'s writer is tested against.
Out view_object(const SeatView& view, const SeatNames& names) {
    const Phase phase = view.phase();
    const bool playing = phase == Phase::Play || phase == Phase::MoonChoice;
    std::array<int, kSeats> points{};
    Out has_passed = Out::array();
    for (Seat s : kAllSeats) {
        points[std::size_t(s)] = view.hand_points(s);
        has_passed.push_back(view.has_passed(s));
    }
    Out out = Out::object();
    out["seat"] = seat_json(view.seat());
    out["phase"] = std::string(to_string(phase));
    out["hand"] = view.hand_index() + 1;
    out["pass"] = std::string(to_string(view.pass_direction()));
    out["rules"] = to_string(view.rules());
    out["names"] = Out(names);
    out["cards"] = cards_json(view.hand());
    out["legal"] = cards_json(view.legal());
    out["passed"] = cards_json(view.passed());
    out["received"] = cards_json(view.received());
    out["has_passed"] = has_passed;
    out["to_move"] = playing ? seat_json(view.to_move()) : Out(nullptr);
    // Before the exchange nobody leads yet: the 2C may still change hands.
    out["trick"] = phase == Phase::Pass ? Out(nullptr) : trick_json(view.current_trick());
    out["last_trick"] =
        view.tricks_done() > 0 ? trick_json(view.trick(view.tricks_done() - 1)) : Out(nullptr);
    out["hearts_broken"] = view.hearts_broken();
    out["points"] = per_seat_json(points);
    out["markers"] = markers_json(view);
    out["scores"] = per_seat_json(view.scores());
    Out sheet = Out::array();
    for (const HandResult& r : view.results()) sheet.push_back(sheet_row(r));
    out["sheet"] = sheet;
    out["winners"] = seats_json(view.winners());
    return out;
}

// Writes JSON text straight into a string: the view goes to a seat on every move, and
// building, dumping and freeing a document for it was most of the server's work for a
// card. Commas are placed by the writer. `token` is for the fixed words of the protocol
// (seats, phases, cards, markers), which need no escaping; people's text goes through
// the JSON library's escaping (`text`).
class Writer {
  public:
    explicit Writer(std::string& out) : out_(out) {}
    Writer& key(std::string_view k) {
        comma();
        out_ += '"';
        out_ += k;
        out_ += "\":";
        first_ = true;  // the value follows without a comma
        return *this;
    }
    void token(std::string_view t) {
        comma();
        out_ += '"';
        out_ += t;
        out_ += '"';
    }
    void text(std::string_view t) {
        comma();
        append_text(out_, t);
    }
    void number(std::int64_t v) {
        comma();
        out_ += std::to_string(v);
    }
    void boolean(bool b) {
        comma();
        out_ += b ? "true" : "false";
    }
    void null() {
        comma();
        out_ += "null";
    }
    void open(char bracket) {
        comma();
        out_ += bracket;
        first_ = true;
    }
    void close(char bracket) {
        out_ += bracket;
        first_ = false;
    }

    void seat(Seat s) {
        const char letter = seat_letter(s);
        token(std::string_view(&letter, 1));
    }
    void cards(CardSet set) {
        open('[');
        for (Card c : set) token(to_string(c));
        close(']');
    }
    void per_seat(const std::array<int, kSeats>& values) {
        open('[');
        for (int v : values) number(v);
        close(']');
    }
    void seats(const std::vector<Seat>& list) {
        open('[');
        for (Seat s : list) seat(s);
        close(']');
    }
    void trick(const TrickView& t) {
        open('{');
        key("leader").seat(t.leader);
        key("cards").open('[');
        for (int k = 0; k < t.size; ++k) token(to_string(t.cards[std::size_t(k)]));
        close(']');
        if (t.complete()) key("winner").seat(t.winner);
        close('}');
    }
    void sheet_row(const HandResult& r) {
        open('{');
        key("hand").number(r.hand_index + 1);
        key("score").per_seat(r.score);
        key("totals").per_seat(r.totals);
        if (r.moon) {
            key("moon").open('{');
            key("shooter").seat(r.shooter);
            key("scored").token(to_string(r.moon_choice));
            close('}');
        } else {
            key("moon").null();
        }
        key("winners").seats(r.winners());
        close('}');
    }

  private:
    void comma() {
        if (!first_) out_ += ',';
        first_ = false;
    }
    std::string& out_;
    bool first_ = true;
};

// Which of the view's parts that rarely change are written: all of them in a snapshot.
struct ViewParts {
    bool rules = true, names = true, sheet = true;
};

void write_view(Writer& w, const SeatView& view, const SeatNames& names, ViewParts parts = {}) {
    const Phase phase = view.phase();
    const bool playing = phase == Phase::Play || phase == Phase::MoonChoice;
    w.open('{');
    w.key("seat").seat(view.seat());
    w.key("phase").token(to_string(phase));
    w.key("hand").number(view.hand_index() + 1);
    w.key("pass").token(to_string(view.pass_direction()));
    if (parts.rules) w.key("rules").text(to_string(view.rules()));
    if (parts.names) {
        w.key("names").open('[');
        for (const std::string& n : names) w.text(n);
        w.close(']');
    }
    w.key("cards").cards(view.hand());
    w.key("legal").cards(view.legal());
    w.key("passed").cards(view.passed());
    w.key("received").cards(view.received());
    w.key("has_passed").open('[');
    for (Seat s : kAllSeats) w.boolean(view.has_passed(s));
    w.close(']');
    if (playing)
        w.key("to_move").seat(view.to_move());
    else
        w.key("to_move").null();
    // Before the exchange nobody leads yet: the 2C may still change hands.
    if (phase == Phase::Pass)
        w.key("trick").null();
    else
        w.key("trick").trick(view.current_trick());
    if (view.tricks_done() > 0)
        w.key("last_trick").trick(view.trick(view.tricks_done() - 1));
    else
        w.key("last_trick").null();
    w.key("hearts_broken").boolean(view.hearts_broken());
    std::array<int, kSeats> points{};
    for (Seat s : kAllSeats) points[std::size_t(s)] = view.hand_points(s);
    w.key("points").per_seat(points);
    std::array<std::string, kSeats> markers;
    for (int t = 0; t < view.tricks_done(); ++t) {
        const TrickView trick = view.trick(t);
        markers[std::size_t(trick.winner)] += trick_marker(trick, view.rules());
    }
    w.key("markers").open('[');
    for (const std::string& m : markers) w.token(m);
    w.close(']');
    w.key("scores").per_seat(view.scores());
    if (parts.sheet) {
        w.key("sheet").open('[');
        for (const HandResult& r : view.results()) w.sheet_row(r);
        w.close(']');
    }
    w.key("winners").seats(view.winners());
    w.close('}');
}

}  // namespace

std::variant<ClientMessage, ProtocolError> parse_client_message(std::string_view text) {
    try {
        return parse_frame(text);
    } catch (const std::exception& e) {
        // Not expected (parse_json catches the parser's own errors), but this is the edge:
        // nothing a client sends may take the server down.
        return close_with("the message could not be read: " + printable(e.what(), 200));
    }
}

std::string_view to_string(RelationKind kind) {
    switch (kind) {
        case RelationKind::Block:
            return "block";
        case RelationKind::Mute:
            return "mute";
        case RelationKind::Favorite:
            return "favorite";
    }
    return "block";
}

std::vector<PlayerRef>& Relations::list(RelationKind kind) {
    return kind == RelationKind::Block ? block : kind == RelationKind::Mute ? mute : favorite;
}

const std::vector<PlayerRef>& Relations::list(RelationKind kind) const {
    return kind == RelationKind::Block ? block : kind == RelationKind::Mute ? mute : favorite;
}

bool Relations::has(RelationKind kind, const std::string& player) const {
    const auto& l = list(kind);
    return std::any_of(l.begin(), l.end(), [&](const PlayerRef& r) { return r.player == player; });
}

namespace {

Out relations_object(const Relations& relations) {
    Out out = Out::object();
    for (RelationKind kind : {RelationKind::Block, RelationKind::Mute, RelationKind::Favorite}) {
        Out list = Out::array();
        for (const PlayerRef& r : relations.list(kind)) {
            Out entry = Out::object();
            entry["player"] = r.player;
            entry["name"] = r.name;
            list.push_back(entry);
        }
        out[std::string(to_string(kind))] = list;
    }
    return out;
}

Out optional_text(const std::optional<std::string>& text) {
    return text ? Out(*text) : Out(nullptr);
}

Out seat_info_object(const SeatInfo& s, bool with_presence) {
    Out out = Out::object();
    out["player"] = optional_text(s.player);
    out["name"] = optional_text(s.name);
    out["human"] = s.human;
    if (with_presence) {
        out["connected"] = s.connected;
        out["away"] = s.away;
    }
    return out;
}

}  // namespace

std::string welcome_message(const std::string& player, const std::string& token,
                            const std::vector<std::string>& tables,
                            const std::optional<std::string>& name, const Relations& relations) {
    Out out = Out::object();
    out["t"] = "welcome";
    out["player"] = player;
    out["token"] = token;
    out["tables"] = Out(tables);
    out["name"] = optional_text(name);
    out["relations"] = relations_object(relations);
    return text_of(out);
}

std::string you_message(const std::string& player, const std::string& name) {
    Out out = Out::object();
    out["t"] = "you";
    out["player"] = player;
    out["name"] = name;
    return text_of(out);
}

namespace {
Out totals_object(const StatsTotals& t) {
    Out o = Out::object();
    o["games"] = t.games;
    o["won"] = t.won;
    o["hands"] = t.hands;
    o["points"] = t.points;
    o["moons_shot"] = t.moons_shot;
    o["moons_suffered"] = t.moons_suffered;
    o["queens"] = t.queens;
    o["trickless"] = t.trickless;
    o["moon_stops"] = t.moon_stops;
    o["conceded"] = t.conceded;
    return o;
}
}  // namespace

std::string stats_message(const PlayerStats& stats) {
    Out msg = Out::object();
    msg["t"] = "stats";
    msg["all"] = totals_object(stats.all);
    Out groups = Out::array();
    for (const StatsGroup& g : stats.groups) {
        Out o = totals_object(g.totals);
        o["people"] = g.with_people;
        o["level"] = g.level;
        groups.push_back(std::move(o));
    }
    msg["groups"] = std::move(groups);
    msg["streak"] = stats.streak;
    msg["best_streak"] = stats.best_streak;
    Out recent = Out::array();
    for (const RecentGame& r : stats.recent) {
        Out o = Out::object();
        o["table"] = r.table;
        o["at"] = r.finished_ms;
        o["score"] = r.score;
        o["place"] = r.place;
        o["won"] = r.won;
        recent.push_back(std::move(o));
    }
    msg["recent"] = std::move(recent);
    return text_of(msg);
}

std::string relations_message(const Relations& relations) {
    Out out = relations_object(relations);
    Out msg = Out::object();
    msg["t"] = "relations";
    for (auto& [key, value] : out.items()) msg[key] = value;
    return text_of(msg);
}

std::string table_message(const std::string& table, const TableInfo& info) {
    Out i = Out::object();
    i["kind"] = info.kind;
    i["state"] = info.state;
    i["host"] = seat_json(info.host);
    i["you"] = info.you ? seat_json(*info.you) : Out(nullptr);
    i["code"] = info.code;
    i["rules"] = info.rules;
    i["timer"] = info.timer;
    i["deadline"] = info.deadline_ms ? Out(*info.deadline_ms) : Out(nullptr);
    i["waiting_for"] = seats_json(info.waiting_for);
    Out seats = Out::array();
    for (const SeatInfo& s : info.seats) seats.push_back(seat_info_object(s, true));
    i["seats"] = seats;
    i["timer_votes"] = seats_json(info.timer_votes);
    i["ready"] = seats_json(info.ready);
    i["rematch_votes"] = seats_json(info.rematch_votes);
    i["next"] = optional_text(info.next);
    i["ended"] = optional_text(info.ended);
    if (info.challenge) {
        Out c = Out::object();
        c["player"] = info.challenge->player;
        c["name"] = info.challenge->name;
        c["state"] = info.challenge->declined ? "declined" : "pending";
        i["challenge"] = c;
    } else {
        i["challenge"] = nullptr;
    }
    Out out = Out::object();
    out["t"] = "table";
    out["table"] = table;
    out["info"] = i;
    return text_of(out);
}

std::string chat_message(const std::string& table, const ChatLine& line) {
    Out out = Out::object();
    out["t"] = "chat";
    out["table"] = table;
    out["seat"] = seat_json(line.seat);
    out["player"] = line.player;
    out["name"] = line.name;
    out["text"] = line.text;
    out["at"] = line.at_ms;
    return text_of(out);
}

static Out lobby_entries(const std::vector<LobbyEntry>& tables) {
    Out list = Out::array();
    for (const LobbyEntry& e : tables) {
        Out entry = Out::object();
        entry["table"] = e.table;
        entry["rules"] = e.rules;
        entry["state"] = e.state;
        entry["timer"] = e.timer;
        Out seats = Out::array();
        for (const SeatInfo& s : e.seats) seats.push_back(seat_info_object(s, false));
        entry["seats"] = seats;
        entry["created"] = e.created_ms;
        list.push_back(entry);
    }
    return list;
}

std::string lobby_message(const std::vector<LobbyEntry>& tables) {
    Out out = Out::object();
    out["t"] = "lobby";
    out["tables"] = lobby_entries(tables);
    return text_of(out);
}

std::string lobby_update_message(const std::vector<LobbyEntry>& set,
                                 const std::vector<std::string>& removed) {
    Out out = Out::object();
    out["t"] = "lobby_update";
    out["set"] = lobby_entries(set);
    Out gone = Out::array();
    for (const std::string& id : removed) gone.push_back(id);
    out["removed"] = gone;
    return text_of(out);
}

std::string rematch_message(const std::string& table, const std::string& next) {
    Out out = Out::object();
    out["t"] = "rematch";
    out["table"] = table;
    out["next"] = next;
    return text_of(out);
}

std::string challenge_message(const std::string& table, const PlayerRef& from,
                              const std::string& rules, int timer) {
    Out out = Out::object();
    out["t"] = "challenge";
    out["table"] = table;
    Out who = Out::object();
    who["player"] = from.player;
    who["name"] = from.name;
    out["from"] = who;
    out["rules"] = rules;
    out["timer"] = timer;
    return text_of(out);
}

std::string challenge_over_message(const std::string& table, std::string_view reason) {
    Out out = Out::object();
    out["t"] = "challenge_over";
    out["table"] = table;
    out["reason"] = std::string(reason);
    return text_of(out);
}

std::string removed_message(const std::string& table) {
    Out out = Out::object();
    out["t"] = "removed";
    out["table"] = table;
    return text_of(out);
}

std::string error_message(const ProtocolError& e) {
    Out out = Out::object();
    out["t"] = "error";
    out["code"] = e.code;
    out["reason"] = e.reason;
    if (e.id) out["id"] = *e.id;
    return text_of(out);
}

std::string ack_message(std::int64_t id, std::int64_t version) {
    // Two numbers: no escaping, so no document (one of these for every action).
    return R"({"t":"ack","id":)" + std::to_string(id) + R"(,"v":)" + std::to_string(version) + "}";
}

std::string pong_message() {
    return R"({"t":"pong"})";
}

std::string sheet_row_json(const HandResult& result) {
    return text_of(sheet_row(result));
}

std::string view_json(const SeatView& view, const SeatNames& names) {
    std::string out;
    out.reserve(1024);
    Writer w(out);
    write_view(w, view, names);
    return out;
}

std::string update_view_json(const SeatView& view, const SeatNames& names, bool with_names,
                             bool with_sheet) {
    std::string out;
    out.reserve(768);
    Writer w(out);
    write_view(w, view, names, ViewParts{false, with_names, with_sheet});
    return out;
}

std::string view_document_json(const SeatView& view, const SeatNames& names) {
    return text_of(view_object(view, names));
}

std::string snapshot_message(const std::string& table, std::int64_t version, const SeatView& view,
                             const SeatNames& names) {
    std::string out;
    out.reserve(1536);
    out += R"({"t":"snapshot","table":)";
    append_text(out, table);
    out += R"(,"v":)";
    out += std::to_string(version);
    out += R"(,"view":)";
    Writer w(out);
    write_view(w, view, names);
    out += '}';
    return out;
}

std::string update_message(const std::string& table, std::int64_t version,
                           const std::string& event_json, const SeatView& view,
                           const SeatNames& names) {
    // The event is already JSON text (made once per change, by the table): splice it in
    // rather than parse it again for every seat.
    return update_message(table, version, event_json, view_json(view, names));
}

std::string update_message(const std::string& table, std::int64_t version,
                           const std::string& event_json, const std::string& view_json) {
    std::string out;
    out.reserve(48 + table.size() + event_json.size() + view_json.size());
    out += R"({"t":"update","table":)";
    append_text(out, table);
    out += R"(,"v":)";
    out += std::to_string(version);
    out += R"(,"event":)";
    out += event_json;
    out += R"(,"view":)";
    out += view_json;
    out += '}';
    return out;
}

}  // namespace hearts::server
