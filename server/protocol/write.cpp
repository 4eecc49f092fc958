// The messages the server writes (docs/protocol.md), but for the seat's view
// (protocol/view.cpp). Writing uses ordered JSON so the keys come out in the documented
// order, and replaces invalid UTF-8 instead of throwing (names come from people).
#include "protocol/messages.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "protocol/json.h"

namespace hearts::server {

namespace wire {

std::string text_of(const Out& j) {
    return j.dump(-1, ' ', false, Out::error_handler_t::replace);
}

Out seat_json(Seat s) {
    return std::string(1, seat_letter(s));
}

Out text_args(const Text& text) {
    Out args = Out::object();
    for (const auto& [name, value] : text.args) {
        if (const auto* n = std::get_if<std::int64_t>(&value))
            args[name] = *n;
        else
            args[name] = std::get<std::string>(value);
    }
    return args;
}

Out seats_json(const std::vector<Seat>& seats) {
    Out out = Out::array();
    for (Seat s : seats) out.push_back(seat_json(s));
    return out;
}

}  // namespace wire

using namespace wire;

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
        out["face"] = s.look.face;
        out["wearing"] = s.look.wearing;
    }
    return out;
}

// A reason's code and values (docs/protocol.md, "Codes"): nothing for an error without one.
void put_text(Out& out, const Text& text) {
    if (text.code.empty()) return;
    out["msg"] = std::string(text.code);
    out["args"] = text_args(text);
}

}  // namespace

