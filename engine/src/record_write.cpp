// Writing the game-record JSON format (docs/game-record.md is its specification; keep the
// two in step).
//
// The record is built as an ordered JSON value (keys in a fixed, readable order) and
// printed with every array or object that fits on one line kept on one line, so a record
// reads one action per line. The one-line form, which the server stores for every
// finished game, is written straight to text (record_line), to the same bytes. Nothing
// here throws out of the engine: what fails (only running out of memory) gives "".
#include <algorithm>
#include <array>
#include <cassert>
#include <charconv>
#include <cstdint>
#include <exception>
#include <string>
#include <vector>

#include "hearts/json_text.h"
#include "hearts/record.h"
#include "record_detail.h"

namespace hearts {
namespace record_detail {

constexpr std::size_t kLineWidth = 100;
constexpr int kMaxIndent = 16;

Ordered cards_json(CardSet cards) {
    Ordered out = Ordered::array();
    for (Card c : cards) out.push_back(to_string(c));
    return out;
}

Ordered per_seat_json(const std::array<int, kSeats>& values) {
    Ordered out = Ordered::object();
    for (Seat s : kAllSeats) out[seat_key(s)] = values[std::size_t(s)];
    return out;
}

Ordered seats_json(const std::vector<Seat>& seats) {
    Ordered out = Ordered::array();
    for (Seat s : seats) out.push_back(seat_key(s));
    return out;
}

Ordered rules_json(const Rules& rules) {
    Ordered out = Ordered::object();
    out["pass"] = pass_cycle_string(rules);
    out["queen_breaks"] = rules.queen_breaks_hearts;
    out["moon"] = std::string(to_string(rules.moon));
    out["jack"] = rules.jack_of_diamonds;
    out["end"] = rules.end_score;
    out["tie"] = rules.tie_continues ? "continue" : "share";
    if (rules.max_hands > 0) out["hands"] = rules.max_hands;
    return out;
}

Ordered deal_json(int hand_index, const Hands& dealt) {
    Ordered out = Ordered::object();
    out["hand"] = hand_index + 1;
    for (Seat s : kAllSeats) out[seat_key(s)] = cards_json(dealt[std::size_t(s)]);
    return out;
}

Ordered action_json(const Action& a) {
    Ordered out = Ordered::object();
    if (a.kind == ActionKind::NextHand) {
        out["next"] = true;
        return out;
    }
    out["seat"] = seat_key(a.seat);
    switch (a.kind) {
        case ActionKind::Pass:
            out["pass"] = cards_json(a.cards);
            break;
        case ActionKind::Play:
            out["play"] = to_string(a.card);
            break;
        case ActionKind::Moon:
            out["moon"] = std::string(to_string(a.moon));
            break;
        case ActionKind::NextHand:
            break;
    }
    return out;
}

Ordered hand_result_json(const HandResult& r) {
    Ordered out = Ordered::object();
    out["hand"] = r.hand_index + 1;
    out["pass"] = std::string(to_string(r.pass));
    out["points"] = per_seat_json(r.points);
    out["score"] = per_seat_json(r.score);
    out["totals"] = per_seat_json(r.totals);
    if (r.moon) {
        Ordered moon = Ordered::object();
        moon["shooter"] = seat_key(r.shooter);
        moon["scored"] = std::string(to_string(r.moon_choice));
        out["moon"] = moon;
    } else {
        out["moon"] = nullptr;
    }
    out["winners"] = seats_json(r.winners());
    return out;
}

// Also what a loaded record's "result" must equal, so writer and checker cannot drift.
Ordered result_json(const Game& game) {
    Ordered hands = Ordered::array();
    for (const HandResult& r : game.results()) hands.push_back(hand_result_json(r));
    Ordered out = Ordered::object();
    out["hands"] = hands;
    out["scores"] = per_seat_json(game.scores());
    out["finished"] = game.phase() == Phase::GameOver;
    if (game.phase() == Phase::GameOver) out["winners"] = seats_json(game.winners());
    return out;
}

// Each hand's deal, captured by replaying the history on a fresh game.
std::vector<Hands> deals_of(const Game& game) {
    Game replay(game.rules(), game.seed());
    std::vector<Hands> deals;
    const auto capture = [&] {
        Hands dealt{};
        for (Seat s : kAllSeats) dealt[std::size_t(s)] = replay.dealt(s);
        deals.push_back(dealt);
    };
    capture();
    for (const Action& a : game.history()) {
        [[maybe_unused]] const Status applied = replay.apply(a);
        assert(applied);  // the game accepted this history once, so it replays
        if (a.kind == ActionKind::NextHand) capture();
    }
    return deals;
}

Ordered record_json(const Game& game) {
    Ordered deals = Ordered::array();
    const std::vector<Hands> dealt = deals_of(game);
    for (std::size_t i = 0; i < dealt.size(); ++i) deals.push_back(deal_json(int(i), dealt[i]));
    Ordered actions = Ordered::array();
    for (const Action& a : game.history()) actions.push_back(action_json(a));

    Ordered out = Ordered::object();
    out["format"] = kFormat;
    out["version"] = kVersion;
    out["rules"] = rules_json(game.rules());
    out["seed"] = std::to_string(game.seed());
    out["deals"] = deals;
    out["actions"] = actions;
    out["result"] = result_json(game);
    return out;
}

// The one-line form written straight into a string, without building the document:
// the server stores every finished game's record in this form. It gives the bytes that
// record_json(game).dump() gives (record_test checks it). Every text in a record is a
// fixed word, a card, a seat or a number (`word`, no escaping) but the pass cycle, which
// is written with `text`.
class LineWriter : public JsonText<LineWriter> {
  public:
    using JsonText::JsonText;

