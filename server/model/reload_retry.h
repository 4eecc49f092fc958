// When a table whose database could not be read is loaded again (router/live_tables.cpp,
// after a failed write while PostgreSQL restarts or the disk is gone): every two seconds,
// as the store tries its connections again (store/pg), so a table comes back within about
// that long once its database does; spread over half a second, so a node's tables do not
// all load in the same instant then; given up after two minutes, when its people are told
// to reload the page.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <optional>

namespace hearts::server::reload_retry {

inline constexpr std::chrono::milliseconds kEvery{2000};
inline constexpr std::chrono::milliseconds kSpread{500};
inline constexpr std::chrono::seconds kGiveUpAfter{120};

/// The wait before the next try, `waited` after the first try that found the database
/// unreadable, or none: time to give up. `spread`, from 0 to 1, is the share of kSpread
/// added (a random number, from the caller).
inline std::optional<std::chrono::milliseconds> next_wait(std::chrono::milliseconds waited,
                                                          double spread) {
    if (waited >= kGiveUpAfter) return std::nullopt;
    const double share = std::clamp(spread, 0.0, 1.0);
    return kEvery + std::chrono::milliseconds(std::int64_t(share * double(kSpread.count())));
}

}  // namespace hearts::server::reload_retry
