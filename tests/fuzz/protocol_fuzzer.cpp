// Fuzzes the browser protocol's one parse function, parse_client_message
// (server/protocol/messages.h, docs/protocol.md). It must never crash, throw or leak, whatever the
// bytes; a message it accepts must keep every documented limit, checked here again in
// independent code; a message it refuses must get a short, printable reason that the
// error reply carries intact.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <variant>

#include "fuzz_check.h"
#include "hearts/ai/bot.h"
#include "hearts/rules.h"
#include "protocol/messages.h"

namespace {

using namespace hearts;
using namespace hearts::server;

// docs/protocol.md: ids and versions stay exact in JavaScript.
constexpr std::int64_t kMaxWhole = (std::int64_t{1} << 53) - 1;

bool is_id(const std::string& text) {
    return !text.empty() && text.size() <= 64 && std::all_of(text.begin(), text.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
               c == '_' || c == '-';
    });
}

// Text people write (a name, a chat line): valid UTF-8 (shortest form, no surrogates),
// 1 to `max_chars` code points, no control, line-separator or direction-changing
// character, and one that is not a space.
bool is_said(const std::string& text, std::size_t max_chars) {
    std::size_t chars = 0;
    bool visible = false;
    for (std::size_t i = 0; i < text.size(); ++chars) {
        const auto lead = static_cast<unsigned char>(text[i]);
        const int extra = lead < 0x80   ? 0
                          : lead < 0xc2 ? -1
                          : lead < 0xe0 ? 1
                          : lead < 0xf0 ? 2
                          : lead < 0xf5 ? 3
                                        : -1;
        if (extra < 0 || text.size() - i <= std::size_t(extra)) return false;
        char32_t cp = extra == 0 ? lead : char32_t(lead & (0x3f >> extra));
        for (int k = 1; k <= extra; ++k) {
            const auto next = static_cast<unsigned char>(text[i + std::size_t(k)]);
            if ((next & 0xc0) != 0x80) return false;
            cp = (cp << 6) | (next & 0x3f);
        }
        constexpr char32_t kLeast[] = {0, 0x80, 0x800, 0x10000};
        if (cp < kLeast[extra] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return false;
        if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) || cp == 0x2028 || cp == 0x2029 ||
            (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069))
            return false;
        visible = visible || (cp != ' ' && cp != 0xa0 && cp != 0x3000);
        i += std::size_t(extra) + 1;
    }
    return chars >= 1 && chars <= max_chars && visible;
}

bool is_name(const std::string& text) {
    return is_said(text, 20);
}

bool is_rules(const std::string& text) {
    return text.size() <= 256 && bool(parse_rules(text));
}

bool is_card(Card c) {
    return !c.is_none() && c.index() < kCards;
}

