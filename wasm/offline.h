// The server a page plays against when it has no network (docs/offline.md): solo games
// against the computer, answered in the browser protocol (docs/protocol.md) as `hearts
// serve` answers them, from the same table (server/model/table.h), the same computer
// players and the same message writers (server/protocol/). The page runs it in a Web
// Worker, compiled to WebAssembly (wasm/api.cpp), and keeps `saved()` in IndexedDB after
// every change, so a game resumes after the page was closed.
//
// What needs the server (people, the lobby, statistics, ratings, achievements, the daily
// deal) is refused with the `offline` text: offline games count for none of them.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "hearts/ai/bot.h"
#include "hearts/expected.h"
#include "model/table.h"

namespace hearts::offline {

class OfflineServer {
  public:
    /// Answers one message from the page: the messages to send back, in order. `seed` is
    /// a fresh random number from the page, the deal's when the message starts a game.
    std::vector<std::string> receive(std::string_view text, std::uint64_t seed);

    /// The game in play, to keep (JSON: its setup and its actions), or "" when there is
    /// none. The page's token is never in it.
    std::string saved() const;
    /// Puts back the game `saved()` wrote. An error says what is wrong with the text, and
    /// nothing changes.
    Status restore(std::string_view saved);

    /// The record of the finished game `table` (the format of `hearts serve`'s record
    /// download, hearts/record.h), for the page's Download and Replay; refused, as the
    /// server refuses it, for another table or a game not over, whose record would show
    /// the computer players' cards.
    Expected<std::string> record(std::string_view table) const;

    /// The table in play, if any (for tests).
    const server::Table* table() const { return table_ ? &*table_ : nullptr; }

  private:
    using Id = std::optional<std::int64_t>;
    struct Out;

    void hello(Out& out, const std::string& player, const std::string& token);
    void new_game(Out& out, std::string rules, std::array<std::string, 3> names, std::string level,
                  std::string name, std::uint64_t seed, Id id);
    void act(Out& out, const Action& action, Id id);
    void resume(Out& out, Id id);
    void hint(Out& out, Id id);
    /// The review of the person's play in the finished game, as the server makes it.
    void review(Out& out, Id id);
    /// Whether `table`'s record may be read (the game in play, and over), or why not, in
    /// the words the server refuses it with (protocol/texts.h: not_yours, not_finished).
    Status record_readable(std::string_view table) const;
    /// The computer players' moves until the person is to act (or the hand or game is
    /// over), each its own change.
    void play_computers(Out& out);
    /// A hand whose score can no longer change is played out, in the change that made it so.
    void play_out_claim();
    /// The updates of every event after `before`, each with the view as it is now.
    void tell_change(Out& out, std::int64_t before) const;
    std::string info_message() const;
    std::string snapshot() const;

    std::string player_ = "offline";
    std::string token_ = "offline";
    std::optional<server::Table> table_;
    std::array<std::unique_ptr<ai::Bot>, kSeats> bots_;
};

}  // namespace hearts::offline
