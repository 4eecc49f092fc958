// Reading the game-record JSON format (docs/game-record.md is its specification; keep the
// two in step).
//
// Loading parses with nlohmann_json, checks every field and names its path on error,
// replays the actions on a new Game, and checks the deals and results the record carries
// against the seed and the replay. Nothing here throws: every failure, including
// nlohmann's own exceptions, becomes an Error with a reason.
#include <algorithm>
#include <array>
#include <cstdint>
#include <exception>
#include <initializer_list>
#include <set>
#include <string>
#include <vector>

#include "hearts/json_text.h"
#include "hearts/record.h"
#include "record_detail.h"

namespace hearts {
namespace {

using namespace record_detail;

// A record nests 5 levels deep (result.hands[i].points.S); anything much deeper is not a
// record, and refusing it while parsing keeps hostile input from building huge trees.
constexpr int kMaxDepth = 8;
constexpr std::size_t kShownChars = 120;  // the longest value quoted in an error message
constexpr std::string_view kTopFields =
    "a record has format, version, rules, seed, deals, actions and result";

Error at(std::string_view path, std::string_view reason) {
    return Error{std::string(path) + ": " + std::string(reason)};
}

// A value as an error message shows it: short ones in full, long ones summarised.
// ensure_ascii keeps the text ASCII, so cutting it cannot split a UTF-8 sequence.
template <class J>
std::string describe(const J& j) {
    const std::string text = j.dump(-1, ' ', true, J::error_handler_t::replace);
    if (text.size() <= kShownChars) return text;
    if (j.is_array()) return "an array of " + std::to_string(j.size()) + " items";
    if (j.is_object()) return "an object with " + std::to_string(j.size()) + " fields";
    return text.substr(0, kShownChars) + "...";
}

// A key as part of a field path: plain names as they are, anything else quoted.
std::string field_name(const std::string& key) {
    bool plain = !key.empty() && key.size() <= 40;
    for (char c : key) {
        const bool word =
            (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
        plain = plain && word;
    }
    return plain ? key : describe(Parsed(key));
}

std::string join(std::string_view path, const std::string& key) {
    return path.empty() ? field_name(key) : std::string(path) + "." + field_name(key);
}

std::string index_path(std::string_view path, std::size_t i) {
    return std::string(path) + "[" + std::to_string(i) + "]";
}

// "1 deal", "2 deals".
std::string count(std::size_t n, const std::string& one, const std::string& many = "") {
    return std::to_string(n) + " " + (n == 1 ? one : many.empty() ? one + "s" : many);
}

// `"a", "b" or "c"`
std::string one_of(std::initializer_list<std::string_view> choices) {
    std::string out;
    std::size_t i = 0;
    for (std::string_view c : choices) {
        if (i) out += i + 1 == choices.size() ? " or " : ", ";
        out += "\"" + std::string(c) + "\"";
        ++i;
    }
    return out;
}

const Parsed* member(const Parsed& object, const char* key) {
    const auto it = object.find(key);
    return it == object.end() ? nullptr : &*it;
}

Expected<const Parsed*> required(const Parsed& object, std::string_view path, const char* key) {
    if (const Parsed* m = member(object, key)) return m;
    return at(join(path, key), "missing");
}

Status known_fields(const Parsed& object, std::string_view path,
                    std::initializer_list<std::string_view> keys, std::string_view listing) {
    for (auto it = object.begin(); it != object.end(); ++it) {
        bool known = false;
        for (std::string_view k : keys) known = known || it.key() == k;
        if (!known) return at(join(path, it.key()), "unknown field; " + std::string(listing));
    }
    return {};
}

Status expect_object(const Parsed& j, std::string_view path, std::string_view what) {
    if (j.is_object()) return {};
    return at(path, "expected " + std::string(what) + ", got " + describe(j));
}

Expected<bool> read_bool(const Parsed& j, std::string_view path) {
    if (j.is_boolean()) return j.get<bool>();
    return at(path, "expected true or false, got " + describe(j));
}

// A whole number in [lo, hi]. Floats (even 3.0) are refused: the writer never makes them.
Expected<int> read_int(const Parsed& j, std::string_view path, int lo, int hi) {
    if (j.is_number_unsigned()) {
        const auto v = j.get<std::uint64_t>();
        if (v <= std::uint64_t(hi) && std::int64_t(v) >= lo) return int(v);
    } else if (j.is_number_integer()) {
        const auto v = j.get<std::int64_t>();
        if (v >= lo && v <= hi) return int(v);
    }
    return at(path, "expected a whole number from " + std::to_string(lo) + " to " +
                        std::to_string(hi) + ", got " + describe(j));
}

// The index of `j` among `choices`, which it must equal exactly.
Expected<std::size_t> read_choice(const Parsed& j, std::string_view path,
                                  std::initializer_list<std::string_view> choices) {
    if (j.is_string()) {
        std::size_t i = 0;
        for (std::string_view c : choices) {
            if (j.get_ref<const std::string&>() == c) return i;
            ++i;
        }
    }
    return at(path, "expected " + one_of(choices) + ", got " + describe(j));
}

Expected<Seat> read_seat(const Parsed& j, std::string_view path) {
    auto i = read_choice(j, path, {"S", "W", "N", "E"});  // the order of enum Seat
    if (!i) return i.error();
    return Seat(*i);
}

// Cards are written one way only, "QS": two characters, upper case.
Expected<Card> read_card(const Parsed& j, std::string_view path) {
    if (j.is_string() && j.get_ref<const std::string&>().size() == 2) {
        const std::string& text = j.get_ref<const std::string&>();
        auto c = parse_card(text);
        if (c && to_string(*c) == text) return *c;
    }
    return at(path,
              "expected a card like \"QS\" (rank 2-9, T, J, Q, K or A, then suit C, D, S "
              "or H), got " +
                  describe(j));
}

Expected<Rules> read_rules(const Parsed& j) {
    const std::string path = "rules";
    if (Status s = expect_object(j, path, "an object of rules"); !s) return s.error();
    if (Status s =
            known_fields(j, path, {"pass", "queen_breaks", "moon", "jack", "end", "tie", "hands"},
                         "rules are pass, queen_breaks, moon, jack, end, tie and hands");
        !s) {
        return s.error();
    }
    Rules rules;

    auto pass = required(j, path, "pass");
    if (!pass) return pass.error();
    bool cycle_ok = (*pass)->is_string();
    if (cycle_ok) {
        const std::string& letters = (*pass)->get_ref<const std::string&>();
        cycle_ok = !letters.empty() && letters.size() <= std::size_t(Rules::kMaxCycle) &&
                   letters.find_first_not_of("LRAN") == std::string::npos;
        if (cycle_ok) {
            auto with = with_pass_cycle(rules, letters);
            cycle_ok = bool(with);
            if (with) rules = *with;
        }
    }
    if (!cycle_ok) {
        return at("rules.pass",
                  "expected 1 to 8 of the letters L (left), R (right), A (across), N (none), "
                  "like \"LRAN\", got " +
                      describe(**pass));
    }

    auto queen = required(j, path, "queen_breaks");
    if (!queen) return queen.error();
    auto queen_breaks = read_bool(**queen, "rules.queen_breaks");
    if (!queen_breaks) return queen_breaks.error();
    rules.queen_breaks_hearts = *queen_breaks;

    auto moon = required(j, path, "moon");
    if (!moon) return moon.error();
    auto moon_scoring = read_choice(**moon, "rules.moon", {"others", "shooter", "choice"});
    if (!moon_scoring) return moon_scoring.error();
    rules.moon = MoonScoring(*moon_scoring);  // the order of enum MoonScoring

    auto jack = required(j, path, "jack");
    if (!jack) return jack.error();
    auto jack_on = read_bool(**jack, "rules.jack");
    if (!jack_on) return jack_on.error();
    rules.jack_of_diamonds = *jack_on;

    auto end = required(j, path, "end");
    if (!end) return end.error();
    auto end_score = read_int(**end, "rules.end", 1, 10000);  // the range parse_rules takes
    if (!end_score) return end_score.error();
    rules.end_score = *end_score;

    auto tie = required(j, path, "tie");
    if (!tie) return tie.error();
    auto tie_rule = read_choice(**tie, "rules.tie", {"continue", "share"});
    if (!tie_rule) return tie_rule.error();
    rules.tie_continues = *tie_rule == 0;

    if (const Parsed* hands = member(j, "hands")) {  // optional: 0 (no limit) when absent
        auto max_hands = read_int(*hands, "rules.hands", 0, 1000);  // the range parse_rules takes
        if (!max_hands) return max_hands.error();
        rules.max_hands = *max_hands;
    }
    return rules;
}

// A decimal string (the writer's form: exact in every JSON reader), or a non-negative
// integer number for hand-written records.
Expected<std::uint64_t> read_seed(const Parsed& j) {
    if (j.is_number_unsigned()) return j.get<std::uint64_t>();
    if (j.is_number_integer() && j.get<std::int64_t>() >= 0)
        return std::uint64_t(j.get<std::int64_t>());
    if (j.is_string()) {
        const std::string& text = j.get_ref<const std::string&>();
        const bool digits = !text.empty() &&
                            text.find_first_not_of("0123456789") == std::string::npos &&
                            (text.size() == 1 || text[0] != '0');
        std::uint64_t seed = 0;
        if (digits) {
            const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), seed);
            if (ec == std::errc() && end == text.data() + text.size()) return seed;
        }
    }
    return at("seed",
              "must be a decimal string of a 64-bit unsigned integer (0 to "
              "18446744073709551615, no sign or leading zeros, like \"12345\"), got " +
                  describe(j));
}

Expected<CardSet> read_pass(const Parsed& j, std::string_view path) {
    if (!j.is_array() || j.size() != 3) {
        return at(path,
                  "expected an array of 3 cards like [\"2C\", \"QS\", \"AH\"], got " + describe(j));
    }
    CardSet cards;
    for (std::size_t i = 0; i < j.size(); ++i) {
        auto c = read_card(j[i], index_path(path, i));
        if (!c) return c.error();
        if (cards.contains(*c)) return at(index_path(path, i), to_string(*c) + " is listed twice");
        cards |= *c;
    }
    return cards;
}

Expected<Action> read_action(const Parsed& j, const std::string& path) {
    if (!j.is_object()) {
        return at(path,
                  "unknown action: expected an object like {\"seat\": \"W\", \"play\": "
                  "\"QS\"}, got " +
                      describe(j));
    }
    const char* verb = nullptr;
    for (const char* v : {"pass", "play", "moon", "next"}) {
        if (!member(j, v)) continue;
        if (verb) {
            return at(path, std::string("unknown action: it has both \"") + verb + "\" and \"" + v +
                                "\"; an action does one thing");
        }
        verb = v;
    }
    if (!verb) {
        return at(path,
                  "unknown action; an action has one of \"pass\", \"play\", \"moon\" or "
                  "\"next\"");
    }
    const std::string_view verb_name = verb;
    const bool next = verb_name == "next";
    for (auto it = j.begin(); it != j.end(); ++it) {
        if (it.key() == verb_name) continue;
        if (it.key() == "seat") {
            if (next) return at(join(path, "seat"), "\"next\" takes no seat");
            continue;
        }
        return at(join(path, it.key()), "unknown field in a " + std::string(verb_name) + " action");
    }
    const Parsed& arg = j.at(verb);
    if (next) {
        if (arg.is_boolean() && arg.get<bool>()) return Action::next_hand();
        return at(join(path, "next"), "expected true, got " + describe(arg));
    }
    auto seat_json = required(j, path, "seat");
    if (!seat_json) return seat_json.error();
    auto seat = read_seat(**seat_json, join(path, "seat"));
    if (!seat) return seat.error();
    const std::string arg_path = join(path, verb);
    if (verb_name == "pass") {
        auto cards = read_pass(arg, arg_path);
        if (!cards) return cards.error();
        return Action::pass(*seat, *cards);
    }
    if (verb_name == "play") {
        auto card = read_card(arg, arg_path);
        if (!card) return card.error();
        return Action::play(*seat, *card);
    }
    auto choice = read_choice(arg, arg_path, {"others", "shooter"});  // the order of MoonChoice
    if (!choice) return choice.error();
    return Action::choose_moon(*seat, MoonChoice(*choice));
}

// The record's deals must be the seed's: checked before the replay, so a changed seed or
// deal is reported as that rather than as some action that no longer fits.
Status check_deals(const Parsed& deals, std::uint64_t seed) {
    if (!deals.is_array()) {
        return at("deals", "expected an array with each hand's deal, got " + describe(deals));
    }
    for (std::size_t i = 0; i < deals.size(); ++i) {
        const std::string path = index_path("deals", i);
        const Parsed& d = deals[i];
        if (Status s = expect_object(d, path, "an object like {\"hand\": 1, \"S\": [...], ...}");
            !s) {
            return s;
        }
        if (Status s = known_fields(d, path, {"hand", "S", "W", "N", "E"},
                                    "a deal has hand, S, W, N and E");
            !s) {
            return s;
        }
        auto hand = required(d, path, "hand");
        if (!hand) return hand.error();
        const auto number = read_int(**hand, join(path, "hand"), 1, 1 << 30);
        if (!number || std::size_t(*number) != i + 1) {
            return at(join(path, "hand"), "expected " + std::to_string(i + 1) +
                                              " (deals are listed hand by hand from 1), got " +
                                              describe(**hand));
        }
        const Hands dealt = deal(hand_seed(seed, int(i)));
        for (Seat s : kAllSeats) {
            const std::string key = seat_key(s);
            auto cards = required(d, path, key.c_str());
            if (!cards) return cards.error();
            const std::string seat_path = join(path, key);
            if (!(*cards)->is_array()) {
                return at(seat_path, "expected an array of 13 cards, got " + describe(**cards));
            }
            CardSet listed;
            for (std::size_t k = 0; k < (*cards)->size(); ++k) {
                auto c = read_card((**cards)[k], index_path(seat_path, k));
                if (!c) return c.error();
                listed |= *c;
            }
            if ((*cards)->size() != std::size_t(kCardsPerHand) || listed != dealt[std::size_t(s)]) {
                return at(seat_path, "the record says " + describe(**cards) +
                                         " but the seed deals " +
                                         describe(cards_json(dealt[std::size_t(s)])));
            }
        }
    }
    return {};
}

// Equal as JSON values, with integers compared exactly: nlohmann's own == converts an
// unsigned 2^64-1 to the signed -1, and treats 26.0 as 26.
bool same(const Parsed& given, const Ordered& expected) {
    if (expected.is_number_integer()) {
        if (!given.is_number_integer()) return false;
        const auto e = expected.get<std::int64_t>();
        if (given.is_number_unsigned())
            return e >= 0 && given.get<std::uint64_t>() == std::uint64_t(e);
        return given.get<std::int64_t>() == e;
    }
    if (expected.is_string()) {
        return given.is_string() &&
               given.get_ref<const std::string&>() == expected.get_ref<const std::string&>();
    }
    if (expected.is_boolean())
        return given.is_boolean() && given.get<bool>() == expected.get<bool>();
    if (expected.is_null()) return given.is_null();
    if (expected.is_array()) {
        if (!given.is_array() || given.size() != expected.size()) return false;
        for (std::size_t i = 0; i < expected.size(); ++i)
            if (!same(given[i], expected[i])) return false;
        return true;
    }
    if (expected.is_object()) {
        if (!given.is_object() || given.size() != expected.size()) return false;
        for (auto it = expected.begin(); it != expected.end(); ++it) {
            const Parsed* g = member(given, it.key().c_str());
            if (!g || !same(*g, *it)) return false;
        }
        return true;
    }
    return false;
}

bool flat_array(const Ordered& j) {
    if (!j.is_array()) return false;
    for (const Ordered& e : j)
        if (e.is_structured()) return false;
    return true;
}

// The record's result against the replay's, reported at the first field that differs.
// A short array (a list of winners) is reported whole, as it is read.
Status check_result(const Parsed& given, const Ordered& expected, const std::string& path) {
    if (expected.is_object() && given.is_object()) {
        for (auto it = given.begin(); it != given.end(); ++it)
            if (!expected.contains(it.key())) return at(join(path, it.key()), "unknown field");
        for (auto it = expected.begin(); it != expected.end(); ++it) {
            const Parsed* g = member(given, it.key().c_str());
            if (!g) return at(join(path, it.key()), "missing");
            if (Status s = check_result(*g, *it, join(path, it.key())); !s) return s;
        }
        return {};
    }
    if (expected.is_array() && given.is_array() && !flat_array(expected)) {
        const std::size_t common = std::min(given.size(), expected.size());
        for (std::size_t i = 0; i < common; ++i)
            if (Status s = check_result(given[i], expected[i], index_path(path, i)); !s) return s;
        if (given.size() != expected.size()) {
            return at(path, "the record has " + count(given.size(), "entry", "entries") +
                                " but the replay gives " + std::to_string(expected.size()));
        }
        return {};
    }
    if (same(given, expected)) return {};
    return at(path,
              "the record says " + describe(given) + " but the replay gives " + describe(expected));
}

// nlohmann quotes the input near a syntax error ("last read: '...'"), which may be any
// bytes, even invalid UTF-8, and any length. A reason is shown to people and sent in
// JSON, so it must be short, printable ASCII.
std::string printable(std::string_view text) {
    constexpr std::size_t kMaxReason = 240;
    std::string out;
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte >= 0x20 && byte < 0x7f) {
            out += c;
        } else {
            constexpr std::string_view kHex = "0123456789abcdef";
            out += "\\x";
            out += kHex[byte >> 4];
            out += kHex[byte & 15];
        }
        if (out.size() > kMaxReason) return out + "...";
    }
    return out;
}

