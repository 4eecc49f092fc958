// The browser protocol's one reader (docs/protocol.md): the function that turns a client
// frame into a typed message, or refuses it with a reason. Keep it and the document in
// step.
//
// Reading is strict because the input is hostile until proven otherwise: a frame is
// size-checked before parsing, parsed with a depth limit and a duplicate-key check
// (protocol/fields.cpp), and then each message type accepts exactly its documented fields
// with their documented types. Every refusal names the field at fault. Nothing here
// throws: nlohmann's exceptions are caught at the edge and become a ProtocolError.
#include "protocol/messages.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <exception>
#include <string>
#include <utility>
#include <vector>

#include "hearts/ai/bot.h"
#include "hearts/rules.h"
#include "model/daily.h"
#include "model/fair.h"
#include "model/languages.h"
#include "model/names.h"
#include "protocol/json.h"

namespace hearts::server {
namespace {

using namespace wire;

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
    if (const Parsed* nonce = find(m, "nonce")) {
        auto text = read_text(*nonce, "nonce", 64, "16 to 64 hex digits");
        if (!text) return text.error();
        if (!is_nonce(*text))
            return at("nonce", "expected 16 to 64 lower-case hex digits, got " + describe(*nonce));
        game.nonce = *text;
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

Expected<ClientBody> parse_review(const Parsed& m) {
    auto table = read_table(m);
    if (!table) return table.error();
    return ClientBody(ReviewRequest{*table});
}

Expected<ClientBody> parse_hint(const Parsed& m) {
    auto table = read_table(m);
    if (!table) return table.error();
    return ClientBody(HintRequest{*table});
}

Expected<ClientBody> parse_share(const Parsed& m) {
    auto table = read_table(m);
    if (!table) return table.error();
    return ClientBody(ShareGame{*table});
}

Expected<ClientBody> parse_stats(const Parsed&) {
    return ClientBody(StatsRequest{});
}

Expected<ClientBody> parse_daily_start(const Parsed&) {
    return ClientBody(DailyStart{});
}

Expected<ClientBody> parse_daily(const Parsed& m) {
    DailyRequest request;
    if (const Parsed* day = find(m, "day")) {
        auto text = read_text(*day, "day", 10, "a day like \"2026-12-03\"");
        if (!text) return text.error();
        if (!is_day(*text))
            return at("day", "expected a day like \"2026-12-03\" (UTC), got " + describe(*day));
        request.day = *text;
    }
    return ClientBody(request);
}

Expected<ClientBody> parse_achievements(const Parsed&) {
    return ClientBody(AchievementsRequest{});
}

// The face is checked here; whether the item is one the player earned, by the service.
Expected<ClientBody> parse_set_look(const Parsed& m) {
    SetLook out;
    auto face = need(m, "face");
    if (!face) return face.error();
    auto number = read_whole(**face, "face", -1, kFaces - 1);
    if (!number) return number.error();
    out.look.face = int(*number);
    auto wearing = need(m, "wearing");
    if (!wearing) return wearing.error();
    auto item = read_text(**wearing, "wearing", 40, "an item's id like \"party_hat\", or \"\"");
    if (!item) return item.error();
    if (!item->empty() && !achievement_of_item(*item))
        return at("wearing", "there is no item " + in_quotes(printable(*item, 40)));
    out.look.wearing = *item;
    return ClientBody(std::move(out));
}

Expected<ClientBody> parse_set_lang(const Parsed& m) {
    auto lang = need(m, "lang");
    if (!lang) return lang.error();
    auto text = read_text(**lang, "lang", 16, "a language like \"de\" or \"pt-BR\", or \"\"");
    if (!text) return text.error();
    if (!text->empty() && !known_language(*text)) {
        std::string known;
        for (std::string_view l : kLanguages) known += (known.empty() ? "" : ", ") + std::string(l);
        return at("lang", "the page speaks " + known + " (or \"\" for the browser's), not " +
                              in_quotes(*text));
    }
    return ClientBody(SetLang{*text});
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

Expected<ClientBody> parse_leaderboard(const Parsed& m) {
    LeaderboardRequest request;
    int timer = 0;
    if (Status ok = read_table_options(m, request.rules, timer); !ok) return ok.error();
    if (const Parsed* page = find(m, "page")) {
        auto n = read_whole(*page, "page", 0, kLeaderboardPages - 1);
        if (!n) return n.error();
        request.page = int(*n);
    }
    return ClientBody(request);
}

Expected<ClientBody> parse_quick_match(const Parsed& m) {
    QuickMatch out;
    if (Status ok = read_table_options(m, out.rules, out.timer); !ok) return ok.error();
    if (const Parsed* from = find(m, "from")) {
        auto table = read_id(*from, "from", false);
        if (!table) return table.error();
        out.from = *table;
    }
    return ClientBody(std::move(out));
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

// {"table", "on"}: the two spectator messages.
template <class Body>
Expected<ClientBody> parse_table_flag(const Parsed& m) {
    auto table = read_table(m);
    if (!table) return table.error();
    auto on = need(m, "on");
    if (!on) return on.error();
    auto flag = read_bool(**on, "on");
    if (!flag) return flag.error();
    return ClientBody(Body{*table, *flag});
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

Expected<ClientBody> parse_profile(const Parsed& m) {
    auto player = read_player(m);
    if (!player) return player.error();
    return ClientBody(ProfileRequest{*player});
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
    std::array<std::string_view, 5> fields;  // besides "t" and "id"; unused ones empty
    Expected<ClientBody> (*parse)(const Parsed&);
};

// Every client message, as in docs/protocol.md's table.
constexpr std::array<MessageType, 38> kMessageTypes{{
    {"hello", {"player", "token"}, parse_hello},
    {"new_game", {"rules", "names", "level", "name", "nonce"}, parse_new_game},
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
    {"achievements", {}, parse_achievements},
    {"set_look", {"face", "wearing"}, parse_set_look},
    {"set_lang", {"lang"}, parse_set_lang},
    {"share", {"table"}, parse_share},
    {"hint", {"table"}, parse_hint},
    {"review", {"table"}, parse_review},
    {"watch", {"table", "on"}, parse_table_flag<WatchTable>},
    {"allow_watchers", {"table", "on"}, parse_table_flag<AllowWatchers>},
    {"allow_hints", {"table", "on"}, parse_table_flag<AllowHints>},
    {"allow_rated", {"table", "on"}, parse_table_flag<AllowRated>},
    {"profile", {"player"}, parse_profile},
    {"daily_start", {}, parse_daily_start},
    {"daily", {"day"}, parse_daily},
    {"leaderboard", {"rules", "page"}, parse_leaderboard},
    {"quick_match", {"rules", "timer", "from"}, parse_quick_match},
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
    return ProtocolError{"bad_message", e.reason, id, false, unreadable_message(e.reason)};
}

ProtocolError close_with(std::string reason) {
    Text text = unreadable_message(reason);
    return ProtocolError{"bad_message", std::move(reason), std::nullopt, true, std::move(text)};
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

}  // namespace hearts::server
