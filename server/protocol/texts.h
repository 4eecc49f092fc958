// The server's words for people, as codes (docs/protocol.md, "Codes"): every refusal and
// every notice with a reason carries `msg`, a stable code from kTexts, and `args`, the
// values of its {placeholders}, beside `reason`, the English filled in. The page words the
// code in the player's language; an older page shows `reason`.
//
// kTexts is the one source of the codes: web/src/i18n/en/server.ts copies it (its test,
// web/tests/i18n-server.test.ts, reads this file), and docs/protocol.md lists it. A code
// is never renamed or given other placeholders: add a new one instead.
//
// Placeholders whose value is a word the page words itself: `seat`, `to_move` and
// `shooter` hold a seat's letter (S, W, N, E; English: the seat_* texts), `cards` cards
// like "QS 2C", `item` an item's id (party_hat) and `achievement` an achievement's id
// (first_game). `n` is a count (a number: a language picks its plural by it), `percent`
// a number. Any other is a name as it is, or `detail`: English for developers (a
// parser's or a database's words).
//
//   send_error(client, "full", say<"watchers_full", "n">(cap), id);
//
// `say` checks at compile time that the code is in kTexts and that the names given are
// exactly its placeholders.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "hearts/card.h"

namespace hearts::server {

struct TextDef {
    std::string_view code;
    std::string_view english;  // with {placeholders}
};

// One entry a line, or its English on the lines below it (read by docs/protocol.md's list
// and web/tests/i18n-server.test.ts): {"code", "English"},
inline constexpr TextDef kTexts[] = {
    // ---- the server's own failures
    {"internal", "Something went wrong on the server: try again in a moment."},
    {"db_unreachable", "the game's database cannot be reached just now: try again in a moment"},
    {"seed_mix_failed", "could not mix the seed: try again"},
    {"no_salt", "no random salt for the deal: try again"},
    {"table_id_taken", "a new table's id was taken: try again"},
    {"server_failed", "The server failed at this: the game is loaded again at the last card saved"},
    {"reload_failed", "This game could not be loaded again: reload the page to try once more"},
    {"waiting_for_db",
     "This game is waiting for its database: it comes back by itself, at the last card saved"},
    {"save_failed", "could not save the move: {detail}"},
    {"create_failed", "could not create the table: {detail}"},
    {"table_failed", "the table failed and is loaded again: {detail}"},
    {"hint_failed", "The hint could not be made: try again"},
    {"review_failed", "The review could not be made: try again later"},
    {"record_unreadable", "This game's record cannot be read"},
    {"cluster_unreachable",
     "the game's servers cannot reach each other just now: try again in a moment"},
    {"table_moving", "the game's table is moving between servers: try again in a moment"},
    {"message_lost", "the game's server did not get your message: try again in a moment"},
    {"server_full", "the server holding this table is full: try again in a minute"},

    // ---- messages, hello and names
    {"bad_message", "{detail}"},
    {"hello_first", "say hello first: {\"t\":\"hello\"}"},
    {"hello_twice", "already said hello"},
    {"auth_failed", "unknown player or wrong token"},
    {"no_name", "Enter your name"},
    {"no_name_board", "Enter your name: the board shows it"},
    {"name_bot", "name: {bot} is the name of a computer player: choose another name"},

    // ---- too much, too fast
    {"too_many_players", "Too many new players from your address: try again in a minute"},
    {"too_many_wrong_codes", "Too many wrong table codes: wait a minute before trying again"},
    {"lobby_too_often", "The lobby was opened too often: try again in a minute"},
    {"watch_too_fast", "You are asking to watch tables too fast: try again in a minute"},
    {"stats_too_fast", "Too many requests for statistics: try again in a minute"},
    {"share_too_fast", "Too many requests for statistics and sharing: try again in a minute"},
    {"boards_too_fast", "Too many requests for statistics and boards: try again in a minute"},
    {"hints_too_fast", "Too many hints: try again in a minute"},
    {"reviews_too_fast", "Too many reviews: try again in a minute"},
    {"look_too_fast", "You are changing your look too fast: try again in a minute"},
    {"lang_too_fast", "You are changing your language too fast: try again in a minute"},
    {"games_too_fast", "You are asking for games too fast: try again in a minute"},
    {"tables_too_fast", "You are starting games too fast: at most {n} a minute from your address"},
    {"challenges_too_fast", "Too many challenges from your address: try again in a minute"},
    {"challenging_too_often", "You are challenging too often: at most {n} challenges a minute"},
    {"chat_too_fast", "You are sending messages too fast: at most {n} in 10 seconds"},
    {"review_being_made", "A review is being made for you: wait for it"},
    {"reviews_busy", "The server is making other reviews just now: try again in a minute"},
    {"hint_on_its_way", "A hint is on its way"},

    // ---- tables
    {"table_not_found", "Game table not found"},
    {"not_yours", "table {table}: no such table of yours"},
    {"not_finished",
     "table {table}: the game is not finished, and its record would reveal hidden cards"},
    {"game_over", "This game is over"},
    {"game_not_started", "The game has not started yet"},
    {"game_started", "The game has started"},
    {"started_concede", "The game has started: concede to leave it"},
    {"started_between_hands",
     "The game has started: you can take a computer player's seat between hands"},
    {"no_game_to_concede", "There is no game to concede"},
    {"game_not_over", "The game is not over yet"},
    {"only_host_starts", "Only the host can start"},
    {"table_full", "This table is full"},
    {"join_blocked", "You can't join this table: a player there has blocked you"},
    {"confirm_blocked",
     "This table has a player ({name}) that you have blocked previously (perhaps under another "
     "name). Are you sure you want to join it?"},
    {"name_looks_same",
     "{name} is at this table, and your name looks the same: change your name to join"},
    {"not_your_turn", "it is {name}'s turn"},

    // ---- watching, and the votes of a table
    {"solo_not_watchable", "This is a game against the computer: it cannot be watched"},
    {"public_watchable", "Anyone may watch a public table"},
    {"watch_not_started", "The game has not started yet: join it, or watch it once it starts"},
    {"watch_own_table", "You are playing at this table"},
    {"watchers_not_allowed", "The players at this table have not allowed watchers"},
    {"watch_blocked", "A player at this table has blocked you"},
    {"watchers_full", "This table has as many watchers as it takes ({n}): try again later"},
    {"watch_address_full", "Your address already watches this table from {n} connections"},
    {"watchers_no_longer", "The players at this table no longer allow watchers"},
    {"nobody_playing", "Nobody is playing at this table any more"},
    {"table_not_shown", "The table could not be shown: {detail}"},
    {"hints_always_solo", "Hints are always allowed in a game against the computer"},
    {"solo_not_rated", "A game against the computer is not rated"},
    {"public_rated", "Every game at a public table is rated"},
    {"daily_not_rated", "The daily deal is not rated"},
    {"rated_before_start", "The game has begun: a rated game is agreed before its first card"},

    // ---- hints and reviews
    {"hint_not_playing", "There is nothing to hint at: the game is not being played"},
    {"hint_daily",
     "There are no hints in the daily deal: everyone plays the day's cards on their own"},
    {"hint_not_allowed",
     "Hints at a table with people need everyone to allow them: otherwise they would help one "
     "player against the others"},
    {"hint_not_your_turn", "A hint is for your own turn to pass or to play"},
    {"review_too_long", "This game is too long to review: reviews cover up to {n} hands"},

    // ---- other players, challenges
    {"that_is_you", "player: that is you"},
    {"no_such_player", "player: no such player"},
    {"player_no_name", "player: this player has no name yet"},
    {"challenge_blocked", "You can't challenge this player"},
    {"challenge_blocked_them", "You have blocked {name}: unblock them to challenge them"},
    {"offline", "{name} is not online right now"},
    {"already_challenged", "You have already challenged {name}: wait for their answer"},
    {"challenged_waiting",
     "{name} has other challenges waiting for an answer: try again when they have answered"},
    {"challenged_often", "{name} has been challenged often just now: try again in a minute"},
    {"no_open_challenge", "There is no open challenge to you at this table"},

    // ---- fair deals, the daily deal, looks
    {"nonce_no_commit", "nonce: no commitment to mix it with was sent yet (next_deal)"},
    {"daily_played", "You have played today's deal: the next one is dealt at midnight UTC"},
    {"day_not_yet", "day: {day} has not come yet"},
    {"days_kept", "day: boards go back {n} days"},
    {"item_not_earned",
     "wearing: the {item} comes with the achievement \"{achievement}\", which you have not "
     "earned yet"},

    // ---- the page's own server, with no network (wasm/offline.h)
    {"offline_solo_only",
     "Offline, the page plays against the computer only: this needs the server"},

    // ---- a card, a pass or a choice the rules refuse (the engine's words)
    {"not_pass_time", "it is not time to pass cards"},
    {"already_passed", "{seat} has already passed"},
    {"pass_three", "pass exactly 3 cards"},
    {"pass_not_held", "you can only pass cards you hold, and {seat} has no {cards}"},
    {"pass_first", "pass 3 cards first"},
    {"not_play_time", "it is not time to play a card"},
    {"not_seats_turn", "it is {to_move}'s turn, not {seat}'s"},
    {"no_card", "no card given"},
    {"hand_over", "the hand is over"},
    {"card_not_held", "you don't have that card"},
    {"two_clubs_lead", "the two of clubs must lead the first trick"},
    {"hearts_not_broken", "hearts are not broken yet"},
    {"must_follow", "you must follow suit"},
    {"no_points_first_trick", "no hearts or queen of spades on the first trick"},
    {"no_moon", "there is no moon to score"},
    {"shooter_chooses", "only the shooter, {shooter}, chooses how the moon scores"},
    {"game_is_over", "the game is over"},
    {"hand_not_over", "the hand is not over yet"},
    {"unknown_action", "unknown action"},
    {"table_put_away", "the table was put away"},
    {"table_reloading", "the table failed and is being loaded again"},
    {"refused", "{detail}"},

    // ---- why a rated game moved a rating less (each a clause of the rating's `reason`)
    {"rating_newcomers", "players with fewer than {n} rated games do not move your rating yet"},
    {"rating_same_players",
     "you have played {n} rated games with the same players today, so this one counts for "
     "{percent}%"},

    // ---- words the texts above hold (the seats' names)
    {"seat_south", "South"},
    {"seat_west", "West"},
    {"seat_north", "North"},
    {"seat_east", "East"},
};

inline constexpr std::size_t kTextCount = std::size(kTexts);

/// A parameter's value: text (a name, or a word by its code) or a number.
using TextArg = std::variant<std::string, std::int64_t>;
using TextArgs = std::vector<std::pair<std::string, TextArg>>;

/// What the server says to a person: a code of kTexts and the values of its placeholders.
struct Text {
    std::string_view code;  // a code of kTexts ("" for none: an error from before the codes)
    TextArgs args;

