// Computer opponents behind one small interface.
//
// A bot sees only a SeatView (never the full game state), an explicit seed and a
// budget, and returns 3 cards to pass, a card to play, or its moon choice. With an
// iteration budget the same view, seed and budget always give the same choice.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "hearts/card.h"
#include "hearts/expected.h"
#include "hearts/game.h"
#include "hearts/view.h"

namespace hearts::ai {

/// How much a bot may think: a count of iterations (deterministic) or wall time.
/// Zero means the level's default.
struct Budget {
    int iterations = 0;
    int movetime_ms = 0;
};

class Bot {
  public:
    virtual ~Bot() = default;
    virtual std::string_view name() const = 0;
    /// Three cards from `view.hand()` to pass. Called in Phase::Pass.
    virtual CardSet choose_pass(const SeatView& view, std::uint64_t seed, Budget budget) = 0;
    /// A card from `view.legal()`. Called in Phase::Play on this seat's turn.
    virtual Card choose_play(const SeatView& view, std::uint64_t seed, Budget budget) = 0;
    /// How to score this seat's moon under MoonScoring::ShooterChooses. The default
    /// takes -26 only when +26 to the others would end the game with this seat not
    /// winning it.
    virtual MoonChoice choose_moon(const SeatView& view, std::uint64_t seed, Budget budget);
    /// True for a bot that answers in about a microsecond and never searches (the
    /// rule-based levels): the server lets it decide on the table's own strand instead
    /// of queueing it for the thinking threads.
    virtual bool quick() const { return false; }
};

/// The levels `make_bot` knows, weakest first.
std::vector<std::string> bot_levels();
/// A bot by level name ("random", ...). An unknown name is an error listing the levels.
Expected<std::unique_ptr<Bot>> make_bot(std::string_view level);

/// The action `bot` takes for `view`'s seat, which must be awaited (see Game::awaiting).
Action decide(Bot& bot, const SeatView& view, std::uint64_t seed, Budget budget = {});

}  // namespace hearts::ai
