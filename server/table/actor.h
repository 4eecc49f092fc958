// The table actor: one live table with its strand, its people's connections, clocks and
// computer players. Everything that reads or changes it runs on its strand, so it needs
// no lock. A card comes in through `commit`: validate, apply, queue the write to group
// commit, and tell everyone once the write is durable (`send` holds every frame until
// then, in order). What follows any change (`after_change`: the next hand, the computer
// players, the clocks, the table info, the lobby, and the unloading of an idle table)
// runs in one place: a change marks the table (`changed`; `commit`, `save_meta` and
// `seat_connection` mark it themselves), and the firewall that runs every handler on the
// strand (`guard`) settles it once the handler returns (`settle`).
//
// The rest of the server reaches a table only by posting to its strand; the table
// reaches the rest through `TableContext`.
#pragma once

#include <array>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "hearts/ai/bot.h"
#include "model/table.h"
#include "options.h"
#include "players/reviews.h"
#include "protocol/client.h"
#include "social/lobby_feed.h"
#include "social/roster.h"
#include "social/social.h"
#include "store/group_commit.h"
#include "store/rows.h"
#include "store/store.h"
#include "threads/bot_pool.h"

namespace hearts::server {

/// A fresh game seed from the OS's random source.
std::uint64_t fresh_seed();
/// `player`'s skill on `board` as quick match compares it (model/quick.h): a new player's
/// when they have no rating there.
Expected<int> player_skill(Store& store, const std::string& player, const std::string& board);
// now_ms(), milliseconds since the epoch by the system clock, is in store/rows.h.

class TableActor;
using People = std::array<std::vector<std::weak_ptr<Client>>, kSeats>;

/// What a table asks of the router, which owns the map of live tables.
class TableDirectory {
  public:
    virtual ~TableDirectory() = default;
    /// The table leaves memory (it is looked up, and loaded, again next time).
    virtual void drop(const TableActor& table) = 0;
    /// `player` no longer waits at `table` (it started, or closed).
    virtual void forget_waiting(const std::string& player, const std::string& table) = 0;
    /// Loads `table` again from the database and seats `people` there, each at the seat
    /// they had (after a write failed: memory was ahead of the database).
    virtual void reload(const std::string& table, People people) = 0;
    /// A person waits at one table at a time: records `table` ("" = none) as the one
    /// `player` waits at, and takes them out of the one they waited at before.
    virtual void now_waiting_at(const std::string& player, const std::string& table) = 0;
    /// Closes, as abandoned, the player's unfinished games alone past the newest
    /// `max_solo_games`.
    virtual void abandon_old_games_alone(const std::string& player) = 0;
    /// A new table in memory (a rematch); null when a live table has its id already.
    virtual std::shared_ptr<TableActor> add_table(TableSetup setup) = 0;
};

/// The parts of the server a table uses; they outlive every table.
struct TableContext {
    Store& store;  // reads only: writes go through `writer`
    GroupCommit& writer;
    BotPool& bots;
    const ServiceOptions& options;
    LobbyFeed& lobby;
    Social& social;
    Roster& roster;
    TableDirectory& directory;
    Reviewer& reviewer;
};

// What a table keeps per seat besides the game's own state.
struct SeatLive {
    std::vector<std::weak_ptr<Client>> conns;          // this seat's person's open connections
    int timeouts = 0;                                  // turns in a row the clock ran out
    std::unique_ptr<boost::asio::steady_timer> grace;  // running while a dropped seat is held
    Look look;  // the seat's person's face and item, as read when they last came

    bool connected() {
        std::erase_if(conns, [](const std::weak_ptr<Client>& w) { return w.expired(); });
        return !conns.empty();
    }
};

class TableActor : public WriteSink, public std::enable_shared_from_this<TableActor> {
  public:
    using Strand = boost::asio::strand<boost::asio::io_context::executor_type>;
    using Clock = std::chrono::steady_clock;

    TableActor(boost::asio::io_context& io, TableSetup setup, TableContext ctx);
    /// A table as stored: its actions replayed on its setup, and each person's look read
    /// (one that cannot be read now is read when they connect). An error says which
    /// stored action does not replay.
    static Expected<std::shared_ptr<TableActor>> load(boost::asio::io_context& io,
                                                      const StoredTable& stored, TableContext ctx);

    /// The table's id: fixed, so it may be read from any thread.
    const std::string& id() const { return id_; }