    // The record's shapes: a seat is its key ("south"), scores an object by seat.
    void per_seat(const std::array<int, kSeats>& values) {
        open('{');
        for (Seat s : kAllSeats) key(seat_key(s)).number(values[std::size_t(s)]);
        close('}');
    }
    void seats(const std::vector<Seat>& list) {
        open('[');
        for (Seat s : list) word(seat_key(s));
        close(']');
    }
};

std::string record_line(const Game& game) {
    std::string out;
    out.reserve(16 * 1024);
    LineWriter w(out);
    w.open('{');
    w.key("format").word(kFormat);
    w.key("version").number(kVersion);
    const Rules& rules = game.rules();
    w.key("rules").open('{');
    w.key("pass").text(pass_cycle_string(rules));
    w.key("queen_breaks").boolean(rules.queen_breaks_hearts);
    w.key("moon").word(to_string(rules.moon));
    w.key("jack").boolean(rules.jack_of_diamonds);
    w.key("end").number(rules.end_score);
    w.key("tie").word(rules.tie_continues ? "continue" : "share");
    if (rules.max_hands > 0) w.key("hands").number(rules.max_hands);
    w.close('}');
    w.key("seed").word(std::to_string(game.seed()));
    w.key("deals").open('[');
    const std::vector<Hands> dealt = deals_of(game);
    for (std::size_t i = 0; i < dealt.size(); ++i) {
        w.open('{');
        w.key("hand").number(static_cast<long long>(i) + 1);
        for (Seat s : kAllSeats) w.key(seat_key(s)).cards(dealt[i][std::size_t(s)]);
        w.close('}');
    }
    w.close(']');
    w.key("actions").open('[');
    for (const Action& a : game.history()) {
        w.open('{');
        if (a.kind == ActionKind::NextHand) {
            w.key("next").boolean(true);
        } else {
            w.key("seat").word(seat_key(a.seat));
            if (a.kind == ActionKind::Pass) w.key("pass").cards(a.cards);
            if (a.kind == ActionKind::Play) w.key("play").word(to_string(a.card));
            if (a.kind == ActionKind::Moon) w.key("moon").word(to_string(a.moon));
        }
        w.close('}');
    }
    w.close(']');
    w.key("result").open('{');
    w.key("hands").open('[');
    for (const HandResult& r : game.results()) {
        w.open('{');
        w.key("hand").number(r.hand_index + 1);
        w.key("pass").word(to_string(r.pass));
        w.key("points").per_seat(r.points);
        w.key("score").per_seat(r.score);
        w.key("totals").per_seat(r.totals);
        if (r.moon) {
            w.key("moon").open('{');
            w.key("shooter").word(seat_key(r.shooter));
            w.key("scored").word(to_string(r.moon_choice));
            w.close('}');
        } else {
            w.key("moon").null();
        }
        w.key("winners").seats(r.winners());
        w.close('}');
    }
    w.close(']');
    w.key("scores").per_seat(game.scores());
    const bool over = game.phase() == Phase::GameOver;
    w.key("finished").boolean(over);
    if (over) w.key("winners").seats(game.winners());
    w.close('}');
    w.close('}');
    return out;
}

// Appends `j` on one line, with a space after each ':' and ','. Stops early and returns
// false once `out` is longer than `limit`: a caller asking "does it fit?" needs no more.
template <class J>
bool write_flat(std::string& out, const J& j, std::size_t limit) {
    if (j.is_array()) {
        out += '[';
        for (std::size_t i = 0; i < j.size(); ++i) {
            if (i) out += ", ";
            if (!write_flat(out, j[i], limit)) return false;
        }
        out += ']';
    } else if (j.is_object()) {
        out += '{';
        bool first = true;
        for (auto it = j.begin(); it != j.end(); ++it) {
            if (!first) out += ", ";
            first = false;
            out += J(it.key()).dump();
            out += ": ";
            if (!write_flat(out, *it, limit)) return false;
        }
        out += '}';
    } else {
        out += j.dump();
    }
    return out.size() <= limit;
}

// An array or object that fits in kLineWidth columns from `column` stays on one line;
// a larger one puts each member on its own line. Only our own records come through
// here, and they nest 5 deep, so the recursion is shallow.
void write_pretty(std::string& out, const Ordered& j, int indent, int depth, std::size_t column) {
    if (!j.is_structured()) {
        out += j.dump();
        return;
    }
    if (std::string flat; column < kLineWidth && write_flat(flat, j, kLineWidth - 1 - column)) {
        out += flat;
        return;
    }
    const std::string inner(std::size_t(indent * (depth + 1)), ' ');
    out += j.is_array() ? '[' : '{';
    bool first = true;
    for (auto it = j.begin(); it != j.end(); ++it) {
        out += first ? "\n" : ",\n";
        first = false;
        out += inner;
        std::size_t at = inner.size();
        if (j.is_object()) {
            const std::string key = Ordered(it.key()).dump() + ": ";
            out += key;
            at += key.size();
        }
        write_pretty(out, *it, indent, depth + 1, at);
    }
    out += '\n';
    out += std::string(std::size_t(indent * depth), ' ');
    out += j.is_array() ? ']' : '}';
}

}  // namespace record_detail

using namespace record_detail;

std::string to_record_json(const Game& game, int indent) {
    try {
        if (indent < 0) return record_line(game);
        const Ordered record = record_json(game);
        std::string out;
        write_pretty(out, record, std::min(indent, kMaxIndent), 0, 0);
        return out;
    } catch (const std::exception&) {
        return {};  // only running out of memory gets here; loading "" says it is empty
    }
}

}  // namespace hearts