Expected<Parsed> parse(std::string_view text) {
    if (text.find_first_not_of(" \t\r\n") == std::string_view::npos)
        return Error{"empty input: a game record is a JSON object"};
    // The first problem the parser's callback sees: nesting too deep or a repeated key.
    // After one, everything else is discarded (returning false), which also keeps
    // hostile input from building a large tree.
    std::string problem;
    std::vector<std::set<std::string>> open_objects;  // the keys seen in each open object
    const auto watch = [&](int depth, Parsed::parse_event_t event, Parsed& parsed) {
        if (!problem.empty()) return false;
        switch (event) {
            case Parsed::parse_event_t::object_start:
            case Parsed::parse_event_t::array_start:
                if (depth >= kMaxDepth) {
                    problem = "the record nests arrays and objects more than " +
                              std::to_string(kMaxDepth) + " deep; a game record nests 5 deep";
                    return false;
                }
                if (event == Parsed::parse_event_t::object_start) open_objects.emplace_back();
                return true;
            case Parsed::parse_event_t::object_end:
                if (!open_objects.empty()) open_objects.pop_back();
                return true;
            case Parsed::parse_event_t::key:
                if (!open_objects.empty() &&
                    !open_objects.back().insert(parsed.get<std::string>()).second) {
                    problem = "the field " + describe(parsed) + " appears twice in one object";
                    return false;
                }
                return true;
            default:
                return true;
        }
    };
    Parsed doc;
    try {
        doc = Parsed::parse(text.begin(), text.end(), watch);
    } catch (const Parsed::exception& e) {
        if (!problem.empty()) return Error{problem};
        // "[json.exception.parse_error.101] parse error at line 1, column 9: ..." without
        // the bracketed tag, which means nothing to a reader.
        std::string_view what = e.what();
        if (const auto tag = what.find("] "); what.starts_with("[json.") && tag != what.npos)
            what.remove_prefix(tag + 2);
        return Error{"not valid JSON: " + printable(what)};
    }
    if (!problem.empty()) return Error{problem};
    if (doc.is_discarded()) return Error{"not valid JSON"};
    return doc;
}

