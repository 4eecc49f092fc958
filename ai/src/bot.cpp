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
    // hard and expert differ only in their work (SearchOptions), a step the arena can
    // tell apart: a card's strength grows with the work up to about 100,000 playout cards
    // and hardly beyond (docs/bots.md, "The ladder"). hard's pass keeps 300,000, the
    // work of its pass before the ladder: with less the search's pass is no better than
    // the rules' (the noise of fewer deals keeps the rules' pass), and it is made once a
    // hand, so it costs hard a few milliseconds a hand.
    constexpr SearchOptions kHard{.work = 10'000, .pass_work = 300'000};
    constexpr SearchOptions kExpert{.work = 500'000};
    const auto search = [](std::string_view name, SearchOptions o) {
        return std::unique_ptr<Bot>(std::make_unique<SearchBot>(std::string(name), o));
    };
    if (level == "hard") return search(level, kHard);
    if (level == "expert") return search(level, kExpert);
    // Not a level (bot_levels): an opponent for measuring, which `hearts arena` can seat.
    if (level == "moonshot") return std::unique_ptr<Bot>(std::make_unique<MoonBot>());
    // The search levels changed in one respect each, for the arena's measures
    // (docs/bots.md): never aiming for a moon; passing by the rules, as before passing
    // by search; playing each hand for its points, as before playing for the game.
    for (const auto& [base, options] : {std::pair{"hard", kHard}, std::pair{"expert", kExpert}}) {
        const std::string b(base);
        SearchOptions o = options;
        if (level == b + "-nomoon")
            o.shoots = false;
        else if (level == b + "-rulepass")
            o.search_pass = false;
        else if (level == b + "-hand")
            o.game_weight = 0;
        else
            continue;
        return search(level, o);
    }
    std::string known;
    for (const auto& l : bot_levels()) known += (known.empty() ? "" : ", ") + l;
    return Error{
        "unknown bot level '" + std::string(level) + "'; levels are " + known +
        " (and, for the arena, moonshot, and hard or expert followed by -nomoon, -rulepass "
        "or -hand)"};
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
