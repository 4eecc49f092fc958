// `hearts review RECORD.json`: the review of a finished game (hearts/ai/review.h) in the
// terminal, as the browser shows it: what the seat's cards cost against the search's
// best, the total by kind, and the largest mistakes.
#pragma once

#include <iosfwd>
#include <string>

namespace hearts::app {

struct ReviewOptions {
    std::string path;        // the game record (docs/game-record.md)
    std::string seat = "S";  // whose cards: S, W, N or E
    int deals = 200;         // sampled deals per decision
    int largest = 5;         // mistakes listed
};

/// Reads, reviews and prints; returns the process exit code (2 for a file or record that
/// cannot be read, with the reason on `err`).
int review_command(const ReviewOptions& options, std::ostream& out, std::ostream& err);

}  // namespace hearts::app
