// What the protocol's files share (protocol/fields.cpp, protocol/read.cpp,
// protocol/view.cpp, protocol/write.cpp): the JSON types, the limits, the readers of a
// message's fields, and the smallest writers. protocol/messages.h is the protocol's interface; the
// rest of the server does not include this.
#pragma once

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "hearts/expected.h"
#include "hearts/json_text.h"
#include "protocol/messages.h"

namespace hearts::server::wire {

using Parsed = nlohmann::json;       // what we read
using Out = nlohmann::ordered_json;  // what we write: keys in the documented order

// A valid message nests 2 deep ({"names": [...]}). A little slack keeps the reason for
// a slightly wrong message about its field; anything deeper is refused while parsing.
constexpr int kMaxDepth = 4;
// Ids and versions stay exact in JavaScript, which reads every number as a double.
constexpr std::int64_t kMaxWhole = (std::int64_t{1} << 53) - 1;
constexpr std::size_t kMaxRulesBytes = 256;
constexpr std::size_t kMaxIdBytes = 64;  // table and player ids, tokens
constexpr std::size_t kShownChars = 40;  // the longest value quoted back in a reason

// ---- reasons (protocol/fields.cpp)

/// Text quoted in a reason: printable ASCII only (other bytes escaped), cut after about
/// `limit` bytes with "...".
std::string printable(std::string_view text, std::size_t limit);
/// Text quoted in a reason: at most kShownChars of it, printable, in quotes.
std::string in_quotes(std::string_view text);
/// A JSON value as a reason shows it: a string in quotes, anything else as JSON, short.
std::string describe(const Parsed& j);
/// The error for `field`: "<field>: <problem>".
Error at(std::string_view field, std::string_view problem);
/// "field[i]".
std::string indexed(std::string_view field, std::size_t i);

// ---- the frame and its fields (protocol/fields.cpp)

/// The frame as JSON, with a depth limit; a key repeated in one object is named in
/// `repeated` (the rest of the message still comes back, so a refusal can echo its id).
Expected<Parsed> parse_json(std::string_view text, std::string& repeated);
/// The member `key` of a message, or null.
const Parsed* find(const Parsed& message, const char* key);
/// The member `key`, or the error that it is missing.
Expected<const Parsed*> need(const Parsed& message, const char* key);
/// A whole number from `lo` to `hi`.
Expected<std::int64_t> read_whole(const Parsed& j, std::string_view field, std::int64_t lo,
                                  std::int64_t hi);
/// The id to echo in an error: any integer that fits, even one refused as out of range.
std::optional<std::int64_t> echoable_id(const Parsed& message);
/// A string of at most `max_bytes` bytes; `what` names it in the reason.
Expected<std::string> read_text(const Parsed& j, std::string_view field, std::size_t max_bytes,
                                std::string_view what);
/// A table or player id, or a token: 1 to kMaxIdBytes of letters, digits, '_' and '-'.
/// A `secret` (a token) is never quoted back.
Expected<std::string> read_id(const Parsed& j, std::string_view field, bool secret);
Expected<std::string> read_table(const Parsed& message);
Expected<std::string> read_player(const Parsed& message);
Expected<Card> read_card(const Parsed& j, std::string_view field);
/// Exactly three different cards.
Expected<CardSet> read_pass_cards(const Parsed& message);
/// A person's name, made NFC and checked (model/names.h).
Expected<std::string> read_name(const Parsed& j, std::string_view field);
Expected<bool> read_bool(const Parsed& j, std::string_view field);
/// Text people write to each other: 1 to `max_chars` characters, something visible.
Expected<std::string> read_said(const Parsed& j, std::string_view field, std::size_t max_chars,
                                std::string_view what);

// ---- writing (protocol/write.cpp)

/// A document as text; invalid UTF-8 (from people) is replaced, never thrown on.
std::string text_of(const Out& j);
Out seat_json(Seat s);
Out seats_json(const std::vector<Seat>& seats);
/// A text's values as an object: {"n":8} (docs/protocol.md, "Codes").
Out text_args(const Text& text);

}  // namespace hearts::server::wire
