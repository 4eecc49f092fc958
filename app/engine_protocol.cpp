#include "engine_protocol.h"

#include <algorithm>
#include <charconv>
#include <istream>
#include <memory>
#include <ostream>
#include <sstream>
#include <vector>

#include "hearts/ai/bot.h"
#include "hearts/random.h"

namespace hearts::app {
namespace {

constexpr std::string_view kVersion = "Hearts 0.1.0";

std::vector<std::string> split(const std::string& line) {
    std::istringstream in(line);
    std::vector<std::string> out;
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

std::string join(const std::vector<std::string>& words, std::size_t from, std::size_t to) {
    std::string out;
    for (std::size_t i = from; i < to; ++i) out += (out.empty() ? "" : " ") + words[i];
    return out;
}

Expected<PassDirection> parse_direction(const std::string& text) {
    for (PassDirection d :
         {PassDirection::Left, PassDirection::Right, PassDirection::Across, PassDirection::None}) {
        if (text == to_string(d)) return d;
    }
    return Error{"pass is left, right, across or none, not '" + text + "'"};
}

Expected<int> parse_int(const std::string& text, int lo, int hi, const std::string& what) {
    int v = 0;
    auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || p != text.data() + text.size() || v < lo || v > hi) {
        return Error{what + " must be a whole number from " + std::to_string(lo) + " to " +
                     std::to_string(hi) + ", not '" + text + "'"};
    }
    return v;
}

}  // namespace

std::string position_line(const SeatView& v) {
    std::string out = "position rules " + to_string(v.rules());
    out += " seat ";
    out += seat_letter(v.seat());
    out += " number " + std::to_string(v.hand_index());
    out += " scores";
    for (int s : v.scores()) out += " " + std::to_string(s);
    out += " hand " + to_string(v.dealt());
    out += " pass " + std::string(to_string(v.pass_direction()));
    if (!v.passed().empty()) out += " passed " + to_string(v.passed());
    if (!v.received().empty()) out += " received " + to_string(v.received());
    if (v.phase() != Phase::Pass) {
        out += " leader ";
        out += seat_letter(v.trick(0).leader);
    }
    if (v.plays_made() > 0) {
        out += " plays";
        for (int i = 0; i < v.plays_made(); ++i) out += " " + to_string(v.play_at(i));
    }
    return out;
}

Expected<SeatView> parse_position_line(const std::string& line) {
    const std::vector<std::string> w = split(line);
    if (w.empty() || w[0] != "position") return Error{"a position line starts with 'position'"};
    static const std::vector<std::string> kKeys = {"rules",  "seat", "number", "scores",
                                                   "hand",   "pass", "passed", "received",
                                                   "leader", "plays"};
    auto is_key = [&](const std::string& s) {
        return std::find(kKeys.begin(), kKeys.end(), s) != kKeys.end();
    };
    Position p;
    bool have_seat = false, have_hand = false;
    std::size_t i = 1;
    while (i < w.size()) {
        const std::string key = w[i];
        if (!is_key(key)) {
            return Error{"unknown field '" + key +
                         "' in position; fields are rules, seat, number, "
                         "scores, hand, pass, passed, received, leader, plays"};
        }
        std::size_t j = i + 1;
        while (j < w.size() && !is_key(w[j])) ++j;
        const std::string value = join(w, i + 1, j);
        const std::size_t count = j - i - 1;
        if (key == "rules") {
            auto r = parse_rules(value);
            if (!r) return Error{"rules: " + r.error().reason};
            p.rules = *r;
        } else if (key == "seat") {
            auto s = parse_seat(value);
            if (!s) return Error{"seat: " + s.error().reason};
            p.seat = *s;
            have_seat = true;
        } else if (key == "number") {
            auto n = parse_int(value, 0, 1000000, "number");
            if (!n) return n.error();
            p.hand_index = *n;
        } else if (key == "scores") {
            if (count != kSeats) return Error{"scores: give 4 numbers, South West North East"};
            for (std::size_t k = 0; k < kSeats; ++k) {
                auto n = parse_int(w[i + 1 + k], -100000, 100000, "a score");
                if (!n) return Error{"scores: " + n.error().reason};
                p.scores[k] = *n;
            }
        } else if (key == "leader") {
            auto s = parse_seat(value);
            if (!s) return Error{"leader: " + s.error().reason};
            p.leader = *s;
        } else if (key == "pass") {
            auto d = parse_direction(value);
            if (!d) return d.error();
            p.pass = *d;
        } else if (key == "plays") {
            for (std::size_t k = i + 1; k < j; ++k) {
                auto c = parse_card(w[k]);
                if (!c)
                    return Error{"plays[" + std::to_string(k - i - 1) + "]: " + c.error().reason};
                p.plays.push_back(*c);
            }
        } else {
            auto cards = parse_cards(value);
            if (!cards) return Error{key + ": " + cards.error().reason};
            if (key == "hand") {
                p.dealt = *cards;
                have_hand = true;
            } else if (key == "passed") {
                p.passed = *cards;
            } else {
                p.received = *cards;
            }
        }
        i = j;
    }
    if (!have_seat) return Error{"the position needs a seat, like 'seat S'"};
    if (!have_hand)
        return Error{"the position needs the seat's 13 dealt cards, like 'hand 2C 5C ...'"};
    return view_from_position(p);
}

int engine_command(std::istream& in, std::ostream& out) {
    std::string level = "expert";
    std::unique_ptr<ai::Bot> bot = std::move(ai::make_bot(level)).value();
    ai::Budget budget;
    std::uint64_t seed = 0;
    std::unique_ptr<SeatView> position;
    std::string line;
    while (std::getline(in, line)) {
        const std::vector<std::string> w = split(line);
        if (w.empty() || w[0][0] == '#') continue;
        const std::string& cmd = w[0];
        if (cmd == "quit") break;
        if (cmd == "hearts") {
            out << "id name " << kVersion << "\n";
            out << "id levels";
            for (const auto& l : ai::bot_levels()) out << " " << l;
            out << "\noption level " << level << "\noption iterations " << budget.iterations
                << "\noption movetime " << budget.movetime_ms << "\noption seed " << seed
                << "\nhearts ok" << std::endl;
        } else if (cmd == "isready") {
            out << "readyok" << std::endl;
        } else if (cmd == "set") {
            if (w.size() != 3) {
                out << "error set takes a name and a value, like 'set level expert'" << std::endl;
                continue;
            }
            if (w[1] == "level") {
                auto b = ai::make_bot(w[2]);
                if (!b) {
                    out << "error " << b.error().reason << std::endl;
                    continue;
                }
                bot = std::move(b).value();
                level = w[2];
            } else if (w[1] == "iterations" || w[1] == "movetime") {
                auto n = parse_int(w[2], 0, 100000000, w[1]);
                if (!n) {
                    out << "error " << n.error().reason << std::endl;
                    continue;
                }
                (w[1] == "iterations" ? budget.iterations : budget.movetime_ms) = *n;
            } else if (w[1] == "seed") {
                std::uint64_t v = 0;
                auto [p, ec] = std::from_chars(w[2].data(), w[2].data() + w[2].size(), v);
                if (ec != std::errc() || p != w[2].data() + w[2].size()) {
                    out << "error seed must be a whole number from 0 to 18446744073709551615"
                        << std::endl;
                    continue;
                }
                seed = v;
            } else {
                out << "error unknown option '" << w[1]
                    << "'; options are level, iterations, movetime, seed" << std::endl;
            }
        } else if (cmd == "position") {
            auto v = parse_position_line(line);
            if (!v) {
                out << "error " << v.error().reason << std::endl;
                position.reset();
                continue;
            }
            position = std::make_unique<SeatView>(std::move(v).value());
        } else if (cmd == "go") {
            if (!position) {
                out << "error no position: send 'position ...' first" << std::endl;
                continue;
            }
            const SeatView& v = *position;
            const bool can_pass = v.phase() == Phase::Pass;
            if (!can_pass && !v.my_turn()) {
                out << "error it is not " << seat_name(v.seat()) << "'s turn" << std::endl;
                continue;
            }
            // The same position and settings always give the same answer.
            const std::uint64_t s = mix64(
                seed ^ mix64(std::uint64_t(v.plays_made()) * 8 + std::uint64_t(v.seat()) + 1));
            const Action a = ai::decide(*bot, v, s, budget);
            if (a.kind == ActionKind::Pass)
                out << "pass " << to_string(a.cards) << std::endl;
            else if (a.kind == ActionKind::Play)
                out << "play " << to_string(a.card) << std::endl;
            else
                out << "moon " << to_string(a.moon) << std::endl;
        } else {
            out << "error unknown command '" << cmd
                << "'; commands are hearts, isready, set, position, go, quit" << std::endl;
        }
    }
    return 0;
}

}  // namespace hearts::app
