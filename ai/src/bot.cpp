#include "hearts/ai/bot.h"

#include <algorithm>

#include "hearts/ai/moon_bot.h"
#include "hearts/ai/random_bot.h"
#include "hearts/ai/rule_bot.h"
#include "hearts/ai/search_bot.h"

namespace hearts::ai {

MoonChoice Bot::choose_moon(const SeatView& view, std::uint64_t, Budget) {
    // +26 to the others unless that ends the game without this seat alone lowest,
    // in which case -26 to itself is never worse.
    auto totals = view.scores();
    const int me = int(view.seat());
    for (int s = 0; s < kSeats; ++s)
        if (s != me) totals[std::size_t(s)] += 26;
    const int high = *std::max_element(totals.begin(), totals.end());
    bool alone_lowest = true;
    for (int s = 0; s < kSeats; ++s)
        if (s != me && totals[std::size_t(s)] <= totals[std::size_t(me)]) alone_lowest = false;
    if (high >= view.rules().end_score && !alone_lowest) return MoonChoice::SubtractFromShooter;
    return MoonChoice::AddToOthers;
}

std::vector<std::string> bot_levels() {
    return {"random", "easy", "medium", "hard", "expert"};
}

Expected<std::unique_ptr<Bot>> make_bot(std::string_view level) {
    if (level == "random") return std::unique_ptr<Bot>(std::make_unique<RandomBot>());
    if (level == "easy") return std::unique_ptr<Bot>(std::make_unique<RuleBot>(Skill::Easy));
    if (level == "medium") return std::unique_ptr<Bot>(std::make_unique<RuleBot>(Skill::Medium));
    if (level == "hard") return std::unique_ptr<Bot>(std::make_unique<SearchBot>("hard", 100'000));
    if (level == "expert")
        return std::unique_ptr<Bot>(std::make_unique<SearchBot>("expert", 500'000));
    // Not a level (bot_levels): an opponent for measuring, which `hearts arena` can seat.
    if (level == "moonshot") return std::unique_ptr<Bot>(std::make_unique<MoonBot>());
    // hard and expert never aiming for a moon: the arena's measure of what their moons
    // are worth.
    if (level == "hard-nomoon")
        return std::unique_ptr<Bot>(
            std::make_unique<SearchBot>("hard-nomoon", 100'000, true, false));
    if (level == "expert-nomoon")
        return std::unique_ptr<Bot>(
            std::make_unique<SearchBot>("expert-nomoon", 500'000, true, false));
    // The search levels as they were before they passed by search: for the arena.
    if (level == "hard-rulepass")
        return std::unique_ptr<Bot>(std::make_unique<SearchBot>("hard-rulepass", 100'000, false));
    if (level == "expert-rulepass")
        return std::unique_ptr<Bot>(std::make_unique<SearchBot>("expert-rulepass", 500'000, false));
    std::string known;
    for (const auto& l : bot_levels()) known += (known.empty() ? "" : ", ") + l;
    return Error{"unknown bot level '" + std::string(level) + "'; levels are " + known +
                 " (and, for the arena, moonshot, hard-nomoon, expert-nomoon, hard-rulepass and "
                 "expert-rulepass)"};
}

Action decide(Bot& bot, const SeatView& view, std::uint64_t seed, Budget budget) {
    switch (view.phase()) {
        case Phase::Pass:
            return Action::pass(view.seat(), bot.choose_pass(view, seed, budget));
        case Phase::MoonChoice:
            return Action::choose_moon(view.seat(), bot.choose_moon(view, seed, budget));
        default:
            return Action::play(view.seat(), bot.choose_play(view, seed, budget));
    }
}

}  // namespace hearts::ai
