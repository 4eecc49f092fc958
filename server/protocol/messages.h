// The browser protocol (docs/protocol.md): every message type in one place, one parse
// function at the edge, and the per-seat JSON the server sends. No Beast, no Asio:
// this file is unit-tested and fuzzed on its own.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "hearts/ai/hint.h"
#include "hearts/ai/review.h"
#include "hearts/card.h"
#include "hearts/expected.h"
#include "hearts/game.h"
#include "hearts/view.h"
#include "model/achievements.h"
#include "model/daily.h"
#include "model/rating.h"
#include "model/stats.h"
#include "model/table.h"
#include "model/vocab.h"
#include "protocol/texts.h"

namespace hearts::server {

inline constexpr std::size_t kMaxMessageBytes = 4096;
/// The WebSocket subprotocol of a client that speaks version 3 of the protocol
/// (docs/protocol.md, "Versions"): several server messages in one frame, one JSON object
/// a line, and updates whose views leave out what has not changed. A client that does
/// not ask for it gets version 2: one message a frame, whole views.
inline constexpr const char* kSubprotocol3 = "hearts.3";

// ---- client -> server ----
struct Hello {
    std::optional<std::string> player;  // with token: "I am this player"; absent: new player
    std::optional<std::string> token;
};
struct NewGame {
    std::string rules;                                         // rules text; "" = defaults
    std::array<std::string, 3> names{"Mike", "Bill", "Lisa"};  // West, North, East
    std::string level = "expert";
    std::string name = "You";
    // The player's number mixed into the seed (docs/protocol.md, "Fair deals"): 16 to 64
    // hex digits, or "" for a seed the server alone picks.
    std::string nonce;
};
struct Resume {
    std::string table;
    std::int64_t since = -1;  // -1: send a snapshot
};
struct PassCards {
    std::string table;
    CardSet cards;
};
struct PlayCard {
    std::string table;
    Card card;
};
struct ChooseMoon {
    std::string table;
    MoonChoice choice = MoonChoice::AddToOthers;
};
struct NextHand {
    std::string table;
};
struct Ping {};

// ---- playing with people (docs/protocol.md, "Playing with people") ----
inline constexpr std::size_t kMaxChatChars = 200;
inline constexpr int kMinTimerSeconds = 10;
inline constexpr int kMaxTimerSeconds = 120;
inline constexpr int kDefaultTimerSeconds = 30;

struct SetName {
    std::string name;
};
struct CreateTable {
    bool is_private = false;
    std::string rules;  // "" = defaults
    int timer = kDefaultTimerSeconds;
};
struct JoinTable {
    std::string table;
    bool confirm = false;  // join even though I blocked someone seated
};
/// A message that names only its table: what it does is its kind.
struct TableCommand {
    enum class Kind { Leave, Start, TimerOff, Reclaim, Concede, Rematch, Decline };
    Kind kind;
    std::string table;
};
struct LobbyWatch {
    bool on = true;
};
struct ChatSay {
    std::string table;
    std::string text;
};
struct SetRelation {
    std::string player;
    RelationKind kind = RelationKind::Block;
    bool on = true;
};

/// Asks for the player's statistics, answered by `stats`.
struct StatsRequest {};

/// Asks for the leaderboard of the board of `rules` ("" = the default rules), with the
/// player's rank there and their ratings on every board, answered by `leaderboard`.
struct LeaderboardRequest {
    std::string rules;
    int page = 0;  // of kLeadersPerPage, from 0: the first kLeaderboardPages pages are shown
};
inline constexpr int kLeadersPerPage = 50;
inline constexpr int kLeaderboardPages = 2;  // the top 100
/// A board lists the players who played a rated game there within this many days.
inline constexpr int kLeaderboardActiveDays = 30;

/// "Play now (rated)" (docs/ratings.md, "Quick match"): a seat at the waiting quick table
/// of `rules` whose people are nearest the player in skill, or a new one. `from`: the
/// quick table the player waits at already, asking again for one further along ("" =
/// none); answered by `ack` alone when there is none.
struct QuickMatch {
    std::string rules;  // "" = defaults
    int timer = kDefaultTimerSeconds;
    std::string from;
};

/// Asks for another player's ratings (the player dialog's), answered by `profile`.
struct ProfileRequest {
    std::string player;
};

/// Asks for the player's achievements, answered by `achievements`.
struct AchievementsRequest {};
/// Puts on a face and an item (docs/protocol.md, "Achievements").
struct SetLook {
    Look look;
};
/// Keeps the language the player chose for the page (one of model/languages.h's
/// kLanguages, or "" to forget it), for their other connections and devices
/// (docs/protocol.md, "The player's language").
struct SetLang {
    std::string lang;
};

/// Allows a finished game of the player's to be replayed by anyone with its link, answered
/// by `shared` (docs/protocol.md, "Replays and share links").
struct ShareGame {
    std::string table;
};

/// Asks for the review of a finished game of the player's, answered by `review`
/// (docs/protocol.md, "Reviews").
struct ReviewRequest {
    std::string table;
};

/// Asks what the search would do in the player's place, answered by `hint`
/// (docs/protocol.md, "Hints").
struct HintRequest {
    std::string table;
};

/// Starts today's daily deal, or resumes the player's game of it (docs/protocol.md, "The
/// daily deal").
struct DailyStart {};
/// Asks for a day's board of the daily deal, answered by `daily`; today when `day` is "".
struct DailyRequest {
    std::string day;
};

/// Starts (or stops) watching a table: its tricks one trick late, its scores and its chat,
/// never a hand (docs/protocol.md, "Spectators").
struct WatchTable {
    std::string table;
    bool on = true;
};
/// Allows (or stops allowing) watchers at the private table the player sits at.
struct AllowWatchers {
    std::string table;
    bool on = true;
};

/// Agrees (or no longer agrees) that the private table the player sits at is rated; the
/// host's agreement asks for it (docs/ratings.md). Before the first card only.
struct AllowRated {
    std::string table;
    bool on = true;
};

/// Allows (or stops allowing) hints at the table with people the player sits at.
struct AllowHints {
    std::string table;
    bool on = true;
};

/// Opens a private table and asks `player` to join it (docs/protocol.md, "Challenges").
struct Challenge {
    std::string player;
    std::string rules;  // "" = defaults
    int timer = kDefaultTimerSeconds;
};

using ClientBody =
    std::variant<Hello, NewGame, Resume, PassCards, PlayCard, ChooseMoon, NextHand, Ping, SetName,
                 CreateTable, JoinTable, TableCommand, LobbyWatch, ChatSay, SetRelation, Challenge,
                 StatsRequest, AchievementsRequest, SetLook, ShareGame, HintRequest, ReviewRequest,
                 WatchTable, AllowWatchers, AllowHints, DailyStart, DailyRequest,
                 LeaderboardRequest, AllowRated, ProfileRequest, QuickMatch, SetLang>;

struct ClientMessage {
    std::optional<std::int64_t> id;  // the client's request id, echoed in ack/error
    ClientBody body;
};

/// A refused message: the error code of docs/protocol.md, a reason for people (`text`'s
/// English), and `text`, the reason as a code and its values (docs/protocol.md, "Codes").
struct ProtocolError {
    std::string code;  // "bad_message", ...
    std::string reason;
    std::optional<std::int64_t> id;
    /// The frame is not a JSON object, is too large or nests too deep: docs/protocol.md
    /// closes the connection (with `reason`) instead of answering with an error.
    bool close = false;
    Text text = {};
};

/// Parses one frame. Every refusal names the field at fault, e.g.
/// `card: 'ZZ' is not a card ...` or `unknown field 'colour'`.
std::variant<ClientMessage, ProtocolError> parse_client_message(std::string_view text);

// ---- server -> client ----

std::string welcome_message(const std::string& player, const std::string& token,
                            const std::vector<std::string>& tables,
                            const std::optional<std::string>& name = std::nullopt,
                            const Relations& relations = {}, const Look& look = {},
                            const std::string& lang = "");
std::string you_message(const std::string& player, const std::string& name);
std::string relations_message(const Relations& relations);

std::string table_message(const std::string& table, const TableInfo& info);

std::string chat_message(const std::string& table, const ChatLine& line);

/// The listing a new watcher starts from.
std::string lobby_message(const std::vector<LobbyEntry>& tables);
/// What changed since the last `lobby` or `lobby_update`: entries new or changed, and
/// tables no longer listed.
std::string lobby_update_message(const std::vector<LobbyEntry>& set,
                                 const std::vector<std::string>& removed);
std::string rematch_message(const std::string& table, const std::string& next);
std::string removed_message(const std::string& table);
/// To a watcher: the watching of `table` is over, and why (docs/protocol.md, "Spectators").
std::string unwatched_message(const std::string& table, const Text& why);
/// To the challenged player: `from` asks them to join `table`.
std::string challenge_message(const std::string& table, const PlayerRef& from,
                              const std::string& rules, int timer);
/// To the challenged player: the challenge at `table` ended (joined, declined, withdrawn).
std::string challenge_over_message(const std::string& table, std::string_view reason);
std::string error_message(const ProtocolError& e);
std::string ack_message(std::int64_t id, std::int64_t version);
std::string pong_message();
/// The player's statistics (docs/protocol.md, "Statistics").
std::string stats_message(const PlayerStats& stats);
/// Every achievement, with when the player earned it, and their look (docs/protocol.md,
/// "Achievements").
std::string achievements_message(const std::vector<Earned>& earned, const Look& look);
/// An achievement just earned at `table`: the pop-up.
std::string achievement_message(const AchievementDef& a, const std::string& table);
/// What a rated game did to the player's rating (docs/protocol.md, "Ratings").
std::string rating_message(const RatingChange& change);
/// The answer to `leaderboard`: `board`'s leaders, the player's `rank` there (0: not
/// ranked), their ratings on every board, and their rating's `history` on `board`
/// (docs/protocol.md, "Leaderboards").
/// The answer to `profile`: `player`'s name, their rank on the default rules' board (0: not
/// ranked) and their ratings on every board (docs/protocol.md, "Leaderboards").
/// `places` and `history`: on the default rules' board (see Store::place_counts and
/// rating_history).
std::string profile_message(const std::string& player, const std::string& name, int rank,
                            const std::vector<BoardRating>& boards,
                            const std::array<int, 4>& places,
                            const std::vector<RatingPoint>& history);
/// `page` of the board's leaders; `more`: the next page has leaders too.
std::string leaderboard_message(const std::string& board, int page, bool more,
                                const std::vector<LeaderRow>& leaders, int rank,
                                const std::vector<BoardRating>& mine,
                                const std::vector<RatingPoint>& history);
/// The player's look, to each of their connections, after they changed it.
std::string look_message(const Look& look);
/// The player's language, to their other connections, after one of them chose it.
std::string lang_message(const std::string& lang);
/// The review of `table` for the seat `review.seat` (docs/protocol.md, "Reviews").
std::string review_message(const std::string& table, const ai::Review& review,
                           const std::array<std::string, kSeats>& names);

/// A hint for the position at table version `version` (docs/protocol.md, "Hints").
std::string hint_message(const std::string& table, std::int64_t version, const ai::Hint& hint);

/// The commitment to the salt of the connection's next game against the computer
/// (docs/protocol.md, "Fair deals"), sent before the player chooses its number.
std::string next_deal_message(const std::string& commit);

/// A day's board of the daily deal, to the player who asked (docs/protocol.md, "The daily
/// deal"). Replays are given only when `replays` (the player finished that day's game, or
/// the day is over and they did not start it).
std::string daily_message(const std::string& day, bool today, std::int64_t next_ms,
                          const DailyBoard& board, bool replays);

/// A finished game's sharing, to the player who allowed it (docs/protocol.md, "Replays
/// and share links"): the link's id once everyone allowed it, else how many have not.
std::string shared_message(const std::string& table, const ShareState& state);

/// One row of the score sheet, as in the view's "sheet" and the `hand_over` event:
/// {"hand":1,"score":[0,13,9,4],"totals":[0,13,9,4],"moon":null,"winners":["S"]}
/// (per-seat values in the order S, W, N, E; "hand" counts from 1).
std::string sheet_row_json(const HandResult& result);

/// The per-seat view as JSON text (docs/protocol.md, "The view").
std::string view_json(const SeatView& view, const SeatNames& names);
/// An update's view (docs/protocol.md, "Server → client"): `rules` is left out, and so
/// are `names` and `sheet` unless they changed since the table's previous version.
std::string update_view_json(const SeatView& view, const SeatNames& names, bool with_names,
                             bool with_sheet);
/// The same text built the slow way, as a JSON document: the reference `view_json` is
/// tested against (the two must agree byte for byte).
std::string view_document_json(const SeatView& view, const SeatNames& names);
/// A watcher's view (docs/protocol.md, "Spectators"): `view`'s seat drawn at the bottom,
/// with no cards of its own, no pass and no legal plays, and `"watching":true`.
std::string watcher_view_json(const SeatView& view, const SeatNames& names);
/// What a snapshot carries beside the view, each left out when empty.
struct SnapshotExtras {
    std::string_view fair = {};              // the table's `fair_json`
    std::string_view daily = {};             // the day of a daily deal's game
    std::string_view level = {};             // the computer players' level at the table
    std::optional<event::Claim> claim = {};  // the claim of the hand in play or just over
};
/// A snapshot of `view` (docs/protocol.md, "snapshot").
std::string snapshot_message(const std::string& table, std::int64_t version, const SeatView& view,
                             const SeatNames& names, const SnapshotExtras& extras = {});
/// A snapshot of `table` as `seat` sees it, with everything the table adds to the view.
std::string seat_snapshot(const Table& table, Seat seat);
/// A snapshot of a view already made into JSON text.
std::string snapshot_message(const std::string& table, std::int64_t version,
                             const std::string& view_json, const SnapshotExtras& extras = {});
/// A table's event as one JSON object (protocol/events.cpp; docs/protocol.md, "Events").
std::string event_json(const TableEvent& e);
/// `event_json` is one event object (see model/table.h), already redacted for this seat.
std::string update_message(const std::string& table, std::int64_t version,
                           const std::string& event_json, const SeatView& view,
                           const SeatNames& names);
/// The same with the view already serialised (`view_json`), for several events at once.
std::string update_message(const std::string& table, std::int64_t version,
                           const std::string& event_json, const std::string& view_json);

}  // namespace hearts::server