void check_accepted(const ClientMessage& m, std::size_t size) {
    FUZZ_CHECK(size <= kMaxMessageBytes, "accepted a frame over the size limit");
    if (m.id) FUZZ_CHECK(*m.id >= 0 && *m.id <= kMaxWhole, "id out of range");
    const ClientBody& body = m.body;
    // A message type not listed here is still fuzzed for crashes, leaks and undefined
    // behaviour; its limits are checked once it is added below.
    if (const auto* hello = std::get_if<Hello>(&body)) {
        FUZZ_CHECK(bool(hello->player) == bool(hello->token), "player without token");
        if (hello->player) FUZZ_CHECK(is_id(*hello->player) && is_id(*hello->token), "bad id");
    } else if (const auto* game = std::get_if<NewGame>(&body)) {
        FUZZ_CHECK(is_rules(game->rules), game->rules);
        for (const std::string& name : game->names) FUZZ_CHECK(is_name(name), name);
        FUZZ_CHECK(is_name(game->name), game->name);
        const auto levels = ai::bot_levels();
        FUZZ_CHECK(std::find(levels.begin(), levels.end(), game->level) != levels.end(),
                   game->level);
    } else if (const auto* resume = std::get_if<Resume>(&body)) {
        FUZZ_CHECK(is_id(resume->table), resume->table);
        FUZZ_CHECK(resume->since == -1 || (resume->since >= 0 && resume->since <= kMaxWhole),
                   "since out of range");
    } else if (const auto* pass = std::get_if<PassCards>(&body)) {
        FUZZ_CHECK(is_id(pass->table), pass->table);
        FUZZ_CHECK(pass->cards.size() == 3 && kAllCards.contains_all(pass->cards),
                   to_string(pass->cards));
    } else if (const auto* play = std::get_if<PlayCard>(&body)) {
        FUZZ_CHECK(is_id(play->table), play->table);
        FUZZ_CHECK(is_card(play->card), "not a card");
    } else if (const auto* moon = std::get_if<ChooseMoon>(&body)) {
        FUZZ_CHECK(is_id(moon->table), moon->table);
        FUZZ_CHECK(moon->choice == MoonChoice::AddToOthers ||
                       moon->choice == MoonChoice::SubtractFromShooter,
                   "not a moon choice");
    } else if (const auto* next = std::get_if<NextHand>(&body)) {
        FUZZ_CHECK(is_id(next->table), next->table);
    } else if (const auto* set_name = std::get_if<SetName>(&body)) {
        FUZZ_CHECK(is_name(set_name->name), set_name->name);
    } else if (const auto* create = std::get_if<CreateTable>(&body)) {
        FUZZ_CHECK(is_rules(create->rules), create->rules);
        FUZZ_CHECK(create->timer == 0 || (create->timer >= 10 && create->timer <= 120),
                   std::to_string(create->timer));
    } else if (const auto* join = std::get_if<JoinTable>(&body)) {
        FUZZ_CHECK(is_id(join->table), join->table);
    } else if (const auto* command = std::get_if<TableCommand>(&body)) {
        FUZZ_CHECK(is_id(command->table), command->table);
        FUZZ_CHECK(int(command->kind) >= int(TableCommand::Kind::Leave) &&
                       int(command->kind) <= int(TableCommand::Kind::Decline),
                   "not a table command");
    } else if (const auto* chat = std::get_if<ChatSay>(&body)) {
        FUZZ_CHECK(is_id(chat->table), chat->table);
        FUZZ_CHECK(is_said(chat->text, 200), chat->text);
    } else if (const auto* relation = std::get_if<SetRelation>(&body)) {
        FUZZ_CHECK(is_id(relation->player), relation->player);
        FUZZ_CHECK(relation->kind == RelationKind::Block || relation->kind == RelationKind::Mute ||
                       relation->kind == RelationKind::Favorite,
                   "not a relation kind");
    } else if (const auto* challenge = std::get_if<Challenge>(&body)) {
        FUZZ_CHECK(is_id(challenge->player), challenge->player);
        FUZZ_CHECK(is_rules(challenge->rules), challenge->rules);
        FUZZ_CHECK(challenge->timer == 0 || (challenge->timer >= 10 && challenge->timer <= 120),
                   std::to_string(challenge->timer));
    }
}

void check_refused(const ProtocolError& e) {
    FUZZ_CHECK(!e.code.empty(), "an error without a code");
    FUZZ_CHECK(!e.reason.empty() && e.reason.size() <= 512, e.reason);
    FUZZ_CHECK(fuzz::printable_ascii(e.reason), e.reason);
    if (e.close) FUZZ_CHECK(!e.id, "a closing refusal echoes no id");
    // The reply the client gets: valid JSON holding the same reason.
    const auto reply = nlohmann::json::parse(error_message(e), nullptr, false);
    FUZZ_CHECK(reply.is_object() && reply.value("reason", "") == e.reason, error_message(e));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto parsed = parse_client_message(text);
    if (const auto* message = std::get_if<ClientMessage>(&parsed))
        check_accepted(*message, size);
    else
        check_refused(std::get<ProtocolError>(parsed));
    return 0;
}
