// A cluster node's tables over time (docs/scaling.md, "Who holds a table"): the upkeep
// that checks the database session every second (renewing the lease of this node's tables,
// store/pg/claims.h) and rewrites this node's entries in Redis, the tables lost to another node,
// the waiting tables of a node that is gone, and the frames sent again after Redis was
// away. The routing of messages is in router/cluster_links.cpp.
#include <utility>  // before Asio: Boost 1.74's headers use std::exchange without it

#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <map>

#include "router/service.h"

namespace hearts::server {

namespace asio = boost::asio;

void GameService::upkeep() {
    // Every second: the check of the database session renews the lease of this node's
    // tables (store/pg/claims.h), which lasts a few seconds.
    upkeep_->expires_after(std::chrono::seconds(1));
    upkeep_->async_wait([this](const boost::system::error_code& ec) {
        if (ec) return;
        ++upkeeps_;
        // Tables another node took while this one's session was cut: their people go
        // there (they connect again, and their messages reach the new holder).
        for (const std::string& id : store_.lost_claims()) {
            std::shared_ptr<TableActor> live;
            {
                std::lock_guard lock(mutex_);
                if (auto it = tables_.find(id); it != tables_.end()) live = it->second;
            }
            if (live) live->post([live] { live->moved_away(); });
        }
        // Tables taken over here whose wait is over: loaded now, and named in Redis, so the
        // messages of their people reach them even if whoever asked first went elsewhere
        // (a waiting claim also holds the table's lock, so no other node could load it).
        for (const std::string& id : store_.claims_ready()) find(id);
        if (upkeeps_ % 10 == 0) {
            // The address book, written again: an entry another node overwrote or erased
            // by mistake (it held the table a moment before) is right again.
            std::lock_guard lock(mutex_);
            for (const auto& [id, live] : tables_) cluster_->owns(id, true);
        }
        if (upkeeps_ % 30 == 0) {
            std::map<std::string, std::vector<std::string>> seated;
            {
                std::lock_guard lock(cluster_mutex_);
                for (const auto& [id, w] : connections_)
                    if (auto c = w.lock(); c && !c->cluster_closed)
                        for (const std::string& node : c->sent_to) seated[node].push_back(id);
            }
            for (const std::string& node : cluster_->others()) cluster_->keep(node, seated[node]);
        }
        upkeep();
    });
}

// Loads the waiting tables nobody holds: now, and again after 10, 20, 40 and 80 s (a
// node whose machine vanished holds its locks until PostgreSQL's keepalives give up).
void GameService::adopt_waiting(int attempt) {
    auto timer = std::make_shared<asio::steady_timer>(
        io_.first(), std::chrono::seconds(attempt == 0 ? 0 : 10 << (attempt - 1)));
    timer->async_wait([this, timer, attempt](const boost::system::error_code& ec) {
        if (ec) return;
        if (Status ok = restore(); !ok)
            spdlog::error("cluster: could not take over waiting tables: {}", ok.error().reason);
        if (attempt < 4) adopt_waiting(attempt + 1);
    });
}

// The pages of node `node` ("": of every other node) at the tables here get their table
// again: what this node published for them may have been lost.
void GameService::resend_to_node(const std::string& node) {
    std::vector<std::shared_ptr<TableActor>> live;
    {
        std::lock_guard lock(mutex_);
        for (const auto& [id, t] : tables_) live.push_back(t);
    }
    for (auto& t : live)
        t->post([this, t, node] {
            // Not from memory that another node may have taken over (store/pg/claims.h).
            if (!t->unloaded() && store_.holding(t->id()) == Holding::yes) t->resend_to_node(node);
        });
}

}  // namespace hearts::server