Expected<Game> load(std::string_view text) {
    auto parsed = parse(text);
    if (!parsed) return parsed.error();
    const Parsed& doc = *parsed;
    if (!doc.is_object()) return Error{"a game record is a JSON object, got " + describe(doc)};

    const Parsed* format = member(doc, "format");
    if (!format) return at("format", "missing; this is not a hearts game record");
    if (!format->is_string() || format->get_ref<const std::string&>() != kFormat) {
        return at("format", "expected \"" + std::string(kFormat) + "\", got " + describe(*format) +
                                "; this is not a hearts game record");
    }
    const Parsed* version = member(doc, "version");
    if (!version) return at("version", "missing");
    if (!version->is_number_integer()) {
        return at("version", "expected the whole number " + std::to_string(kVersion) + ", got " +
                                 describe(*version));
    }
    if (!same(*version, Ordered(kVersion))) {
        return at("version", "this program reads version " + std::to_string(kVersion) +
                                 " records; this one is version " + describe(*version));
    }
    if (Status s = known_fields(
            doc, "", {"format", "version", "rules", "seed", "deals", "actions", "result"},
            kTopFields);
        !s) {
        return s.error();
    }

    auto rules_json = required(doc, "", "rules");
    if (!rules_json) return rules_json.error();
    auto rules = read_rules(**rules_json);
    if (!rules) return rules.error();

    auto seed_json = required(doc, "", "seed");
    if (!seed_json) return seed_json.error();
    auto seed = read_seed(**seed_json);
    if (!seed) return seed.error();

    const Parsed* deals = member(doc, "deals");
    if (deals) {
        if (Status s = check_deals(*deals, *seed); !s) return s.error();
    }

    auto actions = required(doc, "", "actions");
    if (!actions) return actions.error();
    if (!(*actions)->is_array()) {
        return at("actions", "expected an array of actions, got " + describe(**actions));
    }
    Game game(*rules, *seed);
    for (std::size_t i = 0; i < (*actions)->size(); ++i) {
        const std::string path = index_path("actions", i);
        auto action = read_action((**actions)[i], path);
        if (!action) return action.error();
        if (Status s = game.apply(*action); !s) {
            return at(path, to_string(*action) + ": " + s.error().reason);
        }
    }

    if (deals && deals->size() != std::size_t(game.hand_index() + 1)) {
        return at("deals", "the record lists " + count(deals->size(), "deal") +
                               " but the game has dealt " +
                               count(std::size_t(game.hand_index() + 1), "hand"));
    }
    if (const Parsed* result = member(doc, "result")) {
        if (Status s = check_result(*result, result_json(game), "result"); !s) return s.error();
    }
    return game;
}

}  // namespace

Expected<Game> load_record(std::string_view json) {
    try {
        return load(json);
    } catch (const std::exception& e) {
        // Every check above avoids nlohmann's throwing paths; this is the last guard.
        return Error{std::string("could not read the record: ") + e.what()};
    } catch (...) {
        return Error{"could not read the record"};
    }
}

}  // namespace hearts