std::string welcome_message(const std::string& player, const std::string& token,
                            const std::vector<std::string>& tables,
                            const std::optional<std::string>& name, const Relations& relations,
                            const Look& look, const std::string& lang) {
    Out out = Out::object();
    out["t"] = "welcome";
    out["player"] = player;
    out["token"] = token;
    out["tables"] = Out(tables);
    out["name"] = optional_text(name);
    out["relations"] = relations_object(relations);
    out["face"] = look.face;
    out["wearing"] = look.wearing;
    if (!lang.empty()) out["lang"] = lang;
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

namespace {
void add_achievement(Out& o, const AchievementDef& a) {
    o["id"] = a.id;
    o["name"] = a.name;
    o["how"] = a.how;
    o["title"] = a.title;
    o["item"] = a.item;
    o["item_name"] = a.item_name;
}
}  // namespace

std::string achievements_message(const std::vector<Earned>& earned, const Look& look) {
    Out msg = Out::object();
    msg["t"] = "achievements";
    Out list = Out::array();
    for (const AchievementDef& a : achievements()) {
        Out o = Out::object();
        add_achievement(o, a);
        const auto e = std::find_if(earned.begin(), earned.end(),
                                    [&](const Earned& x) { return x.id == a.id; });
        o["earned"] = e == earned.end() ? Out(nullptr) : Out(e->at_ms);
        list.push_back(std::move(o));
    }
    msg["list"] = std::move(list);
    msg["face"] = look.face;
    msg["wearing"] = look.wearing;
    return text_of(msg);
}

std::string achievement_message(const AchievementDef& a, const std::string& table) {
    Out msg = Out::object();
    msg["t"] = "achievement";
    msg["table"] = table;
    // `id` at the top of a message is a request's id (docs/protocol.md, "Envelope").
    msg["achievement"] = a.id;
    msg["name"] = a.name;
    msg["how"] = a.how;
    msg["title"] = a.title;
    msg["item"] = a.item;
    msg["item_name"] = a.item_name;
    return text_of(msg);
}

std::string look_message(const Look& look) {
    Out msg = Out::object();
    msg["t"] = "look";
    msg["face"] = look.face;
    msg["wearing"] = look.wearing;
    return text_of(msg);
}

std::string lang_message(const std::string& lang) {
    Out msg = Out::object();
    msg["t"] = "lang";
    msg["lang"] = lang;
    return text_of(msg);
}

namespace {
// A kind of play as the protocol writes it.
std::string_view kind_key(ai::PlayKind k) {
    switch (k) {
        case ai::PlayKind::Lead:
            return "lead";
        case ai::PlayKind::Follow:
            return "follow";
        case ai::PlayKind::Discard:
            return "discard";
        case ai::PlayKind::MoonDefence:
            return "moon";
        case ai::PlayKind::Pass:
            return "pass";
    }
    return "lead";
}
}  // namespace

std::string review_message(const std::string& table, const ai::Review& review,
                           const std::array<std::string, kSeats>& names) {
    const auto round2 = [](double x) { return std::round(x * 100) / 100; };
    Out msg = Out::object();
    msg["t"] = "review";
    msg["table"] = table;
    msg["seat"] = std::string(1, seat_letter(review.seat));
    msg["deals"] = review.deals;
    msg["lost"] = round2(review.lost);
    Out kinds = Out::object();
    for (ai::PlayKind k : {ai::PlayKind::Pass, ai::PlayKind::Lead, ai::PlayKind::Follow,
                           ai::PlayKind::Discard, ai::PlayKind::MoonDefence})
        kinds[std::string(kind_key(k))] = round2(review.lost_by_kind[std::size_t(k)]);
    msg["by_kind"] = kinds;
    const auto card_array = [](CardSet cards) {
        Out a = Out::array();
        for (Card c : cards) a.push_back(to_string(c));
        return a;
    };
    Out passes = Out::array();
    for (const ai::ReviewedPass& p : review.passes) {
        Out o = Out::object();
        o["hand"] = p.hand;
        o["to"] = std::string(1, seat_letter(p.to));
        o["passed"] = card_array(p.passed);
        o["passed_points"] = round2(p.passed_points);
        o["best"] = card_array(p.best);
        o["best_points"] = round2(p.best_points);
        o["mistake"] = p.mistake();
        passes.push_back(o);
    }
    msg["passes"] = passes;
    Out plays = Out::array();
    for (const ai::ReviewedPlay& p : review.plays) {
        Out o = Out::object();
        o["hand"] = p.hand;
        o["trick"] = p.trick;
        o["kind"] = std::string(kind_key(p.kind));
        o["played"] = to_string(p.played);
        o["played_points"] = round2(p.played_points);
        o["best"] = to_string(p.best);
        o["best_points"] = round2(p.best_points);
        plays.push_back(o);
    }
    msg["plays"] = plays;
    Out claimed = Out::array();
    for (const ai::ClaimedHand& c : review.claimed)
        claimed.push_back(Out{{"hand", c.hand}, {"cards", c.cards}});
    msg["claimed"] = claimed;
    msg["text"] = ai::review_text(review, names);
    return text_of(msg);
}

std::string hint_message(const std::string& table, std::int64_t version, const ai::Hint& hint) {
    Out msg = Out::object();
    msg["t"] = "hint";
    msg["table"] = table;
    msg["v"] = version;
    Out cards = Out::array();
    if (hint.action.kind == ActionKind::Pass) {
        msg["action"] = "pass";
        for (Card c : hint.action.cards) cards.push_back(to_string(c));
    } else {
        msg["action"] = "play";
        cards.push_back(to_string(hint.action.card));
    }
    msg["cards"] = cards;
    msg["text"] = hint.reason;
    // Rounded: the page shows them, and more digits would only say the sampling's noise.
    const auto round2 = [](double x) { return std::round(x * 100) / 100; };
    Out candidates = Out::array();
    for (const ai::CandidateStats& c : hint.candidates) {
        Out o = Out::object();
        o["card"] = to_string(c.card);
        o["points"] = round2(c.points);
        o["queen"] = round2(c.queen);
        o["moon"] = round2(c.moon_against);
        candidates.push_back(o);
    }
    msg["candidates"] = candidates;
    return text_of(msg);
}

std::string shared_message(const std::string& table, const ShareState& state) {
    Out msg = Out::object();
    msg["t"] = "shared";
    msg["table"] = table;
    msg["share"] = state.share.empty() ? Out(nullptr) : Out(state.share);
    msg["waiting"] = state.waiting;
    return text_of(msg);
}

std::string next_deal_message(const std::string& commit) {
    return R"({"t":"next_deal","commit":")" + commit + R"("})";
}

std::string daily_message(const std::string& day, bool today, std::int64_t next_ms,
                          const DailyBoard& board, bool replays) {
    const auto points = [](const std::string& text) {
        Out out = Out::array();
        std::size_t at = 0;
        while (at < text.size()) {
            std::size_t comma = text.find(',', at);
            if (comma == std::string::npos) comma = text.size();
            out.push_back(std::atoi(text.substr(at, comma - at).c_str()));
            at = comma + 1;
        }
        return out;
    };
    Out msg = Out::object();
    msg["t"] = "daily";
    msg["day"] = day;
    msg["today"] = today;
    msg["next_ms"] = next_ms;
    msg["players"] = board.players;
    if (!board.mine) {
        msg["me"] = nullptr;
    } else {
        const DailyGame& g = *board.mine;
        Out me = Out::object();
        me["table"] = g.table;
        me["finished"] = g.finished;
        if (g.finished) {
            me["conceded"] = g.conceded;
            me["score"] = g.score;
            me["rank"] = g.conceded ? Out(nullptr) : Out(g.rank);
            me["hands"] = points(g.points);
            if (!g.share.empty()) me["replay"] = g.share;
        }
        msg["me"] = std::move(me);
    }
    Out rows = Out::array();
    int rank = 0, last_score = -1;
    for (std::size_t k = 0; k < board.rows.size(); ++k) {
        const DailyRow& r = board.rows[k];
        if (k == 0 || r.score != last_score) rank = int(k) + 1;  // equal scores share a rank
        last_score = r.score;
        Out row = Out::object();
        row["rank"] = rank;
        row["name"] = r.name;
        row["score"] = r.score;
        row["hands"] = points(r.points);
        if (replays && !r.share.empty()) row["replay"] = r.share;
        rows.push_back(std::move(row));
    }
    msg["board"] = std::move(rows);
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
    i["watchable"] = info.watchable;
    i["watch_votes"] = seats_json(info.watch_votes);
    Out watchers = Out::array();
    for (const PlayerRef& w : info.watchers) {
        Out entry = Out::object();
        entry["player"] = w.player;
        entry["name"] = w.name;
        watchers.push_back(entry);
    }
    i["watchers"] = watchers;
    i["watcher_count"] = info.watcher_count;
    i["watching"] = info.watching;
    i["hints"] = info.hints;
    i["hint_votes"] = seats_json(info.hint_votes);
    i["rated"] = info.rated;
    i["rated_votes"] = seats_json(info.rated_votes);
    i["quick"] = info.quick;
    i["fill_at"] = info.fill_ms ? Out(*info.fill_ms) : Out(nullptr);
    i["fill_in"] = info.fill_in_ms ? Out(*info.fill_in_ms) : Out(nullptr);
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
        entry["quick"] = e.quick;
        if (e.quick) entry["skill"] = e.skill;
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

std::string unwatched_message(const std::string& table, const Text& why) {
    Out out = Out::object();
    out["t"] = "unwatched";
    out["table"] = table;
    out["reason"] = why.english();
    put_text(out, why);
    return text_of(out);
}

std::string error_message(const ProtocolError& e) {
    Out out = Out::object();
    out["t"] = "error";
    out["code"] = e.code;
    out["reason"] = e.reason;
    put_text(out, e.text);
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

}  // namespace hearts::server
