// Social: what players do with each other beside the game. Relations (friends, blocks,
// mutes) and challenges to a game. Relations live in the store; open challenges live
// here, in memory, and are sent again when the challenged player says hello. Chat at a
// table is the table's (TableActor::chat), which asks here who muted whom.
#pragma once

#include <chrono>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "hearts/card.h"
#include "protocol/client.h"
#include "protocol/messages.h"
#include "social/roster.h"
#include "store/store.h"

namespace hearts::server {

class Social {
  public:
    /// What one player may be sent, from everyone together.
    struct Bounds {
        int per_minute = 6;  // challenges received a minute
        int open = 3;        // challenges waiting for their answer at once
    };
    Social(Store& store, Roster& roster, Bounds bounds)
        : store_(store), roster_(roster), bounds_(bounds) {}

    /// The player's relations (none when the store cannot say; the error is logged).
    Relations relations_of(const std::string& player);
    /// `set_relation`: stores it and tells every connection of the player.
    void relation(const ClientPtr& client, const SetRelation& m, Id id);

    /// Records a challenge from `from` to `to` (named `to_name`) at `table`, with the
    /// frame that tells them, or says why not (`to` is offline, already challenged by
    /// `from`, `from` challenges too often, or `to` has been challenged as often as
    /// `Bounds` lets anyone): an error's code and text.
    std::optional<std::pair<std::string, Text>> open_challenge(const std::string& from,
                                                               const std::string& to,
                                                               const std::string& to_name,
                                                               const std::string& table,
                                                               std::string frame);
    /// The `challenge` frame of the open challenge to `player` at `table` ("" if none).
    std::string challenge_frame(const std::string& player, const std::string& table);
    /// Every challenge open here: to whom, at which table, and its frame (for the other
    /// nodes of a cluster, after Redis restarted).
    struct Open {
        std::string to, table, frame;
    };
    std::vector<Open> all_open();
    /// The `challenge` frames of every challenge open to `player` (sent after hello).
    std::vector<std::string> open_to(const std::string& player);
    /// Forgets the open challenge to `player` at `table`; when there was one and `reason`
    /// is not empty, tells them with `challenge_over`. True when there was one.
    bool close_challenge(const std::string& player, const std::string& table,
                         std::string_view reason);

  private:
    Store& store_;
    Roster& roster_;
    struct OpenChallenge {
        std::string table;
        std::string from;
        std::string frame;
    };
    const Bounds bounds_;
    std::mutex mutex_;  // guards the three maps
    // Open challenges by the challenged player, when each player last challenged, and
    // when each was last challenged (a player's entries go once a minute has passed).
    std::unordered_map<std::string, std::vector<OpenChallenge>> challenges_;
    std::unordered_map<std::string, std::deque<std::chrono::steady_clock::time_point>> times_;
    std::unordered_map<std::string, std::deque<std::chrono::steady_clock::time_point>> received_;
};

}  // namespace hearts::server
