#include <utility>  // before Asio: Boost 1.74's headers use std::exchange without it

#include "table/actor.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/asio/post.hpp>
#include <random>
#include <stdexcept>

#include "hearts/random.h"
#include "hearts/record.h"
#include "model/budgets.h"
#include "model/daily.h"

namespace hearts::server {

namespace asio = boost::asio;

namespace {
constexpr int kChatReplay = 50;  // lines sent again after resume
}  // namespace

std::uint64_t fresh_seed() {
    std::random_device rd;
    return (std::uint64_t(rd()) << 32) ^ rd();
}

TableActor::TableActor(asio::io_context& io, TableSetup setup, TableContext context)
    : id_(setup.id),
      ctx_(context),
      strand_(asio::make_strand(io)),
      table_(std::move(setup)),
      clock_(strand_),
      created_ms_(table_.setup().created_ms ? table_.setup().created_ms : now_ms()),
      load_key_("table " + table_.id()) {}

Expected<std::shared_ptr<TableActor>> TableActor::load(asio::io_context& io,
                                                       const StoredTable& stored,
                                                       TableContext context) {
    auto live = std::make_shared<TableActor>(io, stored.setup, context);
    for (std::size_t i = 0; i < stored.actions.size(); ++i) {
        if (Status ok = live->table_.apply(stored.actions[i]); !ok) {
            return Error{"table " + stored.setup.id + ": stored action " + std::to_string(i) +
                         " (" + to_string(stored.actions[i]) +
                         ") does not replay: " + ok.error().reason};
        }
    }
    // Each person's look, as others see it before that person comes back.
    for (Seat seat : kAllSeats) {
        const SeatHolder& h = live->holder(seat);
        if (!h.person()) continue;
        if (auto look = context.store.look_of(h.player)) live->at(seat).look = *look;
    }
    return live;
}

void TableActor::wake() {
    post([this] { changed(); });
}

void TableActor::seat_again(const People& people) {
    for (const auto& seat : people)
        for (auto& w : seat)
            if (auto c = w.lock())
                if (auto mine = seat_of(c->player)) seat_connection(*mine, c);
    for (Seat s : kAllSeats)
        for (auto& w : at(s).conns)
            if (auto c = w.lock()) send_view(c, s, false);
    changed(true);
}

void TableActor::moved_away() {
    if (unloaded_) return;
    for (Seat s : kAllSeats)
        for (auto& w : at(s).conns)
            if (auto c = w.lock())
                c->reconnect("your table moved to another server: connecting again");
    unload();
}

bool TableActor::hints_allowed() const {
    if (!table_.setup().daily.empty()) return false;  // the board compares players on their own
    int people = 0, allowing = 0;
    for (const SeatHolder& h : table_.setup().seats) {
        people += h.person();
        allowing += h.person() && h.hint_vote;
    }
    return people <= 1 || allowing == people;
}

std::optional<Seat> TableActor::seat_of(const std::string& player) const {
    for (Seat s : kAllSeats)
        if (holder(s).person() && holder(s).player == player) return s;
    return std::nullopt;
}

// ---------------------------------------------------------------- writes

void TableActor::write(TableWrite w) {
    ++writes_queued_;
    if (std::holds_alternative<CreateWrite>(w) && std::get<CreateWrite>(w).setup.id == table_.id())
        created_at_ = writes_queued_;
    ctx_.writer.submit(shared_from_this(), std::move(w));
}

void TableActor::send(const ClientPtr& client, std::shared_ptr<const std::string> frame, Id ack) {
    if (!writing() && held_.empty()) return client->send(std::move(frame));
    held_.push_back({client, std::move(frame), writes_queued_, ack, nullptr, false});
}

void TableActor::send(const ClientPtr& client, std::string frame) {
    send(client, std::make_shared<const std::string>(std::move(frame)));
}

void TableActor::send_error(const ClientPtr& client, std::string code, const Text& text, Id id) {
    auto frame = std::make_shared<const std::string>(error_frame(std::move(code), text, id));
    if (!writing() && held_.empty()) return client->send(std::move(frame));
    // Kept even if a write before it fails: the request is still answered, as refused.
    held_.push_back({client, std::move(frame), writes_queued_, {}, nullptr, true});
}

void TableActor::send_ack(const ClientPtr& client, Id id) {
    if (id)
        send(client, std::make_shared<const std::string>(ack_message(*id, table_.version())), id);
}

void TableActor::when_written(std::function<void()> fn) {
    if (!writing() && held_.empty()) return fn();
    held_.push_back({{}, nullptr, writes_queued_, {}, std::move(fn), false});
}

// The frames whose writes are all durable now go out, in order.
void TableActor::release() {
    while (!held_.empty() && held_.front().after <= writes_done_) {
        Held h = std::move(held_.front());
        held_.pop_front();
        if (h.then)
            h.then();
        else if (auto c = h.to.lock())
            c->send(std::move(h.frame));
    }
}

// A finished game's record is stored in its one-line form: the pretty form took a sixth
// of the server's work while many games ended at once. A download writes it pretty
// (net/http_session.cpp), from the same record.
static std::string stored_record(const Game& game) {
    return to_record_json(game, -1);
}

void TableActor::written(std::size_t count, const Status& status) {
    post([self = shared_from_this(), count, status] { self->on_written(count, status); });
}

Status TableActor::commit(const Action& action) {
    Table& t = table_;
    if (Status ok = t.game().validate(action); !ok) return ok;
    if (action.kind == ActionKind::NextHand && t.game().phase() != Phase::HandOver)
        return Error{"the hand is not over yet"};
    if (unloaded_) return Error{"the table was put away"};
    if (faulted_) return Error{"the table failed and is being loaded again"};
    const auto seq = std::int64_t(t.game().history().size());
    const std::int64_t before = t.version();
    Status applied = t.apply(action);
    if (!applied) return applied;  // cannot happen after validate; reported as illegal
    changed();
    write(ActionWrite{t.id(), seq, action});
    play_out_claim();
    if (action.kind == ActionKind::NextHand) {
        for (SeatHolder& h : t.setup().seats) h.ready = false;
        save_meta();
    }
    tell_change(before);
    return {};
}

void TableActor::on_written(std::size_t count, const Status& status) {
    // Until the table itself is stored, a failure is the new table's.
    const bool create_failed = created_at_ > writes_done_;
    writes_done_ += count;
    if (!status) return reload_after_failure(status, create_failed);
    if (write_failed_) return;
    release();
    if (writing()) return;
    if (faulted_) return reload_after_fault();  // the last write before the fault is in
    if (unload_when_written_) {
        unload_when_written_ = false;
        // Still nobody's: someone may have come back while the writes went out.
        const bool nobody =
            std::none_of(seats_.begin(), seats_.end(), [](SeatLive& s) { return s.connected(); });
        if (over() || (nobody && !bot_thinking_)) return unload();
    }
    if (bots_wait_for_disk_) {  // the computer players waited for the disk: go on
        bots_wait_for_disk_ = false;
        changed();
    }
}

// A write failed (the disk is full, the database was changed under us): the table in
// memory is ahead of the one stored. Nobody has been told anything the database does not
// have, so the table is dropped and loaded again from what is stored, and its people get
// it afresh at that card; whoever was waiting for an ack gets an error instead.
void TableActor::reload_after_failure(const Status& why, bool create_failed, bool fault) {
    if (write_failed_) return;
    write_failed_ = true;
    const std::string id = table_.id();
    if (!faulted_)
        spdlog::error("table {}: a write failed, so it is loaded again from the database: {}", id,
                      why.error().reason);
    const Text told = create_failed ? say<"create_failed", "detail">(why.error().reason)
                      : fault       ? say<"table_failed", "detail">(why.error().reason)
                                    : say<"save_failed", "detail">(why.error().reason);
    for (Held& h : held_) {
        auto c = h.to.lock();
        if (c && h.refusal) c->send(std::move(h.frame));
        if (c && h.ack) server::send_error(c, "server", told, h.ack);
    }
    held_.clear();
    // A challenge from a table that was never stored is over (nobody was told of it).
    if (create_failed && challenge_ && !challenge_->declined)
        ctx_.social.close_challenge(challenge_->player, id, "withdrawn");
    People people;
    for (Seat s : kAllSeats) people[std::size_t(s)] = std::move(at(s).conns);
    for (auto& t : {&idle_, &abandon_, &evict_})
        if (*t) (*t)->cancel();
    unload();
    ctx_.directory.reload(id, std::move(people));
}

void TableActor::settle() {
    if (!changed_) return;
    const bool all = tell_everyone_;
    changed_ = tell_everyone_ = false;
    after_change(all);
    // What after_change changed itself (the next hand, the computer players' moves) it has
    // followed already.
    changed_ = tell_everyone_ = false;
}

// Everything that follows a change at a table: deal the next hand when everyone is
// ready, let a computer player act, run the clocks, tell the people and the lobby.
void TableActor::after_change(bool tell_everyone) {
    const bool began = begin_quick();  // a quick table that is full, or waited long enough
    if (began) tell_everyone = true;
    resume_claim();     // a table loaded in the middle of a claim
    maybe_deal_next();  // the clocks and bots below then see the new hand
    play_quick_bots();
    schedule_bot();
    watch_presence();
    watch_waiting();
    watch_fill();
    arm_clock();
    // Watchers: a table that may no longer be watched lets them go (a person who did not
    // allow it took a seat, or someone stopped allowing it); the others see what the
    // change let them see (a conceded game: its end).
    if (prune_watchers()) tell_everyone = true;
    if (!watchers_.empty() && !watchable() && !over()) end_watching(say<"watchers_no_longer">());
    show_watchers();
    send_info(tell_everyone);
    publish_lobby();
    watch_idle();
    watch_over();
    if (began) send_views();
}

bool TableActor::maybe_deal_next() {
    if (!playing() || table_.game().phase() != Phase::HandOver) return false;
    if (!waiting_for().empty()) return false;
    if (Status ok = commit(Action::next_hand()); !ok) {
        spdlog::error("table {}: could not deal the next hand: {}", table_.id(), ok.error().reason);
        return false;
    }
    return true;
}

void TableActor::seat_connection(Seat seat, const ClientPtr& client) {
    changed();  // who is connected changed, or may have
    // A connection that has ended (its `disconnected` may have run before this reached
    // the strand) is not seated: it would count as connected, and nothing would tell the
    // table when it goes. Otherwise the table is noted, so the disconnect reaches it.
    if (!ctx_.roster.note_seated(client, table_.id())) return;
    if (!client->address.empty()) load_key_ = address_key(client->address);
    // A watcher who takes a seat watches no more.
    std::erase_if(watchers_, [&](const Watcher& w) { return w.conn.lock() == client; });
    SeatLive& s = at(seat);
    for (auto& w : s.conns)
        if (w.lock() == client) return;
    s.conns.push_back(client);
    if (auto look = ctx_.store.look_of(client->player)) s.look = *look;
    if (s.grace) {
        s.grace->cancel();
        s.grace.reset();
    }
}

void TableActor::heard_from(Seat seat, const ClientPtr& client) {
    for (const auto& w : at(seat).conns)
        if (w.lock() == client) return;
    seat_connection(seat, client);
}

void TableActor::show_look(const std::string& player, const Look& look) {
    for (Seat s : kAllSeats)
        if (holder(s).person() && holder(s).player == player) at(s).look = look;
    send_info(false);
}

std::vector<Seat> TableActor::waiting_for() const {
    std::vector<Seat> out;
    if (!playing()) return out;
    const Table& t = table_;
    const Game& g = t.game();
    switch (g.phase()) {
        case Phase::Pass:
            for (Seat s : kAllSeats)
                if (t.is_human(s) && !g.has_passed(s)) out.push_back(s);
            break;
        case Phase::Play:
        case Phase::MoonChoice:
            if (t.is_human(g.to_move())) out.push_back(g.to_move());
            break;
        case Phase::HandOver:
            for (Seat s : kAllSeats)
                if (t.is_human(s) && !holder(s).ready) out.push_back(s);
            break;
        case Phase::GameOver:
            break;
    }
    return out;
}

TableInfo TableActor::info_of(std::optional<Seat> you) const {
    const TableSetup& setup = table_.setup();
    TableInfo info;
    // A quick match table is a public table to a page (one of an older version knows no
    // other kinds); `quick` says what it is.
    info.kind =
        std::string(to_string(setup.kind == TableKind::Quick ? TableKind::Public : setup.kind));
    info.quick = setup.kind == TableKind::Quick;
    if (info.quick && !started() && !over()) {
        info.fill_ms = fill_at_ms();
        info.fill_in_ms = std::max<std::int64_t>(0, *info.fill_ms - now_ms());
    }
    info.state = over() ? "finished" : !started() ? "waiting" : "playing";
    info.host = setup.host;
    info.you = you;
    info.code = setup.id;
    info.rules = to_string(setup.rules);
    info.timer = setup.timer;
    info.waiting_for = waiting_for();
    if (clock_key_ != 0) {
        info.deadline_ms = std::max<std::int64_t>(
            0, std::chrono::duration_cast<std::chrono::milliseconds>(deadline_ - Clock::now())
                   .count());
    }
    for (Seat s : kAllSeats) {
        const SeatHolder& h = holder(s);
        const SeatLive& sl = seats_[std::size_t(s)];
        SeatInfo& out = info.seats[std::size_t(s)];
        const bool empty = !started() && h.player.empty();
        if (h.person()) out.player = h.player;
        if (!empty) out.name = setup.names[std::size_t(s)];
        out.human = h.person();
        const bool conn = std::any_of(sl.conns.begin(), sl.conns.end(),
                                      [](const std::weak_ptr<Client>& w) { return !w.expired(); });
        out.connected = h.person() ? conn : !empty;
        out.away = h.person() && h.away;
        if (h.person()) out.look = sl.look;
        if (h.timer_vote) info.timer_votes.push_back(s);
        if (h.ready) info.ready.push_back(s);
        if (h.rematch_vote) info.rematch_votes.push_back(s);
        if (h.person() && h.watch_vote) info.watch_votes.push_back(s);
        if (h.person() && h.hint_vote) info.hint_votes.push_back(s);
        if (h.person() && h.rated_vote) info.rated_votes.push_back(s);
    }
    info.watchable = watchable();
    info.hints = hints_allowed();
    info.rated = rated_table(setup);
    for (const Watcher& w : watchers_) {
        if (w.conn.expired()) continue;
        if (info.watchers.size() < kWatchersListed) info.watchers.push_back({w.player, w.name});
        ++info.watcher_count;
    }
    if (!setup.next.empty()) info.next = setup.next;
    if (!setup.ended.empty()) info.ended = setup.ended;
    info.challenge = challenge_;
    return info;
}

void TableActor::send_view(const ClientPtr& client, Seat seat, bool with_chat) {
    // The names may have changed and changed back since the last update (a seat taken
    // and given up again): the next update sends them, whatever this snapshot showed.
    names_sent_ = {};
    if (started()) send(client, seat_snapshot(table_, seat));
    if (with_chat) send_recent_chat(client);
}

void TableActor::send_recent_chat(const ClientPtr& client) {
    // Read once the table's chat is stored, so a line said just now is among them.
    when_written([this, client] {
        auto lines = ctx_.store.recent_chat(table_.id(), kChatReplay);
        if (!lines) return;
        const Relations mine = ctx_.social.relations_of(client->player);
        for (const ChatLine& line : *lines)
            if (!mine.has(RelationKind::Mute, line.player))
                send(client, chat_message(table_.id(), line));
    });
}

// Sends the table's info to everyone at it when it changed (or always, with `force`).
// The countdown itself is not a change: only a new deadline is.
void TableActor::send_info(bool force) {
    TableInfo probe = info_of(std::nullopt);
    probe.deadline_ms = clock_key_ == 0 ? std::nullopt : std::optional(std::int64_t(clock_key_));
    probe.fill_in_ms = probe.fill_ms;
    if (!force && last_info_ && probe == *last_info_) return;
    last_info_ = std::move(probe);
    for (Seat s : kAllSeats) {
        SeatLive& sl = at(s);
        if (!sl.connected()) continue;
        auto frame = std::make_shared<const std::string>(table_message(table_.id(), info_of(s)));
        for (auto& w : sl.conns)
            if (auto c = w.lock()) send(c, frame);
    }
    if (watchers_.empty()) return;
    TableInfo info = info_of(std::nullopt);
    info.watching = true;
    auto frame = std::make_shared<const std::string>(table_message(table_.id(), info));
    for (auto& [c, player] : watcher_connections()) send(c, frame);
}

// The table's lobby entry (public tables only): watchers hear of it with the lobby's
// next flush.
void TableActor::publish_lobby() {
    const TableSetup& setup = table_.setup();
    if (!is_public(setup.kind)) return;
    std::optional<LobbyEntry> entry;
    if (!over()) {
        const TableInfo info = info_of(std::nullopt);
        entry = LobbyEntry{setup.id, info.rules, info.state, info.timer, info.seats, created_ms_};
        for (SeatInfo& s : entry->seats) s.connected = s.away = false;
        if (setup.kind == TableKind::Quick) {
            entry->quick = true;
            if (!started()) entry->skill = people_skill();  // read only while it matches
        }
    }
    // Like any frame: the lobby shows nothing a kill -9 could take back.
    when_written([this, id = setup.id, entry = std::move(entry)]() mutable {
        ctx_.lobby.publish(id, std::move(entry));
    });
}

void TableActor::save_meta() {
    changed();
    write(MetaWrite{table_.setup()});
}

void TableActor::end_table(const std::string& why) {
    withdraw_challenge();
    table_.setup().ended = why;
    clock_.cancel();
    clock_key_ = 0;
    announce_achievements(finish());
}

std::vector<std::string> TableActor::finish() {
    std::vector<PlayerGame> rows = player_games(table_.setup(), table_.game());
    std::vector<std::string> people;
    std::vector<int> seats;
    for (const PlayerGame& r : rows) {
        people.push_back(r.player);
        seats.push_back(int(r.seat));
    }
    std::string daily_points;
    if (!table_.setup().daily.empty()) daily_points = hand_points(table_.game(), Seat::South);
    std::string record = stored_record(table_.game());
    auto rated = rated_game(table_.setup(), table_.game());
    const bool announce_ratings = rated.has_value();
    write(FinishWrite{table_.id(), record, std::move(rows), std::move(daily_points),
                      std::move(rated)});
    if (announce_ratings) announce_rating_changes();
    if (table_.finished() && !seats.empty())
        when_written([this, seats = std::move(seats), record = std::move(record)] {
            ctx_.reviewer.after_game(table_.id(), seats, record);
        });
    return people;
}

// The store awards achievements in the transaction that stores the game's end
// (model/achievements.h); once that is durable, and after the game's last update, each person
// hears of the ones this game earned.
void TableActor::announce_achievements(std::vector<std::string> people) {
    if (people.empty()) return;
    when_written([this, people = std::move(people)] {
        for (const std::string& player : people) {
            auto earned = ctx_.store.achievements_of(player);
            if (!earned) continue;
            for (const Earned& e : *earned) {
                const AchievementDef* a = find_achievement(e.id);
                if (a && e.table == table_.id())
                    ctx_.roster.send_to_player(player, achievement_message(*a, table_.id()));
            }
        }
    });
}

// The ratings change in the transaction that stores the game's end; once that is durable,
// and after the game's last update, each rated person hears what theirs did.
void TableActor::announce_rating_changes() {
    when_written([this] {
        auto changes = ctx_.store.rating_changes(table_.id());
        if (!changes) {
            spdlog::warn("table {}: its rating changes could not be read: {}", table_.id(),
                         changes.error().reason);
            return;
        }
        for (const RatingChange& c : *changes)
            ctx_.roster.send_to_player(c.player, rating_message(c));
    });
}

void TableActor::withdraw_challenge() {
    if (!challenge_) return;
    if (!challenge_->declined) {
        when_written([this, player = challenge_->player] {
            ctx_.social.close_challenge(player, table_.id(), "withdrawn");
        });
    }
    challenge_.reset();
}

void TableActor::unload() {
    // Not while writes are on their way: a lookup would load the table from a database
    // that does not have them yet. It goes once they are written (`written`).
    if (writing() && !write_failed_) {
        unload_when_written_ = true;
        return;
    }
    unloaded_ = true;
    clock_.cancel();
    end_watching(say<"nobody_playing">());
    // A game nobody is at leaves the lobby too; it comes back if someone returns.
    if (is_public(table_.setup().kind)) {
        ctx_.lobby.publish(table_.id(), std::nullopt);
    }
    ctx_.directory.drop(*this);
}

}  // namespace hearts::server
