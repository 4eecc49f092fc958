#include <utility>  // before Asio: Boost 1.74's headers use std::exchange without it

#include "service.h"

#include <spdlog/spdlog.h>
#include <algorithm>
#include <boost/asio/bind_executor.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <deque>
#include <random>
#include <vector>

#include <nlohmann/json.hpp>

#include "hearts/ai/bot.h"
#include "hearts/random.h"
#include "hearts/record.h"
#include "names.h"

namespace hearts::server {

namespace asio = boost::asio;
using Clock = std::chrono::steady_clock;

namespace {

constexpr int kTimeoutsBeforeAway = 2;
constexpr std::uint64_t kMaxWritesInFlight =
    64;                        // per table  // turns in a row the server played for a person
constexpr int kChatBurst = 5;  // messages per kChatWindow per player and table
constexpr auto kChatWindow = std::chrono::seconds(10);
constexpr int kChatReplay = 50;             // lines sent again after resume
constexpr std::size_t kChallengeBurst = 5;  // challenges per kChallengeWindow per player
constexpr auto kChallengeWindow = std::chrono::seconds(60);
// Lobby changes are gathered this long and sent as one update.
constexpr auto kLobbyFlush = std::chrono::milliseconds(100);

std::uint64_t fresh_seed() {
    std::random_device rd;
    return (std::uint64_t(rd()) << 32) ^ rd();
}

std::int64_t now_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

std::string seat_label(Seat s) {
    return std::string(1, seat_letter(s));
}

}  // namespace

// What the service keeps per seat besides the table's own state.
struct SeatLive {
    std::vector<std::weak_ptr<Client>> conns;   // this seat's person's open connections
    int timeouts = 0;                           // turns in a row the clock ran out
    std::unique_ptr<asio::steady_timer> grace;  // running while a dropped seat is held

    bool connected() {
        std::erase_if(conns, [](const std::weak_ptr<Client>& w) { return w.expired(); });
        return !conns.empty();
    }
};

// A table with its strand, its people's connections, clocks and computer players.
//
// What it writes goes to group commit (`write`), and everything it tells anyone goes out
// through `send`: a frame waits until every write queued before it is durable, so
// nobody hears of an action that a kill -9 could take back, and frames keep their order.
struct GameService::Live : WriteSink, std::enable_shared_from_this<Live> {
    Live(asio::io_context& io, TableSetup setup, GameService& service)
        : service(service),
          strand(asio::make_strand(io)),
          table(std::move(setup)),
          clock(strand),
          load_key("table " + table.id()) {}
    GameService& service;
    Strand strand;
    Table table;
    std::array<SeatLive, kSeats> seats;
    std::array<std::unique_ptr<ai::Bot>, kSeats> bots;
    std::unique_ptr<ai::Bot> stand_in;  // acts for a person whose clock ran out
    bool bot_thinking = false;
    asio::steady_timer clock;
    std::uint64_t clock_key = 0;  // 0: no clock running
    Clock::time_point deadline;
    std::unordered_map<std::string, std::deque<Clock::time_point>> chat_times;
    std::string last_info;  // what was last sent, to skip sending the same again
    std::unique_ptr<asio::steady_timer> evict;  // set once the table is over
    // Running while the table waits for players and nobody is connected.
    std::unique_ptr<asio::steady_timer> abandon;
    // Running while a game in progress has nobody connected and nothing to do.
    std::unique_ptr<asio::steady_timer> idle;
    // Taken out of memory (idle, or over and kept long enough): work that reaches the
    // strand afterwards looks the table up again.
    bool unloaded = false;
    // When the table was opened (orders the lobby): stored, so a reload keeps it.
    std::int64_t created_ms = table.setup().created_ms ? table.setup().created_ms : now_ms();
    // The fair queue's key for this table's computer players: the address of the person
    // who last acted or came to the table (the table id until someone has).
    std::string load_key;
    // The challenge made from this table (docs/protocol.md, "Challenges"), while open or
    // declined, and who made it.
    std::optional<ChallengeInfo> challenge;
    std::string challenger;

    bool started() const { return table.setup().started; }
    bool over() const { return table.finished() || !table.setup().ended.empty(); }
    bool playing() const { return started() && !over(); }
    const SeatHolder& holder(Seat s) const { return table.setup().seats[std::size_t(s)]; }
    SeatHolder& holder(Seat s) { return table.setup().seats[std::size_t(s)]; }
    std::optional<Seat> seat_of(const std::string& player) const {
        for (Seat s : kAllSeats)
            if (holder(s).person() && holder(s).player == player) return s;
        return std::nullopt;
    }
    SeatLive& at(Seat s) { return seats[std::size_t(s)]; }

    // ---- writes and what waits for them (on the strand)
    std::uint64_t writes_queued = 0;  // writes handed to group commit
    std::uint64_t writes_done = 0;    // of those, the ones it has answered for
    bool write_failed = false;        // memory is ahead of the database: reload
    bool unload_when_written = false;
    struct Held {
        std::weak_ptr<Client> to;
        std::shared_ptr<const std::string> frame;
        std::uint64_t after;         // sent once writes_done reaches this
        Id ack;                      // an ack: on a failed write, an error for this id instead
        std::function<void()> then;  // or, instead of a frame, work to do then
    };
    std::deque<Held> held;
    bool writing() const { return writes_done < writes_queued; }

