// The messages about ratings (docs/protocol.md, "Ratings" and "Leaderboards"): a rated
// game's change, a board's leaders and a player's profile. Ordered JSON, as in write.cpp.
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "model/rating.h"
#include "protocol/json.h"
#include "protocol/messages.h"

namespace hearts::server {

using namespace wire;

namespace {
// A rating as the page shows it: the number, and the belief behind it to two decimals.
Out rating_json(const Rating& r) {
    const RatingModel model;
    Out out = Out::object();
    out["rating"] = model.shown(r);
    out["mu"] = std::round(r.mu * 100) / 100;
    out["sigma"] = std::round(r.sigma * 100) / 100;
    return out;
}
}  // namespace

std::string rating_message(const RatingChange& c) {
    Out msg = Out::object();
    msg["t"] = "rating";
    msg["table"] = c.table;
    msg["board"] = c.board;
    msg["place"] = c.place + 1;
    msg["games"] = c.games;
    msg["provisional"] = c.games < kProvisionalGames;
    msg["before"] = rating_json(c.before);
    msg["after"] = rating_json(c.after);
    msg["counted"] = std::round(c.counted * 100) / 100;
    msg["reason"] = c.reason;
    // The reason's clauses as codes (docs/protocol.md, "Codes"), when each is one.
    if (auto why = rating_reasons(c.reason)) {
        Out list = Out::array();
        for (const Text& t : *why)
            list.push_back(Out{{"msg", std::string(t.code)}, {"args", text_args(t)}});
        msg["why"] = list;
    }
    return text_of(msg);
}

namespace {
// A player's rating on each board, as `leaderboard` and `profile` say them.
Out boards_json(const std::vector<BoardRating>& mine) {
    const RatingModel model;
    Out boards = Out::array();
    for (const BoardRating& b : mine) {
        Out row = Out::object();
        row["board"] = b.board;
        row["rating"] = model.shown(b.rating);
        row["games"] = b.games;
        row["provisional"] = b.games < kProvisionalGames;
        // Its uncertainty, on the rating's scale: one sigma is 40 sigma points; the rating
        // shown is 3 of them below the skill (model/quick.h, skill_points).
        row["sigma"] = int(std::lround(40 * b.rating.sigma));
        boards.push_back(std::move(row));
    }
    return boards;
}
// A player's rating after each of their last rated games on a board, oldest first.
Out history_json(const std::vector<RatingPoint>& history) {
    const RatingModel model;
    Out points = Out::array();
    for (const RatingPoint& p : history) {
        Out point = Out::object();
        point["at"] = p.at_ms;
        point["rating"] = model.shown(p.rating);
        point["games"] = p.games;
        points.push_back(std::move(point));
    }
    return points;
}
}  // namespace

std::string profile_message(const std::string& player, const std::string& name, int rank,
                            const std::vector<BoardRating>& boards,
                            const std::array<int, 4>& places,
                            const std::vector<RatingPoint>& history) {
    Out msg = Out::object();
    msg["t"] = "profile";
    msg["player"] = player;
    msg["name"] = name;
    msg["rank"] = rank;
    msg["boards"] = boards_json(boards);
    Out counts = Out::array();
    for (int n : places) counts.push_back(n);
    msg["places"] = std::move(counts);
    msg["history"] = history_json(history);
    return text_of(msg);
}

std::string leaderboard_message(const std::string& board, int page, bool more,
                                const std::vector<LeaderRow>& leaders, int rank,
                                const std::vector<BoardRating>& mine,
                                const std::vector<RatingPoint>& history) {
    const RatingModel model;
    Out msg = Out::object();
    msg["t"] = "leaderboard";
    msg["board"] = board;
    msg["page"] = page;
    msg["more"] = more;
    Out rows = Out::array();
    for (const LeaderRow& r : leaders) {
        Out row = Out::object();
        row["rank"] = r.rank;
        row["player"] = r.player;
        row["name"] = r.name;
        row["rating"] = model.shown(r.rating);
        row["games"] = r.games;
        rows.push_back(std::move(row));
    }
    msg["leaders"] = std::move(rows);
    msg["rank"] = rank;
    msg["boards"] = boards_json(mine);
    msg["history"] = history_json(history);
    return text_of(msg);
}

}  // namespace hearts::server
