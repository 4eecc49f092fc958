#include <utility>  // before Asio: Boost 1.74's headers use std::exchange without it

#include "social/social.h"

#include <spdlog/spdlog.h>

#include <algorithm>

namespace hearts::server {

namespace {

using Clock = std::chrono::steady_clock;

constexpr std::size_t kChallengeBurst = 5;  // challenges per kChallengeWindow per player
constexpr auto kChallengeWindow = std::chrono::seconds(60);

}  // namespace

Relations Social::relations_of(const std::string& player) {
    auto r = store_.relations(player);
    if (!r) {
        spdlog::error("player {}: could not read relations: {}", player, r.error().reason);
        return {};
    }
    return *r;
}

void Social::relation(const ClientPtr& client, const SetRelation& m, Id id) {
    if (m.player == client->player)
        return send_error(client, "bad_message", say<"that_is_you">(), id);
    auto exists = store_.player_exists(m.player);
    if (!exists) return send_error(client, "server", internal(exists.error().reason), id);
    if (!*exists) return send_error(client, "not_found", say<"no_such_player">(), id);
    if (Status ok = store_.set_relation(client->player, m.player, m.kind, m.on); !ok)
        return send_error(client, "server", internal(ok.error().reason), id);
    roster_.send_to_player(client->player, relations_message(relations_of(client->player)));
    if (id) send(client, ack_message(*id, 0));
}

std::optional<std::pair<std::string, Text>> Social::open_challenge(const std::string& from,
                                                                   const std::string& to,
                                                                   const std::string& to_name,
                                                                   const std::string& table,
                                                                   std::string frame) {
    if (!roster_.online(to))
        return std::pair{std::string("offline"), say<"offline", "name">(to_name)};
    // Every check another connection of the same player could race is made, and its
    // effect recorded, under one lock.
    std::lock_guard lock(mutex_);
    auto& open = challenges_[to];
    if (std::any_of(open.begin(), open.end(),
                    [&](const OpenChallenge& c) { return c.from == from; }))
        return std::pair{std::string("state"), say<"already_challenged", "name">(to_name)};
    const auto now = Clock::now();
    const auto quiet = [&](const auto& entry) {
        return entry.second.empty() || now - entry.second.back() >= kChallengeWindow;
    };
    std::erase_if(times_, quiet);  // forget the quiet
    std::erase_if(received_, quiet);
    const auto refuse = [&](Text why) {
        if (open.empty()) challenges_.erase(to);
        return std::pair{std::string("rate_limited"), std::move(why)};
    };
    auto& times = times_[from];
    while (!times.empty() && now - times.front() >= kChallengeWindow) times.pop_front();
    if (times.size() >= kChallengeBurst)
        return refuse(say<"challenging_too_often", "n">(kChallengeBurst));
    // However many players and addresses send them, one player is not flooded with
    // prompts: a few a minute, and a few waiting at once.
    if (open.size() >= std::size_t(bounds_.open))
        return refuse(say<"challenged_waiting", "name">(to_name));
    auto& got = received_[to];
    while (!got.empty() && now - got.front() >= kChallengeWindow) got.pop_front();
    if (got.size() >= std::size_t(bounds_.per_minute))
        return refuse(say<"challenged_often", "name">(to_name));
    times.push_back(now);
    got.push_back(now);
    // The other nodes of a cluster see it too, for the player's next hello there.
    if (auto* peers = roster_.peers()) peers->challenge_here(to, table, frame);
    open.push_back({table, from, std::move(frame)});
    return std::nullopt;
}

std::string Social::challenge_frame(const std::string& player, const std::string& table) {
    std::lock_guard lock(mutex_);
    if (auto it = challenges_.find(player); it != challenges_.end())
        for (const OpenChallenge& c : it->second)
            if (c.table == table) return c.frame;
    return "";
}

std::vector<Social::Open> Social::all_open() {
    std::vector<Open> out;
    std::lock_guard lock(mutex_);
    for (const auto& [to, open] : challenges_)
        for (const OpenChallenge& c : open) out.push_back({to, c.table, c.frame});
    return out;
}

std::vector<std::string> Social::open_to(const std::string& player) {
    std::vector<std::string> out;
    std::vector<std::string> tables;
    {
        std::lock_guard lock(mutex_);
        if (auto it = challenges_.find(player); it != challenges_.end())
            for (const OpenChallenge& c : it->second) {
                out.push_back(c.frame);
                tables.push_back(c.table);
            }
    }
    if (auto* peers = roster_.peers())
        for (auto& [table, frame] : peers->challenges_elsewhere(player))
            if (std::find(tables.begin(), tables.end(), table) == tables.end())
                out.push_back(std::move(frame));
    return out;
}

bool Social::close_challenge(const std::string& player, const std::string& table,
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
    if (auto* peers = roster_.peers()) peers->challenge_here(player, table, "");
    if (!reason.empty()) roster_.send_to_player(player, challenge_over_message(table, reason));
    return true;
}

}  // namespace hearts::server
