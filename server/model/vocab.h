// The words the server's parts share about tables and players, as plain values: who sits
// where and what everyone may see of a table (its info, its lobby entry, its chat), a
// player's relations, a finished game's sharing. The protocol writes them, the store
// keeps them, the tables and the lobby fill them in; none of those is needed to read them.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "hearts/card.h"
#include "model/achievements.h"

namespace hearts::server {

/// The lists a player keeps of others (docs/protocol.md, "Playing with people").
enum class RelationKind { Block, Mute, Favorite };
std::string_view to_string(RelationKind kind);

/// Another player as a list entry: {"player":"p_…","name":"Ada"}.
struct PlayerRef {
    std::string player;
    std::string name;
    bool operator==(const PlayerRef&) const = default;
};
/// One player's blocks, mutes and favorites.
struct Relations {
    std::vector<PlayerRef> block, mute, favorite;
    bool has(RelationKind kind, const std::string& player) const;
    std::vector<PlayerRef>& list(RelationKind kind);
    const std::vector<PlayerRef>& list(RelationKind kind) const;
};

/// A seat as everyone at the table (and the lobby) may see it.
struct SeatInfo {
    std::optional<std::string> player;  // a person's public id
    std::optional<std::string> name;    // null: an empty seat while waiting
    bool human = false;
    bool connected = false;
    bool away = false;
    Look look;  // a person's face and what they wear
    bool operator==(const SeatInfo&) const = default;
};
/// An open or declined challenge made from a table.
struct ChallengeInfo {
    std::string player;
    std::string name;
    bool declined = false;
    bool operator==(const ChallengeInfo&) const = default;
};
/// docs/protocol.md, "info".
struct TableInfo {
    std::string kind;   // solo, public, private
    std::string state;  // waiting, playing, finished
    Seat host = Seat::South;
    std::optional<Seat> you;
    std::string code;
    std::string rules;
    int timer = 0;
    std::optional<std::int64_t> deadline_ms;
    std::vector<Seat> waiting_for;
    std::array<SeatInfo, kSeats> seats;
    std::vector<Seat> timer_votes, ready, rematch_votes;
    std::optional<std::string> next;
    std::optional<std::string> ended;
    std::optional<ChallengeInfo> challenge;
    // Spectators (docs/protocol.md, "Spectators"): whether the table may be watched now,
    // the seats that allowed it (private tables), who watches (the first few listed) and
    // how many, and whether the info's receiver is one of them.
    bool watchable = false;
    std::vector<Seat> watch_votes;
    std::vector<PlayerRef> watchers;
    int watcher_count = 0;
    bool watching = false;
    // Hints (docs/protocol.md, "Hints"): whether they may be asked for now, and the seats
    // whose person allows them at a table with people.
    bool hints = false;
    std::vector<Seat> hint_votes;
    // Ratings (docs/ratings.md): whether the game is rated as the table stands (a public
    // table's always is), and the seats whose person agreed to it at a private table.
    bool rated = false;
    std::vector<Seat> rated_votes;
    // Quick match (docs/ratings.md, "Quick match"): a table it fills, and while it waits,
    // when computer players take the seats nobody came to (ms since 1970).
    bool quick = false;
    std::optional<std::int64_t> fill_ms;
    std::optional<std::int64_t> fill_in_ms;  // and how long until then, as it is sent
    bool operator==(const TableInfo&) const = default;
};

struct ChatLine {
    Seat seat = Seat::South;
    std::string player;
    std::string name;
    std::string text;
    std::int64_t at_ms = 0;
};

/// A public table in the lobby (docs/protocol.md, "The lobby"). The same for every
/// watcher: a client marks the tables with someone it blocked itself.
struct LobbyEntry {
    std::string table;
    std::string rules;
    std::string state;
    int timer = 0;
    std::array<SeatInfo, kSeats> seats;
    std::int64_t created_ms = 0;  // when the table was opened (orders the listing)
    // A quick match table: its people's mean skill on its board (model/quick.h), which
    // quick match compares a player's with.
    bool quick = false;
    int skill = 0;
};

/// A finished game's sharing (Store::allow_share).
struct ShareState {
    std::string share;  // the link's id, once everyone allowed it; "" until then
    int waiting = 0;    // people who held a seat and have not allowed it yet
};

/// Names by seat (South first) shown at the table.
using SeatNames = std::array<std::string, kSeats>;

}  // namespace hearts::server
