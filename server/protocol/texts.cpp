// The server's texts (protocol/texts.h): a code's English filled in, checked, and read
// back from the English of the layers below the protocol (the engine's refusals, the
// store's errors), which know no codes. Words only: this file logs nothing, so the page's
// offline build (wasm/) compiles it too; `internal`, which logs, is in internal.cpp.
#include "protocol/texts.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>

#include "model/achievements.h"

namespace hearts::server {
namespace {

// The placeholders whose value is a seat's letter (texts.h).
bool is_seat(std::string_view placeholder) {
    return placeholder == "seat" || placeholder == "to_move" || placeholder == "shooter";
}

// The texts of the seats' names, by seat (S, W, N, E).
constexpr std::array<std::string_view, kSeats> kSeatTexts{"seat_south", "seat_west", "seat_north",
                                                          "seat_east"};

std::string_view english_of(std::string_view code) {
    const int i = texts::find(code);
    return i < 0 ? std::string_view() : kTexts[i].english;
}

// A value as the English says it.
std::string english_word(std::string_view placeholder, const TextArg& value) {
    if (const auto* n = std::get_if<std::int64_t>(&value)) return std::to_string(*n);
    const std::string& s = std::get<std::string>(value);
    if (is_seat(placeholder)) {
        if (auto seat = parse_seat(s); seat && s.size() == 1)
            return std::string(english_of(kSeatTexts[std::size_t(*seat)]));
    } else if (placeholder == "item") {
        if (const AchievementDef* a = achievement_of_item(s)) return std::string(a->item_name);
    } else if (placeholder == "achievement") {
        if (const AchievementDef* a = find_achievement(s)) return std::string(a->name);
    }
    return s;
}

// A value read back from the English: a seat's name to its letter, a count or a percentage
// to a number.
std::optional<TextArg> read_back(std::string_view placeholder, std::string_view word) {
    if (is_seat(placeholder)) {
        for (Seat s : kAllSeats)
            if (english_of(kSeatTexts[std::size_t(s)]) == word) return texts::arg_value(s);
        return std::nullopt;
    }
    if (placeholder == "n" || placeholder == "percent") {
        std::int64_t n = 0;
        const auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), n);
        if (ec != std::errc() || end != word.data() + word.size()) return std::nullopt;
        return n;
    }
    return std::string(word);
}

// The literal text of `english` from `at` to its next placeholder (or its end).
std::string_view literal_from(std::string_view english, std::size_t at) {
    std::size_t end = at;
    while (end < english.size() && texts::placeholder_at(english, end).empty()) ++end;
    return english.substr(at, end - at);
}

// The values that make `english` of `text`, or none. A placeholder takes the shortest
// value that the literal after it follows (all of the rest at the end).
std::optional<TextArgs> match(std::string_view english, std::string_view text) {
    TextArgs args;
    std::size_t e = 0, t = 0;
    while (e < english.size()) {
        const std::string_view p = texts::placeholder_at(english, e);
        if (p.empty()) {
            if (t >= text.size() || text[t] != english[e]) return std::nullopt;
            ++e, ++t;
            continue;
        }
        e += p.size() + 2;
        const std::string_view literal = literal_from(english, e);
        const bool last = e + literal.size() == english.size();
        std::size_t until = 0;
        if (last) {
            if (text.size() < t + literal.size() || !text.ends_with(literal)) return std::nullopt;
            until = text.size() - literal.size();
        } else {
            if (literal.empty()) return std::nullopt;  // two placeholders side by side
            until = text.find(literal, t);
            if (until == std::string_view::npos) return std::nullopt;
        }
        if (until == t) return std::nullopt;  // an empty value
        auto value = read_back(p, text.substr(t, until - t));
        if (!value) return std::nullopt;
        args.emplace_back(std::string(p), std::move(*value));
        t = until;
    }
    if (t != text.size()) return std::nullopt;
    return args;
}

}  // namespace

std::string Text::english() const {
    const std::string_view english = english_of(code);
    std::string out;
    for (std::size_t i = 0; i < english.size(); ++i) {
        const std::string_view p = texts::placeholder_at(english, i);
        if (p.empty()) {
            out += english[i];
            continue;
        }
        const auto it =
            std::find_if(args.begin(), args.end(), [&](const auto& a) { return a.first == p; });
        if (it == args.end()) {
            out += english.substr(i, p.size() + 2);
        } else {
            out += english_word(p, it->second);
        }
        i += p.size() + 1;
    }
    return out;
}

std::vector<std::string> text_problems(const Text& text) {
    std::vector<std::string> out;
    const int i = texts::find(text.code);
    if (i < 0) return {"unknown code: " + std::string(text.code)};
    const std::string_view english = kTexts[i].english;
    std::vector<std::string_view> placeholders;
    for (std::size_t k = 0; k < english.size(); ++k) {
        const std::string_view p = texts::placeholder_at(english, k);
        if (p.empty()) continue;
        placeholders.push_back(p);
        k += p.size() + 1;
    }
    for (std::string_view p : placeholders) {
        const auto given = std::count_if(text.args.begin(), text.args.end(),
                                         [&](const auto& a) { return a.first == p; });
        if (given == 0) out.push_back("missing: " + std::string(p));
        if (given > 1) out.push_back("twice: " + std::string(p));
    }
    for (const auto& [name, value] : text.args)
        if (std::find(placeholders.begin(), placeholders.end(), name) == placeholders.end())
            out.push_back("unexpected: " + name);
    return out;
}

std::optional<Text> recognise(std::string_view english,
                              std::initializer_list<std::string_view> codes) {
    for (std::string_view code : codes) {
        const int i = texts::find(code);
        if (i < 0) continue;
        if (auto args = match(kTexts[i].english, english))
            return Text{kTexts[i].code, std::move(*args)};
    }
    return std::nullopt;
}

Text rules_refusal(std::string_view reason) {
    auto known = recognise(
        reason, {"not_pass_time",  "already_passed",        "pass_three",     "pass_not_held",
                 "pass_first",     "not_play_time",         "not_seats_turn", "no_card",
                 "hand_over",      "card_not_held",         "two_clubs_lead", "hearts_not_broken",
                 "must_follow",    "no_points_first_trick", "no_moon",        "shooter_chooses",
                 "game_is_over",   "hand_not_over",         "unknown_action", "table_put_away",
                 "table_reloading"});
    if (known) return std::move(*known);
    return say<"refused", "detail">(reason);
}

std::optional<Text> table_refusal(std::string_view reason) {
    return recognise(reason, {"not_yours", "not_finished"});
}

std::optional<std::vector<Text>> rating_reasons(std::string_view reason) {
    if (reason.empty()) return std::nullopt;
    std::vector<Text> out;
    for (std::size_t at = 0; at <= reason.size();) {
        const std::size_t end = std::min(reason.find("; ", at), reason.size());
        std::string clause(reason.substr(at, end - at));
        if (at == 0 && !clause.empty()) clause[0] = char(std::tolower(clause[0]));  // Sentence case
        auto text = recognise(clause, {"rating_newcomers", "rating_same_players"});
        if (!text) return std::nullopt;
        out.push_back(std::move(*text));
        at = end + 2;
    }
    return out;
}

Text unreadable_message(std::string_view reason) {
    if (auto known = recognise(reason, {"name_bot"})) return std::move(*known);
    return say<"bad_message", "detail">(reason);
}

}  // namespace hearts::server