    // ---- the table's firewall (docs/server.md, "The boundary rule")
    /// Runs `fn` on the strand as one of the table's handlers: what it throws is this
    /// table's alone (`fault`).
    template <class Fn>
    void post(Fn fn) {
        boost::asio::post(strand_, [self = shared_from_this(), fn = std::move(fn)]() mutable {
            self->guard(fn);
        });
    }
    /// A handler of this table threw: logged once with the table, and the table is loaded
    /// again from the database at the last card saved, its people seated again, as after
    /// a failed write (table/fault.cpp). Nothing outside the table is touched.
    void fault(const std::string& what) noexcept;

    // ---- what the router asks of a table in memory, on the strand
    /// Taken out of memory (idle, or over and kept long enough): work that reaches the
    /// strand afterwards looks the table up again.
    bool unloaded() const { return unloaded_; }
    std::optional<Seat> seat_of(const std::string& player) const;
    /// Runs what follows a change (`settle`) on the strand: for a table just loaded,
    /// whose computer player may have been about to act when it was put away.
    void wake();
    /// Seats `people` again at a table loaded anew (after a fault or a failed write):
    /// each connection at its own player's seat as stored (which may not be the one it
    /// had in memory: a seat can change hands between writes), and each is sent its view.
    void seat_again(const People& people);
    /// Another node took the table (its claim was lost): its people connect again, and
    /// reach it there; it leaves memory here.
    void moved_away();
    /// A test asked for a fault (`--inject-faults`): the next computer player's search on
    /// the bot pool throws there.
    void plant_bot_fault() { fault_in_bot_ = true; }
    void send_error(const ClientPtr& client, std::string code, const Text& text, Id id);
    void send_ack(const ClientPtr& client, Id id);
    /// Searches for a hint for `seat` with the computer players' thinking and sends it to
    /// `client`: one at a time per table, on the seat's own turn, in a game being played
    /// (not the daily deal) where hints are allowed; otherwise a refusal that says why.
    void hint(const ClientPtr& client, Seat seat, Id id);
    /// `player` put on a new look: their seats show it.
    void show_look(const std::string& player, const Look& look);
    /// A snapshot and the table info to every connection at the table (seated or
    /// watching) of cluster node `node` ("": of any other node), whose frames may have
    /// been lost while Redis was away (table/resync.cpp).
    void resend_to_node(const std::string& node);
    /// Events a table keeps after sending them, for `replay`: about half a hand.
    static constexpr std::size_t kEventsKept = 32;

    // ---- the table commands (table/commands.cpp), posted here by the router
    /// `player` (named `name`, if they chose one) joins through `client`: a seat, or a
    /// refusal that says why (blocked, full, started, a name that looks the same).
    void join(const ClientPtr& client, const std::string& player,
              const std::optional<std::string>& name, bool confirm, Id id);
    /// What the person at `seat` asks of the table: start, leave, timer off, reclaim,
    /// concede, rematch.
    void command(const ClientPtr& client, Seat seat, TableCommand::Kind kind, Id id);
    /// `client`'s page comes (back) to `seat`: what it missed after version `since` (or
    /// a snapshot and the chat), and the seat is the person's again if a computer held it.
    void resume(const ClientPtr& client, Seat seat, std::int64_t since, Id id);
    /// A pass, a card or a moon choice of the person at `seat`.
    void act(const ClientPtr& client, Seat seat, Action action, Id id);
    /// The person at `seat` is ready for the next hand.
    void ready(const ClientPtr& client, Seat seat, Id id);
    /// The person at `seat` allows watchers (private tables) or hints (tables with people).
    void allow_watchers(const ClientPtr& client, Seat seat, bool on, Id id);
    void allow_hints(const ClientPtr& client, Seat seat, bool on, Id id);
    void allow_rated(const ClientPtr& client, Seat seat, bool on, Id id);
    /// A new game against the computer, stored first (whatever the table says waits for
    /// it), its owner's `client` at South; then `stored` runs.
    void open_alone(const ClientPtr& client, TableSetup setup, Id id, std::function<void()> stored);
    /// A new table waiting for people, its host's `client` at South, and the challenge
    /// made from it, told to the challenged player once the table is stored.
    void open_waiting(const ClientPtr& client, TableSetup setup,
                      std::optional<ChallengeInfo> challenge, Id id);
    /// `player` declines the challenge to this table; false when there is none open.
    bool decline_challenge(const ClientPtr& client, const std::string& player, Id id);
    /// Closes the game as abandoned if it is still `player`'s alone.
    void abandon_if_alone(const std::string& player);
    /// A line said by `client` at `seat`: at most kChatBurst per kChatWindow per player,
    /// stored, and sent to everyone at the table (watchers too) who has not muted the
    /// speaker.
    void chat(const ClientPtr& client, Seat seat, const std::string& text, Id id);
    static constexpr int kChatBurst = 5;
    static constexpr auto kChatWindow = std::chrono::seconds(10);
    /// `player` now waits at another table: their seat here is free if the game has not
    /// started.
    void leave_waiting(const std::string& player);
    /// `blocker` blocked `blocked`: if `blocker` sits here, `blocked` watches no more.
    void blocked(const std::string& blocker, const std::string& blocked);
    /// A connection closed: the seats and the watching it had let go of it.
    void disconnected(const ClientPtr& client);
    /// Takes the person at `seat` out of a table that has not started: the host passes
    /// to the next person, or the table closes when nobody is left. `done` (the ack)
    /// runs once every effect is in place.
    void vacate(Seat seat, const std::function<void()>& done);

