// One table: a Game with names, seats that are human or computer, and the numbered
// list of public events that the clients animate. No Asio and no I/O: the network
// layer owns a Table on one strand and calls it; bots are run elsewhere and their
// decisions come back through `apply` like anyone else's.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "hearts/claim.h"
#include "hearts/expected.h"
#include "hearts/game.h"
#include "hearts/view.h"
#include "model/vocab.h"

namespace hearts::server {

/// The public events of a table, as data: the protocol writes them for the wire
/// (protocol/events.cpp, `event_json`; docs/protocol.md, "Events").
namespace event {
/// A hand is dealt: its number (from 1), its pass, and the deal's commitment ("" for a
/// table whose deals carry none; model/fair.h).
struct Deal {
    int hand = 1;
    PassDirection pass = PassDirection::None;
    std::string commit;
};
struct Passed {  // a seat chose its cards to pass
    Seat seat = Seat::South;
};
struct Exchange {};  // every seat has passed: the cards change hands
struct Play {
    Seat seat = Seat::South;
    Card card;
};
struct HeartsBroken {};
struct Trick {  // a trick is complete
    Seat winner = Seat::South;
    int points = 0;
};
struct Moon {  // a hand's points were all taken by one seat
    Seat shooter = Seat::South;
    MoonChoice scored = MoonChoice::AddToOthers;
};
/// The rest of the hand can no longer change its score (hearts/claim.h): its cards are
/// played at once, in the events that follow.
struct Claim {
    ClaimKind kind = ClaimKind::NoPoints;
    Seat seat = Seat::South;  // every_trick: who takes the rest
    int points = 0;           // every_trick: the points they take with it
};
struct HandOver {  // the score sheet's new row
    HandResult result;
};
/// The game's winners and, at a table with fair deals, what proves every commitment:
/// the seed, the salt and the player's number it was mixed from, if any.
struct GameOver {
    std::vector<Seat> winners;
    std::uint64_t seed = 0;
    std::string salt, nonce;
};
}  // namespace event
using EventData =
    std::variant<event::Deal, event::Passed, event::Exchange, event::Play, event::HeartsBroken,
                 event::Trick, event::Claim, event::Moon, event::HandOver, event::GameOver>;

/// A public event, numbered from 1 per table.
struct TableEvent {
    std::int64_t version = 0;
    EventData what;
};

/// Solo: against the computer. Public: listed in the lobby. Private: joined by its code.
/// Quick: a public table that quick match fills (docs/ratings.md, "Quick match"): listed,
/// and started by itself when full or when its wait for people is over.
enum class TableKind { Solo, Public, Private, Quick };
/// Listed in the lobby, open to anyone, watchable and rated: public and quick tables.
inline bool is_public(TableKind kind) {
    return kind == TableKind::Public || kind == TableKind::Quick;
}
std::string_view to_string(TableKind kind);
Expected<TableKind> parse_table_kind(std::string_view text);

/// Who holds a seat. A person's seat keeps their id after they concede (for the record).
struct SeatHolder {
    std::string player;     // "" for a computer player or, while waiting, an empty seat
    bool away = false;      // a computer player plays for them until they come back
    bool conceded = false;  // they gave up; a computer player plays to the end
    // What the person asked for (docs/protocol.md, "info"); stored with the seat so a
    // restart does not make anyone ask again.
    bool ready = false;         // sent `next` in this hand_over
    bool timer_vote = false;    // suggested turning the timer off
    bool rematch_vote = false;  // asked for a rematch
    // A computer played for them in this game (the clock ran out, or they were away): the
    // game earns them no achievements (model/achievements.h).
    bool helped = false;
    // They allow watchers at this private table (docs/protocol.md, "Spectators").
    bool watch_vote = false;
    // They allow hints at this table with people (docs/protocol.md, "Hints").
    bool hint_vote = false;
    // They agree that this private table's game is rated, given before its first card
    // (docs/ratings.md, "What is rated"); the host's is their asking for it.
    bool rated_vote = false;
    bool person() const { return !player.empty() && !conceded; }
    bool human() const { return person() && !away; }
};

struct TableSetup {
    std::string id;     // short random code
    std::string owner;  // the host's player id
    Rules rules;
    std::uint64_t seed = 0;
    // The secret the deals are committed with (model/fair.h): 32 hex digits, or "" for a table
    // opened before deals were committed, whose deals carry no commitment.
    std::string salt;
    SeatNames names{"You", "Mike", "Bill", "Lisa"};
    std::string bot_level = "expert";

