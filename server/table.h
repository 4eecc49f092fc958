// One table: a Game with names, seats that are human or computer, and the numbered
// list of public events that the clients animate. No Asio and no I/O: the network
// layer owns a Table on one strand and calls it; bots are run elsewhere and their
// decisions come back through `apply` like anyone else's.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "hearts/game.h"
#include "hearts/view.h"
#include "protocol.h"

namespace hearts::server {

/// A public event, numbered from 1 per table (docs/protocol.md, "Events").
struct TableEvent {
    std::int64_t version = 0;
    std::string json;  // one event object, e.g. {"kind":"play","seat":"W","card":"QS"}
};

struct TableSetup {
    std::string id;     // short random code
    std::string owner;  // the player id sitting South
    Rules rules;
    std::uint64_t seed = 0;
    SeatNames names{"You", "Mike", "Bill", "Lisa"};
    std::string bot_level = "expert";
};

class Table {
  public:
    explicit Table(TableSetup setup);

    const TableSetup& setup() const { return setup_; }
    const std::string& id() const { return setup_.id; }
    const Game& game() const { return game_; }
    bool finished() const { return game_.phase() == Phase::GameOver; }

    /// Seats played by a person (South only, for games against the computer).
    bool is_human(Seat s) const { return s == Seat::South; }

    /// Validates and applies `a`; on success appends the events it caused. On an error
    /// nothing changes. Actions for NextHand must come from a human seat.
    Status apply(const Action& a);

    /// The next computer seat that must act now, if any (in Pass, every computer seat
    /// that has not passed; in Play and MoonChoice, the seat to move).
    std::optional<Seat> bot_to_act() const;

    std::int64_t version() const { return std::int64_t(events_.size()); }
    /// Events with version > since, or nullopt if they can no longer be replayed.
    std::optional<std::vector<TableEvent>> events_since(std::int64_t since) const;
    const std::vector<TableEvent>& events() const { return events_; }

    SeatView view(Seat s) const { return game_.view(s); }

  private:
    void record(std::string json);

    TableSetup setup_;
    Game game_;
    std::vector<TableEvent> events_;
};

}  // namespace hearts::server
