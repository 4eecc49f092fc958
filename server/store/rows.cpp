// The rows every store shares (store/rows.h).
#include "store/rows.h"

#include <openssl/crypto.h>
#include <openssl/evp.h>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <nlohmann/json.hpp>
#include <utility>

#include "model/daily.h"
#include "model/fair.h"

namespace hearts::server {

Expected<SeatNames> parse_names(const std::string& text) {
    const auto j = nlohmann::json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_array() || j.size() != std::size_t(kSeats))
        return Error{"names: expected a JSON array of 4 names"};
    SeatNames names;
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (!j[i].is_string()) return Error{"names: expected a JSON array of 4 names"};
        names[i] = j[i].get<std::string>();
    }
    return names;
}

Expected<std::uint64_t> parse_seed(const std::string& text) {
    std::uint64_t seed = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), seed);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size())
        return Error{"seed: expected a decimal number, got '" + text + "'"};
    return seed;
}

std::int64_t votes_of(const SeatHolder& h) {
    return (h.ready ? kVoteReady : 0) | (h.timer_vote ? kVoteTimerOff : 0) |
           (h.rematch_vote ? kVoteRematch : 0) | (h.helped ? kSeatHelped : 0) |
           (h.watch_vote ? kVoteWatchers : 0) | (h.hint_vote ? kVoteHints : 0) |
           (h.rated_vote ? kVoteRated : 0);
}

SeatHolder holder_of(std::string player, bool away, bool conceded, std::int64_t votes) {
    return SeatHolder{std::move(player),
                      away,
                      conceded,
                      (votes & kVoteReady) != 0,
                      (votes & kVoteTimerOff) != 0,
                      (votes & kVoteRematch) != 0,
                      (votes & kSeatHelped) != 0,
                      (votes & kVoteWatchers) != 0,
                      (votes & kVoteHints) != 0,
                      (votes & kVoteRated) != 0};
}

Expected<TableSetup> setup_of(const SetupRow& row) {
    TableSetup setup;
    setup.id = row.id;
    setup.owner = row.owner;
    const auto fail = [&](const Error& e) { return Error{"table " + setup.id + ": " + e.reason}; };
    auto rules = parse_rules(row.rules);
    if (!rules) return fail(Error{"rules: " + rules.error().reason});
    setup.rules = *rules;
    auto seed = parse_seed(row.seed);
    if (!seed) return fail(seed.error());
    setup.seed = *seed;
    auto names = parse_names(row.names);
    if (!names) return fail(names.error());
    setup.names = *names;
    setup.bot_level = row.bot_level;
    auto kind = parse_table_kind(row.kind);
    if (!kind) return fail(kind.error());
    setup.kind = *kind;
    setup.started = row.started;
    setup.timer = int(row.timer);
    if (row.host < 0 || row.host >= kSeats) return fail(Error{"host: not a seat"});
    setup.host = Seat(row.host);
    setup.ended = row.ended;
    setup.next = row.next;
    setup.created_ms = row.created_seconds * 1000;  // stored in seconds
    if (!row.salt.empty() && !is_salt(row.salt))
        return fail(Error{"salt: expected 32 hex digits or nothing, got '" + row.salt + "'"});
    setup.salt = row.salt;
    if (!row.daily.empty() && !is_day(row.daily))
        return fail(
            Error{"daily: expected a day like 2026-12-03 or nothing, got '" + row.daily + "'"});
    setup.daily = row.daily;
    if (!row.nonce.empty() && !is_nonce(row.nonce))
        return fail(
            Error{"nonce: expected 16 to 64 hex digits or nothing, got '" + row.nonce + "'"});
    setup.nonce = row.nonce;
    return setup;
}

std::string names_json(const SeatNames& names) {
    return nlohmann::json(names).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::int64_t now_seconds() {
    return std::chrono::duration_cast<std::chrono::seconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

std::int64_t now_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

std::int64_t created_seconds(const TableSetup& setup) {
    return setup.created_ms ? setup.created_ms / 1000 : now_seconds();
}

std::optional<TokenHash> token_hash(std::string_view token) {
    TokenHash out{};
    unsigned int size = 0;
    if (EVP_Digest(token.data(), token.size(), out.data(), &size, EVP_sha256(), nullptr) != 1 ||
        size != kTokenHashBytes) {
        return std::nullopt;
    }
    return out;
}

bool token_matches(std::string_view stored, std::string_view token) {
    const auto hash = token_hash(token);
    return hash && stored.size() == kTokenHashBytes &&
           CRYPTO_memcmp(stored.data(), hash->data(), kTokenHashBytes) == 0;
}

Status check_next(const std::string& table, std::int64_t seq, const NextAction& next) {
    const std::string where = "table " + table + ", action " + std::to_string(seq);
    if (next.over) return Error{where + ": the game is finished"};
    if (seq < next.seq) {
        return Error{where + ": already stored (the next action is " + std::to_string(next.seq) +
                     ")"};
    }
    if (seq > next.seq) {
        return Error{where + ": would leave a gap (the next action is " + std::to_string(next.seq) +
                     ")"};
    }
    return {};
}

Error no_such_table(const std::string& table) {
    return Error{"table " + table + ": there is no such table"};
}

// Appends the actions of one `actions` row (one a line, the first numbered `seq`) to
// `out`, which must hold exactly the actions before it.
Status append_actions(const std::string& table, std::int64_t seq, std::string_view text,
                      std::vector<Action>& out) {
    const std::string where = "table " + table + ", action " + std::to_string(seq);
    if (seq != std::int64_t(out.size())) {
        return Error{where + ": expected action " + std::to_string(out.size()) +
                     " here; the log has a gap"};
    }
    for (;;) {
        const auto newline = text.find('\n');
        auto action = parse_action(text.substr(0, newline));
        if (!action) {
            return Error{"table " + table + ", action " + std::to_string(out.size()) + ": " +
                         action.error().reason};
        }
        out.push_back(*action);
        if (newline == std::string_view::npos) return {};
        text.remove_prefix(newline + 1);
    }
}

}  // namespace hearts::server
