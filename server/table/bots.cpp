// The table's computer players (table/actor.h): the rule-based ones play on the strand,
// a few moves at a time; the searching ones think on the bot pool and their decision
// comes back to the strand. Hints use the same search.
#include <utility>  // before Asio: Boost 1.74's headers use std::exchange without it

#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>
#include <stdexcept>

#include "table/actor.h"

namespace hearts::server {

namespace asio = boost::asio;

namespace {

// A table of computer players alone waits for the disk once this many of its writes are
// on their way.
constexpr std::uint64_t kMaxWritesInFlight = 64;
// Rule-based computer moves a table plays in a row before it lets other work run.
constexpr int kQuickMoves = 16;

}  // namespace

ai::Bot& TableActor::bot_at(Seat seat) {
    auto& bot = bots_[std::size_t(seat)];
    if (!bot) {
        auto made = ai::make_bot(table_.setup().bot_level);
        bot = made ? std::move(made).value() : std::move(ai::make_bot("medium")).value();
    }
    return *bot;
}

// Whether a computer player may act now: the game goes on, nobody thinks already, and
// the table is not too far ahead of the disk (`on_written` lets it go on).
bool TableActor::bot_may_act() {
    if (bot_thinking_ || !playing() || write_failed_ || faulted_) return false;
    // A table of computer players alone could run far ahead of the disk: it waits for
    // its writes once this many are on their way.
    if (writes_queued_ - writes_done_ >= kMaxWritesInFlight) {
        bots_wait_for_disk_ = true;
        return false;
    }
    return true;
}

// The rule-based computer players decide in about a microsecond, so they play here, one
// after another, rather than each reply taking a trip through the strand's queue: the
// three replies to a person's card are one change for the table's clocks, its info and
// the lobby, and go to the disk with the card. After kQuickMoves in a row (a table whose
// people are all away) the rest waits its turn behind the strand's other work.
void TableActor::play_quick_bots() {
    for (int moves = 0; bot_may_act(); ++moves) {
        const auto seat = table_.bot_to_act();
        if (!seat) return;
        ai::Bot& bot = bot_at(*seat);
        if (!bot.quick()) return;  // a searching player: schedule_bot
        if (moves == kQuickMoves) {
            bot_thinking_ = true;
            post([self = shared_from_this()] {
                self->bot_thinking_ = false;
                self->changed();
            });
            return;
        }
        const Action action = ai::decide(bot, table_.view(*seat), table_.bot_seed(*seat));
        if (Status ok = commit(action); !ok) {
            spdlog::error("table {}: bot action {} refused: {}", table_.id(), to_string(action),
                          ok.error().reason);
            return;
        }
        maybe_deal_next();
    }
}

// A searching computer player (hard, expert) thinks on the bot pool; its decision comes
// back to the strand.
void TableActor::schedule_bot() {
    if (!bot_may_act()) return;
    const auto seat = table_.bot_to_act();
    if (!seat) return;
    ai::Bot* b = &bot_at(*seat);
    if (b->quick()) return;  // play_quick_bots has stopped for a reason of its own
    bot_thinking_ = true;
    const SeatView view = table_.view(*seat);
    const std::size_t position = table_.game().history().size();
    const std::uint64_t seed = table_.bot_seed(*seat);
    const Seat who = *seat;
    // On the table's strand, once the computer player has decided.
    auto reply = [self = shared_from_this(), who, position](const Action& action) {
        self->bot_thinking_ = false;
        // The person came back, or the game moved on: the decision is stale.
        const bool stale = self->table_.is_human(who) || !self->playing() ||
                           self->table_.game().history().size() != position;
        if (!stale) {
            if (Status ok = self->commit(action); !ok) {
                spdlog::error("table {}: bot action {} refused: {}", self->table_.id(),
                              to_string(action), ok.error().reason);
                return;
            }
        }
        self->changed();  // the next computer player, or a person's clock
    };
    // A searching player's thinking queues under the address that set the table going:
    // one address with many tables takes its turn with everyone else (threads/bot_pool.h).
    // What the search throws is the table's (`fault`), never the pool thread's.
    ctx_.bots.post(load_key_, [self = shared_from_this(), view, seed, b, reply,
                               fail = std::exchange(fault_in_bot_, false)] {
        try {
            if (fail) throw std::runtime_error("a fault injected for a test");
            const Action action = ai::decide(*b, view, seed);
            self->post([reply, action] { reply(action); });
        } catch (const std::exception& e) {
            self->post([self, what = std::string(e.what())] {
                self->fault("a computer player's search failed: " + what);
            });
        }
    });
}

void TableActor::hint(const ClientPtr& client, Seat seat, Id id) {
    if (!playing()) return send_error(client, "illegal", say<"hint_not_playing">(), id);
    if (!table_.setup().daily.empty())
        return send_error(client, "illegal", say<"hint_daily">(), id);
    if (!hints_allowed()) return send_error(client, "illegal", say<"hint_not_allowed">(), id);
    const Game& g = table_.game();
    const bool to_pass = g.phase() == Phase::Pass && !g.has_passed(seat);
    const bool to_play = g.phase() == Phase::Play && g.to_move() == seat;
    if (!to_pass && !to_play)
        return send_error(client, "not_your_turn", say<"hint_not_your_turn">(), id);
    if (hint_pending_) return send_error(client, "rate_limited", say<"hint_on_its_way">(), id);
    hint_pending_ = true;
    const SeatView view = table_.view(seat);
    const std::int64_t version = table_.version();
    const std::uint64_t seed = table_.hint_seed(seat);  // the same hint for the same position
    const SeatNames names = table_.setup().names;
    ctx_.bots.post(load_key_, [self = shared_from_this(), client, view, version, seed, names, id] {
        try {
            ai::Hint h = ai::hint_for(view, seed, names);
            self->post([self, client, version, id, h = std::move(h)] {
                self->hint_pending_ = false;
                self->send(client, hint_message(self->table_.id(), version, h));
                self->send_ack(client, id);
            });
        } catch (const std::exception& e) {
            // A hint that fails costs only itself: the asker hears so.
            spdlog::error("table {}: a hint failed: {}", self->table_.id(), e.what());
            self->post([self, client, id] {
                self->hint_pending_ = false;
                self->send_error(client, "server", say<"hint_failed">(), id);
            });
        }
    });
}

}  // namespace hearts::server
