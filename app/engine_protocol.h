// `hearts engine`: our bots behind a line-based text protocol on stdin/stdout, like
// UCI in chess (docs/engine-protocol.md). Positions are stateless: each `position`
// line says everything the seat knows, and `go` answers with one line.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>

#include "hearts/expected.h"
#include "hearts/view.h"

namespace hearts::app {

/// The `position ...` line that describes `view` (the inverse of parse_position_line).
std::string position_line(const SeatView& view);

/// Parses a `position ...` line into the seat's view. Errors name the field at fault.
Expected<SeatView> parse_position_line(const std::string& line);

/// Runs the protocol until `quit` or end of input; returns the exit code.
int engine_command(std::istream& in, std::ostream& out);

}  // namespace hearts::app
