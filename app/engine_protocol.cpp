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

EngineSession::EngineSession() : bot_(std::move(ai::make_bot(level_)).value()) {}

std::vector<std::string> EngineSession::handle(const std::string& line) {
    const std::vector<std::string> w = split(line);
    if (done_ || w.empty() || w[0][0] == '#') return {};
    const std::string& cmd = w[0];
    if (cmd == "quit") {
        done_ = true;
        return {};
    }
    if (cmd == "hearts") {
        std::string levels = "id levels";
        for (const auto& l : ai::bot_levels()) levels += " " + l;
        return {"id name " + std::string(kVersion),
                levels,
                "option level " + level_,
                "option iterations " + std::to_string(budget_.iterations),
                "option movetime " + std::to_string(budget_.movetime_ms),
                "option seed " + std::to_string(seed_),
                "hearts ok"};
    }
    if (cmd == "isready") return {"readyok"};
    if (cmd == "set") return set_option(w);
    if (cmd == "position") {
        auto v = parse_position_line(line);
        if (!v) {
            position_.reset();
            return {"error " + v.error().reason};
        }
        position_ = std::make_unique<SeatView>(std::move(v).value());
        return {};
    }
    if (cmd == "go") return go();
    return {"error unknown command '" + cmd +
            "'; commands are hearts, isready, set, position, go, quit"};
}

std::vector<std::string> EngineSession::set_option(const std::vector<std::string>& w) {
    if (w.size() != 3) return {"error set takes a name and a value, like 'set level expert'"};
    if (w[1] == "level") {
        auto b = ai::make_bot(w[2]);
        if (!b) return {"error " + b.error().reason};
        bot_ = std::move(b).value();
        level_ = w[2];
        return {};
    }
    if (w[1] == "iterations" || w[1] == "movetime") {
        auto n = parse_int(w[2], 0, 100000000, w[1]);
        if (!n) return {"error " + n.error().reason};
        (w[1] == "iterations" ? budget_.iterations : budget_.movetime_ms) = *n;
        return {};
    }
    if (w[1] == "seed") {
        std::uint64_t v = 0;
        auto [p, ec] = std::from_chars(w[2].data(), w[2].data() + w[2].size(), v);
        if (ec != std::errc() || p != w[2].data() + w[2].size())
            return {"error seed must be a whole number from 0 to 18446744073709551615"};
        seed_ = v;
        return {};
    }
    return {"error unknown option '" + w[1] + "'; options are level, iterations, movetime, seed"};
}

std::vector<std::string> EngineSession::go() {
    if (!position_) return {"error no position: send 'position ...' first"};
    const SeatView& v = *position_;
    const bool can_pass = v.phase() == Phase::Pass;
    if (!can_pass && !v.my_turn())
        return {"error it is not " + std::string(seat_name(v.seat())) + "'s turn"};
    // The same position and settings always give the same answer.
    const std::uint64_t s =
        mix64(seed_ ^ mix64(std::uint64_t(v.plays_made()) * 8 + std::uint64_t(v.seat()) + 1));
    const Action a = ai::decide(*bot_, v, s, budget_);
    if (a.kind == ActionKind::Pass) return {"pass " + to_string(a.cards)};
    if (a.kind == ActionKind::Play) return {"play " + to_string(a.card)};
    return {"moon " + std::string(to_string(a.moon))};
}

int engine_command(std::istream& in, std::ostream& out) {
    EngineSession session;
    std::string line;
    while (!session.done() && std::getline(in, line)) {
        const std::vector<std::string> replies = session.handle(line);
        for (const std::string& reply : replies) out << reply << '\n';
        if (!replies.empty()) out.flush();  // the host waits for each answer
    }
    return 0;
}

}  // namespace hearts::app