    /// The English, filled in (a seat's letter as its name, and so on); a placeholder
    /// without a value stays as it is, {name}.
    std::string english() const;
};

namespace texts {

/// The index of `code` in kTexts, or -1.
constexpr int find(std::string_view code) {
    for (std::size_t i = 0; i < kTextCount; ++i)
        if (kTexts[i].code == code) return int(i);
    return -1;
}

constexpr bool is_name_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

/// The placeholder that starts at `at` in `english` ("" if none starts there): {name}, of
/// lower-case letters, digits and '_' ({"t":...} is text).
constexpr std::string_view placeholder_at(std::string_view english, std::size_t at) {
    if (english[at] != '{') return {};
    std::size_t end = at + 1;
    while (end < english.size() && is_name_char(english[end])) ++end;
    if (end == at + 1 || end >= english.size() || english[end] != '}') return {};
    return english.substr(at + 1, end - at - 1);
}

/// Whether `names` are exactly the placeholders of `english`, each once.
constexpr bool placeholders_are(std::string_view english,
                                std::initializer_list<std::string_view> names) {
    for (const std::string_view* a = names.begin(); a != names.end(); ++a)
        for (const std::string_view* b = a + 1; b != names.end(); ++b)
            if (*a == *b) return false;
    std::size_t found = 0;
    for (std::size_t i = 0; i < english.size(); ++i) {
        const std::string_view p = placeholder_at(english, i);
        if (p.empty()) continue;
        bool named = false;
        for (std::string_view n : names) named = named || n == p;
        if (!named) return false;
        ++found;
        i += p.size() + 1;
    }
    return found == names.size();
}

/// A placeholder's name as a template argument: say<"code", "name">(value).
template <std::size_t N>
struct Key {
    char chars[N]{};
    consteval Key(const char (&s)[N]) {  // NOLINT: implicit by design
        for (std::size_t i = 0; i < N; ++i) chars[i] = s[i];
    }
    constexpr std::string_view view() const { return {chars, N - 1}; }
};

inline TextArg arg_value(std::string s) {
    return s;
}
inline TextArg arg_value(std::string_view s) {
    return std::string(s);
}
inline TextArg arg_value(const char* s) {
    return std::string(s);
}
inline TextArg arg_value(Seat s) {
    return std::string(1, seat_letter(s));
}
template <class N>
requires std::is_integral_v<N> TextArg arg_value(N n) {
    return std::int64_t(n);
}

}  // namespace texts

/// The text `code` with its placeholders' values, checked as it is compiled:
///   say<"not_your_turn", "name">(names[s])
template <texts::Key Code, texts::Key... Names, class... Values>
Text say(Values&&... values) {
    static_assert(sizeof...(Names) == sizeof...(Values), "a value for each placeholder named");
    constexpr int i = texts::find(Code.view());
    static_assert(i >= 0, "no such code in kTexts (protocol/texts.h)");
    static_assert(texts::placeholders_are(kTexts[i].english, {Names.view()...}),
                  "the names given must be exactly the text's placeholders");
    return Text{kTexts[i].code,
                {{std::string(Names.view()), texts::arg_value(std::forward<Values>(values))}...}};
}

/// What is wrong with `text`, for tests: an unknown code, a placeholder without a value
/// ("missing: name"), a value for no placeholder ("unexpected: name"). Empty when right.
std::vector<std::string> text_problems(const Text& text);

/// `english` read back into the text of one of `codes` it is, with its values (a seat's
/// name back to its letter, a count to a number); none when it is none of them.
std::optional<Text> recognise(std::string_view english,
                              std::initializer_list<std::string_view> codes);

/// The rules' refusal of a card, a pass or a choice (Game::validate, and the table's own
/// refusals of an action), as its text: `refused` with the English as `detail` when it is
/// not one the table knows.
Text rules_refusal(std::string_view reason);

/// A store's error answering a player about one of their tables: `not_yours` or
/// `not_finished`, or none (a failure of the database's: `internal`).
std::optional<Text> table_refusal(std::string_view reason);

/// The clauses of a rated game's reason (model/rating.h, RatedOutcome: "Players with
/// fewer than 10 rated games do not move your rating yet; you have played ..."), each as
/// its text; none when one of them is not known (or there is no reason).
std::optional<std::vector<Text>> rating_reasons(std::string_view reason);

/// A failure of the server's own (its database, mostly): the person is told `internal`,
/// and `detail`, which may name the database's files or tables, goes to the log only.
Text internal(std::string_view detail);

/// A message the server cannot read (protocol/read.cpp), by the parser's reason:
/// `bad_message` with the reason as `detail`, or a text of its own for what a person
/// typed (`name_bot`).
Text unreadable_message(std::string_view reason);

}  // namespace hearts::server
