// Fuzzes the engine's text parsers (engine/include/hearts/card.h, rules.h, game.h): cards,
// card lists, seats, actions, rules, pass cycles and moon words, each on the same bytes.
// None may crash; each value parsed must be well formed; and each round-trips: what
// to_string writes for it parses to the same value, and writing that gives the same text.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_check.h"
#include "hearts/card.h"
#include "hearts/game.h"
#include "hearts/rules.h"

namespace {

using namespace hearts;

template <class T>
void check_refusal(const Expected<T>& parsed) {
    if (!parsed) FUZZ_CHECK(!parsed.error().reason.empty(), "a refusal without a reason");
}

void check_card(std::string_view text) {
    const auto card = parse_card(text);
    check_refusal(card);
    if (!card) return;
    FUZZ_CHECK(!card->is_none() && card->index() < kCards, text);
    const auto again = parse_card(to_string(*card));
    FUZZ_CHECK(again && *again == *card, to_string(*card));
    const auto display = parse_card(to_display(*card));
    FUZZ_CHECK(display && *display == *card, to_display(*card));
}

void check_cards(std::string_view text) {
    const auto cards = parse_cards(text);
    check_refusal(cards);
    if (!cards) return;
    FUZZ_CHECK(kAllCards.contains_all(*cards), text);
    const std::string written = to_string(*cards);
    const auto again = parse_cards(written);
    FUZZ_CHECK(again && *again == *cards && to_string(*again) == written, written);
    const auto display = parse_cards(to_display(*cards));
    FUZZ_CHECK(display && *display == *cards, to_display(*cards));
}

void check_seat(std::string_view text) {
    const auto seat = parse_seat(text);
    check_refusal(seat);
    if (!seat) return;
    FUZZ_CHECK(int(*seat) >= 0 && int(*seat) < kSeats, text);
    const auto by_letter = parse_seat(std::string(1, seat_letter(*seat)));
    const auto by_name = parse_seat(seat_name(*seat));
    FUZZ_CHECK(by_letter && *by_letter == *seat && by_name && *by_name == *seat, text);
}

void check_action(std::string_view text) {
    const auto action = parse_action(text);
    check_refusal(action);
    if (!action) return;
    switch (action->kind) {
        case ActionKind::Pass:
            FUZZ_CHECK(action->cards.size() == 3 && kAllCards.contains_all(action->cards), text);
            break;
        case ActionKind::Play:
            FUZZ_CHECK(!action->card.is_none() && action->card.index() < kCards, text);
            break;
        case ActionKind::Moon:
        case ActionKind::NextHand:
            break;
    }
    const std::string written = to_string(*action);
    const auto again = parse_action(written);
    FUZZ_CHECK(again && *again == *action && to_string(*again) == written, written);
}

void check_rules(std::string_view text) {
    const auto rules = parse_rules(text);
    check_refusal(rules);
    if (!rules) return;
    FUZZ_CHECK(rules->pass_cycle_length >= 1 && rules->pass_cycle_length <= Rules::kMaxCycle, text);
    FUZZ_CHECK(rules->end_score >= 1 && rules->end_score <= 10000, text);
    const std::string written = to_string(*rules);
    const auto again = parse_rules(written);
    FUZZ_CHECK(again && *again == *rules && to_string(*again) == written, written);
}

void check_pass_cycle(std::string_view text) {
    const auto rules = with_pass_cycle(Rules{}, text);
    check_refusal(rules);
    if (!rules) return;
    const std::string letters = pass_cycle_string(*rules);
    FUZZ_CHECK(letters.size() == text.size(), letters);
    const auto again = with_pass_cycle(Rules{}, letters);
    FUZZ_CHECK(again && *again == *rules, letters);
}

void check_moon(std::string_view text) {
    const auto scoring = parse_moon_scoring(text);
    check_refusal(scoring);
    if (scoring) {
        const auto again = parse_moon_scoring(to_string(*scoring));
        FUZZ_CHECK(again && *again == *scoring, text);
    }
    const auto choice = parse_moon_choice(text);
    check_refusal(choice);
    if (choice) {
        const auto again = parse_moon_choice(to_string(*choice));
        FUZZ_CHECK(again && *again == *choice, text);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    check_card(text);
    check_cards(text);
    check_seat(text);
    check_action(text);
    check_rules(text);
    check_pass_cycle(text);
    check_moon(text);
    return 0;
}
