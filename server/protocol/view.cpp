// A seat's view as the server writes it (docs/protocol.md, "view"): in a snapshot, in
// every update, and as a document for the tests that check the writer against it.
// Written straight to text without a document, since it is most of the server's output.
#include "protocol/messages.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "hearts/rules.h"
#include "protocol/json.h"

namespace hearts::server {
namespace {

using namespace wire;

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

// A seat's view written straight to text (hearts/json_text.h), in the protocol's shapes:
// a seat is its letter, scores an array in seat order.
class Writer : public JsonText<Writer> {
  public:
    using JsonText::JsonText;

    void seat(Seat s) {
        const char letter = seat_letter(s);
        word(std::string_view(&letter, 1));
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
        for (int k = 0; k < t.size; ++k) word(to_string(t.cards[std::size_t(k)]));
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
            key("scored").word(to_string(r.moon_choice));
            close('}');
        } else {
            key("moon").null();
        }
        key("winners").seats(r.winners());
        close('}');
    }
};

// Which of the view's parts that rarely change are written: all of them in a snapshot.
struct ViewParts {
    bool rules = true, names = true, sheet = true;
    // For a watcher (docs/protocol.md, "Spectators"): the seat's own cards, pass and
    // legal plays are left empty, and `watching` says so.
    bool watcher = false;
};

void write_view(Writer& w, const SeatView& view, const SeatNames& names, ViewParts parts = {}) {
    const Phase phase = view.phase();
    const bool playing = phase == Phase::Play || phase == Phase::MoonChoice;
    w.open('{');
    w.key("seat").seat(view.seat());
    w.key("phase").word(to_string(phase));
    w.key("hand").number(view.hand_index() + 1);
    w.key("pass").word(to_string(view.pass_direction()));
    if (parts.rules) w.key("rules").text(to_string(view.rules()));
    if (parts.names) {
        w.key("names").open('[');
        for (const std::string& n : names) w.text(n);
        w.close(']');
    }
    const CardSet none;
    w.key("cards").cards(parts.watcher ? none : view.hand());
    w.key("legal").cards(parts.watcher ? none : view.legal());
    w.key("passed").cards(parts.watcher ? none : view.passed());
    w.key("received").cards(parts.watcher ? none : view.received());
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
    for (const std::string& m : markers) w.word(m);
    w.close(']');
    w.key("scores").per_seat(view.scores());
    if (parts.sheet) {
        w.key("sheet").open('[');
        for (const HandResult& r : view.results()) w.sheet_row(r);
        w.close(']');
    }
    w.key("winners").seats(view.winners());
    if (parts.watcher) w.key("watching").boolean(true);
    w.close('}');
}

}  // namespace

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

std::string watcher_view_json(const SeatView& view, const SeatNames& names) {
    std::string out;
    out.reserve(1024);
    Writer w(out);
    write_view(w, view, names, ViewParts{true, true, true, true});
    return out;
}

std::string view_document_json(const SeatView& view, const SeatNames& names) {
    return text_of(view_object(view, names));
}

std::string snapshot_message(const std::string& table, std::int64_t version, const SeatView& view,
                             const SeatNames& names, const SnapshotExtras& extras) {
    return snapshot_message(table, version, view_json(view, names), extras);
}

std::string seat_snapshot(const Table& t, Seat seat) {
    return snapshot_message(t.id(), t.version(), t.view(seat), t.setup().names,
                            {t.fair_json(), t.setup().daily, t.setup().bot_level, t.claim()});
}

std::string snapshot_message(const std::string& table, std::int64_t version,
                             const std::string& view_json, const SnapshotExtras& extras) {
    std::string out;
    out.reserve(1536);
    out += R"({"t":"snapshot","table":)";
    append_json_string(out, table);
    out += R"(,"v":)";
    out += std::to_string(version);
    out += R"(,"view":)";
    out += view_json;
    if (!extras.fair.empty()) {
        out += R"(,"fair":)";
        out += extras.fair;
    }
    if (!extras.daily.empty()) {
        out += R"(,"daily":)";
        append_json_string(out, std::string(extras.daily));
    }
    if (!extras.level.empty()) {
        out += R"(,"level":)";
        append_json_string(out, std::string(extras.level));
    }
    if (extras.claim) {  // the claim event as it came: a page reconnected says it again
        out += R"(,"claim":)";
        out += event_json(TableEvent{version, *extras.claim});
    }
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
    append_json_string(out, table);
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