    // ---- watchers (table/watchers.cpp; docs/protocol.md, "Spectators")
    static constexpr std::size_t kWatchersListed = 20;  // named in the info; others counted
    /// Whether the table may be watched now: a public game, or a private one whose every
    /// person allows it, once started.
    bool watchable() const;
    /// `client` (named `name`) starts watching: its info, a snapshot one trick late and
    /// the recent chat; or a refusal that says why.
    /// True when it watches now.
    bool watch(const ClientPtr& client, const std::string& name, Id id);
    /// `client` stops watching (an ack whether it was watching or not).
    void unwatch(const ClientPtr& client, Id id);
    /// `player`'s connections watch no more, and are told why.
    void stop_watcher(const std::string& player, const Text& why);
    /// Every watcher is told the watching is over, and why.
    void end_watching(const Text& why);
    /// The connections of the watchers, for what they are sent besides the game (chat).
    std::vector<std::pair<ClientPtr, std::string>> watcher_connections();

  private:
    /// A timer's handler, on the strand: `fn(table)` runs inside `guard` unless the timer
    /// was cancelled or the table is gone.
    template <class Fn>
    auto on_timer(Fn fn) {
        return [weak = weak_from_this(),
                fn = std::move(fn)](const boost::system::error_code& ec) mutable {
            auto self = weak.lock();
            if (ec || !self) return;
            auto call = [&] { fn(*self); };
            self->guard(call);
        };
    }
    /// Runs `fn` (on the strand), then what follows the changes it made (`settle`), and
    /// turns what either throws into `fault`.
    template <class Fn>
    void guard(Fn& fn) noexcept {
        try {
            fn();
            settle();
        } catch (const std::exception& e) {
            changed_ = tell_everyone_ = false;
            fault(e.what());
        } catch (...) {
            changed_ = tell_everyone_ = false;
            fault("an unknown exception");
        }
    }

    // ---- the path of a card
    /// Validates `action`, applies it, queues its write and broadcasts its events.
    Status commit(const Action& action);
    /// A claim holds: the rest of the hand can no longer change its score (hearts/claim.h).
    bool claim_pending() const;
    /// Plays out the rest of a claimed hand, each card written like any other (table/claim.cpp).
    void play_out_claim();
    /// A table loaded in the middle of a claim plays it out (table/claim.cpp).
    void resume_claim();
    /// The table changed, or may go on (a computer player's move came back): what follows
    /// runs once the handler returns. With `tell_everyone`, the table info goes to everyone
    /// at the table even when it looks the same.
    void changed(bool tell_everyone = false) {
        changed_ = true;
        tell_everyone_ = tell_everyone_ || tell_everyone;
    }
    /// Runs what follows the changes marked so far, now: for a handler that must send
    /// something after their effects (an ack after the computer players' replies, a
    /// snapshot that shows them). `guard` calls it after every handler.
    void settle();
    /// Everything that follows a change (see the top of this file); only `settle` calls it.
    void after_change(bool tell_everyone);
    bool changed_ = false;        // see changed()
    bool tell_everyone_ = false;  // see changed()

