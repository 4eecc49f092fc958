// `hearts engine`: our bots behind a line-based text protocol on stdin/stdout, like
// UCI in chess (docs/engine-protocol.md). Positions are stateless: each `position`
// line says everything the seat knows, and `go` answers with one line.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <string>
#include <vector>

#include "hearts/ai/bot.h"
#include "hearts/expected.h"
#include "hearts/view.h"

namespace hearts::app {

/// The `position ...` line that describes `view` (the inverse of parse_position_line).
std::string position_line(const SeatView& view);

/// Parses a `position ...` line into the seat's view. Errors name the field at fault.
Expected<SeatView> parse_position_line(const std::string& line);

/// One conversation of the protocol: the options set so far and the current position.
/// It does no I/O, so tests and the fuzzer drive it line by line. Example:
///   EngineSession s;
///   s.handle("isready");  // {"readyok"}
class EngineSession {
  public:
    EngineSession();
    /// Handles one input line (without its newline) and returns the reply lines, each
    /// without a newline; most commands reply with none.
    std::vector<std::string> handle(const std::string& line);
    /// Whether `quit` was received: the host expects no more replies.
    bool done() const { return done_; }
    const std::string& level() const { return level_; }
    ai::Budget budget() const { return budget_; }

  private:
    std::vector<std::string> set_option(const std::vector<std::string>& words);
    std::vector<std::string> go();

    std::string level_ = "expert";
    std::unique_ptr<ai::Bot> bot_;
    ai::Budget budget_;
    std::uint64_t seed_ = 0;
    std::unique_ptr<SeatView> position_;
    bool done_ = false;
};

/// Runs the protocol until `quit` or end of input; returns the exit code.
int engine_command(std::istream& in, std::ostream& out);

}  // namespace hearts::app
