// Whole games between computer players, written down decision by decision: what
// `hearts transcript` prints, and what the page's WebAssembly build of the engine and the
// bots must print too (wasm/, tests/wasm/agree.mjs). Two builds agree when their
// transcripts are equal, line for line.
//
// Each game has its own seed, rules (a cycle of variants: the pass cycles, Q♠ breaking
// hearts, the moon's three scorings, J♦, a short end score, shared ties, a hand limit) and
// seats (every level, the search levels with an iteration budget, so their choices are
// the same on any machine). A line says one thing:
//
//   game 3 seed=1234 rules=pass=LARN,... seats=random,easy,medium,hard
//   deal 1 left S=2C 5C ... W=... N=... E=...
//   W pass 3H QS KS
//   S legal=2C play 2C
//   claim no_points W 0          (then each card the claim plays: "W claimed 9D")
//   N moon shooter
//   hand 1 points=0,26,0,0 score=26,0,26,26 totals=26,0,26,26 moon=W
//   over winners=W
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "hearts/expected.h"

namespace hearts::ai {

struct TranscriptOptions {
    std::uint64_t seed = 1;  // of the first game; the others' follow from it
    int hands = 1000;        // hands in all, across games (the last game may stop early)
    int iterations = 48;     // the search levels' budget per decision
};

/// How long a level's decisions take here, at the budget a table gives it (the level's
/// own): every pass, and every play with more than one legal card.
struct DecisionTimes {
    int decisions = 0;
    double mean_ms = 0;
    double max_ms = 0;
};

/// Plays `hands` hands (1 to 10,000) of the default rules with four players of `level`
/// from `seed`, timing each of their decisions. An error names an unknown level.
Expected<DecisionTimes> time_decisions(std::string_view level, std::uint64_t seed, int hands);

/// Plays and writes the transcript, one line (without its newline) at a time. An error
/// only for options out of range (hands 1 to 100,000, iterations 1 to 100,000).
Status write_transcript(const TranscriptOptions& options,
                        const std::function<void(std::string_view line)>& out);

}  // namespace hearts::ai
