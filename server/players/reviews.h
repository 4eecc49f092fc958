// Reviews of finished games (docs/protocol.md, "Reviews"; hearts/ai/review.h): made on a
// thread of their own at a low priority, so the tables and their computer players never
// wait behind them; kept with the game in the database and the last ones in memory.
//
// A game is reviewed for each person at it as soon as its end is stored (in the
// background, while there is room in a bounded queue), so that "Review my play" is
// usually ready when it is opened. A request for a review being made waits for it rather
// than making it twice; one not yet made is made at once, served in turn with the
// background ones by address, so a finished game's reviews never hold a request up for
// more than one review's time.
#pragma once

#include <cstddef>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "model/review_budget.h"
#include "protocol/client.h"
#include "store/store.h"
#include "threads/bot_pool.h"

namespace hearts::server {

class Reviewer {
  public:
    /// `background`: finished games' seats waiting to be reviewed at most (0: none are
    /// reviewed until asked for).
    Reviewer(Store& store, std::size_t background);
    ~Reviewer();
    Reviewer(const Reviewer&) = delete;
    Reviewer& operator=(const Reviewer&) = delete;

    /// `client`'s player asks for the review of `seat` (0 S .. 3 E) of `table`, whose
    /// finished record is `record`: the review, then an ack for `id`; or why not.
    void ask(const ClientPtr& client, const std::string& table, int seat, std::string record,
             Id id);
    /// `table` has just finished and its end is stored: its `seats` (the people's) are
    /// reviewed in the background, unless the queue is full or the review is kept.
    void after_game(const std::string& table, const std::vector<int>& seats, std::string record);
    /// Lets a review being made finish, drops the queue, joins the thread.
    void stop();

    /// Background reviews waiting or being made (for /status and the tests).
    std::size_t background_pending();
    /// Finished games handed to `after_game` so far, reviewed or not (for /status: a test
    /// then knows the step after a game has run, and need not wait and hope).
    std::size_t games_after();

    static constexpr int kDeals = review_budget::kDeals;  // model/review_budget.h
    static constexpr int kDecisionMs = review_budget::kDecisionMs;
    static constexpr std::size_t kAsked = 4;  // asked for and being made, server-wide
    static constexpr int kMaxCards = review_budget::kMaxCards;
    static constexpr std::size_t kKept = 256;  // kept in memory

  private:
    struct Waiter {
        ClientPtr client;
        std::string player;
        Id id;
    };
    /// A review of this version's kind: one made before passes were reviewed is made again.
    static bool current(const std::string& frame);
    /// The review kept in memory or in the database, if a current one is.
    std::shared_ptr<const std::string> kept(const std::string& key, const std::string& table,
                                            int seat);
    void remember(const std::string& key, std::shared_ptr<const std::string> frame);
    /// Queues the making of `key`'s review under `queue_key`.
    void make(const std::string& queue_key, const std::string& key, const std::string& table,
              int seat, std::string record);

    Store& store_;
    const std::size_t background_;
    BotPool pool_{1};
    std::mutex mutex_;  // guards the members below
    std::map<std::string, std::shared_ptr<const std::string>> cache_;
    std::deque<std::string> order_;
    // Reviews queued or being made, by key (table/seat), with who waits for each.
    std::map<std::string, std::vector<Waiter>> making_;
    std::set<std::string> background_keys_;  // of making_, those started in the background
    std::set<std::string> asking_;           // players with a review asked for and not yet sent
    std::size_t games_after_ = 0;
};

}  // namespace hearts::server
