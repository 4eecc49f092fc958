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

/// The commitment to a table's salt before the game: SHA-256 of "hearts-salt-1:<salt>", as
/// 64 lower-case hex digits. A connection is sent it before its player chooses a number
/// to mix into the game's seed (`mixed_seed`). Empty if OpenSSL fails.
std::string salt_commitment(std::string_view salt);

/// Whether `text` is a player's number for the seed: 16 to 64 lower-case hex digits.
bool is_nonce(std::string_view text);

/// The game seed made of the server's salt and the player's number: the first 8 bytes of
/// SHA-256 of "hearts-seed-1:<salt>:<nonce>", big-endian. Neither side alone can choose
/// it: the salt was committed to before the player chose the number, and the number is
/// the player's. None only when OpenSSL fails.
std::optional<std::uint64_t> mixed_seed(std::string_view salt, std::string_view nonce);

/// The commitment to hand `hand_index` (from 0) of the game with this seed: SHA-256 of
/// `commitment_text`, as 64 lower-case hex digits. Empty if OpenSSL fails.
std::string deal_commitment(std::uint64_t game_seed, int hand_index, std::string_view salt);

}  // namespace hearts::server
