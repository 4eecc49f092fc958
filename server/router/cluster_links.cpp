// The router's side of the cluster (cluster/cluster.h, docs/scaling.md "Several nodes"): which node
// a table's messages go to, and the connections of other nodes, which this node's tables
// see as clients like any other.
//
// A message for a table goes where the table is: this node when it holds it or can claim
// it (the table loads here), else the node that holds it. There the message is handled
// as if its connection were local, through a `RemoteClient` whose frames go back over
// Redis; the connection's own node hands them to the browser. The node that holds a
// table tells the connection's node that it does (`attached`), so the connection's close
// reaches every node that seats it. When a node is gone, the pages that reached their
// tables through it connect again and find them where they load next.
#include <utility>  // before Asio: Boost 1.74's headers use std::exchange without it

#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <map>
#include <nlohmann/json.hpp>

#include "router/service.h"

namespace hearts::server {

namespace asio = boost::asio;

namespace {

// The look in a frame published for a player (`look_message`), or nothing for any other.
std::optional<Look> look_in(const std::string& frame) {
    const auto j = nlohmann::json::parse(frame, nullptr, false);
    if (!j.is_object() || j.value("t", "") != "look") return std::nullopt;
    const auto face = j.find("face");
    const auto wearing = j.find("wearing");
    if (face == j.end() || !face->is_number_integer() || wearing == j.end() ||
        !wearing->is_string())
        return std::nullopt;
    return Look{face->get<int>(), wearing->get<std::string>()};
}

// A connection of another node, as this node's tables see it.
class RemoteClient final : public Client {
  public:
    RemoteClient(Cluster& cluster, std::string node, std::string conn, asio::io_context& io)
        : node(std::move(node)), conn(std::move(conn)), io(io), cluster_(cluster) {}
    void send(std::shared_ptr<const std::string> frame) override {
        cluster_.frame(node, conn, *frame);
    }
    void reconnect(std::string why) override { cluster_.reconnect(node, conn, why); }
    const std::string* remote_node() const override { return &node; }

    const std::string node, conn;
    asio::io_context& io;  // where its messages are handled, in order

