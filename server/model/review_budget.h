// How much search a review of a finished game gets (docs/bots.md, "Reviews";
// hearts/ai/review.h): the server's reviews (players/reviews.h) and the offline server's
// (wasm/offline.h) alike, so a game reviewed in the page reads as it would online.
#pragma once

namespace hearts::server::review_budget {

inline constexpr int kDeals = 100;      // sampled deals per card reviewed
inline constexpr int kDecisionMs = 25;  // and at most this long per card
inline constexpr int kMaxCards = 520;   // 40 hands of the player's cards

}  // namespace hearts::server::review_budget