    void write(TableWrite w) {
        ++writes_queued;
        service.writer_.submit(shared_from_this(), std::move(w));
    }
    void send(const ClientPtr& client, std::shared_ptr<const std::string> frame, Id ack = {}) {
        if (!writing() && held.empty()) return client->send(std::move(frame));
        held.push_back({client, std::move(frame), writes_queued, ack, nullptr});
    }
    void send(const ClientPtr& client, std::string frame) {
        send(client, std::make_shared<const std::string>(std::move(frame)));
    }
    /// Runs `fn` on the strand once every write queued so far is durable (at once when
    /// there is none): for what reads the database and must see this table's writes.
    void when_written(std::function<void()> fn) {
        if (!writing() && held.empty()) return fn();
        held.push_back({{}, nullptr, writes_queued, {}, std::move(fn)});
    }
    void send_error(const ClientPtr& client, std::string code, std::string reason, Id id) {
        send(client, error_message({std::move(code), std::move(reason), id}));
    }
    void send_ack(const ClientPtr& client, Id id) {
        if (id)
            send(client, std::make_shared<const std::string>(ack_message(*id, table.version())),
                 id);
    }
    /// The frames whose writes are all durable now go out, in order.
    void release() {
        while (!held.empty() && held.front().after <= writes_done) {
            Held h = std::move(held.front());
            held.pop_front();
            if (h.then)
                h.then();
            else if (auto c = h.to.lock())
                c->send(std::move(h.frame));
        }
    }
    void written(std::size_t count, const Status& status) override {
        asio::post(strand, [self = shared_from_this(), count, status] {
            self->service.written(self, count, status);
        });
    }
};

GameService::GameService(asio::io_context& io, Store& store, ServiceOptions options)
    : io_(io),
      store_(store),
      options_(options),
      bots_(std::size_t(std::max(0, options.bot_threads))),
      new_players_(Budget::per_minute(options.new_players_per_minute)),
      new_tables_(Budget::per_minute(options.new_tables_per_minute)),
      wrong_codes_(Budget::per_minute(options.wrong_codes_per_minute)),
      challenges_by_address_(Budget::per_minute(options.challenges_per_minute)),
      lobby_(options.lobby_size),
      lobby_timer_(io),
      writer_(store) {}

GameService::~GameService() {
    stop();
}

void GameService::stop() {
    bots_.stop();
    writer_.stop();
}

bool GameService::spend(KeyedLimiter& limiter, const ClientPtr& client) {
    std::lock_guard lock(budget_mutex_);
    return limiter.take(address_key(client->address));
}

std::string GameService::stats_json() {
    nlohmann::ordered_json out;
    {
        std::lock_guard lock(mutex_);
        out["tables"] = tables_.size();
        out["players_online"] = connections_.size();
        out["waiting_players"] = waiting_at_.size();
    }
    const GroupCommit::Stats w = writer_.stats();
    out["writes"] = {{"batches", w.batches},
                     {"writes", w.writes},
                     {"largest_batch", w.largest},
                     {"queued", w.queued}};
    {
        std::lock_guard lock(lobby_mutex_);
        out["lobby"] = {{"listed", lobby_.listing().size()},
                        {"known", lobby_.known()},
                        {"watchers", lobby_watchers_.size()}};
    }
    return out.dump();
}

void GameService::send(const ClientPtr& client, std::string frame) {
    client->send(std::make_shared<const std::string>(std::move(frame)));
}

void GameService::send_error(const ClientPtr& client, std::string code, std::string reason, Id id) {
    send(client, error_message({std::move(code), std::move(reason), id}));
}

std::shared_ptr<GameService::Live> GameService::add_live(TableSetup setup) {
    auto live = std::make_shared<Live>(io_, std::move(setup), *this);
    std::lock_guard lock(mutex_);
    // Once stored, the table may already have been loaded by a lookup (a join racing its
    // creation): that one is the table, and there must be only one.
    auto [it, inserted] = tables_.emplace(live->table.id(), live);
    if (!inserted) return it->second;
    return live;
}

Expected<std::shared_ptr<GameService::Live>> GameService::rebuild(const StoredTable& s) {
    auto live = std::make_shared<Live>(io_, s.setup, *this);
    for (std::size_t i = 0; i < s.actions.size(); ++i) {
        if (Status ok = live->table.apply(s.actions[i]); !ok) {
            return Error{"table " + s.setup.id + ": stored action " + std::to_string(i) + " (" +
                         to_string(s.actions[i]) + ") does not replay: " + ok.error().reason};
        }
    }
    return live;
}

// Only the tables waiting for players are loaded at start-up: the lobby lists the public
// ones, and the ones nobody comes back to close after a while. A game in progress is
// loaded when one of its players comes back (`find`), so start-up does not grow with
// the number of unfinished games, and memory holds only the tables in use.
Status GameService::restore() {
    auto stored = store_.waiting_tables();
    if (!stored) return stored.error();
    for (const StoredTable& s : *stored) {
        auto live = rebuild(s);
        if (!live) return live.error();
        {
            std::lock_guard lock(mutex_);
            tables_[s.setup.id] = *live;
            for (const SeatHolder& h : s.setup.seats)
                if (h.person()) waiting_at_[h.player] = s.setup.id;
        }
        asio::post((*live)->strand, [this, l = *live] { after_change(l); });
    }
    spdlog::info(
        "restored {} tables waiting for players; games in progress load when a player "
        "comes back",
        stored->size());
    return {};
}

std::shared_ptr<GameService::Live> GameService::find(const std::string& table,
                                                     const std::string& seated) {
    {
        std::lock_guard lock(mutex_);
        auto it = tables_.find(table);
        if (it != tables_.end()) return it->second;
    }
    // Not in memory: an unfinished game in the database is loaded at the same card; for a
    // message that needs a seat, only when the sender has one there (nobody else can keep
    // other people's games in memory by naming them).
    auto stored = store_.unfinished_table(table);
    if (!stored) {
        spdlog::error("table {}: could not read it: {}", table, stored.error().reason);
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
    {
        std::lock_guard lock(mutex_);
        auto [it, inserted] = tables_.emplace(table, *live);
        if (!inserted) return it->second;  // loaded by another thread meanwhile
    }
    // A computer player may have been about to act when the table was put away.
    asio::post((*live)->strand, [this, l = *live] { after_change(l); });
    return *live;
}

template <class Fn, class Missing>
void GameService::on_table(const std::string& table, Fn fn, Missing missing, int tries,
                           const std::string& seated) {
    auto live = find(table, seated);
    if (!live) return missing();
    asio::post(live->strand, [this, live, table, tries, seated, fn = std::move(fn),
                              missing = std::move(missing)]() mutable {
        if (live->unloaded) {
            // Put away between the lookup and now: look it up again (it loads anew).
            if (tries > 0)
                return on_table(table, std::move(fn), std::move(missing), tries - 1, seated);
            return missing();
        }
        fn(live);
    });
}

template <class Work>
void GameService::at_seat(const ClientPtr& client, const std::string& table, Id id, Work work) {
    const std::string player = client->player;
    on_table(
        table,
        [client, player, id, work = std::move(work)](const std::shared_ptr<Live>& live) mutable {
            const auto seat = live->seat_of(player);
            if (!seat) return live->send_error(client, "not_found", "Game table not found", id);
            work(live, *seat);
        },
        [this, client, id] {
            spend(wrong_codes_, client);  // naming tables at random costs as a wrong code does
            send_error(client, "not_found", "Game table not found", id);
        },
        3, player);
}

void GameService::handle(const ClientPtr& client, const ClientMessage& message) {
    const auto id = message.id;
    if (auto* m = std::get_if<Hello>(&message.body)) return hello(client, *m, id);
    if (std::holds_alternative<Ping>(message.body)) return send(client, pong_message());
    if (client->player.empty()) {
        return send_error(client, "auth", "say hello first: {\"t\":\"hello\"}", id);
    }
    const auto& body = message.body;
    if (auto* m = std::get_if<NewGame>(&body)) return new_game(client, *m, id);
    if (auto* m = std::get_if<Resume>(&body)) return resume(client, *m, id);
    if (auto* m = std::get_if<PassCards>(&body))
        return human_action(client, m->table, Action::pass(Seat::South, m->cards), id);
    if (auto* m = std::get_if<PlayCard>(&body))
        return human_action(client, m->table, Action::play(Seat::South, m->card), id);
    if (auto* m = std::get_if<ChooseMoon>(&body))
        return human_action(client, m->table, Action::choose_moon(Seat::South, m->choice), id);
    if (auto* m = std::get_if<NextHand>(&body)) return next_hand(client, m->table, id);
    if (auto* m = std::get_if<SetName>(&body)) return set_name(client, *m, id);
    if (auto* m = std::get_if<CreateTable>(&body)) return create_table(client, *m, id);
    if (auto* m = std::get_if<JoinTable>(&body)) return join(client, *m, id);
    if (auto* m = std::get_if<TableCommand>(&body)) return command(client, *m, id);
    if (auto* m = std::get_if<LobbyWatch>(&body)) return watch_lobby(client, *m, id);
    if (auto* m = std::get_if<ChatSay>(&body)) return chat(client, *m, id);
    if (auto* m = std::get_if<SetRelation>(&body)) return relation(client, *m, id);
    if (auto* m = std::get_if<Challenge>(&body)) return challenge(client, *m, id);
}

// ---------------------------------------------------------------- players

Relations GameService::relations_of(const std::string& player) {
    auto r = store_.relations(player);
    if (!r) {
        spdlog::error("player {}: could not read relations: {}", player, r.error().reason);
        return {};
    }
    return *r;
}

void GameService::send_to_player(const std::string& player, const std::string& frame) {
    auto shared = std::make_shared<const std::string>(frame);
    std::vector<ClientPtr> targets;
    {
        std::lock_guard lock(mutex_);
        auto it = connections_.find(player);
        if (it == connections_.end()) return;
        std::erase_if(it->second, [](const std::weak_ptr<Client>& w) { return w.expired(); });
        for (auto& w : it->second)
            if (auto c = w.lock()) targets.push_back(c);
    }
    for (auto& c : targets) c->send(shared);
}

void GameService::hello(const ClientPtr& client, const Hello& m, Id id) {
    if (!client->player.empty()) return send_error(client, "bad_message", "already said hello", id);
    std::string player, token;
    if (m.player && m.token) {
        if (!store_.check_player(*m.player, *m.token))
            return send_error(client, "auth", "unknown player or wrong token", id);
        player = *m.player;
        token = *m.token;
    } else {
        if (!spend(new_players_, client)) {
            return send_error(client, "rate_limited",
                              "Too many new players from your address: try again in a minute", id);
        }
        auto created = store_.create_player();
        if (!created) return send_error(client, "server", created.error().reason, id);
        player = created->id;
        token = created->token;
    }
    client->player = player;
    {
        std::lock_guard lock(mutex_);
        connections_[player].push_back(client);
    }
    auto tables = store_.player_tables(player);
    auto name = store_.name_of(player);
    send(client, welcome_message(player, token, tables ? *tables : std::vector<std::string>{},
                                 name ? *name : std::nullopt, relations_of(player)));
    std::vector<std::string> open;
    {
        std::lock_guard lock(mutex_);
        if (auto it = challenges_.find(player); it != challenges_.end())
            for (const OpenChallenge& c : it->second) open.push_back(c.frame);
    }
    for (std::string& frame : open) send(client, std::move(frame));
}

void GameService::set_name(const ClientPtr& client, const SetName& m, Id id) {
    if (Status ok = store_.set_name(client->player, m.name); !ok)
        return send_error(client, "server", ok.error().reason, id);
    send_to_player(client->player, you_message(client->player, m.name));
    if (id) send(client, ack_message(*id, 0));
}

void GameService::relation(const ClientPtr& client, const SetRelation& m, Id id) {
    if (m.player == client->player)
        return send_error(client, "bad_message", "player: that is you", id);
    auto exists = store_.player_exists(m.player);
    if (!exists) return send_error(client, "server", exists.error().reason, id);
    if (!*exists) return send_error(client, "not_found", "player: no such player", id);
    if (Status ok = store_.set_relation(client->player, m.player, m.kind, m.on); !ok)
        return send_error(client, "server", ok.error().reason, id);
    send_to_player(client->player, relations_message(relations_of(client->player)));
    if (id) send(client, ack_message(*id, 0));
}

// ---------------------------------------------------------------- tables

void GameService::new_game(const ClientPtr& client, const NewGame& m, Id id) {
    auto rules = parse_rules(m.rules);
    if (!rules) return send_error(client, "bad_message", "rules: " + rules.error().reason, id);
    if (!spend(new_tables_, client)) return tables_too_fast(client, id);
    auto table_id = store_.new_table_id();
    if (!table_id) return send_error(client, "server", table_id.error().reason, id);
    TableSetup setup;
    setup.id = *table_id;
    setup.created_ms = now_ms();
    setup.owner = client->player;
    setup.rules = *rules;
    setup.seed = fresh_seed();
    setup.names = {m.name, m.names[0], m.names[1], m.names[2]};
    setup.bot_level = m.level;
    setup.seats[0].player = client->player;
    if (Status ok = store_.create_table(setup); !ok)
        return send_error(client, "server", ok.error().reason, id);
    auto live = add_live(setup);
    now_waiting_at(client->player, "");
    abandon_old_games_alone(client->player);
    asio::post(live->strand, [this, live, client, id] {
        seat_connection(*live, Seat::South, client);
        after_change(live, true);
        send_view(*live, client, Seat::South, false);
        live->send_ack(client, id);
    });
}

// A player keeps at most a few unfinished games against computer players alone (solo
// games, or a table started with nobody else; the page resumes the newest); older ones
// are closed as abandoned, so starting games without end fills neither memory nor the
// list of games to resume.
void GameService::abandon_old_games_alone(const std::string& player) {
    auto mine = store_.games_alone(player);
    if (!mine) {
        spdlog::error("player {}: could not list the solo games: {}", player, mine.error().reason);
        return;
    }
    for (std::size_t k = options_.max_solo_games; k < mine->size(); ++k) {
        on_table((*mine)[k],
                 [this](const std::shared_ptr<Live>& live) {
                     if (live->over()) return;
                     end_table(*live, "abandoned");
                     save_meta(*live);
                     after_change(live, true);
                 },
                 [] {});
    }
}

void GameService::create_table(const ClientPtr& client, const CreateTable& m, Id id) {
    auto name = store_.name_of(client->player);
    if (!name) return send_error(client, "server", name.error().reason, id);
    if (!*name) return send_error(client, "no_name", "Enter your name", id);
    auto rules = parse_rules(m.rules);
    if (!rules) return send_error(client, "bad_message", "rules: " + rules.error().reason, id);
    if (!spend(new_tables_, client)) return tables_too_fast(client, id);
    auto table_id = store_.new_table_id();
    if (!table_id) return send_error(client, "server", table_id.error().reason, id);
    open_table(client, *table_id, **name, *rules,
               m.is_private ? TableKind::Private : TableKind::Public, m.timer, std::nullopt, id);
}

void GameService::open_table(const ClientPtr& client, const std::string& table_id,
                             const std::string& host_name, const Rules& rules, TableKind kind,
                             int timer, std::optional<ChallengeInfo> challenge, Id id) {
    TableSetup setup;
    setup.id = table_id;
    setup.created_ms = now_ms();
    setup.owner = client->player;
    setup.rules = rules;
    setup.seed = fresh_seed();
    setup.names = {host_name, "", "", ""};
    setup.bot_level = "expert";
    setup.kind = kind;
    setup.started = false;
    setup.timer = timer;
    setup.seats[0].player = client->player;
    if (Status ok = store_.create_table(setup); !ok) {
        if (challenge) close_challenge(challenge->player, table_id, "");
        return send_error(client, "server", ok.error().reason, id);
    }
    auto live = add_live(setup);
    now_waiting_at(client->player, table_id);
    asio::post(live->strand, [this, live, client, id, challenge = std::move(challenge)] {
        if (challenge) {
            live->challenge = challenge;
            live->challenger = client->player;
        }
        seat_connection(*live, Seat::South, client);
        live->send_ack(client, id);
        after_change(live, true);
        if (challenge) {
            std::string frame;
            {
                std::lock_guard lock(mutex_);
                if (auto it = challenges_.find(challenge->player); it != challenges_.end())
                    for (const OpenChallenge& c : it->second)
                        if (c.table == live->table.id()) frame = c.frame;
            }
            if (!frame.empty()) send_to_player(challenge->player, frame);
        }
    });
}

void GameService::challenge(const ClientPtr& client, const Challenge& m, Id id) {
    const std::string& me = client->player;
    auto name = store_.name_of(me);
    if (!name) return send_error(client, "server", name.error().reason, id);
    if (!*name) return send_error(client, "no_name", "Enter your name", id);
    if (m.player == me) return send_error(client, "bad_message", "player: that is you", id);
    auto exists = store_.player_exists(m.player);
    if (!exists) return send_error(client, "server", exists.error().reason, id);
    if (!*exists) return send_error(client, "not_found", "player: no such player", id);
    auto their_name = store_.name_of(m.player);
    if (!their_name) return send_error(client, "server", their_name.error().reason, id);
    const std::string them = their_name->value_or("This player");
    if (relations_of(m.player).has(RelationKind::Block, me))
        return send_error(client, "blocked", "You can't challenge this player", id);
    if (relations_of(me).has(RelationKind::Block, m.player)) {
        return send_error(client, "blocked",
                          "You have blocked " + them + ": unblock them to challenge them", id);
    }
    auto rules = parse_rules(m.rules);
    if (!rules) return send_error(client, "bad_message", "rules: " + rules.error().reason, id);
    if (!spend(challenges_by_address_, client)) {
        return send_error(client, "rate_limited",
                          "Too many challenges from your address: try again in a minute", id);
    }
    if (!spend(new_tables_, client)) return tables_too_fast(client, id);
    auto table_id = store_.new_table_id();
    if (!table_id) return send_error(client, "server", table_id.error().reason, id);
    {
        // Every check that another connection could race is made, and its effect
        // recorded, under one lock.
        std::lock_guard lock(mutex_);
        auto online = connections_.find(m.player);
        const bool is_online =
            online != connections_.end() &&
            std::any_of(online->second.begin(), online->second.end(),
                        [](const std::weak_ptr<Client>& w) { return !w.expired(); });
        if (!is_online) return send_error(client, "offline", them + " is not online right now", id);
        auto& open = challenges_[m.player];
        if (std::any_of(open.begin(), open.end(),
                        [&](const OpenChallenge& c) { return c.from == me; })) {
            return send_error(client, "state",
                              "You have already challenged " + them + ": wait for their answer",
                              id);
        }
        const auto now = Clock::now();
        std::erase_if(challenge_times_, [&](const auto& entry) {  // forget the quiet
            return entry.second.empty() || now - entry.second.back() >= kChallengeWindow;
        });
        auto& times = challenge_times_[me];
        while (!times.empty() && now - times.front() >= kChallengeWindow) times.pop_front();
        if (times.size() >= kChallengeBurst) {
            return send_error(client, "rate_limited",
                              "You are challenging too often: at most " +
                                  std::to_string(kChallengeBurst) + " challenges a minute",
                              id);
        }
        times.push_back(now);
        open.push_back({*table_id, me,
                        challenge_message(*table_id, {me, **name}, to_string(*rules), m.timer)});
    }
    open_table(client, *table_id, **name, *rules, TableKind::Private, m.timer,
               ChallengeInfo{m.player, them, false}, id);
}

bool GameService::close_challenge(const std::string& player, const std::string& table,
                                  std::string_view reason) {
    {
        std::lock_guard lock(mutex_);
        auto it = challenges_.find(player);
        if (it == challenges_.end()) return false;
        const auto gone =
            std::erase_if(it->second, [&](const OpenChallenge& c) { return c.table == table; });
        if (it->second.empty()) challenges_.erase(it);
        if (gone == 0) return false;
    }
    if (!reason.empty()) send_to_player(player, challenge_over_message(table, reason));
    return true;
}

void GameService::withdraw_challenge(Live& live) {
    if (!live.challenge) return;
    if (!live.challenge->declined)
        close_challenge(live.challenge->player, live.table.id(), "withdrawn");
    live.challenge.reset();
}

void GameService::decline(const ClientPtr& client, const std::string& table, Id id) {
    const std::string player = client->player;
    const auto none = [client, id] {
        send_error(client, "not_found", "There is no open challenge to you at this table", id);
    };
    on_table(
        table,
        [this, client, player, id, none](const std::shared_ptr<Live>& live) {
            auto& c = live->challenge;
            if (!c || c->player != player || c->declined || live->seat_of(player)) return none();
            c->declined = true;
            close_challenge(player, live->table.id(), "declined");
            live->send_ack(client, id);
            after_change(live, true);
        },
        none);
}

void GameService::join(const ClientPtr& client, const JoinTable& m, Id id) {
    // Guessing codes: after a few wrong ones from an address, joins wait a minute.
    {
        std::lock_guard lock(budget_mutex_);
        if (!wrong_codes_.available(address_key(client->address))) {
            return send_error(client, "rate_limited",
                              "Too many wrong table codes: wait a minute before trying again", id);
        }
    }
    auto name = store_.name_of(client->player);
    if (!name) return send_error(client, "server", name.error().reason, id);
    const std::string player = client->player;
    const bool confirm = m.confirm;
    const std::optional<std::string> known = *name;
    on_table(
        m.table,
        [this, client, player, id, confirm, known](const std::shared_ptr<Live>& live) {
            join_at(live, client, player, known, confirm, id);
        },
        [this, client, id] {
            spend(wrong_codes_, client);
            send_error(client, "not_found", "Game table not found", id);
        });
}

void GameService::tables_too_fast(const ClientPtr& client, Id id) {
    send_error(client, "rate_limited",
               "You are starting games too fast: at most " +
                   std::to_string(int(options_.new_tables_per_minute)) +
                   " a minute from your address",
               id);
}

void GameService::join_at(const std::shared_ptr<Live>& live, const ClientPtr& client,
                          const std::string& player, const std::optional<std::string>& known,
                          bool confirm, Id id) {
    if (!known) return live->send_error(client, "no_name", "Enter your name", id);
    const std::string& name = *known;
    {
        Table& t = live->table;
        if (auto seat = live->seat_of(player)) {  // already here: like resume
            seat_connection(*live, *seat, client);
            live->send_ack(client, id);
            after_change(live, true);
            return send_view(*live, client, *seat, true);
        }
        if (live->over()) return live->send_error(client, "state", "This game is over", id);
        if (t.setup().kind == TableKind::Solo)
            return live->send_error(client, "not_found", "Game table not found", id);
        // Blocks, both ways: someone seated blocked me (refused), or I blocked someone
        // seated (asked first).
        const Relations mine = relations_of(player);
        for (Seat s : kAllSeats) {
            const SeatHolder& h = live->holder(s);
            if (!h.person()) continue;
            if (relations_of(h.player).has(RelationKind::Block, player)) {
                return live->send_error(client, "blocked",
                                        "You can't join this table: a player there has blocked you",
                                        id);
            }
            if (!confirm && mine.has(RelationKind::Block, h.player)) {
                return live->send_error(
                    client, "confirm_blocked",
                    "This table has a player (" + t.setup().names[std::size_t(s)] +
                        ") that you have blocked previously (perhaps under another "
                        "name). Are you sure you want to join it?",
                    id);
            }
        }
        std::optional<Seat> free;
        for (Seat s : kAllSeats) {
            if (live->holder(s).person()) continue;
            free = s;
            break;
        }
        if (!free) return live->send_error(client, "full", "This table is full", id);
        // Two people whose names look the same could not tell each other apart, and
        // one could pass for the other.
        for (Seat s : kAllSeats) {
            if (!live->holder(s).person()) continue;
            const std::string& theirs = t.setup().names[std::size_t(s)];
            if (looks_alike(name, theirs)) {
                return live->send_error(
                    client, "name_taken",
                    theirs +
                        " is at this table, and your name looks the same: change "
                        "your name to join",
                    id);
            }
        }
        if (live->started() && t.game().phase() != Phase::HandOver) {
            return live->send_error(client, "state",
                                    "The game has started: you can take a computer player's seat "
                                    "between hands",
                                    id);
        }
        TableSetup& setup = t.setup();
        setup.seats[std::size_t(*free)] = SeatHolder{player, false, false};
        setup.names[std::size_t(*free)] = name;
        live->at(*free) = SeatLive{};
        live->bots[std::size_t(*free)].reset();
        save_meta(*live);
        seat_connection(*live, *free, client);
        if (live->challenge && live->challenge->player == player) {
            live->challenge.reset();
            close_challenge(player, t.id(), "joined");
        }
        now_waiting_at(player, live->started() ? "" : t.id());
        live->send_ack(client, id);
        after_change(live, true);
        send_view(*live, client, *free, true);
    }
}

void GameService::resume(const ClientPtr& client, const Resume& m, Id id) {
    at_seat(client, m.table, id, [this, client, id](const std::shared_ptr<Live>& live, Seat seat) {
        seat_connection(*live, seat, client);
        if (live->holder(seat).away && !live->over()) {
            live->table.setup().seats[std::size_t(seat)].away = false;
            live->at(seat).timeouts = 0;
            save_meta(*live);
            live->send(client, removed_message(live->table.id()));
        }
        after_change(live, true);
        send_view(*live, client, seat, true);
        live->send_ack(client, id);
    });
}

void GameService::human_action(const ClientPtr& client, const std::string& table, Action action,
                               Id id) {
    at_seat(client, table, id,
            [this, client, action, id](const std::shared_ptr<Live>& live, Seat seat) mutable {
                action.seat = seat;
                if (!client->address.empty()) live->load_key = address_key(client->address);
                if (!live->started())
                    return live->send_error(client, "state", "The game has not started yet", id);
                if (live->over()) return live->send_error(client, "state", "This game is over", id);
                const Game& g = live->table.game();
                if (action.kind == ActionKind::Play && g.phase() == Phase::Play &&
                    g.to_move() != seat) {
                    return live->send_error(
                        client, "not_your_turn",
                        "it is " + live->table.setup().names[std::size_t(g.to_move())] + "'s turn",
                        id);
                }
                // Acting is coming back: a person whose seat a computer player held
                // takes it again.
                if (live->holder(seat).away) {
                    live->table.setup().seats[std::size_t(seat)].away = false;
                    save_meta(*live);
                }
                if (Status ok = commit(*live, action); !ok)
                    return live->send_error(client, "illegal", ok.error().reason, id);
                live->at(seat).timeouts = 0;
                live->send_ack(client, id);
                after_change(live);
            });
}

void GameService::next_hand(const ClientPtr& client, const std::string& table, Id id) {
    at_seat(client, table, id, [this, client, id](const std::shared_ptr<Live>& live, Seat seat) {
        if (!live->playing() || live->table.game().phase() != Phase::HandOver)
            return live->send_error(client, "illegal", "the hand is not over yet", id);
        live->holder(seat).ready = true;
        live->at(seat).timeouts = 0;
        save_meta(*live);
        after_change(live);
        live->send_ack(client, id);
    });
}

void GameService::command(const ClientPtr& client, const TableCommand& m, Id id) {
    using Kind = TableCommand::Kind;
    const Kind kind = m.kind;
    if (kind == Kind::Decline) return decline(client, m.table, id);
    at_seat(
        client, m.table, id,
        [this, client, id, kind](const std::shared_ptr<Live>& live, Seat seat) {
            Table& t = live->table;
            TableSetup& setup = t.setup();
            const auto ok = [&] { live->send_ack(client, id); };
            switch (kind) {
                case Kind::Start: {
                    if (seat != setup.host)
                        return live->send_error(client, "not_host", "Only the host can start", id);
                    if (live->started())
                        return live->send_error(client, "state", "The game has started", id);
                    std::size_t next_name = 0;
                    // Computer players get names that look like nobody's at the table.
                    const auto taken = [&](const char* candidate) {
                        return std::any_of(setup.names.begin(), setup.names.end(),
                                           [&](const std::string& n) {
                                               return !n.empty() && looks_alike(n, candidate);
                                           });
                    };
                    for (Seat s : kAllSeats) {
                        if (live->holder(s).person()) continue;
                        while (taken(kBotNames[next_name % kBotNames.size()]) && next_name < 64)
                            ++next_name;
                        setup.names[std::size_t(s)] = kBotNames[next_name % kBotNames.size()];
                        setup.seats[std::size_t(s)] = SeatHolder{};
                    }
                    setup.started = true;
                    withdraw_challenge(*live);
                    for (const SeatHolder& h : setup.seats)
                        if (h.person()) forget_waiting(h.player, setup.id);
                    save_meta(*live);
                    // Once the start is stored: the count of games alone reads it.
                    live->when_written(
                        [this, owner = setup.owner] { abandon_old_games_alone(owner); });
                    ok();
                    after_change(live, true);
                    for (Seat s : kAllSeats)
                        for (auto& w : live->at(s).conns)
                            if (auto c = w.lock()) send_view(*live, c, s, false);
                    return;
                }
                case Kind::Leave: {
                    if (live->started()) {
                        return live->send_error(client, "state",
                                                "The game has started: concede to leave it", id);
                    }
                    return vacate(live, seat, ok);
                }
                case Kind::TimerOff: {
                    if (setup.timer == 0) return ok();
                    live->holder(seat).timer_vote = true;
                    const bool all =
                        std::all_of(std::begin(kAllSeats), std::end(kAllSeats), [&](Seat s) {
                            return !live->holder(s).human() || live->holder(s).timer_vote;
                        });
                    if (all) {
                        setup.timer = 0;
                        for (SeatHolder& h : setup.seats) h.timer_vote = false;
                    }
                    save_meta(*live);
                    ok();
                    return after_change(live);
                }
                case Kind::Reclaim: {
                    if (live->holder(seat).away && !live->over()) {
                        setup.seats[std::size_t(seat)].away = false;
                        live->at(seat).timeouts = 0;
                        save_meta(*live);
                    }
                    ok();
                    return after_change(live);
                }
                case Kind::Concede: {
                    if (!live->started() || live->over())
                        return live->send_error(client, "state", "There is no game to concede", id);
                    setup.seats[std::size_t(seat)] =
                        SeatHolder{live->holder(seat).player, live->holder(seat).away, true};
                    auto conns = std::move(live->at(seat).conns);
                    live->at(seat) = SeatLive{};
                    const bool nobody =
                        std::none_of(std::begin(kAllSeats), std::end(kAllSeats),
                                     [&](Seat s) { return live->holder(s).person(); });
                    if (nobody) end_table(*live, "conceded");
                    save_meta(*live);
                    ok();
                    for (auto& w : conns)
                        if (auto c = w.lock())
                            live->send(c, table_message(t.id(), info_of(*live, std::nullopt)));
                    return after_change(live);
                }
                case Kind::Decline:  // handled above: the decliner has no seat
                    return;
                case Kind::Rematch: {
                    if (!t.finished())
                        return live->send_error(client, "state", "The game is not over yet", id);
                    if (!setup.next.empty()) return ok();
                    live->holder(seat).rematch_vote = true;
                    save_meta(*live);
                    ok();
                    const bool all =
                        std::all_of(std::begin(kAllSeats), std::end(kAllSeats), [&](Seat s) {
                            return !live->holder(s).human() || live->holder(s).rematch_vote;
                        });
                    if (all) return start_rematch(live);
                    return after_change(live);
                }
            }
        });
}

void GameService::start_rematch(const std::shared_ptr<Live>& live) {
    Table& old = live->table;
    auto table_id = store_.new_table_id();
    if (!table_id) {
        spdlog::error("table {}: no id for the rematch: {}", old.id(), table_id.error().reason);
        return;
    }
    TableSetup setup;
    setup.id = *table_id;
    setup.created_ms = now_ms();
    setup.rules = old.setup().rules;
    setup.seed = fresh_seed();
    setup.names = old.setup().names;
    setup.bot_level = old.setup().bot_level;
    setup.kind = old.setup().kind;
    setup.started = true;
    setup.timer = old.setup().timer;
    std::optional<Seat> host;
    for (Seat s : kAllSeats) {
        const SeatHolder& h = live->holder(s);
        if (h.human() && h.rematch_vote) {
            setup.seats[std::size_t(s)].player = h.player;
            if (!host || s == old.setup().host) host = s;
        }
    }
    if (!host) return;
    setup.host = *host;
    setup.owner = setup.seats[std::size_t(*host)].player;
    if (Status ok = store_.create_table(setup); !ok) {
        spdlog::error("table {}: could not store the rematch: {}", old.id(), ok.error().reason);
        return;
    }
    old.setup().next = setup.id;
    save_meta(*live);
    auto next = add_live(setup);
    std::array<std::vector<std::weak_ptr<Client>>, kSeats> moving;
    const std::string notice = rematch_message(old.id(), setup.id);
    for (Seat s : kAllSeats) {
        for (auto& w : live->at(s).conns)
            if (auto c = w.lock()) live->send(c, notice);
        if (!setup.seats[std::size_t(s)].player.empty()) moving[std::size_t(s)] = live->at(s).conns;
    }
    send_info(*live, true);
    // The people move once the old table's news (the rematch) has gone out to them.
    live->when_written([this, next, moving] {
        asio::post(next->strand, [this, next, moving] {
            for (Seat s : kAllSeats)
                for (auto& w : moving[std::size_t(s)])
                    if (auto c = w.lock()) seat_connection(*next, s, c);
            after_change(next, true);
            for (Seat s : kAllSeats)
                for (auto& w : next->at(s).conns)
                    if (auto c = w.lock()) send_view(*next, c, s, false);
        });
    });
}

void GameService::vacate(const std::shared_ptr<Live>& live, Seat seat,
                         const std::function<void()>& done) {
    Table& t = live->table;
    TableSetup& setup = t.setup();
    const std::string player = live->holder(seat).player;
    setup.seats[std::size_t(seat)] = SeatHolder{};
    setup.names[std::size_t(seat)] = "";
    auto conns = std::move(live->at(seat).conns);
    live->at(seat) = SeatLive{};
    if (player == live->challenger) withdraw_challenge(*live);
    if (seat == setup.host) {
        for (Seat s : kAllSeats) {
            if (!live->holder(s).person()) continue;
            setup.host = s;
            setup.owner = live->holder(s).player;
            break;
        }
    }
    const bool empty = std::none_of(std::begin(kAllSeats), std::end(kAllSeats),
                                    [&](Seat s) { return live->holder(s).person(); });
    if (empty) end_table(*live, "closed");
    forget_waiting(player, t.id());
    save_meta(*live);
    if (done) done();  // after every effect: the next message may rely on them
    for (auto& w : conns)
        if (auto c = w.lock()) live->send(c, table_message(t.id(), info_of(*live, std::nullopt)));
    after_change(live);
}

void GameService::now_waiting_at(const std::string& player, const std::string& table) {
    std::string before;
    {
        std::lock_guard lock(mutex_);
        auto it = waiting_at_.find(player);
        if (it != waiting_at_.end()) before = it->second;
        if (table.empty()) {
            if (it != waiting_at_.end()) waiting_at_.erase(it);
        } else {
            waiting_at_[player] = table;
        }
    }
    if (before.empty() || before == table) return;
    on_table(
        before,
        [this, player](const std::shared_ptr<Live>& old) {
            const auto seat = old->seat_of(player);
            if (seat && !old->started() && !old->over()) vacate(old, *seat, nullptr);
        },
        [] {});
}

void GameService::forget_waiting(const std::string& player, const std::string& table) {
    std::lock_guard lock(mutex_);
    auto it = waiting_at_.find(player);
    if (it != waiting_at_.end() && it->second == table) waiting_at_.erase(it);
}

void GameService::watch_lobby(const ClientPtr& client, const LobbyWatch& m, Id id) {
    if (id) send(client, ack_message(*id, 0));
    std::lock_guard lock(lobby_mutex_);
    std::erase_if(lobby_watchers_, [&](const std::weak_ptr<Client>& w) {
        auto c = w.lock();
        return !c || c == client;
    });
    if (!m.on) return;
    lobby_watchers_.push_back(client);
    // The listing as of the last flush, built once per change for every new watcher.
    if (!lobby_snapshot_)
        lobby_snapshot_ = std::make_shared<const std::string>(lobby_message(lobby_.listing()));
    client->send(lobby_snapshot_);
}

void GameService::chat(const ClientPtr& client, const ChatSay& m, Id id) {
    const std::string text = m.text;
    at_seat(client, m.table, id,
            [this, client, id, text](const std::shared_ptr<Live>& live, Seat seat) {
                auto& times = live->chat_times[client->player];
                const auto now = Clock::now();
                while (!times.empty() && now - times.front() >= kChatWindow) times.pop_front();
                if (int(times.size()) >= kChatBurst) {
                    return live->send_error(client, "rate_limited",
                                            "You are sending messages too fast: at most " +
                                                std::to_string(kChatBurst) + " in 10 seconds",
                                            id);
                }
                times.push_back(now);
                const ChatLine line{seat, client->player,
                                    live->table.setup().names[std::size_t(seat)], text, now_ms()};
                live->write(ChatWrite{live->table.id(), line});
                auto frame =
                    std::make_shared<const std::string>(chat_message(live->table.id(), line));
                for (Seat s : kAllSeats) {
                    const SeatHolder& h = live->holder(s);
                    if (!h.person() || !live->at(s).connected()) continue;
                    if (h.player != line.player &&
                        relations_of(h.player).has(RelationKind::Mute, line.player))
                        continue;
                    for (auto& w : live->at(s).conns)
                        if (auto c = w.lock()) live->send(c, frame);
                }
                live->send_ack(client, id);
            });
}

void GameService::disconnected(const ClientPtr& client) {
    {
        std::lock_guard lock(lobby_mutex_);
        std::erase_if(lobby_watchers_, [&](const std::weak_ptr<Client>& w) {
            auto c = w.lock();
            return !c || c == client;
        });
    }
    // Only the tables this connection was seated at hear of it.
    std::vector<std::shared_ptr<Live>> tables;
    {
        std::lock_guard lock(mutex_);
        if (auto it = connections_.find(client->player); it != connections_.end()) {
            std::erase_if(it->second, [&](const std::weak_ptr<Client>& w) {
                auto c = w.lock();
                return !c || c == client;
            });
            if (it->second.empty()) connections_.erase(it);
        }
        client->gone = true;
        for (const std::string& id : client->tables)
            if (auto it = tables_.find(id); it != tables_.end()) tables.push_back(it->second);
        client->tables.clear();
    }
    for (auto& live : tables) {
        asio::post(live->strand, [this, live, client] {
            bool changed = false;
            for (auto& seat : live->seats) {
                const auto before = seat.conns.size();
                std::erase_if(seat.conns, [&](const std::weak_ptr<Client>& w) {
                    auto c = w.lock();
                    return !c || c == client;
                });
                changed = changed || seat.conns.size() != before;
            }
            if (changed) after_change(live);
        });
    }
}

// ---------------------------------------------------------------- on the strand

void GameService::seat_connection(Live& live, Seat seat, const ClientPtr& client) {
    {
        // A connection that has ended (its `disconnected` may have run before this reached
        // the strand) is not seated: it would count as connected, and nothing would tell
        // the table when it goes. Otherwise the table is noted, so the disconnect reaches it.
        std::lock_guard lock(mutex_);
        if (client->gone) return;
        auto& mine = client->tables;
        if (std::find(mine.begin(), mine.end(), live.table.id()) == mine.end())
            mine.push_back(live.table.id());
    }
    if (!client->address.empty()) live.load_key = address_key(client->address);
    SeatLive& s = live.at(seat);
    for (auto& w : s.conns)
        if (w.lock() == client) return;
    s.conns.push_back(client);
    if (s.grace) {
        s.grace->cancel();
        s.grace.reset();
    }
}

std::vector<Seat> GameService::waiting_for(const Live& live) const {
    std::vector<Seat> out;
    if (!live.playing()) return out;
    const Table& t = live.table;
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
                if (t.is_human(s) && !live.holder(s).ready) out.push_back(s);
            break;
        case Phase::GameOver:
            break;
    }
    return out;
}

TableInfo GameService::info_of(const Live& live, std::optional<Seat> you) const {
    const TableSetup& setup = live.table.setup();
    TableInfo info;
    info.kind = std::string(to_string(setup.kind));
    info.state = live.over() ? "finished" : !live.started() ? "waiting" : "playing";
    info.host = setup.host;
    info.you = you;
    info.code = setup.id;
    info.rules = to_string(setup.rules);
    info.timer = setup.timer;
    info.waiting_for = waiting_for(live);
    if (live.clock_key != 0) {
        info.deadline_ms = std::max<std::int64_t>(
            0, std::chrono::duration_cast<std::chrono::milliseconds>(live.deadline - Clock::now())
                   .count());
    }
    for (Seat s : kAllSeats) {
        const SeatHolder& h = live.holder(s);
        const SeatLive& sl = live.seats[std::size_t(s)];
        SeatInfo& out = info.seats[std::size_t(s)];
        const bool empty = !live.started() && h.player.empty();
        if (h.person()) out.player = h.player;
        if (!empty) out.name = setup.names[std::size_t(s)];
        out.human = h.person();
        const bool conn = std::any_of(sl.conns.begin(), sl.conns.end(),
                                      [](const std::weak_ptr<Client>& w) { return !w.expired(); });
        out.connected = h.person() ? conn : !empty;
        out.away = h.person() && h.away;
        if (h.timer_vote) info.timer_votes.push_back(s);
        if (h.ready) info.ready.push_back(s);
        if (h.rematch_vote) info.rematch_votes.push_back(s);
    }
    if (!setup.next.empty()) info.next = setup.next;
    if (!setup.ended.empty()) info.ended = setup.ended;
    info.challenge = live.challenge;
    return info;
}

void GameService::send_view(Live& live, const ClientPtr& client, Seat seat, bool with_chat) {
    const Table& t = live.table;
    if (live.started())
        live.send(client, snapshot_message(t.id(), t.version(), t.view(seat), t.setup().names));
    if (!with_chat) return;
    // Read once the table's chat is stored, so a line said just now is among them.
    live.when_written([this, l = &live, client] {
        auto lines = store_.recent_chat(l->table.id(), kChatReplay);
        if (!lines) return;
        const Relations mine = relations_of(client->player);
        for (const ChatLine& line : *lines)
            if (!mine.has(RelationKind::Mute, line.player))
                l->send(client, chat_message(l->table.id(), line));
    });
}

// Sends the table's info to everyone at it when it changed (or always, with `force`).
// The countdown itself is not a change: only a new deadline is.
void GameService::send_info(Live& live, bool force) {
    TableInfo probe = info_of(live, std::nullopt);
    probe.deadline_ms =
        live.clock_key == 0 ? std::nullopt : std::optional(std::int64_t(live.clock_key));
    std::string key = table_message(live.table.id(), probe);
    if (!force && key == live.last_info) return;
    live.last_info = std::move(key);
    for (Seat s : kAllSeats) {
        SeatLive& sl = live.at(s);
        if (!sl.connected()) continue;
        auto frame =
            std::make_shared<const std::string>(table_message(live.table.id(), info_of(live, s)));
        for (auto& w : sl.conns)
            if (auto c = w.lock()) live.send(c, frame);
    }
}

void GameService::save_meta(Live& live) {
    live.write(MetaWrite{live.table.setup()});
}

void GameService::end_table(Live& live, const std::string& why) {
    withdraw_challenge(live);
    live.table.setup().ended = why;
    live.clock.cancel();
    live.clock_key = 0;
    live.write(FinishWrite{live.table.id(), to_record_json(live.table.game())});
}

Status GameService::commit(Live& live, const Action& action) {
    Table& t = live.table;
    if (Status ok = t.game().validate(action); !ok) return ok;
    if (action.kind == ActionKind::NextHand && t.game().phase() != Phase::HandOver)
        return Error{"the hand is not over yet"};
    if (live.unloaded) return Error{"the table was put away"};
    const auto seq = std::int64_t(t.game().history().size());
    const std::int64_t before = t.version();
    Status applied = t.apply(action);
    if (!applied) return applied;  // cannot happen after validate; reported as illegal
    live.write(ActionWrite{t.id(), seq, action});
    if (action.kind == ActionKind::NextHand) {
        for (SeatHolder& h : t.setup().seats) h.ready = false;
        save_meta(live);
    }
    if (t.finished()) live.write(FinishWrite{t.id(), to_record_json(t.game())});
    broadcast_since(live, before);
    // Everyone has been sent these events, and whoever comes back gets a snapshot, so
    // a table holds no game's worth of them.
    t.forget_events();
    return {};
}

void GameService::written(const std::shared_ptr<Live>& live, std::size_t count,
                          const Status& status) {
    live->writes_done += count;
    if (!status) return reload_after_failure(live, status);
    if (live->write_failed) return;
    live->release();
    if (live->writing()) return;
    if (live->unload_when_written) {
        live->unload_when_written = false;
        // Still nobody's: someone may have come back while the writes went out.
        const bool nobody = std::none_of(live->seats.begin(), live->seats.end(),
                                         [](SeatLive& s) { return s.connected(); });
        if (live->over() || (nobody && !live->bot_thinking)) return unload(*live);
    }
    schedule_bot(live);  // it may have waited for the disk (kMaxWritesInFlight)
}

// A write failed (the disk is full, the database was changed under us): the table in
// memory is ahead of the one stored. Nobody has been told anything the database does not
// have, so the table is dropped and loaded again from what is stored, and its people get
// it afresh at that card; whoever was waiting for an ack gets an error instead.
void GameService::reload_after_failure(const std::shared_ptr<Live>& live, const Status& why) {
    if (live->write_failed) return;
    live->write_failed = true;
    const std::string id = live->table.id();
    spdlog::error("table {}: a write failed, so it is loaded again from the database: {}", id,
                  why.error().reason);
    for (Live::Held& h : live->held) {
        auto c = h.to.lock();
        if (c && h.ack)
            send_error(c, "server", "could not save the move: " + why.error().reason, h.ack);
    }
    live->held.clear();
    std::array<std::vector<std::weak_ptr<Client>>, kSeats> people;
    for (Seat s : kAllSeats) people[std::size_t(s)] = std::move(live->at(s).conns);
    for (auto& t : {&live->idle, &live->abandon, &live->evict})
        if (*t) (*t)->cancel();
    unload(*live);
    on_table(
        id,
        [this, people](const std::shared_ptr<Live>& fresh) {
            for (Seat s : kAllSeats)
                for (auto& w : people[std::size_t(s)])
                    if (auto c = w.lock(); c && fresh->holder(s).person())
                        seat_connection(*fresh, s, c);
            after_change(fresh, true);
            for (Seat s : kAllSeats)
                for (auto& w : fresh->at(s).conns)
                    if (auto c = w.lock()) send_view(*fresh, c, s, false);
        },
        [people, id] {
            for (const auto& seat : people)
                for (auto& w : seat)
                    if (auto c = w.lock())
                        send_error(c, "server", "table " + id + " could not be loaded again", {});
        });
}

void GameService::broadcast_since(Live& live, std::int64_t from_version) {
    const Table& t = live.table;
    for (Seat seat : kAllSeats) {
        SeatLive& sl = live.at(seat);
        if (!sl.connected()) continue;
        // One view per broadcast: events after `from_version` are sent with the view as
        // it is now, serialised once for all of them; the client animates the events and
        // then shows the view.
        std::string view;
        for (const TableEvent& e : t.events()) {
            if (e.version <= from_version) continue;
            if (view.empty()) view = view_json(t.view(seat), t.setup().names);
            auto frame = std::make_shared<const std::string>(
                update_message(t.id(), e.version, e.json, view));
            for (auto& w : sl.conns)
                if (auto c = w.lock()) live.send(c, frame);
        }
    }
}

// Everything that follows a change at a table: deal the next hand when everyone is
// ready, let a computer player act, run the clocks, tell the people and the lobby.
void GameService::after_change(const std::shared_ptr<Live>& live, bool tell_everyone) {
    maybe_deal_next(*live);  // the clocks and bots below then see the new hand
    schedule_bot(live);
    watch_presence(live);
    watch_waiting(live);
    arm_clock(live);
    send_info(*live, tell_everyone);
    publish_lobby(*live);
    watch_idle(live);
    if (live->over() && !live->evict) {
        // An abandoned game is nobody's to come back to: it goes at once.
        const double keep = live->table.setup().ended == "abandoned"
                                ? 0.0
                                : std::max(0.0, options_.keep_finished_seconds);
        live->evict = std::make_unique<asio::steady_timer>(
            live->strand, std::chrono::milliseconds(std::int64_t(keep * 1000)));
        std::weak_ptr<Live> weak = live;
        live->evict->async_wait([this, weak](const boost::system::error_code& ec) {
            auto l = weak.lock();
            if (ec || !l) return;
            unload(*l);
        });
    }
}

// A game in progress that nobody is connected to and that waits for nobody's computer
// player is put away after a while; it loads again, at the same card, when a player
// comes back (`find`). Memory then holds the tables in use, not every table ever begun.
void GameService::watch_idle(const std::shared_ptr<Live>& live) {
    const auto idle = [](Live& l) {
        return l.playing() && !l.bot_thinking &&
               std::none_of(l.seats.begin(), l.seats.end(),
                            [](SeatLive& s) { return s.connected(); });
    };
    if (!idle(*live)) {
        if (live->idle) live->idle->cancel();
        live->idle.reset();
        return;
    }
    if (live->idle) return;
    live->idle = std::make_unique<asio::steady_timer>(
        live->strand, std::chrono::milliseconds(
                          std::int64_t(std::max(0.0, options_.unload_after_seconds) * 1000)));
    std::weak_ptr<Live> weak = live;
    // The handler may already be queued when the timer is replaced: it acts only for the
    // timer it was armed with.
    live->idle->async_wait(
        [this, weak, idle, timer = live->idle.get()](const boost::system::error_code& ec) {
            auto l = weak.lock();
            if (ec || !l || l->idle.get() != timer) return;
            l->idle.reset();
            if (idle(*l)) unload(*l);
        });
}

void GameService::unload(Live& live) {
    // Not while writes are on their way: a lookup would load the table from a database
    // that does not have them yet. It goes once they are written (`written`).
    if (live.writing() && !live.write_failed) {
        live.unload_when_written = true;
        return;
    }
    live.unloaded = true;
    live.clock.cancel();
    // A game nobody is at leaves the lobby too; it comes back if someone returns.
    if (live.table.setup().kind == TableKind::Public) {
        std::lock_guard lock(lobby_mutex_);
        if (lobby_.remove(live.table.id())) schedule_lobby_flush();
    }
    std::lock_guard lock(mutex_);
    auto it = tables_.find(live.table.id());
    if (it != tables_.end() && it->second.get() == &live) tables_.erase(it);
}

bool GameService::maybe_deal_next(Live& live) {
    if (!live.playing() || live.table.game().phase() != Phase::HandOver) return false;
    if (!waiting_for(live).empty()) return false;
    if (Status ok = commit(live, Action::next_hand()); !ok) {
        spdlog::error("table {}: could not deal the next hand: {}", live.table.id(),
                      ok.error().reason);
        return false;
    }
    return true;
}

void GameService::go_away(Live& live, Seat seat) {
    live.table.setup().seats[std::size_t(seat)].away = true;
    live.at(seat).timeouts = 0;
    live.table.setup().seats[std::size_t(seat)].ready = false;
    save_meta(live);
}

void GameService::watch_presence(const std::shared_ptr<Live>& live) {
    if (!live->playing() || live->table.setup().kind == TableKind::Solo) return;
    for (Seat s : kAllSeats) {
        SeatLive& sl = live->at(s);
        if (!live->table.is_human(s) || sl.connected() || sl.grace) continue;
        sl.grace = std::make_unique<asio::steady_timer>(live->strand);
        sl.grace->expires_after(
            std::chrono::milliseconds(std::int64_t(std::max(0.0, options_.grace_seconds) * 1000)));
        std::weak_ptr<Live> weak = live;
        sl.grace->async_wait([this, weak, s](const boost::system::error_code& ec) {
            auto l = weak.lock();
            if (ec || !l) return;
            grace_expired(l, s);
        });
    }
}

// A table waiting for players that nobody is connected to closes after a while, so
// tables opened and left do not pile up in the lobby, in memory or in the database.
void GameService::watch_waiting(const std::shared_ptr<Live>& live) {
    const bool waiting = !live->started() && !live->over();
    const bool anyone = std::any_of(live->seats.begin(), live->seats.end(),
                                    [](SeatLive& s) { return s.connected(); });
    if (!waiting || anyone) {
        if (live->abandon) live->abandon->cancel();
        live->abandon.reset();
        return;
    }
    if (live->abandon) return;
    live->abandon = std::make_unique<asio::steady_timer>(
        live->strand, std::chrono::milliseconds(
                          std::int64_t(std::max(0.0, options_.abandon_waiting_seconds) * 1000)));
    std::weak_ptr<Live> weak = live;
    live->abandon->async_wait(
        [this, weak, timer = live->abandon.get()](const boost::system::error_code& ec) {
            auto l = weak.lock();
            if (ec || !l || l->abandon.get() != timer) return;
            l->abandon.reset();
            const bool someone = std::any_of(l->seats.begin(), l->seats.end(),
                                             [](SeatLive& s) { return s.connected(); });
            if (l->started() || l->over() || someone) return;
            spdlog::info("table {}: nobody waited at it for {} s; closed", l->table.id(),
                         options_.abandon_waiting_seconds);
            for (const SeatHolder& h : l->table.setup().seats)
                if (h.person()) forget_waiting(h.player, l->table.id());
            end_table(*l, "abandoned");
            save_meta(*l);
            after_change(l);
        });
}

void GameService::grace_expired(const std::shared_ptr<Live>& live, Seat seat) {
    SeatLive& sl = live->at(seat);
    sl.grace.reset();
    if (!live->playing() || !live->table.is_human(seat) || sl.connected()) return;
    // A computer player takes over only so that others can go on: with nobody else
    // here, the seat is simply held until someone comes back.
    const bool others = std::any_of(std::begin(kAllSeats), std::end(kAllSeats), [&](Seat s) {
        return s != seat && live->table.is_human(s) && live->at(s).connected();
    });
    if (!others) return;
    spdlog::info("table {}: {} was gone too long; a computer player takes the seat",
                 live->table.id(), seat_label(seat));
    go_away(*live, seat);
    after_change(live);
}

void GameService::arm_clock(const std::shared_ptr<Live>& live) {
    const TableSetup& setup = live->table.setup();
    const auto waiting = waiting_for(*live);
    const bool anyone = std::any_of(std::begin(kAllSeats), std::end(kAllSeats), [&](Seat s) {
        return live->table.is_human(s) && live->at(s).connected();
    });
    if (setup.timer == 0 || waiting.empty() || !anyone) {
        if (live->clock_key != 0) live->clock.cancel();
        live->clock_key = 0;
        return;
    }
    // One clock per position: the number of actions so far and the phase.
    const Phase phase = live->table.game().phase();
    const std::uint64_t key = (live->table.game().history().size() + 1) * 8 + std::uint64_t(phase);
    if (key == live->clock_key) return;
    live->clock_key = key;
    const double seconds = setup.timer * options_.timer_scale * (phase == Phase::Pass ? 2 : 1);
    live->deadline = Clock::now() + std::chrono::milliseconds(std::int64_t(seconds * 1000));
    live->clock.expires_at(live->deadline);
    std::weak_ptr<Live> weak = live;
    live->clock.async_wait([this, weak, key](const boost::system::error_code& ec) {
        auto l = weak.lock();
        if (ec || !l) return;
        clock_expired(l, key);
    });
}

void GameService::clock_expired(const std::shared_ptr<Live>& live, std::uint64_t key) {
    if (live->clock_key != key) return;
    live->clock_key = 0;
    const Phase phase = live->table.game().phase();
    if (phase == Phase::HandOver) {
        for (Seat s : waiting_for(*live)) live->holder(s).ready = true;
        save_meta(*live);
        return after_change(live);
    }
    if (!live->stand_in) live->stand_in = std::move(ai::make_bot("medium")).value();
    for (Seat s : waiting_for(*live)) {
        const SeatView view = live->table.view(s);
        const Action action = ai::decide(*live->stand_in, view, fresh_seed());
        if (Status ok = commit(*live, action); !ok) {
            spdlog::error("table {}: the clock's move {} was refused: {}", live->table.id(),
                          to_string(action), ok.error().reason);
            continue;
        }
        if (++live->at(s).timeouts >= kTimeoutsBeforeAway) go_away(*live, s);
    }
    after_change(live);
}

void GameService::schedule_bot(const std::shared_ptr<Live>& live) {
    if (live->bot_thinking || !live->playing() || live->write_failed) return;
    // A table of computer players alone could run far ahead of the disk: it waits for
    // its writes once this many are on their way (`written` calls again).
    if (live->writes_queued - live->writes_done >= kMaxWritesInFlight) return;
    const auto seat = live->table.bot_to_act();
    if (!seat) return;
    auto& bot = live->bots[std::size_t(*seat)];
    if (!bot) {
        auto made = ai::make_bot(live->table.setup().bot_level);
        bot = made ? std::move(made).value() : std::move(ai::make_bot("medium")).value();
    }
    live->bot_thinking = true;
    const SeatView view = live->table.view(*seat);
    const std::size_t position = live->table.game().history().size();
    const std::uint64_t seed =
        mix64(live->table.setup().seed ^ mix64(position * 4 + std::uint64_t(*seat) + 1));
    ai::Bot* b = bot.get();
    const Seat who = *seat;
    // On the table's strand, once the computer player has decided.
    auto reply = [this, live, who, position](const Action& action) {
        live->bot_thinking = false;
        // The person came back, or the game moved on: the decision is stale.
        const bool stale = live->table.is_human(who) || !live->playing() ||
                           live->table.game().history().size() != position;
        if (!stale) {
            if (Status ok = commit(*live, action); !ok) {
                spdlog::error("table {}: bot action {} refused: {}", live->table.id(),
                              to_string(action), ok.error().reason);
                return;
            }
        }
        after_change(live);
    };
    if (b->quick()) {
        // A rule-based player decides in about a microsecond: here, on the table's
        // strand, rather than two thread hand-offs away. The reply still waits its turn
        // in the strand's queue, so a run of computer moves never recurses.
        const Action action = ai::decide(*b, view, seed);
        asio::post(live->strand, [reply, action] { reply(action); });
        return;
    }
    // A searching player's thinking queues under the address that set the table going:
    // one address with many tables takes its turn with everyone else (bot_pool.h).
    bots_.post(live->load_key, [live, view, seed, b, reply] {
        const Action action = ai::decide(*b, view, seed);
        asio::post(live->strand, [reply, action] { reply(action); });
    });
}

// ---------------------------------------------------------------- the lobby

// On the table's strand: the table's lobby entry goes into the list; watchers hear of
// the change with the next flush, which gathers everything that changed meanwhile.
void GameService::publish_lobby(const Live& live) {
    const TableSetup& setup = live.table.setup();
    if (setup.kind != TableKind::Public) return;
    std::optional<LobbyEntry> entry;
    if (!live.over()) {
        const TableInfo info = info_of(live, std::nullopt);
        entry =
            LobbyEntry{setup.id, info.rules, info.state, info.timer, info.seats, live.created_ms};
        for (SeatInfo& s : entry->seats) s.connected = s.away = false;
    }
    std::lock_guard lock(lobby_mutex_);
    const bool changed = entry ? lobby_.upsert(std::move(*entry)) : lobby_.remove(setup.id);
    if (changed) schedule_lobby_flush();
}

// With the lobby lock held.
void GameService::schedule_lobby_flush() {
    if (lobby_flush_pending_) return;
    lobby_flush_pending_ = true;
    lobby_timer_.expires_after(kLobbyFlush);
    lobby_timer_.async_wait([this](const boost::system::error_code& ec) {
        if (!ec) flush_lobby();
    });
}

// One `lobby_update` for every watcher, serialised once.
void GameService::flush_lobby() {
    std::lock_guard lock(lobby_mutex_);
    lobby_flush_pending_ = false;
    const LobbyList::Changes changes = lobby_.take_changes();
    if (changes.empty()) return;
    lobby_snapshot_.reset();
    const auto frame =
        std::make_shared<const std::string>(lobby_update_message(changes.set, changes.removed));
    std::erase_if(lobby_watchers_, [](const std::weak_ptr<Client>& w) { return w.expired(); });
    // Sent under the lock, so a new watcher's snapshot and the updates after it arrive in
    // order (send only queues the frame).
    for (auto& w : lobby_watchers_)
        if (auto c = w.lock()) c->send(frame);
}

}  // namespace hearts::server
