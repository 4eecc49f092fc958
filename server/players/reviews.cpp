#include "players/reviews.h"

#include <spdlog/spdlog.h>
#include <sys/resource.h>
#include <unistd.h>

#include "hearts/ai/review.h"
#include "hearts/record.h"
#include "model/budgets.h"
#include "protocol/messages.h"

namespace hearts::server {
namespace {
// The queue key of the background reviews: one turn in as many as addresses asking.
constexpr const char* kBackgroundQueue = "\x01review-after-game";
}  // namespace

Reviewer::Reviewer(Store& store, std::size_t background) : store_(store), background_(background) {
    // The review thread yields to the tables' and computer players' threads (Linux keeps
    // a nice value per thread).
    pool_.post("", [] {
        if (setpriority(PRIO_PROCESS, id_t(gettid()), 10) != 0)
            spdlog::warn("the review thread keeps its priority: setpriority failed");
    });
}

Reviewer::~Reviewer() {
    stop();
}

void Reviewer::stop() {
    pool_.stop();
}

bool Reviewer::current(const std::string& frame) {
    return frame.find("\"passes\":") != std::string::npos;
}

std::size_t Reviewer::background_pending() {
    std::lock_guard lock(mutex_);
    return background_keys_.size();
}

std::size_t Reviewer::games_after() {
    std::lock_guard lock(mutex_);
    return games_after_;
}

void Reviewer::remember(const std::string& key, std::shared_ptr<const std::string> frame) {
    std::lock_guard lock(mutex_);
    if (auto it = cache_.find(key); it != cache_.end()) {
        it->second = std::move(frame);
        return;
    }
    cache_[key] = std::move(frame);
    order_.push_back(key);
    if (order_.size() > kKept) {
        cache_.erase(order_.front());
        order_.pop_front();
    }
}

std::shared_ptr<const std::string> Reviewer::kept(const std::string& key, const std::string& table,
                                                  int seat) {
    {
        std::lock_guard lock(mutex_);
        if (auto it = cache_.find(key); it != cache_.end()) return it->second;
    }
    // Kept with the game by whichever node made it, before a restart too.
    auto stored = store_.review_of(table, seat);
    if (!stored) {
        spdlog::error("table {}: the kept review cannot be read: {}", table, stored.error().reason);
        return nullptr;
    }
    if (!*stored || !current(**stored)) return nullptr;
    auto frame = std::make_shared<const std::string>(std::move(**stored));
    remember(key, frame);
    return frame;
}

void Reviewer::ask(const ClientPtr& client, const std::string& table, int seat, std::string record,
                   Id id) {
    const std::string key = table + "/" + std::to_string(seat);
    if (auto frame = kept(key, table, seat)) {
        client->send(std::move(frame));
        if (id) send(client, ack_message(*id, 0));
        return;
    }
    {
        std::lock_guard lock(mutex_);
        if (asking_.contains(client->player))
            return send_error(client, "rate_limited", say<"review_being_made">(), id);
        // Being made (after the game, or for another of the seat's connections): it is
        // sent to this one too when it is ready.
        if (auto it = making_.find(key); it != making_.end()) {
            it->second.push_back({client, client->player, id});
            asking_.insert(client->player);
            return;
        }
        if (making_.size() - background_keys_.size() >= kAsked)
            return send_error(client, "rate_limited", say<"reviews_busy">(), id);
        making_[key].push_back({client, client->player, id});
        asking_.insert(client->player);
    }
    make(address_key(client->address), key, table, seat, std::move(record));
}

void Reviewer::after_game(const std::string& table, const std::vector<int>& seats,
                          std::string record) {
    {
        std::lock_guard lock(mutex_);
        ++games_after_;
    }
    for (int seat : seats) {
        const std::string key = table + "/" + std::to_string(seat);
        {
            std::lock_guard lock(mutex_);
            if (making_.contains(key) || cache_.contains(key)) continue;
            if (background_keys_.size() >= background_) {
                spdlog::debug("table {}: not reviewed after the game: {} reviews wait already",
                              table, background_keys_.size());
                return;
            }
            making_[key];
            background_keys_.insert(key);
        }
        make(kBackgroundQueue, key, table, seat, record);
    }
}

void Reviewer::make(const std::string& queue_key, const std::string& key, const std::string& table,
                    int seat, std::string record) {
    pool_.post(queue_key, [this, key, table, seat, record = std::move(record)] {
        std::shared_ptr<const std::string> frame;
        std::optional<Text> refusal;
        try {
            auto game = load_record(record);
            int cards = 0;
            if (game)
                for (const Action& a : game->history())
                    cards += a.kind == ActionKind::Play && a.seat == Seat(seat);
            if (!game) {
                spdlog::error("table {}: the stored record does not load", table);
                refusal = say<"record_unreadable">();
            } else if (cards > kMaxCards) {
                refusal = say<"review_too_long", "n">(kMaxCards / kCardsPerHand);
            } else {
                SeatNames names{"South", "West", "North", "East"};
                names[std::size_t(seat)] = "You";
                const ai::Review r = ai::review_game(*game, Seat(seat), kDeals, 1, kDecisionMs);
                frame = std::make_shared<const std::string>(review_message(table, r, names));
            }
        } catch (const std::exception& e) {
            spdlog::error("table {}: the review failed: {}", table, e.what());
            refusal = say<"review_failed">();
        }
        if (frame) {
            if (Status stored = store_.save_review(table, seat, *frame); !stored)
                spdlog::error("table {}: the review was not kept: {}", table,
                              stored.error().reason);
            remember(key, frame);
        }
        std::vector<Waiter> waiters;
        {
            std::lock_guard lock(mutex_);
            if (auto it = making_.find(key); it != making_.end()) {
                waiters = std::move(it->second);
                making_.erase(it);
            }
            background_keys_.erase(key);
            for (const Waiter& w : waiters) asking_.erase(w.player);
        }
        for (const Waiter& w : waiters) {
            if (!frame) {
                send_error(w.client, "illegal", refusal.value_or(say<"review_failed">()), w.id);
                continue;
            }
            w.client->send(frame);
            if (w.id) send(w.client, ack_message(*w.id, 0));
        }
    });
}

}  // namespace hearts::server