  private:
    Cluster& cluster_;
};

// The table a message is for, and whether it needs a seat there (join and decline do not).
std::optional<std::pair<std::string, bool>> table_named(const ClientBody& body) {
    if (auto* m = std::get_if<Resume>(&body)) return {{m->table, true}};
    if (auto* m = std::get_if<PassCards>(&body)) return {{m->table, true}};
    if (auto* m = std::get_if<PlayCard>(&body)) return {{m->table, true}};
    if (auto* m = std::get_if<ChooseMoon>(&body)) return {{m->table, true}};
    if (auto* m = std::get_if<NextHand>(&body)) return {{m->table, true}};
    if (auto* m = std::get_if<ChatSay>(&body)) return {{m->table, true}};
    if (auto* m = std::get_if<HintRequest>(&body)) return {{m->table, true}};
    if (auto* m = std::get_if<JoinTable>(&body)) return {{m->table, false}};
    if (auto* m = std::get_if<WatchTable>(&body)) return {{m->table, false}};
    if (auto* m = std::get_if<AllowWatchers>(&body)) return {{m->table, true}};
    if (auto* m = std::get_if<AllowHints>(&body)) return {{m->table, true}};
    if (auto* m = std::get_if<AllowRated>(&body)) return {{m->table, true}};
    if (auto* m = std::get_if<TableCommand>(&body))
        return {{m->table, m->kind != TableCommand::Kind::Decline}};
    return std::nullopt;
}

// A lobby entry between nodes.
std::string entry_text(const LobbyEntry& e) {
    nlohmann::json seats = nlohmann::json::array();
    for (const SeatInfo& s : e.seats)
        seats.push_back({{"player", s.player ? nlohmann::json(*s.player) : nlohmann::json()},
                         {"name", s.name ? nlohmann::json(*s.name) : nlohmann::json()},
                         {"human", s.human}});
    return nlohmann::json{{"table", e.table}, {"rules", e.rules},        {"state", e.state},
                          {"timer", e.timer}, {"created", e.created_ms}, {"seats", seats},
                          {"quick", e.quick}, {"skill", e.skill}}
        .dump();
}

std::optional<LobbyEntry> entry_of(const std::string& text) {
    try {
        const auto j = nlohmann::json::parse(text);
        LobbyEntry e;
        e.table = j.at("table").get<std::string>();
        e.rules = j.at("rules").get<std::string>();
        e.state = j.at("state").get<std::string>();
        e.timer = j.at("timer").get<int>();
        e.created_ms = j.at("created").get<std::int64_t>();
        // A node of an older version sends no quick match fields: not a quick table.
        e.quick = j.value("quick", false);
        e.skill = j.value("skill", 0);
        const auto& seats = j.at("seats");
        if (!seats.is_array() || seats.size() != kSeats) return std::nullopt;
        for (std::size_t k = 0; k < kSeats; ++k) {
            const auto& s = seats[k];
            if (s.at("player").is_string()) e.seats[k].player = s["player"].get<std::string>();
            if (s.at("name").is_string()) e.seats[k].name = s["name"].get<std::string>();
            e.seats[k].human = s.at("human").get<bool>();
        }
        return e;
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

}  // namespace

Status GameService::attach(Cluster& cluster) {
    cluster_ = &cluster;
    roster_.set_peers(this);
    lobby_.shared = [this](const std::string& table, const std::optional<LobbyEntry>& entry) {
        std::optional<std::string> text;
        if (entry) text = entry_text(*entry);
        {
            std::lock_guard lock(cluster_mutex_);
            if (text)
                lobby_here_[table] = *text;
            else
                lobby_here_.erase(table);
        }
        cluster_->lobby(table, text);
    };
    Cluster::Handlers h;
    h.request = [this](Forwarded f) { on_request(std::move(f)); };
    h.frame = [this](const std::string& conn, std::string frame) {
        if (auto c = connection(conn)) send(c, std::move(frame));
    };
    h.reconnect = [this](const std::string& conn, std::string why) {
        if (auto c = connection(conn)) c->reconnect(std::move(why));
    };
    h.attached = [this](const std::string& conn, const std::string& by) {
        if (auto c = connection(conn)) {
            std::lock_guard lock(cluster_mutex_);
            if (!c->cluster_closed) {
                if (std::find(c->sent_to.begin(), c->sent_to.end(), by) == c->sent_to.end())
                    c->sent_to.push_back(by);
                return;
            }
        }
        cluster_->closed(by, conn);  // it closed meanwhile
    };
    h.keep = [this](const std::string& from, std::vector<std::string> conns) {
        on_keep(from, std::move(conns));
    };
    h.closed = [this](const std::string& conn) {
        std::shared_ptr<Client> proxy;
        {
            std::lock_guard lock(cluster_mutex_);
            auto it = proxies_.find(conn);
            if (it == proxies_.end()) return;
            proxy = std::move(it->second);
            proxies_.erase(it);
        }
        auto& io = static_cast<RemoteClient&>(*proxy).io;
        asio::post(io, [this, proxy] { disconnected(proxy); });
    };
    h.to_player = [this](const std::string& player, std::string frame) {
        roster_.send_here(player, frame);
        // A new look is also news for the tables here where the player sits (through a
        // connection that reached another node and was forwarded here).
        if (auto look = look_in(frame)) show_look_here(player, *look);
    };
    h.lobby = [this](const std::string& node, const std::string& table,
                     std::optional<std::string> text) {
        std::optional<LobbyEntry> entry;
        if (text) {
            entry = entry_of(*text);
            if (!entry) return;
        }
        {
            std::lock_guard lock(cluster_mutex_);
            auto it = lobby_nodes_.find(table);
            if (entry) {
                lobby_nodes_[table] = node;
            } else {
                // Only the node that lists it takes it out: a node that lost the table
                // to another says so too late.
                if (it == lobby_nodes_.end() || it->second != node) return;
                lobby_nodes_.erase(it);
            }
        }
        lobby_.publish_remote(table, std::move(entry));
    };
    h.node_gone = [this](const std::string& node) { node_gone(node); };
    h.resync = [this] { resync(); };
    h.resend = [this](const std::string& from) { resend_to_node(from); };
    if (Status ok = cluster.start(std::move(h)); !ok) return ok;
    upkeep_ = std::make_unique<asio::steady_timer>(io_.first());
    upkeep();
    return {};
}

// Node `from` lists the connections of its own this node seats. One left out of two lists
// in a row closed while its close was lost: it is closed here too. (Once is not enough:
// a connection whose message reached this node through a third one may be on the list
// only from the next time.)
void GameService::on_keep(const std::string& from, std::vector<std::string> conns) {
    const std::set<std::string> listed(conns.begin(), conns.end());
    std::vector<std::shared_ptr<Client>> closed;
    {
        std::lock_guard lock(cluster_mutex_);
        for (auto it = proxies_.begin(); it != proxies_.end();) {
            auto& proxy = static_cast<RemoteClient&>(*it->second);
            if (proxy.node != from || listed.contains(it->first)) {
                if (proxy.node == from) unlisted_.erase(it->first);
                ++it;
                continue;
            }
            if (unlisted_.insert(it->first).second) {
                ++it;
                continue;
            }
            unlisted_.erase(it->first);
            closed.push_back(std::move(it->second));
            it = proxies_.erase(it);
        }
    }
    for (auto& p : closed) {
        auto& io = static_cast<RemoteClient&>(*p).io;
        asio::post(io, [this, p] { disconnected(p); });
    }
}

ClientPtr GameService::connection(const std::string& conn) {
    std::lock_guard lock(cluster_mutex_);
    auto it = connections_.find(conn);
    if (it == connections_.end()) return nullptr;
    auto c = it->second.lock();
    if (!c) connections_.erase(it);
    return c;
}

// Whether the message went to another node (or was answered): false when it is for this
// node to handle.
bool GameService::route(const ClientPtr& client, const ClientMessage& message,
                        const std::string& raw, int hops, int tries) {
    auto named = table_named(message.body);
    if (!named) return false;
    const auto& [table, needs_seat] = *named;
    {
        std::lock_guard lock(mutex_);
        if (tables_.contains(table)) return false;
    }
    std::string owner;
    // Taken over here from a node that did not let go (store/pg/claims.h): it loads here once
    // the wait is over, and this node's address says so to the others meanwhile.
    const bool waiting = store_.holding(table) == Holding::waiting;
    if (!waiting) {
        std::lock_guard lock(cluster_mutex_);
        if (auto it = owners_.find(table); it != owners_.end()) owner = it->second;
    }
    if (owner.empty() || !cluster_->alive(owner)) {
        // Here, if this node can claim it (it loads here), or nowhere: `find` says which.
        bool unreadable = false, elsewhere = false;
        const bool resume = std::holds_alternative<Resume>(message.body);  // a game's end too
        if (find(table, needs_seat ? client->player : "", &unreadable, &elsewhere, resume) ||
            !elsewhere)
            return false;
        if (store_.holding(table) == Holding::waiting) {
            if (!waiting) cluster_->owns(table, true);
            owner.clear();  // asked again here shortly
        } else if (!cluster_->connected()) {
            send_error(client, "server", say<"cluster_unreachable">(), message.id);
            return true;
        } else if (auto said = cluster_->owner_of(table); !said) {
            spdlog::error("cluster: where is table {}? {}", table, said.error().reason);
        } else if (*said && **said != cluster_->node() && cluster_->alive(**said)) {
            owner = **said;
            std::lock_guard lock(cluster_mutex_);
            if (owners_.size() >= kMaxOwnersKnown) owners_.clear();
            owners_[table] = owner;
        }
    }
    if (owner.empty()) {
        // Its node has claimed it a moment ago and not said so yet, or is gone and
        // PostgreSQL has not let go of its lock yet, or this node waits out a takeover:
        // ask again shortly.
        if (tries >= kRouteTries) {
            send_error(client, "server", say<"table_moving">(), message.id);
            return true;
        }
        auto timer = std::make_shared<asio::steady_timer>(io_.here(), kRouteWait);
        timer->async_wait(
            [this, timer, client, message, raw, hops, tries](const boost::system::error_code& ec) {
                if (ec) return;
                if (!route(client, message, raw, hops, tries + 1)) handle_here(client, message);
            });
        return true;
    }
    if (hops >= kMaxHops || !cluster_->connected()) {
        send_error(client, "server", say<"cluster_unreachable">(), message.id);
        return true;
    }
    Forwarded f;
    f.player = client->player;
    f.protocol = client->protocol;
    f.address = client->address;
    f.hops = hops + 1;
    f.text = raw;
    if (auto* remote = dynamic_cast<RemoteClient*>(client.get())) {
        // From another node already: passed on, its frames go straight back there.
        f.conn = remote->conn;
        f.from = remote->node;
    } else {
        std::lock_guard lock(cluster_mutex_);
        if (client->cluster_closed) return true;  // it closed meanwhile: nobody to answer
        if (client->cluster_id.empty()) {
            client->cluster_id = cluster_->node() + "/" + std::to_string(++next_conn_);
            connections_[client->cluster_id] = client;
        }
        if (std::find(client->sent_to.begin(), client->sent_to.end(), owner) ==
            client->sent_to.end())
            client->sent_to.push_back(owner);
        f.conn = client->cluster_id;
        f.from = cluster_->node();
    }
    cluster_->forward(owner, f, [this, client, table = table, owner, id = message.id] {
        // Its node did not get it (it is gone, or lost Redis a moment ago): the page
        // hears so at once, rather than waiting for an answer that never comes.
        {
            std::lock_guard lock(cluster_mutex_);
            if (auto it = owners_.find(table); it != owners_.end() && it->second == owner)
                owners_.erase(it);
        }
        send_error(client, "server", say<"message_lost">(), id);
    });
    return true;
}

std::vector<std::string> GameService::remote_tables_of(const std::string& player) {
    std::vector<ClientPtr> theirs;
    {
        std::lock_guard lock(cluster_mutex_);
        for (const auto& [conn, proxy] : proxies_)
            if (proxy->player == player) theirs.push_back(proxy);
    }
    return roster_.tables_of(theirs);
}

// A client message from another node: handled here, in order, on the connection's proxy.
void GameService::on_request(Forwarded f) {
    std::shared_ptr<Client> proxy;
    bool fresh = false, full = false;
    {
        std::lock_guard lock(cluster_mutex_);
        if (auto it = proxies_.find(f.conn); it != proxies_.end()) {
            proxy = it->second;
        } else if (proxies_.size() >= options_.cluster_max_remote_connections) {
            full = true;
        } else {
            auto made = std::make_shared<RemoteClient>(*cluster_, f.from, f.conn, io_.next());
            made->player = f.player;
            made->protocol = f.protocol;
            made->address = f.address;
            proxies_.emplace(f.conn, made);
            proxy = std::move(made);
            fresh = true;
        }
    }
    if (full) {
        // Every place for another node's connection is taken: that node's page hears so.
        Id id;
        const auto parsed = parse_client_message(f.text);
        if (auto* m = std::get_if<ClientMessage>(&parsed)) id = m->id;
        spdlog::warn("cluster: {} connections of other nodes are seated here: {} refused",
                     options_.cluster_max_remote_connections, f.conn);
        cluster_->frame(f.from, f.conn, error_frame("server", say<"server_full">(), id));
        return;
    }
    if (proxy->player != f.player) return;  // a connection is one player's, always
    // Its node learns that this one seats it, so its close is told here too.
    if (fresh) cluster_->attached(f.from, f.conn);
    auto& io = static_cast<RemoteClient&>(*proxy).io;
    asio::post(io, [this, proxy, f = std::move(f)] {
        auto parsed = parse_client_message(f.text);
        if (auto* m = std::get_if<ClientMessage>(&parsed)) {
            if (!route(proxy, *m, f.text, f.hops, 0)) handle_here(proxy, *m);
        }
    });
}

void GameService::node_gone(const std::string& node) {
    spdlog::warn("cluster: node {} is gone (no heartbeat): its tables go on where they load next",
                 node);
    std::vector<std::shared_ptr<Client>> proxies;
    std::vector<ClientPtr> reconnect;
    std::set<std::string> listed;
    {
        std::lock_guard lock(cluster_mutex_);
        for (auto it = proxies_.begin(); it != proxies_.end();) {
            if (static_cast<RemoteClient&>(*it->second).node == node) {
                proxies.push_back(std::move(it->second));
                it = proxies_.erase(it);
            } else {
                ++it;
            }
        }
        std::erase_if(owners_, [&](const auto& e) { return e.second == node; });
        for (auto it = connections_.begin(); it != connections_.end();) {
            auto c = it->second.lock();
            if (!c) {
                it = connections_.erase(it);
                continue;
            }
            if (std::erase(c->sent_to, node) > 0) reconnect.push_back(c);
            ++it;
        }
        for (auto it = lobby_nodes_.begin(); it != lobby_nodes_.end();) {
            if (it->second == node) {
                listed.insert(it->first);
                it = lobby_nodes_.erase(it);
            } else {
                ++it;
            }
        }
        for (auto it = unlisted_.begin(); it != unlisted_.end();)
            it = proxies_.contains(*it) ? std::next(it) : unlisted_.erase(it);
    }
    for (auto& p : proxies) {
        auto& io = static_cast<RemoteClient&>(*p).io;
        asio::post(io, [this, p] { disconnected(p); });
    }
    // The pages at its tables connect again, and find each table on the node that loads
    // it next (at the same card: every action it acknowledged is in PostgreSQL).
    for (auto& c : reconnect)
        c->reconnect("the server holding your table stopped: connecting again");
    for (const std::string& table : listed) lobby_.publish_remote(table, std::nullopt);
    // Its tables waiting for players are listed again by whichever node claims them.
    adopt_waiting(0);
}

// Redis was reached (again): what it holds of this node is written anew, and the frames
// it may have dropped meanwhile, both ways, are sent again.
void GameService::resync() {
    resend_to_node("");
    std::set<std::string> holders;
    {
        std::lock_guard lock(cluster_mutex_);
        for (const auto& [id, w] : connections_)
            if (auto c = w.lock(); c && !c->cluster_closed)
                holders.insert(c->sent_to.begin(), c->sent_to.end());
    }
    for (const std::string& node : holders) cluster_->resend(node);
    std::vector<std::string> tables;
    std::vector<std::pair<std::string, std::string>> lobby;
    {
        std::lock_guard lock(mutex_);
        for (const auto& [id, live] : tables_) tables.push_back(id);
    }
    {
        std::lock_guard lock(cluster_mutex_);
        lobby.assign(lobby_here_.begin(), lobby_here_.end());
    }
    for (const std::string& t : tables) cluster_->owns(t, true);
    for (const auto& [table, text] : lobby) cluster_->lobby(table, text);
    for (const std::string& p : roster_.here()) cluster_->online(p, true);
    for (const Social::Open& c : social_.all_open()) cluster_->challenge(c.to, c.table, c.frame);
    // The other nodes' public tables.
    auto rows = cluster_->lobby_rows();
    if (!rows) {
        spdlog::warn("cluster: could not read the other nodes' lobby: {}", rows.error().reason);
        return;
    }
    for (auto& row : *rows) {
        auto entry = entry_of(row.entry);
        if (!entry) continue;
        {
            std::lock_guard lock(cluster_mutex_);
            lobby_nodes_[row.table] = row.node;
        }
        lobby_.publish_remote(row.table, std::move(entry));
    }
}

void GameService::presence(const std::string& player, bool online) {
    cluster_->online(player, online);
}

bool GameService::online_elsewhere(const std::string& player) {
    if (!cluster_->connected()) return false;
    auto online = cluster_->online_elsewhere(player);
    if (!online) {
        spdlog::warn("cluster: is {} online? {}", player, online.error().reason);
        return false;
    }
    return *online;
}

void GameService::send_elsewhere(const std::string& player, const std::string& frame) {
    cluster_->to_player(player, frame);
}

void GameService::challenge_here(const std::string& to, const std::string& table,
                                 const std::string& frame) {
    cluster_->challenge(to, table, frame);
}

std::vector<std::pair<std::string, std::string>> GameService::challenges_elsewhere(
    const std::string& player) {
    if (!cluster_->connected()) return {};
    auto open = cluster_->challenges_to(player);
    if (!open) {
        spdlog::warn("cluster: could not read {}'s challenges: {}", player, open.error().reason);
        return {};
    }
    return std::move(open).value();
}

// This node's connection closed: the nodes that seat it hear of it.
void GameService::closed_elsewhere(const ClientPtr& client) {
    std::vector<std::string> nodes;
    std::string id;
    {
        std::lock_guard lock(cluster_mutex_);
        client->cluster_closed = true;
        if (client->cluster_id.empty()) return;
        id = client->cluster_id;
        nodes = std::exchange(client->sent_to, {});
        connections_.erase(id);
    }
    for (const std::string& n : nodes) cluster_->closed(n, id);
}

}  // namespace hearts::server
