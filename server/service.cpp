#include <utility>  // before Asio: Boost 1.74's headers use std::exchange without it

#include "service.h"

#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>
#include <random>
#include <vector>

#include "hearts/ai/bot.h"
#include "hearts/random.h"
#include "hearts/record.h"

namespace hearts::server {

namespace asio = boost::asio;

// A table with its strand, its watchers and its computer players.
struct GameService::Live {
    Live(asio::io_context& io, TableSetup setup)
        : strand(asio::make_strand(io)), table(std::move(setup)) {}
    Strand strand;
    Table table;
    std::vector<std::weak_ptr<Client>> watchers;  // South's open connections
    std::array<std::unique_ptr<ai::Bot>, kSeats> bots;
    bool bot_thinking = false;
};

namespace {

std::uint64_t fresh_seed() {
    std::random_device rd;
    return (std::uint64_t(rd()) << 32) ^ rd();
}

}  // namespace

GameService::GameService(asio::io_context& io, Store& store, int bot_threads)
    : io_(io), store_(store), bots_(std::size_t(std::max(1, bot_threads))) {}

GameService::~GameService() {
    stop();
}

void GameService::stop() {
    bots_.join();
}

std::size_t GameService::table_count() {
    std::lock_guard lock(mutex_);
    return tables_.size();
}

void GameService::send(const std::shared_ptr<Client>& client, std::string frame) {
    client->send(std::make_shared<const std::string>(std::move(frame)));
}

void GameService::send_error(const std::shared_ptr<Client>& client, std::string code,
                             std::string reason, std::optional<std::int64_t> id) {
    send(client, error_message({std::move(code), std::move(reason), id}));
}

Status GameService::restore() {
    auto stored = store_.unfinished_tables();
    if (!stored) return stored.error();
    for (const StoredTable& s : *stored) {
        auto live = std::make_shared<Live>(io_, s.setup);
        for (std::size_t i = 0; i < s.actions.size(); ++i) {
            if (Status ok = live->table.apply(s.actions[i]); !ok) {
                return Error{"table " + s.setup.id + ": stored action " + std::to_string(i) + " (" +
                             to_string(s.actions[i]) + ") does not replay: " + ok.error().reason};
            }
        }
        {
            std::lock_guard lock(mutex_);
            tables_[s.setup.id] = live;
        }
        // A bot may have been about to act when the server stopped.
        asio::post(live->strand, [this, live] { schedule_bot(live); });
    }
    spdlog::info("restored {} unfinished tables", stored->size());
    return {};
}

std::shared_ptr<GameService::Live> GameService::find(const std::string& table) {
    std::lock_guard lock(mutex_);
    auto it = tables_.find(table);
    return it == tables_.end() ? nullptr : it->second;
}

void GameService::handle(const std::shared_ptr<Client>& client, const ClientMessage& message) {
    const auto id = message.id;
    if (auto* m = std::get_if<Hello>(&message.body)) return hello(client, *m, id);
    if (std::holds_alternative<Ping>(message.body)) return send(client, pong_message());
    if (client->player.empty()) {
        return send_error(client, "auth", "say hello first: {\"t\":\"hello\"}", id);
    }
    if (auto* m = std::get_if<NewGame>(&message.body)) return new_game(client, *m, id);
    if (auto* m = std::get_if<Resume>(&message.body)) return resume(client, *m, id);
    if (auto* m = std::get_if<PassCards>(&message.body))
        return human_action(client, m->table, Action::pass(Seat::South, m->cards), id);
    if (auto* m = std::get_if<PlayCard>(&message.body))
        return human_action(client, m->table, Action::play(Seat::South, m->card), id);
    if (auto* m = std::get_if<ChooseMoon>(&message.body))
        return human_action(client, m->table, Action::choose_moon(Seat::South, m->choice), id);
    if (auto* m = std::get_if<NextHand>(&message.body))
        return human_action(client, m->table, Action::next_hand(), id);
}

void GameService::hello(const std::shared_ptr<Client>& client, const Hello& m,
                        std::optional<std::int64_t> id) {
    if (!client->player.empty()) return send_error(client, "bad_message", "already said hello", id);
    std::string player, token;
    if (m.player && m.token) {
        if (!store_.check_player(*m.player, *m.token))
            return send_error(client, "auth", "unknown player or wrong token", id);
        player = *m.player;
        token = *m.token;
    } else {
        auto created = store_.create_player();
        if (!created) return send_error(client, "server", created.error().reason, id);
        player = created->id;
        token = created->token;
    }
    client->player = player;
    auto tables = store_.player_tables(player);
    send(client, welcome_message(player, token, tables ? *tables : std::vector<std::string>{}));
}

void GameService::new_game(const std::shared_ptr<Client>& client, const NewGame& m,
                           std::optional<std::int64_t> id) {
    auto rules = parse_rules(m.rules);
    if (!rules) return send_error(client, "bad_message", "rules: " + rules.error().reason, id);
    auto table_id = store_.new_table_id();
    if (!table_id) return send_error(client, "server", table_id.error().reason, id);
    TableSetup setup;
    setup.id = *table_id;
    setup.owner = client->player;
    setup.rules = *rules;
    setup.seed = fresh_seed();
    setup.names = {m.name, m.names[0], m.names[1], m.names[2]};
    setup.bot_level = m.level;
    if (Status ok = store_.create_table(setup); !ok)
        return send_error(client, "server", ok.error().reason, id);
    auto live = std::make_shared<Live>(io_, setup);
    {
        std::lock_guard lock(mutex_);
        tables_[setup.id] = live;
    }
    asio::post(live->strand, [this, live, client, id] {
        live->watchers.push_back(client);
        const Table& t = live->table;
        send(client, snapshot_message(t.id(), t.version(), t.view(Seat::South), t.setup().names));
        if (id) send(client, ack_message(*id, t.version()));
        schedule_bot(live);
    });
}

void GameService::resume(const std::shared_ptr<Client>& client, const Resume& m,
                         std::optional<std::int64_t> id) {
    auto live = find(m.table);
    const std::string player = client->player;
    if (!live) return send_error(client, "not_found", "Game table not found", id);
    asio::post(live->strand, [this, live, client, player, id] {
        const Table& t = live->table;
        if (t.setup().owner != player)
            return send_error(client, "not_found", "Game table not found", id);
        std::erase_if(live->watchers, [&](const std::weak_ptr<Client>& w) { return w.expired(); });
        live->watchers.push_back(client);
        send(client, snapshot_message(t.id(), t.version(), t.view(Seat::South), t.setup().names));
        if (id) send(client, ack_message(*id, t.version()));
    });
}

void GameService::human_action(const std::shared_ptr<Client>& client, const std::string& table,
                               Action action, std::optional<std::int64_t> id) {
    auto live = find(table);
    const std::string player = client->player;
    if (!live) return send_error(client, "not_found", "Game table not found", id);
    asio::post(live->strand, [this, live, client, player, action, id] {
        if (live->table.setup().owner != player)
            return send_error(client, "not_found", "Game table not found", id);
        const Game& g = live->table.game();
        if (action.kind == ActionKind::Play && g.phase() == Phase::Play &&
            g.to_move() != Seat::South) {
            return send_error(client, "not_your_turn",
                              "it is " + live->table.setup().names[int(g.to_move())] + "'s turn",
                              id);
        }
        if (Status ok = commit(*live, action); !ok) {
            const bool illegal = ok.error().reason.rfind("could not save", 0) != 0;
            return send_error(client, illegal ? "illegal" : "server", ok.error().reason, id);
        }
        if (id) send(client, ack_message(*id, live->table.version()));
        schedule_bot(live);
    });
}

Status GameService::commit(Live& live, const Action& action) {
    Table& t = live.table;
    if (Status ok = t.game().validate(action); !ok) return ok;
    if (action.kind == ActionKind::NextHand && t.game().phase() != Phase::HandOver)
        return Error{"the hand is not over yet"};
    const auto seq = std::int64_t(t.game().history().size());
    if (Status ok = store_.append_action(t.id(), seq, action); !ok)
        return Error{"could not save the move: " + ok.error().reason};
    const std::int64_t before = t.version();
    Status applied = t.apply(action);
    if (!applied) return applied;  // cannot happen after validate; reported as illegal
    if (t.finished()) {
        if (Status ok = store_.finish_table(t.id(), to_record_json(t.game())); !ok)
            spdlog::error("table {}: could not store the finished record: {}", t.id(),
                          ok.error().reason);
    }
    broadcast_since(live, before);
    return {};
}

void GameService::broadcast_since(Live& live, std::int64_t from_version) {
    const Table& t = live.table;
    std::erase_if(live.watchers, [](const std::weak_ptr<Client>& w) { return w.expired(); });
    if (live.watchers.empty()) return;
    // One view per broadcast: events after `from_version` are sent with the view as it
    // is now; the client animates the events and then shows the view.
    const SeatView view = t.view(Seat::South);
    for (const TableEvent& e : t.events()) {
        if (e.version <= from_version) continue;
        auto frame = std::make_shared<const std::string>(
            update_message(t.id(), e.version, e.json, view, t.setup().names));
        for (auto& w : live.watchers)
            if (auto c = w.lock()) c->send(frame);
    }
}

void GameService::schedule_bot(const std::shared_ptr<Live>& live) {
    if (live->bot_thinking) return;
    const auto seat = live->table.bot_to_act();
    if (!seat) return;
    auto& bot = live->bots[int(*seat)];
    if (!bot) {
        auto made = ai::make_bot(live->table.setup().bot_level);
        bot = made ? std::move(made).value() : std::move(ai::make_bot("medium")).value();
    }
    live->bot_thinking = true;
    const SeatView view = live->table.view(*seat);
    const std::uint64_t seed = mix64(
        live->table.setup().seed ^ mix64(live->table.game().history().size() * 4 + int(*seat) + 1));
    ai::Bot* b = bot.get();
    asio::post(bots_, [this, live, view, seed, b] {
        const Action action = ai::decide(*b, view, seed);
        asio::post(live->strand, [this, live, action] {
            live->bot_thinking = false;
            if (Status ok = commit(*live, action); !ok) {
                spdlog::error("table {}: bot action {} refused: {}", live->table.id(),
                              to_string(action), ok.error().reason);
                return;
            }
            schedule_bot(live);
        });
    });
}

void GameService::disconnected(const std::shared_ptr<Client>& client) {
    // Watchers hold weak pointers: a closed connection simply stops receiving. Nothing
    // of the game depends on a connection, so there is nothing else to undo.
    (void)client;
}

}  // namespace hearts::server
