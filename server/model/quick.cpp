// Quick match's choice of table (model/quick.h).
#include "model/quick.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace hearts::server {

int skill_points(const Rating& r, const RatingModel& model) {
    return int(std::lround(1000 + 40 * (r.mu - model.mu)));
}

double allowed_gap(const QuickSettings& settings, double waited_seconds) {
    return settings.gap + settings.widen * std::max(0.0, waited_seconds);
}

namespace {

// Further along than `from`: the table a person waiting there may move to.
bool ahead_of(const QuickTable& t, const QuickTable& from) {
    if (t.people != from.people) return t.people > from.people;
    if (t.created_ms != from.created_ms) return t.created_ms < from.created_ms;
    return t.table < from.table;
}

}  // namespace

std::optional<QuickTable> pick_quick_table(int skill, std::span<const QuickTable> open,
                                           std::int64_t now_ms, const QuickSettings& settings,
                                           const std::optional<QuickTable>& from) {
    const double my_wait = from ? double(now_ms - from->created_ms) / 1000 : 0;
    const QuickTable* best = nullptr;
    const auto better = [&](const QuickTable& a, const QuickTable& b) {
        const int da = std::abs(a.skill - skill), db = std::abs(b.skill - skill);
        if (da != db) return da < db;
        if (a.people != b.people) return a.people > b.people;
        if (a.created_ms != b.created_ms) return a.created_ms < b.created_ms;
        return a.table < b.table;
    };
    for (const QuickTable& t : open) {
        if (t.people < 1 || t.people > 3) continue;
        if (from && (t.table == from->table || !ahead_of(t, *from))) continue;
        const double waited = std::max(my_wait, double(now_ms - t.created_ms) / 1000);
        if (std::abs(t.skill - skill) > allowed_gap(settings, waited)) continue;
        if (!best || better(t, *best)) best = &t;
    }
    if (!best) return std::nullopt;
    return *best;
}

}  // namespace hearts::server