    // What changes over a table's life (stored again on every change):
    TableKind kind = TableKind::Solo;
    bool started = true;  // solo games start at once; others when the host says
    int timer = 0;        // seconds per turn; 0 = off
    Seat host = Seat::South;
    std::array<SeatHolder, kSeats> seats;  // solo: South is the owner
    std::string ended;                     // "" or "conceded" / "closed"
    std::string next;                      // the rematch's table id
    std::int64_t created_ms = 0;           // when it was opened (0: now); the store keeps it
    // The day ("2026-12-03", UTC) whose daily deal this game is, or "" (docs/protocol.md,
    // "The daily deal"). Set when the table is opened and never changed.
    std::string daily;
    // The player's number mixed with the salt into the seed (model/fair.h, mixed_seed), or ""
    // for a seed the server drew alone. Revealed with the salt at the game's end.
    std::string nonce;
};

class Table {
  public:
    explicit Table(TableSetup setup);

    const TableSetup& setup() const { return setup_; }
    /// Seats, names, votes and state change between actions; the game does not.
    TableSetup& setup() { return setup_; }
    const std::string& id() const { return setup_.id; }
    const Game& game() const { return game_; }
    bool finished() const { return game_.phase() == Phase::GameOver; }

    /// Seats a person plays now (not away, not conceded).
    bool is_human(Seat s) const { return setup_.seats[std::size_t(s)].human(); }

    /// Validates and applies `a`; on success appends the events it caused. On an error
    /// nothing changes. Actions for NextHand must come from a human seat.
    Status apply(const Action& a);

    /// The next computer seat that must act now, if any (in Pass, every computer seat
    /// that has not passed; in Play and MoonChoice, the seat to move).
    std::optional<Seat> bot_to_act() const;
    /// The seed a computer player at `seat` decides with at this point of the game (the
    /// same wherever the table runs: the server's actor and the page's offline server),
    /// and a hint's for a person there.
    std::uint64_t bot_seed(Seat seat) const;
    std::uint64_t hint_seed(Seat seat) const { return bot_seed(seat) ^ 0x68696e74; }

    std::int64_t version() const { return forgotten_ + std::int64_t(events_.size()); }
    /// Events with version > since, or nullopt if they can no longer be replayed.
    std::optional<std::vector<TableEvent>> events_since(std::int64_t since) const;
    /// The events not forgotten yet, oldest first.
    const std::vector<TableEvent>& events() const { return events_; }
    /// Frees the events kept so far but the last `keep`; the version stays. A table whose
    /// clients have been sent every event need not keep them (a whole game's events are
    /// about 100 kB): the last few answer a page that missed them (`resume` with
    /// `since`), and one that missed more gets a snapshot.
    void forget_events(std::size_t keep = 0);

    SeatView view(Seat s) const { return game_.view(s); }

    /// What a snapshot says of the deal (docs/protocol.md, "Fair deals"), as JSON: the
    /// hand in play's commitment, and once the game is over the seed and salt that prove
    /// every commitment. Empty for a table whose deals carry no commitment.
    std::string fair_json() const;
    /// The claim of the hand in play, or of the hand just over (until the next deal).
    std::optional<event::Claim> claim() const;

  private:
    void record(EventData what);
    void record_claim();

    TableSetup setup_;
    Game game_;
    std::vector<TableEvent> events_;
    std::int64_t forgotten_ = 0;  // events before events_[0]
    int claimed_hand_ = -1;       // the hand whose claim has been recorded
    event::Claim claim_;          // and that claim
};

}  // namespace hearts::server
