#include "model/achievements.h"

#include <algorithm>
#include <array>

namespace hearts::server {
namespace {

constexpr std::array<AchievementDef, 21> kCatalogue{{
    {"first_game", "First game", "Finish a game.", "card player", "flat_cap", "flat cap"},
    {"first_win", "First win", "Win a game.", "winner", "party_hat", "party hat"},
    {"moon", "Over the moon", "Shoot the moon: take every heart and the Q♠ in one hand.",
     "space cadet", "space_helmet", "space helmet"},
    {"moon_stop", "Not so fast", "Stop a moon: take one heart when someone else took all the rest.",
     "spoilsport", "police_cap", "police cap"},
    {"trickless", "Invisible", "Take no trick at all in a hand.", "ninja", "ninja_mask",
     "ninja mask"},
    {"no_queen", "Queen dodger", "Finish a game without ever taking the Q♠.", "smooth operator",
     "bow_tie", "bow tie"},
    {"moon_victim", "Moonstruck", "Have the moon shot against you.", "good sport", "headphones",
     "pair of headphones"},
    {"clean_win", "Clean sheet", "Win a game with a score of 0 or less.", "saint", "halo", "halo"},
    {"people_win", "Good company", "Win a game against other people.", "people person",
     "flower_crown", "flower crown"},
    {"beat_hard", "Top of the class", "Win a game against hard or expert computer players.",
     "scholar", "graduation_cap", "graduation cap"},
    {"beat_expert", "Grandmaster", "Win a game against expert computer players.", "grandmaster",
     "monocle", "monocle"},
    {"comeback", "Comeback", "Win a game in which you had 80 points or more.", "survivor",
     "bandana", "bandana"},
    {"streak_3", "On a roll", "Win 3 games in a row.", "natural", "headband", "headband"},
    {"streak_5", "Unstoppable", "Win 5 games in a row.", "conqueror", "viking_helmet",
     "viking helmet"},
    {"moon_stops_3", "Night watch", "Stop 3 moons.", "guardian", "knight_helmet",
     "knight's helmet"},
    {"moons_5", "Moonwalker", "Shoot the moon 5 times.", "wizard", "wizard_hat", "wizard hat"},
    {"queen_taker", "Her Majesty's favourite", "Take the Q♠ in 10 hands.", "glutton for punishment",
     "jester_hat", "jester's hat"},
    {"wins_10", "Card shark", "Win 10 games.", "card shark", "sunglasses", "pair of sunglasses"},
    {"games_10", "Regular", "Finish 10 games.", "regular", "beret", "beret"},
    {"games_50", "Veteran", "Finish 50 games.", "veteran", "top_hat", "top hat"},
    {"games_100", "Legend", "Finish 100 games.", "legend", "crown", "crown"},
}};

// What a player's games add up to, up to and including the game being looked at.
struct Running {
    int finished = 0, won = 0, streak = 0, moons = 0, moon_stops = 0, queens = 0;
};

// Whether `g`, with `r` counted up to it, earns achievement `id`.
bool earns(std::string_view id, const PlayedGame& g, const Running& r) {
    const SeatSummary& s = g.summary;
    const bool won = s.won;
    if (id == "first_game") return true;
    if (id == "first_win") return won;
    if (id == "moon") return s.moons_shot > 0;
    if (id == "moon_stop") return s.moon_stops > 0;
    if (id == "trickless") return s.trickless > 0;
    if (id == "no_queen") return s.hands > 0 && s.queens == 0;
    if (id == "moon_victim") return s.moons_suffered > 0;
    if (id == "clean_win") return won && s.score <= 0;
    if (id == "people_win") return won && g.with_people;
    if (id == "beat_hard") return won && (g.level == "hard" || g.level == "expert");
    if (id == "beat_expert") return won && g.level == "expert";
    if (id == "comeback") return won && s.worst_total >= 80;
    if (id == "streak_3") return r.streak >= 3;
    if (id == "streak_5") return r.streak >= 5;
    if (id == "moon_stops_3") return r.moon_stops >= 3;
    if (id == "moons_5") return r.moons >= 5;
    if (id == "queen_taker") return r.queens >= 10;
    if (id == "wins_10") return r.won >= 10;
    if (id == "games_10") return r.finished >= 10;
    if (id == "games_50") return r.finished >= 50;
    if (id == "games_100") return r.finished >= 100;
    return false;
}

}  // namespace

std::span<const AchievementDef> achievements() {
    return kCatalogue;
}

const AchievementDef* find_achievement(std::string_view id) {
    for (const AchievementDef& a : kCatalogue)
        if (a.id == id) return &a;
    return nullptr;
}

const AchievementDef* achievement_of_item(std::string_view item) {
    for (const AchievementDef& a : kCatalogue)
        if (a.item == item) return &a;
    return nullptr;
}

void order_earned(std::vector<Earned>& earned) {
    const auto rank = [](const Earned& e) {
        const AchievementDef* a = find_achievement(e.id);
        return a ? a - kCatalogue.data() : std::ptrdiff_t(kCatalogue.size());
    };
    std::stable_sort(earned.begin(), earned.end(),
                     [&](const Earned& x, const Earned& y) { return rank(x) < rank(y); });
}

std::vector<Earned> credited_to(std::vector<Earned> earned, const AwardAt& at) {
    for (Earned& e : earned) {
        e.table = at.table;
        e.at_ms = at.at_ms;
    }
    return earned;
}

std::vector<Earned> achievements_earned(std::span<const PlayedGame> games) {
    std::array<const PlayedGame*, kCatalogue.size()> first{};
    Running r;
    for (const PlayedGame& g : games) {
        // A computer played a conceded seat to the end, or played for the person (the clock
        // ran out, they were away): its hands are not the person's. The game only breaks
        // a streak.
        if (g.conceded || g.helped) {
            r.streak = 0;
            continue;
        }
        const SeatSummary& s = g.summary;
        r.finished += 1;
        r.won += s.won ? 1 : 0;
        r.streak = s.won ? r.streak + 1 : 0;
        r.moons += s.moons_shot;
        r.moon_stops += s.moon_stops;
        r.queens += s.queens;
        for (std::size_t i = 0; i < kCatalogue.size(); ++i)
            if (!first[i] && earns(kCatalogue[i].id, g, r)) first[i] = &g;
    }
    std::vector<Earned> out;
    for (std::size_t i = 0; i < kCatalogue.size(); ++i)
        if (first[i])
            out.push_back(
                Earned{std::string(kCatalogue[i].id), first[i]->table, first[i]->finished_ms});
    return out;
}

}  // namespace hearts::server
