// The router's map of live tables (router/service.h): how a table gets into memory (opened,
// restored at start-up, loaded when a player comes back, claimed first in a cluster),
// loaded again after a failed write, and leaves it.
#include <utility>  // before Asio: Boost 1.74's headers use std::exchange without it

#include <spdlog/spdlog.h>
#include <algorithm>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>

#include "model/reload_retry.h"
#include "router/service.h"

namespace hearts::server {

namespace asio = boost::asio;

TableContext GameService::context() {
    return {store_, writer_, bots_, options_, lobby_, social_, roster_, *this, reviewer_};
}

void GameService::drop(const TableActor& table) {
    const std::string id = table.id();
    {
        std::lock_guard lock(mutex_);
        auto it = tables_.find(id);
        if (it == tables_.end() || it->second.get() != &table) return;
        tables_.erase(it);
    }
    // Each table in memory holds one claim on it (find, add_live, restore).
    store_.release(id);
    if (cluster_) {
        // Unless it was loaded again meanwhile: the address book follows the map, in
        // the order the map changed (both under the lock).
        std::lock_guard lock(mutex_);
        if (!tables_.contains(id)) cluster_->owns(id, false);
    }
}

// After a failed write: the table as stored, with its people at their seats again.
void GameService::reload(const std::string& id, People people) {
    // A table whose writes keep failing (a full disk) is loaded again later each time:
    // at once, then after 1 s, 2 s, … up to 30 s, rather than in a loop.
    std::chrono::milliseconds wait{0};
    {
        std::lock_guard lock(mutex_);
        const auto now = std::chrono::steady_clock::now();
        std::erase_if(reloads_, [&](const auto& e) { return now - e.second.last > kReloadMemory; });
        Reloads& r = reloads_[id];
        wait = std::min(kReloadWaitMax, kReloadWait * r.count);
        ++r.count;
        r.last = now;
    }
    load_again(id, std::move(people), wait, std::nullopt);
}

// Loads the table after `wait`; `unreadable_since` is when a try first found the database
// unreadable, if one has.
void GameService::load_again(
    const std::string& id, People people, std::chrono::milliseconds wait,
    std::optional<std::chrono::steady_clock::time_point> unreadable_since) {
    auto timer = std::make_shared<asio::steady_timer>(io_.here(), wait);
    timer->async_wait([this, timer, id, unreadable_since,
                       people = std::move(people)](const boost::system::error_code& ec) {
        if (ec) return;
        if (cluster_) {
            // Another node may have taken the table meanwhile (this one's session with
            // PostgreSQL was cut): its people connect again and reach it there.
            bool unreadable = false, elsewhere = false;
            if (!find(id, "", &unreadable, &elsewhere) && elsewhere) {
                spdlog::info("table {}: another node holds it now: its people connect again", id);
                for (const auto& seat : people)
                    for (auto& w : seat)
                        if (auto c = w.lock())
                            c->reconnect("your table moved to another server: connecting again");
                return;
            }
        }
        on_table(
            id,
            [people, id](TableActor& actor) {
                spdlog::debug("table {}: loaded again", id);
                actor.seat_again(people);
            },
            [this, people, id, unreadable_since](bool unreadable) {
                // The database cannot be read either (PostgreSQL restarts, the disk is
                // gone): try again every two seconds while somebody is there, for two
                // minutes (model/reload_retry.h), and tell them once.
                const auto now = std::chrono::steady_clock::now();
                const auto since = unreadable_since.value_or(now);
                // Each table's own place in the spread: a node's tables do not all load
                // in the same instant when the database is back.
                const double spread = double(std::hash<std::string>{}(id) % 1000) / 1000.0;
                const auto wait = reload_retry::next_wait(
                    std::chrono::duration_cast<std::chrono::milliseconds>(now - since), spread);
                const bool giving_up = !unreadable || !wait;
                bool anyone = false;
                for (const auto& seat : people)
                    for (auto& w : seat)
                        if (auto c = w.lock()) {
                            anyone = true;
                            if (giving_up)
                                send_error(c, "server", say<"reload_failed">(), {});
                            else if (!unreadable_since)
                                send_error(c, "server", say<"waiting_for_db">(), {});
                        }
                if (anyone && !giving_up)
                    load_again(id, people, *wait, since);
                else if (!anyone)
                    spdlog::debug(
                        "table {}: not loaded again, nobody is at it now: it loads "
                        "when one of its people comes back",
                        id);
            });
    });
}

std::shared_ptr<TableActor> GameService::add_live(TableSetup setup) {
    auto live = std::make_shared<TableActor>(io_.here(), std::move(setup), context());
    const std::string& id = live->id();
    // A new table is in memory before it is stored, and its id was checked against the
    // database only: one live with the same id (40 random bits: all but never), or one
    // another node claimed, is another table, and this one is not made.
    auto mine = store_.claim(id);
    if (!mine || !*mine) return nullptr;
    {
        std::lock_guard lock(mutex_);
        if (tables_.emplace(id, live).second) {
            if (cluster_) cluster_->owns(id, true);
            return live;
        }
    }
    store_.release(id);
    return nullptr;
}

Expected<std::shared_ptr<TableActor>> GameService::rebuild(const StoredTable& s) {
    return TableActor::load(io_.here(), s, context());
}

// Only the tables waiting for players are loaded at start-up: the lobby lists the public
// ones, and the ones nobody comes back to close after a while. A game in progress is
// loaded when one of its players comes back (`find`), so start-up does not grow with
// the number of unfinished games, and memory holds only the tables in use.
//
// In a cluster each node loads the waiting tables it can claim (at start-up, and when
// another node is gone), so every one is listed by some node.
Status GameService::restore() {
    auto stored = store_.waiting_tables();
    if (!stored) return stored.error();
    std::size_t loaded = 0;
    for (const StoredTable& s : *stored) {
        {
            std::lock_guard lock(mutex_);
            if (tables_.contains(s.setup.id)) continue;
        }
        auto mine = store_.claim(s.setup.id);
        if (!mine) return mine.error();
        if (!*mine) continue;
        auto live = rebuild(s);
        if (!live) {
            store_.release(s.setup.id);
            return live.error();
        }
        {
            std::lock_guard lock(mutex_);
            if (!tables_.emplace(s.setup.id, *live).second) {
                store_.release(s.setup.id);
                continue;
            }
            for (const SeatHolder& h : s.setup.seats)
                if (h.person()) waiting_at_[h.player] = s.setup.id;
            if (cluster_) cluster_->owns(s.setup.id, true);
        }
        ++loaded;
        (*live)->wake();
    }
    if (cluster_ && store_.claims_waiting() > 0 && !restore_again_) {
        // Tables taken from a node that did not let go: loaded once that one can no longer
        // show them (store/pg/claims.h), a few seconds from now.
        restore_again_ = std::make_unique<asio::steady_timer>(io_.first(), kRestoreAgain);
        restore_again_->async_wait([this](const boost::system::error_code& ec) {
            if (ec) return;
            restore_again_.reset();
            if (Status ok = restore(); !ok)
                spdlog::error("cluster: could not load the waiting tables taken over: {}",
                              ok.error().reason);
        });
    }
    if (loaded > 0 || !cluster_)
        spdlog::info(
            "restored {} tables waiting for players; games in progress load when a player "
            "comes back",
            loaded);
    forget_unused_players();
    return {};
}

// Every `hello` without an identity makes a player; one whose client then does nothing
// leaves a row that nothing refers to. Those go once they are old enough and nobody is
// connected as them (here or at another node), a thousand at a time, every half of that
// age (at least every second, at most every hour).
void GameService::forget_unused_players() {
    const double after = options_.forget_unused_players_after_seconds;
    if (after <= 0) return;
    if (!forget_) forget_ = std::make_unique<asio::steady_timer>(io_.first());
    forget_->expires_after(
        std::chrono::milliseconds(std::int64_t(std::clamp(after / 2, 1.0, 3600.0) * 1000)));
    forget_->async_wait([this, after](const boost::system::error_code& ec) {
        if (ec) return;
        const std::int64_t now = std::chrono::duration_cast<std::chrono::seconds>(
                                     std::chrono::system_clock::now().time_since_epoch())
                                     .count();
        auto gone = store_.forget_unused_players(
            now - std::int64_t(after), kForgetAtOnce,
            [this](const std::string& player) { return roster_.online(player); });
        if (!gone)
            spdlog::warn("could not forget the unused players (tried again later): {}",
                         gone.error().reason);
        else if (*gone > 0)
            spdlog::info("forgot {} players that nothing refers to", *gone);
        forget_unused_players();
    });
}

std::shared_ptr<TableActor> GameService::find(const std::string& table, const std::string& seated,
                                              bool* unreadable, bool* elsewhere,
                                              bool finished_too) {
    {
        std::lock_guard lock(mutex_);
        auto it = tables_.find(table);
        if (it != tables_.end()) return it->second;
    }
    // In a cluster a claim takes the writer's connection: only for a table that exists
    // (and where the sender sits), so naming tables at random costs no more than a read.
    if (cluster_ && !load(table, seated, unreadable, finished_too)) return nullptr;
    // Loaded here only when no other node holds it (a claim: one per table in memory,
    // taken back when it leaves memory or does not load), and read after the claim, so
    // it is what the last node to hold it wrote.
    auto mine = store_.claim(table);
    if (!mine) {
        log_table_error(table, "could not claim it", mine.error().reason);
        if (unreadable) *unreadable = true;
        return nullptr;
    }
    if (!*mine) {
        spdlog::debug(
            "table {}: not claimed here: another node holds it, or it waits out a "
            "takeover",
            table);
        if (elsewhere) *elsewhere = true;
        return nullptr;
    }
    auto live = load(table, seated, unreadable, finished_too);
    if (!live) {
        store_.release(table);
        return nullptr;
    }
    std::shared_ptr<TableActor> other;
    {
        std::lock_guard lock(mutex_);
        auto [it, inserted] = tables_.emplace(table, live);
        if (inserted && cluster_) cluster_->owns(table, true);
        if (!inserted) other = it->second;  // loaded by another thread meanwhile
    }
    if (other) {
        store_.release(table);
        return other;
    }
    // A computer player may have been about to act when the table was put away.
    live->wake();
    return live;
}

std::shared_ptr<TableActor> GameService::load(const std::string& table, const std::string& seated,
                                              bool* unreadable, bool finished_too) {
    // Not in memory: an unfinished game in the database is loaded at the same card; for a
    // message that needs a seat, only when the sender has one there (nobody else can keep
    // other people's games in memory by naming them). A finished one, for its people's
    // `resume` only: a page that comes back after the last card (it reloaded, or its
    // server went down with the game's end unsent) gets the end of its game.
    auto stored = finished_too ? store_.stored_table(table) : store_.unfinished_table(table);
    if (!stored) {
        log_table_error(table, "could not read it", stored.error().reason);
        if (unreadable) *unreadable = true;
        return nullptr;
    }
    if (!*stored) return nullptr;
    if (!seated.empty()) {
        const auto& seats = (*stored)->setup.seats;
        if (std::none_of(seats.begin(), seats.end(),
                         [&](const SeatHolder& h) { return h.person() && h.player == seated; }))
            return nullptr;
    }
    auto live = rebuild(**stored);
    if (!live) {
        spdlog::error("{}", live.error().reason);
        return nullptr;
    }
    return *live;
}

}  // namespace hearts::server
