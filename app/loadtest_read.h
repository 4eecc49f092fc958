// What a scripted person of `hearts loadtest` reads of the server's messages
// (docs/protocol.md), and nothing more. A load client shares the machine with the server
// it measures, so it reads cheaply: simdjson's On-Demand parser walks each message once
// and skips whatever is not asked for, with no document built.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hearts::app {

/// The parts of a seat's view a scripted person acts on.
struct SeenView {
    std::string seat, phase, to_move, pass;  // to_move "" when null
    std::int64_t hand = 0;                   // the hand number, from 1
    std::vector<std::string> cards, legal;
    std::size_t passed = 0;      // cards this seat passed
    std::size_t sheet_rows = 0;  // hands scored
    bool has_sheet = false;      // an update leaves the sheet out when it has not changed
};

/// One server message, as far as a scripted person reads it.
struct Incoming {
    std::string t;
    std::string table;
    std::optional<std::int64_t> id;  // of an ack or error
    std::string code, reason;        // of an error
    std::string state;               // of a table info: info.state
    std::optional<std::int64_t> v;   // the table's version: of an update, a snapshot, an ack
    std::string player, token;       // of a welcome
    std::optional<SeenView> view;    // of a snapshot or an update
};

/// Reads one message; an error says why it is not one (not JSON, not an object, a field
/// of the wrong type).
class MessageReader {
  public:
    MessageReader();
    ~MessageReader();
    MessageReader(const MessageReader&) = delete;
    MessageReader& operator=(const MessageReader&) = delete;

    /// Reads `text` into `out` (cleared first); false with `error()` set otherwise.
    bool read(std::string_view text, Incoming& out);
    const std::string& error() const { return error_; }

  private:
    struct Impl;
    Impl* impl_;
    std::string error_;
};

/// The messages of one frame: one a line (a server that batches, docs/protocol.md
/// "Transport") or the whole frame.
std::vector<std::string_view> lines_of(std::string_view frame);

}  // namespace hearts::app
