// Provably fair deals (docs/protocol.md, "Fair deals"): when a hand is dealt, every seat
// receives a commitment to it, SHA-256 of the hand's seed and a secret salt; when the game
// is over, the game's seed and the salt are revealed, and anyone can recompute each
// hand's deal (docs/game-record.md, "The deal") and check it against its commitment.
//
// Only the game's end reveals anything: a hand's seed gives away the game's seed (the
// mixer can be undone), and with it every hand still to come.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace hearts::server {

/// A salt: 128 bits from OpenSSL's generator, as 32 lower-case hex digits; none only when
/// the generator fails.
std::optional<std::string> fresh_salt();

/// Whether `text` is a salt as `fresh_salt` writes it.
bool is_salt(std::string_view text);

/// The text a hand's commitment hashes: "hearts-deal-1:<hand, from 1>:<hand seed in
/// decimal>:<salt>".
std::string commitment_text(std::uint64_t game_seed, int hand_index, std::string_view salt);

/// The commitment to hand `hand_index` (from 0) of the game with this seed: SHA-256 of
/// `commitment_text`, as 64 lower-case hex digits. Empty if OpenSSL fails.
std::string deal_commitment(std::uint64_t game_seed, int hand_index, std::string_view salt);

}  // namespace hearts::server