    // ---- writes, and what waits for them
    void write(TableWrite w);
    /// Queues `frame` for `client` once every write queued so far is durable.
    void send(const ClientPtr& client, std::shared_ptr<const std::string> frame, Id ack = {});
    void send(const ClientPtr& client, std::string frame);
    /// Whether hints may be asked for: at a table with one person, always; with several,
    /// once every person allows them; never in the daily deal.
    bool hints_allowed() const;
    /// Runs `fn` on the strand once every write queued so far is durable (at once when
    /// there is none): for what reads the database and must see this table's writes.
    void when_written(std::function<void()> fn);
    bool writing() const { return writes_done_ < writes_queued_; }

    // ---- people
    /// Seats one of `client`'s connections at `seat` (a closed one is not seated).
    void seat_connection(Seat seat, const ClientPtr& client);
    /// A connection that acts at its seat is seated if it is not: one the table let go
    /// of meanwhile (its node was taken for gone, which drops its connections here, or the
    /// table was loaded again without it) hears what follows its own move, whose versions
    /// then show it what it missed, instead of an ack alone.
    void heard_from(Seat seat, const ClientPtr& client);
    /// The seat's snapshot (once started) and, with `with_chat`, the recent chat.
    void send_view(const ClientPtr& client, Seat seat, bool with_chat);
    /// What `client` at `seat` missed after version `since`: the updates, each with the
    /// view as it is now, or nothing when it is up to date. False when the table no
    /// longer keeps them (kEventsKept): a snapshot it is then (table/resync.cpp).
    bool replay(const ClientPtr& client, Seat seat, std::int64_t since);
    /// The table's last 50 chat lines (but those of people `client`'s player muted).
    void send_recent_chat(const ClientPtr& client);
    /// The table info to everyone at it when it changed (or always, with `force`).
    void send_info(bool force);
    TableInfo info_of(std::optional<Seat> you) const;
    /// The people the table waits for now.
    std::vector<Seat> waiting_for() const;
    /// A computer player plays for the person at `seat` until they come back.
    void go_away(Seat seat);

    // ---- the table's own state
    void save_meta();
    void end_table(const std::string& why);
    /// Writes the game's end; returns the people it counts for. A finished game is
    /// reviewed for each of them once its end is stored (players/reviews.h).
    std::vector<std::string> finish();
    /// Once everything so far is stored, tells each of `people` what this game earned them.
    void announce_achievements(std::vector<std::string> people);
    /// Once the game's end is stored, tells each rated person what it did to their rating.
    void announce_rating_changes();
    /// Ends the table's challenge, telling the challenged player when it was still open.
    void withdraw_challenge();
    /// Takes the table out of memory; waits while writes are on their way.
    void unload();

    bool started() const { return table_.setup().started; }
    bool over() const { return table_.finished() || !table_.setup().ended.empty(); }
    bool playing() const { return started() && !over(); }
    const SeatHolder& holder(Seat s) const { return table_.setup().seats[std::size_t(s)]; }
    SeatHolder& holder(Seat s) { return table_.setup().seats[std::size_t(s)]; }
    SeatLive& at(Seat s) { return seats_[std::size_t(s)]; }

    // ---- state (on the strand)
    const std::string id_;  // = table_.id()
    TableContext ctx_;
    Strand strand_;
    Table table_;
    std::array<SeatLive, kSeats> seats_;
    std::array<std::unique_ptr<ai::Bot>, kSeats> bots_;
    std::unique_ptr<ai::Bot> stand_in_;  // acts for a person whose clock ran out
    // A computer player's move is on its way: thinking on the bot pool, or the rest of a
    // run of rule-based moves posted to the strand.
    bool bot_thinking_ = false;
    boost::asio::steady_timer clock_;
    std::uint64_t clock_key_ = 0;  // 0: no clock running
    Clock::time_point deadline_;
    std::unordered_map<std::string, std::deque<Clock::time_point>> chat_times_;
    std::optional<TableInfo> last_info_;  // what was last sent, to skip sending it again
    std::unique_ptr<boost::asio::steady_timer> evict_;  // set once the table is over
    // Running while the table waits for players and nobody is connected.
    std::unique_ptr<boost::asio::steady_timer> abandon_;
    // Running while a game in progress has nobody connected and nothing to do.
    std::unique_ptr<boost::asio::steady_timer> idle_;
    bool unloaded_ = false;  // see unloaded()
    // When the table was opened (orders the lobby): stored, so a reload keeps it.
    std::int64_t created_ms_ = 0;
    // The fair queue's key for this table's computer players: the address of the person
    // who last acted or came to the table (the table id until someone has).
    std::string load_key_;
    // The challenge made from this table (docs/protocol.md, "Challenges"), while open or
    // declined, and who made it.
    std::optional<ChallengeInfo> challenge_;
    std::string challenger_;

