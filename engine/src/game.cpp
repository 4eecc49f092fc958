#include "hearts/game.h"

#include <algorithm>
#include <sstream>

#include "hearts/view.h"

namespace hearts {

std::string_view to_string(Phase p) {
    switch (p) {
        case Phase::Pass:
            return "pass";
        case Phase::Play:
            return "play";
        case Phase::MoonChoice:
            return "moon";
        case Phase::HandOver:
            return "hand_over";
        case Phase::GameOver:
            return "game_over";
    }
    return "?";
}

std::string to_string(const Action& a) {
    std::string seat(1, seat_letter(a.seat));
    switch (a.kind) {
        case ActionKind::Pass:
            return seat + " pass " + to_string(a.cards);
        case ActionKind::Play:
            return seat + " play " + to_string(a.card);
        case ActionKind::Moon:
            return seat + " moon " + std::string(to_string(a.moon));
        case ActionKind::NextHand:
            return "next";
    }
    return "?";
}

Expected<Action> parse_action(std::string_view text) {
    std::istringstream in{std::string(text)};
    std::string first, verb, rest;
    in >> first;
    if (first == "next") {
        if (in >> rest) return Error{"'next' takes nothing after it"};
        return Action::next_hand();
    }
    auto seat = parse_seat(first);
    if (!seat) {
        return Error{"an action starts with a seat (S, W, N, E) or is 'next', not '" + first + "'"};
    }
    in >> verb;
    std::getline(in, rest);
    if (verb == "pass") {
        auto cards = parse_cards(rest);
        if (!cards) return cards.error();
        if (cards->size() != 3) return Error{"a pass is exactly 3 cards"};
        return Action::pass(*seat, *cards);
    }
    if (verb == "play") {
        auto cards = parse_cards(rest);
        if (!cards) return cards.error();
        if (cards->size() != 1) return Error{"a play is exactly one card"};
        return Action::play(*seat, cards->lowest());
    }
    if (verb == "moon") {
        auto m = parse_moon_choice(rest);
        if (!m) return m.error();
        return Action::choose_moon(*seat, *m);
    }
    return Error{"unknown action '" + verb + "'; actions are pass, play, moon and next"};
}

std::vector<Seat> HandResult::winners() const {
    const int best = *std::min_element(score.begin(), score.end());
    std::vector<Seat> out;
    for (Seat s : kAllSeats)
        if (score[int(s)] == best) out.push_back(s);
    return out;
}

Game::Game(const Rules& rules, std::uint64_t seed) : rules_(rules), seed_(seed) {
    history_.reserve(1024);  // a typical game; most never grow
    start_hand();
}

void Game::start_hand() {
    dealt_ = deal(hand_seed(seed_, hand_index_));
    passed_ = {};
    points_ = {};
    if (pass_direction() == PassDirection::None) {
        hand_ = Hand(dealt_, rules_.queen_breaks_hearts);
        phase_ = Phase::Play;
    } else {
        hand_ = Hand();
        phase_ = Phase::Pass;
    }
}

CardSet Game::holding(Seat s) const {
    if (phase_ == Phase::Pass) return dealt_[int(s)] - passed_[int(s)];
    return hand_.hand(s);
}

CardSet Game::received(Seat s) const {
    const PassDirection d = pass_direction();
    if (d == PassDirection::None || phase_ == Phase::Pass) return {};
    // The seat that passes to s sits as far the other way as s's own target.
    for (Seat from : kAllSeats)
        if (pass_target(from, d) == s) return passed_[int(from)];
    return {};
}

bool Game::awaiting(Seat s) const {
    switch (phase_) {
        case Phase::Pass:
            return !has_passed(s);
        case Phase::Play:
            return hand_.to_move() == s;
        case Phase::MoonChoice:
            return shooter_ == s;
        default:
            return false;
    }
}

std::vector<Seat> Game::winners() const {
    std::vector<Seat> out;
    if (phase_ != Phase::GameOver) return out;
    const int best = *std::min_element(scores_.begin(), scores_.end());
    for (Seat s : kAllSeats)
        if (scores_[int(s)] == best) out.push_back(s);
    return out;
}

Status Game::validate(const Action& a) const {
    // Reasons are built only on refusal: the accepted path must not allocate.
    auto who = [&] { return std::string(seat_name(a.seat)); };
    switch (a.kind) {
        case ActionKind::Pass: {
            if (phase_ != Phase::Pass) return Error{"it is not time to pass cards"};
            if (has_passed(a.seat)) return Error{who() + " has already passed"};
            if (a.cards.size() != 3) return Error{"pass exactly 3 cards"};
            if (!dealt_[int(a.seat)].contains_all(a.cards)) {
                return Error{"you can only pass cards you hold, and " + who() + " has no " +
                             to_string(a.cards - dealt_[int(a.seat)])};
            }
            return {};
        }
        case ActionKind::Play: {
            if (phase_ == Phase::Pass) return Error{"pass 3 cards first"};
            if (phase_ != Phase::Play) return Error{"it is not time to play a card"};
            if (hand_.to_move() != a.seat) {
                return Error{"it is " + std::string(seat_name(hand_.to_move())) + "'s turn, not " +
                             who() + "'s"};
            }
            if (a.card.is_none() || a.card.index() >= kCards) return Error{"no card given"};
            if (const char* why = hand_.refusal(a.card)) return Error{why};
            return {};
        }
        case ActionKind::Moon: {
            if (phase_ != Phase::MoonChoice) return Error{"there is no moon to score"};
            if (a.seat != shooter_) {
                return Error{"only the shooter, " + std::string(seat_name(shooter_)) +
                             ", chooses how the moon scores"};
            }
            return {};
        }
        case ActionKind::NextHand: {
            if (phase_ == Phase::GameOver) return Error{"the game is over"};
            if (phase_ != Phase::HandOver) return Error{"the hand is not over yet"};
            return {};
        }
    }
    return Error{"unknown action"};
}

Status Game::apply(const Action& a) {
    // The common case first: a legal play by the seat to move.
    if (a.kind == ActionKind::Play && phase_ == Phase::Play && a.seat == hand_.to_move() &&
        !a.card.is_none() && a.card.index() < kCards && hand_.legal().contains(a.card)) {
        history_.push_back(a);
        hand_.play(a.card);
        if (hand_.done()) finish_play();
        return {};
    }
    if (Status s = validate(a); !s) return s;
    history_.push_back(a);
    switch (a.kind) {
        case ActionKind::Pass:
            passed_[int(a.seat)] = a.cards;
            if (std::all_of(passed_.begin(), passed_.end(), [](CardSet p) { return !p.empty(); }))
                finish_pass();
            break;
        case ActionKind::Play:
            hand_.play(a.card);
            if (hand_.done()) finish_play();
            break;
        case ActionKind::Moon:
            score_hand(moon_score(a.moon), true, a.moon);
            break;
        case ActionKind::NextHand:
            ++hand_index_;
            start_hand();
            break;
    }
    return {};
}

void Game::finish_pass() {
    const PassDirection d = pass_direction();
    Hands after = dealt_;
    for (Seat from : kAllSeats) {
        after[int(from)] -= passed_[int(from)];
        after[int(pass_target(from, d))] |= passed_[int(from)];
    }
    hand_ = Hand(after, rules_.queen_breaks_hearts);
    phase_ = Phase::Play;
}

void Game::finish_play() {
    const CardSet moon_cards = kHearts | kQueenOfSpades;
    bool moon = false;
    for (Seat s : kAllSeats) {
        points_[int(s)] = rules_.points(hand_.taken(s));
        if (hand_.taken(s).contains_all(moon_cards)) {
            moon = true;
            shooter_ = s;
        }
    }
    if (!moon) {
        score_hand(points_, false, MoonChoice::AddToOthers);
        return;
    }
    if (rules_.moon == MoonScoring::ShooterChooses) {
        phase_ = Phase::MoonChoice;
        return;
    }
    const MoonChoice choice = rules_.moon == MoonScoring::AddToOthers
                                  ? MoonChoice::AddToOthers
                                  : MoonChoice::SubtractFromShooter;
    score_hand(moon_score(choice), true, choice);
}

std::array<int, kSeats> Game::moon_score(MoonChoice choice) const {
    std::array<int, kSeats> score{};
    for (Seat s : kAllSeats) {
        // What remains of a seat's points without the moon cards is J♦'s -10, if any.
        const int rest = points_[int(s)] - (s == shooter_ ? 26 : 0);
        const bool shot = s == shooter_;
        score[int(s)] =
            rest + (choice == MoonChoice::AddToOthers ? (shot ? 0 : 26) : (shot ? -26 : 0));
    }
    return score;
}

void Game::score_hand(const std::array<int, kSeats>& score, bool moon, MoonChoice choice) {
    HandResult r;
    r.hand_index = hand_index_;
    r.pass = pass_direction();
    r.points = points_;
    r.score = score;
    r.moon = moon;
    r.shooter = moon ? shooter_ : Seat::South;
    r.moon_choice = choice;
    for (int i = 0; i < kSeats; ++i) scores_[std::size_t(i)] += score[std::size_t(i)];
    r.totals = scores_;
    results_.push_back(r);

    const int high = *std::max_element(scores_.begin(), scores_.end());
    const int low = *std::min_element(scores_.begin(), scores_.end());
    const auto lowest = std::count(scores_.begin(), scores_.end(), low);
    const bool last_hand = rules_.max_hands > 0 && int(results_.size()) >= rules_.max_hands;
    const bool over =
        last_hand || (high >= rules_.end_score && (lowest == 1 || !rules_.tie_continues));
    phase_ = over ? Phase::GameOver : Phase::HandOver;
}

}  // namespace hearts
