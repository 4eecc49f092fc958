#include "offline.h"

#include <nlohmann/json.hpp>

#include <charconv>
#include <utility>

#include "hearts/ai/hint.h"
#include "hearts/ai/review.h"
#include "hearts/claim.h"
#include "hearts/record.h"
#include "hearts/rules.h"
#include "model/review_budget.h"
#include "protocol/messages.h"

namespace hearts::offline {
namespace {

using Json = nlohmann::json;
using server::say;

// A table id as the server's look: letters and digits. "o" marks the page's own.
std::string table_id_for(std::uint64_t seed) {
    static constexpr char kDigits[] = "abcdefghijkmnpqrstuvwxyz23456789";
    std::string id = "o";
    for (int i = 0; i < 11; ++i, seed >>= 5) id += kDigits[seed & 31];
    return id;
}

const std::string* text_at(const Json& j, const char* key) {
    const auto it = j.find(key);
    return it != j.end() && it->is_string() ? it->get_ptr<const std::string*>() : nullptr;
}

}  // namespace

struct OfflineServer::Out {
    std::vector<std::string> messages;
    void error(std::string code, const server::Text& text, Id id) {
        messages.push_back(
            server::error_message({std::move(code), text.english(), id, false, text}));
    }
};

std::vector<std::string> OfflineServer::receive(std::string_view text, std::uint64_t seed) {
    Out out;
    const Json m = Json::parse(text, nullptr, false);
    if (m.is_discarded() || !m.is_object()) {
        out.error("bad_message", say<"bad_message", "detail">("not a JSON object"), std::nullopt);
        return out.messages;
    }
    Id id;
    if (const auto it = m.find("id"); it != m.end() && it->is_number_integer())
        id = it->get<std::int64_t>();
    const std::string* type = text_at(m, "t");
    if (type == nullptr) {
        out.error("bad_message", say<"bad_message", "detail">("t: missing"), id);
        return out.messages;
    }
    const std::string& t = *type;
    if (t == "ping") {
        out.messages.push_back(server::pong_message());
        return out.messages;
    }
    if (t == "hello") {
        const std::string* player = text_at(m, "player");
        const std::string* token = text_at(m, "token");
        hello(out, player ? *player : "offline", token ? *token : "offline");
        return out.messages;
    }
    if (t == "new_game") {
        server::NewGame g;
        if (const std::string* r = text_at(m, "rules")) g.rules = *r;
        if (const std::string* l = text_at(m, "level")) g.level = *l;
        if (const std::string* n = text_at(m, "name")) g.name = *n;
        if (const auto it = m.find("names"); it != m.end() && it->is_array() && it->size() == 3) {
            for (std::size_t i = 0; i < 3; ++i)
                if ((*it)[i].is_string()) g.names[i] = (*it)[i].get<std::string>();
        }
        new_game(out, g.rules, g.names, g.level, g.name, seed, id);
        return out.messages;
    }
    const bool at_table = t == "resume" || t == "pass" || t == "play" || t == "moon" ||
                          t == "next" || t == "hint" || t == "review";
    if (!at_table) {
        out.error("server", say<"offline_solo_only">(), id);
        return out.messages;
    }
    const std::string* table = text_at(m, "table");
    if (!table_ || table == nullptr || *table != table_->id()) {
        out.error("not_found", say<"table_not_found">(), id);
        return out.messages;
    }
    if (t == "resume") {
        resume(out, id);
    } else if (t == "review") {
        review(out, id);
    } else if (t == "hint") {
        hint(out, id);
    } else if (t == "next") {
        act(out, Action::next_hand(), id);
    } else if (t == "moon") {
        const std::string* choice = text_at(m, "choice");
        auto parsed = parse_moon_choice(choice ? *choice : "");
        if (!parsed)
            out.error("bad_message",
                      say<"bad_message", "detail">("choice: " + parsed.error().reason), id);
        else
            act(out, Action::choose_moon(Seat::South, parsed.value()), id);
    } else if (t == "play") {
        const std::string* card = text_at(m, "card");
        auto parsed = parse_card(card ? *card : "");
        if (!parsed)
            out.error("bad_message", say<"bad_message", "detail">("card: " + parsed.error().reason),
                      id);
        else
            act(out, Action::play(Seat::South, parsed.value()), id);
    } else {  // pass
        CardSet cards;
        const auto it = m.find("cards");
        bool ok = it != m.end() && it->is_array() && it->size() == 3;
        for (std::size_t i = 0; ok && i < 3; ++i) {
            auto c = (*it)[i].is_string() ? parse_card((*it)[i].get<std::string>())
                                          : Expected<Card>(Error{"not a card"});
            ok = c && !cards.contains(c.value());
            if (ok) cards |= c.value();
        }
        if (!ok)
            out.error("bad_message", say<"bad_message", "detail">("cards: three different cards"),
                      id);
        else
            act(out, Action::pass(Seat::South, cards), id);
    }
    return out.messages;
}

void OfflineServer::hello(Out& out, const std::string& player, const std::string& token) {
    // The page's own identity, when it has one, is answered as it came: the page keeps it,
    // and is that player again once the server can be reached.
    player_ = player;
    token_ = token;
    if (table_) table_->setup().seats[0].player = player_;
    std::vector<std::string> tables;
    if (table_ && !table_->finished()) tables.push_back(table_->id());
    out.messages.push_back(server::welcome_message(player_, token_, tables));
}

void OfflineServer::new_game(Out& out, std::string rules_text, std::array<std::string, 3> names,
                             std::string level, std::string name, std::uint64_t seed, Id id) {
    auto rules = parse_rules(rules_text);
    if (!rules)
        return out.error("bad_message",
                         say<"bad_message", "detail">("rules: " + rules.error().reason), id);
    const auto levels = ai::bot_levels();
    if (std::find(levels.begin(), levels.end(), level) == levels.end())
        return out.error("bad_message", say<"bad_message", "detail">("level: unknown"), id);
    server::TableSetup setup;
    setup.id = table_id_for(seed);
    setup.owner = player_;
    setup.rules = rules.value();
    setup.seed = seed;
    setup.names = {std::move(name), std::move(names[0]), std::move(names[1]), std::move(names[2])};
    setup.bot_level = level;
    setup.kind = server::TableKind::Solo;
    setup.seats[0].player = player_;
    table_.emplace(std::move(setup));
    for (auto& bot : bots_) bot = std::move(ai::make_bot(level)).value();
    out.messages.push_back(snapshot());
    out.messages.push_back(info_message());
    out.messages.push_back(server::ack_message(id.value_or(0), table_->version()));
    play_computers(out);
}

void OfflineServer::resume(Out& out, Id id) {
    out.messages.push_back(snapshot());
    out.messages.push_back(info_message());
    out.messages.push_back(server::ack_message(id.value_or(0), table_->version()));
    play_computers(out);
}

void OfflineServer::act(Out& out, const Action& action, Id id) {
    server::Table& t = *table_;
    const Game& g = t.game();
    if ((g.phase() == Phase::Play || g.phase() == Phase::MoonChoice) &&
        g.to_move() != Seat::South && action.kind != ActionKind::NextHand) {
        return out.error("not_your_turn",
                         say<"not_your_turn", "name">(t.setup().names[std::size_t(g.to_move())]),
                         id);
    }
    const bool was_over = t.finished();
    const std::int64_t before = t.version();
    if (Status ok = t.apply(action); !ok)
        return out.error("illegal", server::rules_refusal(ok.error().reason), id);
    play_out_claim();
    tell_change(out, before);
    if (t.finished() != was_over) out.messages.push_back(info_message());
    out.messages.push_back(server::ack_message(id.value_or(0), t.version()));
    play_computers(out);
}

void OfflineServer::hint(Out& out, Id id) {
    const server::Table& t = *table_;
    const Game& g = t.game();
    if (t.finished()) return out.error("illegal", say<"hint_not_playing">(), id);
    const bool to_pass = g.phase() == Phase::Pass && !g.has_passed(Seat::South);
    const bool to_play = g.phase() == Phase::Play && g.to_move() == Seat::South;
    if (!to_pass && !to_play) return out.error("not_your_turn", say<"hint_not_your_turn">(), id);
    const SeatView view = t.view(Seat::South);
    out.messages.push_back(server::hint_message(
        t.id(), t.version(), ai::hint_for(view, t.hint_seed(Seat::South), t.setup().names)));
    out.messages.push_back(server::ack_message(id.value_or(0), t.version()));
}

void OfflineServer::play_computers(Out& out) {
    server::Table& t = *table_;
    while (const auto seat = t.bot_to_act()) {
        // Seeded as the server's actor seeds it (Table::bot_seed).
        const Action action =
            ai::decide(*bots_[std::size_t(*seat)], t.view(*seat), t.bot_seed(*seat));
        const bool was_over = t.finished();
        const std::int64_t before = t.version();
        if (!t.apply(action)) return;  // cannot happen: a bot chooses among legal actions
        play_out_claim();
        tell_change(out, before);
        if (t.finished() != was_over) out.messages.push_back(info_message());
    }
}

void OfflineServer::play_out_claim() {
    server::Table& t = *table_;
    if (t.game().phase() != Phase::Play || !t.claim()) return;
    while (t.game().phase() == Phase::Play)
        if (!t.apply(Action::play(t.game().to_move(), claim_card(t.game().hand())))) return;
}

void OfflineServer::tell_change(Out& out, std::int64_t before) const {
    const server::Table& t = *table_;
    const auto events = t.events_since(before);
    if (!events) return;
    const std::string view = server::view_json(t.view(Seat::South), t.setup().names);
    for (const server::TableEvent& e : *events)
        out.messages.push_back(
            server::update_message(t.id(), e.version, server::event_json(e), view));
}

std::string OfflineServer::snapshot() const {
    return server::seat_snapshot(*table_, Seat::South);
}

std::string OfflineServer::info_message() const {
    const server::Table& t = *table_;
    server::TableInfo info;
    info.kind = "solo";
    info.state = t.finished() ? "finished" : "playing";
    info.host = Seat::South;
    info.you = Seat::South;
    info.code = t.id();
    info.rules = to_string(t.setup().rules);
    for (Seat s : kAllSeats) {
        server::SeatInfo& seat = info.seats[std::size_t(s)];
        if (s == Seat::South) seat.player = player_;
        seat.name = t.setup().names[std::size_t(s)];
        seat.human = s == Seat::South;
        seat.connected = true;
    }
    if (!t.finished() && t.game().phase() != Phase::GameOver) {
        const Game& g = t.game();
        const bool mine = g.phase() == Phase::Pass       ? !g.has_passed(Seat::South)
                          : g.phase() == Phase::HandOver ? true
                                                         : g.to_move() == Seat::South;
        if (mine) info.waiting_for.push_back(Seat::South);
    }
    info.hints = true;  // a game against the computer alone always allows them
    return server::table_message(t.id(), info);
}

// The review the server would make of the person's play (players/reviews.h), with the same
// search (model/review_budget.h), made here at once: the worker has nothing else to do
// once the game is over.
void OfflineServer::review(Out& out, Id id) {
    const server::Table& t = *table_;
    if (Status over = record_readable(t.id()); !over) {
        return out.error(
            "not_found",
            server::table_refusal(over.error().reason).value_or(say<"table_not_found">()), id);
    }
    int cards = 0;
    for (const Action& a : t.game().history())
        cards += a.kind == ActionKind::Play && a.seat == Seat::South;
    if (cards > server::review_budget::kMaxCards) {
        return out.error(
            "illegal",
            say<"review_too_long", "n">(server::review_budget::kMaxCards / kCardsPerHand), id);
    }
    server::SeatNames names{"South", "West", "North", "East"};
    names[0] = "You";
    const ai::Review r = ai::review_game(t.game(), Seat::South, server::review_budget::kDeals, 1,
                                         server::review_budget::kDecisionMs);
    out.messages.push_back(server::review_message(t.id(), r, names));
    out.messages.push_back(server::ack_message(id.value_or(0), 0));
}

Status OfflineServer::record_readable(std::string_view table) const {
    const std::string id(table);
    if (!table_ || table_->id() != id) return Error{"table " + id + ": no such table of yours"};
    if (!table_->finished())
        return Error{"table " + id +
                     ": the game is not finished, and its record would reveal hidden cards"};
    return {};
}

Expected<std::string> OfflineServer::record(std::string_view table) const {
    if (Status readable = record_readable(table); !readable) return readable.error();
    return to_record_json(table_->game());
}

std::string OfflineServer::saved() const {
    if (!table_) return {};
    const server::TableSetup& s = table_->setup();
    Json actions = Json::array();
    for (const Action& a : table_->game().history()) actions.push_back(to_string(a));
    Json j = {{"format", 1},
              {"player", player_},
              {"table", s.id},
              {"rules", to_string(s.rules)},
              {"seed", std::to_string(s.seed)},
              {"names", s.names},
              {"level", s.bot_level},
              {"actions", std::move(actions)}};
    return j.dump();
}

Status OfflineServer::restore(std::string_view saved) {
    const Json j = Json::parse(saved, nullptr, false);
    if (j.is_discarded() || !j.is_object()) return Error{"the saved game is not a JSON object"};
    const auto number = j.find("format");
    if (number == j.end() || !number->is_number_integer() || number->get<int>() != 1)
        return Error{"format: expected 1"};
    const std::string* player = text_at(j, "player");
    const std::string* id = text_at(j, "table");
    const std::string* rules_text = text_at(j, "rules");
    const std::string* seed_text = text_at(j, "seed");
    const std::string* level = text_at(j, "level");
    if (!player || !id || !rules_text || !seed_text || !level)
        return Error{"player, table, rules, seed and level: each a string"};
    auto rules = parse_rules(*rules_text);
    if (!rules) return Error{"rules: " + rules.error().reason};
    std::uint64_t seed = 0;
    const char* end = seed_text->data() + seed_text->size();
    if (const auto [at, ec] = std::from_chars(seed_text->data(), end, seed);
        ec != std::errc() || at != end)
        return Error{"seed: a number"};
    auto bot = ai::make_bot(*level);
    if (!bot) return Error{"level: " + bot.error().reason};
    const auto names = j.find("names");
    if (names == j.end() || !names->is_array() || names->size() != kSeats)
        return Error{"names: four names"};
    server::TableSetup setup;
    setup.id = *id;
    setup.owner = *player;
    setup.rules = rules.value();
    setup.seed = seed;
    for (std::size_t i = 0; i < kSeats; ++i) {
        if (!(*names)[i].is_string()) return Error{"names: four names"};
        setup.names[i] = (*names)[i].get<std::string>();
    }
    setup.bot_level = *level;
    setup.kind = server::TableKind::Solo;
    setup.seats[0].player = *player;
    server::Table table(std::move(setup));
    const auto actions = j.find("actions");
    if (actions == j.end() || !actions->is_array()) return Error{"actions: a list"};
    for (std::size_t i = 0; i < actions->size(); ++i) {
        const Json& a = (*actions)[i];
        auto action = a.is_string() ? parse_action(a.get<std::string>())
                                    : Expected<Action>(Error{"not text"});
        if (!action) return Error{"actions[" + std::to_string(i) + "]: " + action.error().reason};
        if (Status ok = table.apply(action.value()); !ok)
            return Error{"actions[" + std::to_string(i) + "]: " + ok.error().reason};
    }
    player_ = *player;
    table_.emplace(std::move(table));
    for (auto& b : bots_) b = std::move(ai::make_bot(*level)).value();
    return {};
}

}  // namespace hearts::offline
