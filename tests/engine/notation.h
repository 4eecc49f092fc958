// Cards for the engine's tests, in the notation (hearts/card.h), and a simple pass: shared
// by the test files, which build in unity batches (one file of several).
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

#include "hearts/card.h"

namespace hearts::test_notation {

// A typo in a test's cards is a mistake in the test, not a failed rule: say so loudly.
inline Card card(std::string_view text) {
    auto c = parse_card(text);
    if (!c) throw std::invalid_argument(std::string(text) + ": " + c.error().reason);
    return *c;
}

inline CardSet cards(std::string_view text) {
    auto s = parse_cards(text);
    if (!s) throw std::invalid_argument(std::string(text) + ": " + s.error().reason);
    return *s;
}

// The three highest cards held: an easy pass to check by eye.
inline CardSet three_highest(CardSet held) {
    CardSet out;
    for (int i = 0; i < 3; ++i) {
        const Card c = held.highest();
        out |= c;
        held -= c;
    }
    return out;
}

}  // namespace hearts::test_notation
