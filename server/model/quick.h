// Quick match (docs/ratings.md, "Quick match"): "Play now (rated)" seats a player at the
// waiting quick table whose people are nearest them in skill, or opens one. The allowed
// gap widens the longer the table has waited; once its wait is over, computer players
// take the seats nobody came to. Matching compares skill, the mean of the rating's belief
// on the rating scale (`skill_points`), not the cautious number shown: a new player then
// meets average players, not the weakest. Pure: the caller passes the time.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "model/rating.h"

namespace hearts::server {

/// `hearts serve`'s quick match settings (server/options.h binds them).
struct QuickSettings {
    double gap = 150;          // the skill points a table accepts at once
    double widen = 15;         // and more for each second it has waited
    double fill_seconds = 30;  // then computer players take its empty seats
};

/// A player's skill on the rating scale: 1000 + 40 (mu - the new player's mu), rounded.
/// A new player's is 1000, as is their rating.
int skill_points(const Rating& r, const RatingModel& model);

/// The skill gap a table that has waited `waited_seconds` accepts.
double allowed_gap(const QuickSettings& settings, double waited_seconds);

/// A waiting quick table of the rules asked for, as quick match sees it.
struct QuickTable {
    std::string table;
    int skill = 0;   // its people's mean skill
    int people = 0;  // 1 to 3 (a full table has started)
    std::int64_t created_ms = 0;
};

/// The table to seat a player of `skill` at, among `open` (waiting quick tables of the
/// rules asked for, with a free seat, none with someone who blocked the player or whom
/// they blocked): the nearest in skill within the gap of the longer wait, the player's
/// own or the table's; then the one with more people, the older, the smaller id. None:
/// open a new one.
///
/// `from` is the quick table the player waits at already (a page asks again while its
/// table is short of people): they move only to a table further along, with more people,
/// or as many and older, so two tables never trade their people back and forth. Their
/// wait is that table's.
std::optional<QuickTable> pick_quick_table(int skill, std::span<const QuickTable> open,
                                           std::int64_t now_ms, const QuickSettings& settings,
                                           const std::optional<QuickTable>& from = std::nullopt);

}  // namespace hearts::server
