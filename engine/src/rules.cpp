#include "hearts/rules.h"

#include <cctype>
#include <charconv>
#include <optional>

namespace hearts {
namespace {

std::string lower(std::string_view s) {
    std::string out;
    for (char c : s) {
        if (!std::isspace(static_cast<unsigned char>(c)))
            out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    return out;
}

Expected<bool> parse_flag(std::string_view key, std::string_view value) {
    std::string v = lower(value);
    if (v == "yes" || v == "on" || v == "true" || v == "1") return true;
    if (v == "no" || v == "off" || v == "false" || v == "0") return false;
    return Error{"rule '" + std::string(key) + "' takes yes or no, not '" + std::string(value) +
                 "'"};
}

}  // namespace

Rules Rules::second_page() {
    Rules r;
    r.pass_cycle = {PassDirection::Left, PassDirection::Across, PassDirection::Right,
                    PassDirection::None};
    r.pass_cycle_length = 4;
    return r;
}

std::string_view to_string(PassDirection d) {
    switch (d) {
        case PassDirection::Left:
            return "left";
        case PassDirection::Right:
            return "right";
        case PassDirection::Across:
            return "across";
        case PassDirection::None:
            return "none";
    }
    return "?";
}

std::string_view to_string(MoonScoring m) {
    switch (m) {
        case MoonScoring::AddToOthers:
            return "others";
        case MoonScoring::SubtractFromShooter:
            return "shooter";
        case MoonScoring::ShooterChooses:
            return "choice";
    }
    return "?";
}

std::string_view to_string(MoonChoice m) {
    return m == MoonChoice::AddToOthers ? "others" : "shooter";
}

Expected<MoonScoring> parse_moon_scoring(std::string_view text) {
    std::string v = lower(text);
    if (v == "others") return MoonScoring::AddToOthers;
    if (v == "shooter") return MoonScoring::SubtractFromShooter;
    if (v == "choice") return MoonScoring::ShooterChooses;
    return Error{
        "moon scoring is others (+26 to the others), shooter (-26 to the shooter) or "
        "choice (the shooter picks), not '" +
        std::string(text) + "'"};
}

Expected<MoonChoice> parse_moon_choice(std::string_view text) {
    std::string v = lower(text);
    if (v == "others") return MoonChoice::AddToOthers;
    if (v == "shooter") return MoonChoice::SubtractFromShooter;
    return Error{
        "a moon choice is others (+26 to everyone else) or shooter (-26 to yourself), "
        "not '" +
        std::string(text) + "'"};
}

std::string pass_cycle_string(const Rules& rules) {
    std::string out;
    for (int i = 0; i < rules.pass_cycle_length; ++i) out += "LRAN"[int(rules.pass_cycle[i])];
    return out;
}

Expected<Rules> with_pass_cycle(Rules rules, std::string_view letters) {
    std::string v;
    for (char c : letters) v += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    if (v.empty() || v.size() > Rules::kMaxCycle) {
        return Error{
            "a pass cycle is 1 to 8 letters from L (left), R (right), A (across), "
            "N (none), like LRAN"};
    }
    for (std::size_t i = 0; i < v.size(); ++i) {
        auto pos = std::string_view("LRAN").find(v[i]);
        if (pos == std::string_view::npos) {
            return Error{
                "'" + std::string(1, letters[i]) +
                "' is not a pass direction; use L (left), R (right), A (across), N (none)"};
        }
        rules.pass_cycle[i] = PassDirection(pos);
    }
    rules.pass_cycle_length = std::uint8_t(v.size());
    return rules;
}

std::string to_string(const Rules& r) {
    return "pass=" + pass_cycle_string(r) +
           ",queen_breaks=" + (r.queen_breaks_hearts ? "yes" : "no") +
           ",moon=" + std::string(to_string(r.moon)) +
           ",jack=" + (r.jack_of_diamonds ? "yes" : "no") + ",end=" + std::to_string(r.end_score) +
           ",tie=" + (r.tie_continues ? "continue" : "share") +
           (r.max_hands > 0 ? ",hands=" + std::to_string(r.max_hands) : "");
}

namespace {

// A whole number from `lo` to `hi`, written alone (no sign, no space), or none.
std::optional<int> whole(std::string_view text, int lo, int hi) {
    int n = 0;
    auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
    if (ec != std::errc() || p != text.data() + text.size() || n < lo || n > hi)
        return std::nullopt;
    return n;
}

}  // namespace

Expected<Rules> parse_rules(std::string_view text) {
    Rules rules;
    std::size_t i = 0;
    while (i <= text.size()) {
        std::size_t j = text.find(',', i);
        if (j == std::string_view::npos) j = text.size();
        std::string_view item = text.substr(i, j - i);
        i = j + 1;
        if (lower(item).empty()) continue;
        auto eq = item.find('=');
        if (eq == std::string_view::npos) {
            return Error{"rule '" + std::string(item) + "' needs a value, like moon=shooter"};
        }
        std::string key = lower(item.substr(0, eq));
        std::string_view value = item.substr(eq + 1);
        if (key == "pass") {
            std::string letters;  // keep the user's own spelling for the error message
            for (char c : value)
                if (!std::isspace(static_cast<unsigned char>(c))) letters += c;
            auto r = with_pass_cycle(rules, letters);
            if (!r) return r.error();
            rules = *r;
        } else if (key == "queen_breaks") {
            auto f = parse_flag(key, value);
            if (!f) return f.error();
            rules.queen_breaks_hearts = *f;
        } else if (key == "moon") {
            auto m = parse_moon_scoring(value);
            if (!m) return m.error();
            rules.moon = *m;
        } else if (key == "jack") {
            auto f = parse_flag(key, value);
            if (!f) return f.error();
            rules.jack_of_diamonds = *f;
        } else if (key == "end") {
            auto n = whole(value, 1, 10000);
            if (!n) {
                return Error{"end score must be a whole number from 1 to 10000, not '" +
                             std::string(value) + "'"};
            }
            rules.end_score = *n;
        } else if (key == "tie") {
            std::string v = lower(value);
            if (v == "continue") {
                rules.tie_continues = true;
            } else if (v == "share") {
                rules.tie_continues = false;
            } else {
                return Error{
                    "tie is continue (play on until one player is lowest) or share, not '" +
                    std::string(value) + "'"};
            }
        } else if (key == "hands") {
            auto n = whole(value, 0, 1000);
            if (!n) {
                return Error{"hands must be a whole number from 0 (no limit) to 1000, not '" +
                             std::string(value) + "'"};
            }
            rules.max_hands = *n;
        } else {
            return Error{"unknown rule '" + key +
                         "'; rules are pass, queen_breaks, moon, jack, end, tie, hands"};
        }
    }
    return rules;
}

}  // namespace hearts
