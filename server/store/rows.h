// What every store (SQLite, PostgreSQL) writes and reads the same way, whatever its SQL:
// a table's row as text, seat votes as bits, token hashes, and the rule that a table's
// actions are numbered without gaps. Beast-free and engine-free of any database.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "hearts/expected.h"
#include "model/table.h"

namespace hearts::server {

// What each person at a table asked for (ready, timer off, rematch), as bits of the
// `seats.votes` column.
inline constexpr std::int64_t kVoteReady = 1, kVoteTimerOff = 2, kVoteRematch = 4;
// Not a vote, but kept with them: a computer played for the person (SeatHolder::helped).
inline constexpr std::int64_t kSeatHelped = 8;
// The person allows watchers at a private table (docs/protocol.md, "Spectators").
inline constexpr std::int64_t kVoteWatchers = 16;
// The person allows hints at a table with people (docs/protocol.md, "Hints").
inline constexpr std::int64_t kVoteHints = 32;
// The person agrees that this private table's game is rated (docs/ratings.md); the host's
// agreement is their asking for it.
inline constexpr std::int64_t kVoteRated = 64;

std::int64_t votes_of(const SeatHolder& h);
SeatHolder holder_of(std::string player, bool away, bool conceded, std::int64_t votes);

/// SQL, the same in both dialects: no row refers to the player `players.id` (no table
/// they own or sit at, no relation either way, no finished game, achievement, vote or
/// place at a table). Such a player has nothing to lose when the row goes. Each list is
/// read once per statement (no column here is NULL), not once per player: relations'
/// `other`, share_votes' and table_people's players have no index to look them up by.
inline constexpr const char* kNothingRefersToPlayer =
    "players.id NOT IN (SELECT owner FROM tables) "
    "AND players.id NOT IN (SELECT player FROM seats) "
    "AND players.id NOT IN (SELECT player FROM relations) "
    "AND players.id NOT IN (SELECT other FROM relations) "
    "AND players.id NOT IN (SELECT player FROM player_games) "
    "AND players.id NOT IN (SELECT player FROM achievements) "
    "AND players.id NOT IN (SELECT player FROM share_votes) "
    "AND players.id NOT IN (SELECT player FROM table_people) "
    "AND players.id NOT IN (SELECT player FROM ratings)";

/// A table's stored row, its columns as the stores keep them.
struct SetupRow {
    std::string id, owner, rules, seed, names, bot_level, kind;
    bool started = true;
    std::int64_t timer = 0, host = 0;
    std::string ended, next;
    std::int64_t created_seconds = 0;
    std::string salt;   // "" before version 7 (SQLite) / 3 (PostgreSQL)
    std::string daily;  // the daily deal's day, or ""; "" before version 8 / 4
    std::string nonce;  // the player's number in the seed, or ""; "" before version 8 / 4
};

/// The row as a setup (without its seats), or what in it does not read.
Expected<TableSetup> setup_of(const SetupRow& row);

/// A game seed as stored: decimal text.
Expected<std::uint64_t> parse_seed(const std::string& text);

/// The seat names as stored: a JSON array of 4 strings.
std::string names_json(const SeatNames& names);
/// The seat names from their stored form, or what is wrong with it.
Expected<SeatNames> parse_names(const std::string& text);

/// Seconds and milliseconds since the epoch, by the system clock.
std::int64_t now_seconds();
std::int64_t now_ms();
/// Of a table row being created: its creation time in seconds.
std::int64_t created_seconds(const TableSetup& setup);

inline constexpr std::size_t kTokenHashBytes = 32;
using TokenHash = std::array<unsigned char, kTokenHashBytes>;
/// SHA-256 of a token (OpenSSL); none only when OpenSSL fails.
std::optional<TokenHash> token_hash(std::string_view token);
/// Whether `stored` is the hash of `token`, compared in constant time.
bool token_matches(std::string_view stored, std::string_view token);

/// What the stores know of a table when an action comes: the number of its next action,
/// and whether its game is finished.
struct NextAction {
    std::int64_t seq = 0;
    bool over = false;
};
/// Whether action `seq` of `table` may be stored now; the error says why not.
Status check_next(const std::string& table, std::int64_t seq, const NextAction& next);

/// The error for an action of a table that is not stored.
Error no_such_table(const std::string& table);

/// Appends the actions of one stored row (one action a line, the first numbered `seq`) to
/// `out`, which must hold exactly the table's actions before it; an error names a gap or
/// an action that does not read.
Status append_actions(const std::string& table, std::int64_t seq, std::string_view text,
                      std::vector<Action>& out);

}  // namespace hearts::server