    bool fault_in_bot_ = false;  // see plant_bot_fault()

    struct Watcher {
        std::weak_ptr<Client> conn;
        std::string player, name, address;
    };
    std::vector<Watcher> watchers_;

    /// Computer players take the empty seats and the game starts (the host's `start`, or a
    /// quick table's own: table/quick.cpp).
    void begin_game();
    /// Each seated connection's view, after the start.
    void send_views();
    // Quick match tables (table/quick.cpp).
    /// When computer players take the seats nobody came to (ms since 1970).
    std::int64_t fill_at_ms() const;
    /// A waiting quick table that is full, or whose wait is over, starts; true if it did.
    bool begin_quick();
    /// Arms the timer that ends a waiting quick table's wait.
    void watch_fill();
    /// The mean skill of the people at the table on its board (model/quick.h).
    int people_skill();
    std::unique_ptr<boost::asio::steady_timer> fill_;
    bool fill_due_ = false;  // the fill timer has run out
    void start_rematch();
    void rematch_stored(const std::shared_ptr<TableActor>& next,
                        const std::array<bool, kSeats>& coming);
    bool hint_pending_ = false;  // a hint is being searched for (hint)
    bool faulted_ = false;       // a handler threw: the table is being loaded again
    std::string fault_;          // what it threw
    void reload_after_fault();   // once no write is on its way (table/fault.cpp)
    // The game as the watchers have been shown it: the table's actions up to the end of
    // the trick before the last one completed, applied to a copy of the table, whose
    // events are then the watchers' (their versions are the table's). Made when the
    // first watcher comes and dropped when the last goes.
    std::unique_ptr<Table> shown_;
    /// Brings the watchers up to what they may see now (after every change).
    void show_watchers();
    std::size_t watch_point() const;
    bool prune_watchers();
    struct Held {
        std::weak_ptr<Client> to;
        std::shared_ptr<const std::string> frame;
        std::uint64_t after;         // sent once writes_done_ reaches this
        Id ack;                      // an ack: on a failed write, an error for this id instead
        std::function<void()> then;  // or, instead of a frame, work to do then
        bool refusal = false;        // an error answering a request: sent even on a failure
    };

    void written(std::size_t count, const Status& status) override;  // the writer's thread
    void on_written(std::size_t count, const Status& status);        // then on the strand
    void release();
    /// The people waiting for an answer are told what failed: the table's creation, a
    /// handler of the table's (`fault`), or else the move's saving.
    void reload_after_failure(const Status& why, bool create_failed, bool fault = false);
    void broadcast_since(std::int64_t from_version);  // table/broadcast.cpp
    /// The end of a change since version `before`: the game's end stored if it is over,
    /// every connection and watcher told, achievements announced, old events forgotten.
    void tell_change(std::int64_t before);
    bool maybe_deal_next();
    ai::Bot& bot_at(Seat seat);
    bool bot_may_act();
    void play_quick_bots();
    void schedule_bot();
    void publish_lobby();
    // The clocks (table/clocks.cpp).
    void arm_clock();
    void clock_expired(std::uint64_t key);
    void watch_presence();
    void grace_expired(Seat seat);
    bool someone_else_playing(Seat seat);
    void watch_waiting();
    void watch_idle();
    void watch_over();

    std::uint64_t writes_queued_ = 0;  // writes handed to group commit
    std::uint64_t writes_done_ = 0;    // of those, the ones it has answered for
    bool write_failed_ = false;        // memory is ahead of the database: reload
    bool unload_when_written_ = false;
    bool bots_wait_for_disk_ = false;  // a computer player's turn waits for writes
    std::uint64_t created_at_ = 0;     // the write that stores the table itself (0: none)
    // The names and the sheet's length as at the last version: an update's view leaves
    // them out when they have not changed (broadcast_since).
    SeatNames names_sent_;
    std::size_t sheet_rows_sent_ = SIZE_MAX;
    std::deque<Held> held_;
};

}  // namespace hearts::server
