// The browser protocol (docs/protocol.md): every message type in one place, one parse
// function at the edge, and the per-seat JSON the server sends. No Beast, no Asio:
// this file is unit-tested and fuzzed on its own.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "hearts/card.h"
#include "hearts/expected.h"
#include "hearts/game.h"
#include "hearts/view.h"

namespace hearts::server {

inline constexpr std::size_t kMaxMessageBytes = 4096;

// ---- client -> server ----
struct Hello {
    std::optional<std::string> player;  // with token: "I am this player"; absent: new player
    std::optional<std::string> token;
};
struct NewGame {
    std::string rules;                                         // rules text; "" = defaults
    std::array<std::string, 3> names{"Mike", "Bill", "Lisa"};  // West, North, East
    std::string level = "expert";
    std::string name = "You";
};
struct Resume {
    std::string table;
    std::int64_t since = -1;  // -1: send a snapshot
};
struct PassCards {
    std::string table;
    CardSet cards;
};
struct PlayCard {
    std::string table;
    Card card;
};
struct ChooseMoon {
    std::string table;
    MoonChoice choice = MoonChoice::AddToOthers;
};
struct NextHand {
    std::string table;
};
struct Ping {};

using ClientBody =
    std::variant<Hello, NewGame, Resume, PassCards, PlayCard, ChooseMoon, NextHand, Ping>;

struct ClientMessage {
    std::optional<std::int64_t> id;  // the client's request id, echoed in ack/error
    ClientBody body;
};

/// A refused message: the error code of docs/protocol.md and a reason for people.
struct ProtocolError {
    std::string code;  // "bad_message", ...
    std::string reason;
    std::optional<std::int64_t> id;
    /// The frame is not a JSON object, is too large or nests too deep: docs/protocol.md
    /// closes the connection (with `reason`) instead of answering with an error.
    bool close = false;
};

/// Parses one frame. Every refusal names the field at fault, e.g.
/// `card: 'ZZ' is not a card ...` or `unknown field 'colour'`.
std::variant<ClientMessage, ProtocolError> parse_client_message(std::string_view text);

// ---- server -> client ----
std::string welcome_message(const std::string& player, const std::string& token,
                            const std::vector<std::string>& tables);
std::string error_message(const ProtocolError& e);
std::string ack_message(std::int64_t id, std::int64_t version);
std::string pong_message();

/// Names by seat (South first) shown at the table.
using SeatNames = std::array<std::string, kSeats>;

/// One row of the score sheet, as in the view's "sheet" and the `hand_over` event:
/// {"hand":1,"score":[0,13,9,4],"totals":[0,13,9,4],"moon":null,"winners":["S"]}
/// (per-seat values in the order S, W, N, E; "hand" counts from 1).
std::string sheet_row_json(const HandResult& result);

/// The per-seat view as JSON text (docs/protocol.md, "The view").
std::string view_json(const SeatView& view, const SeatNames& names);
std::string snapshot_message(const std::string& table, std::int64_t version, const SeatView& view,
                             const SeatNames& names);
/// `event_json` is one event object (see table.h), already redacted for this seat.
std::string update_message(const std::string& table, std::int64_t version,
                           const std::string& event_json, const SeatView& view,
                           const SeatNames& names);

}  // namespace hearts::server
