// The protocol's readers (docs/protocol.md): the frame parsed with a depth limit and a
// duplicate-key check, and each field read with its documented type and limits. Every
// refusal names the field at fault. protocol/read.cpp reads the messages with these.
#include "protocol/json.h"

#include "model/names.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <exception>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "hearts/rules.h"

namespace hearts::server::wire {

// ---------------------------------------------------------------- reasons

// Text quoted in a reason: printable ASCII only (it may be any bytes a client sent),
// and short.
std::string printable(std::string_view text, std::size_t limit) {
    std::string out;
    for (const char c : text) {
        if (out.size() >= limit) return out + "...";
        const auto byte = static_cast<unsigned char>(c);
        if (byte >= 0x20 && byte < 0x7f) {
            out += c;
        } else {
            constexpr std::string_view kHex = "0123456789abcdef";
            out += "\\x";
            out += kHex[byte >> 4];
            out += kHex[byte & 15];
        }
    }
    return out;
}

std::string in_quotes(std::string_view text) {
    return "'" + printable(text, kShownChars) + "'";
}

// A JSON value as a reason shows it.
std::string describe(const Parsed& j) {
    if (j.is_string()) return in_quotes(j.get_ref<const std::string&>());
    return printable(j.dump(-1, ' ', true, Parsed::error_handler_t::replace), kShownChars);
}

Error at(std::string_view field, std::string_view problem) {
    return Error{std::string(field) + ": " + std::string(problem)};
}

std::string indexed(std::string_view field, std::size_t i) {
    return std::string(field) + "[" + std::to_string(i) + "]";
}

// ---------------------------------------------------------------- parsing the frame

// The frame as JSON. Nesting deeper than kMaxDepth is refused while parsing, so hostile
// input builds nothing large. A key repeated in one object ({"card":"2C","card":"QS"}
// must not mean whichever one the library keeps) is reported in `repeated`; the rest of
// the message is still returned, so the refusal can echo its id.
Expected<Parsed> parse_json(std::string_view text, std::string& repeated) {
    if (text.find_first_not_of(" \t\r\n") == std::string_view::npos)
        return Error{"empty message: a message is a JSON object like {\"t\":\"ping\"}"};
    std::string too_deep;
    std::vector<std::vector<std::string>> open_objects;  // keys seen in each open object
    const auto watch = [&](int depth, Parsed::parse_event_t event, Parsed& parsed) {
        switch (event) {
            case Parsed::parse_event_t::object_start:
            case Parsed::parse_event_t::array_start:
                if (depth >= kMaxDepth) {
                    too_deep = "the message nests arrays and objects more than " +
                               std::to_string(kMaxDepth) + " deep; messages nest 2 deep";
                    return false;  // dropped, with everything inside it
                }
                if (event == Parsed::parse_event_t::object_start) open_objects.emplace_back();
                return true;
            case Parsed::parse_event_t::object_end:
                if (!open_objects.empty()) open_objects.pop_back();
                return true;
            case Parsed::parse_event_t::key: {
                if (open_objects.empty()) return true;
                auto& keys = open_objects.back();
                const auto& key = parsed.get_ref<const std::string&>();
                if (std::find(keys.begin(), keys.end(), key) == keys.end()) {
                    keys.push_back(key);
                    return true;
                }
                if (repeated.empty())
                    repeated = printable(key, kShownChars) + ": the field appears twice";
                return false;  // keeps the first value
            }
            default:
                return true;
        }
    };
    try {
        Parsed doc = Parsed::parse(text.begin(), text.end(), watch);
        if (!too_deep.empty()) return Error{too_deep};
        return doc;
    } catch (const Parsed::exception& e) {
        if (!too_deep.empty()) return Error{too_deep};
        // "[json.exception.parse_error.101] parse error at ..." without the tag.
        std::string_view what = e.what();
        if (const auto tag = what.find("] "); what.starts_with("[json.") && tag != what.npos)
            what.remove_prefix(tag + 2);
        return Error{"not valid JSON: " + printable(what, 200)};
    }
}

// ---------------------------------------------------------------- fields

const Parsed* find(const Parsed& message, const char* key) {
    const auto it = message.find(key);
    return it == message.end() ? nullptr : &*it;
}

Expected<const Parsed*> need(const Parsed& message, const char* key) {
    if (const Parsed* j = find(message, key)) return j;
    return at(key, "missing");
}

// A whole number in [lo, hi]: 3.0 and 1e3 are refused, as JSON gives them as floats.
Expected<std::int64_t> read_whole(const Parsed& j, std::string_view field, std::int64_t lo,
                                  std::int64_t hi) {
    if (j.is_number_unsigned()) {
        const auto v = j.get<std::uint64_t>();
        if (v <= std::uint64_t(hi) && std::int64_t(v) >= lo) return std::int64_t(v);
    } else if (j.is_number_integer()) {
        const auto v = j.get<std::int64_t>();
        if (v >= lo && v <= hi) return v;
    }
    return at(field, "expected a whole number from " + std::to_string(lo) + " to " +
                         std::to_string(hi) + ", got " + describe(j));
}

// The id to echo in an error: any integer that fits, even one refused as out of range,
// so the client can tell which request failed.
std::optional<std::int64_t> echoable_id(const Parsed& message) {
    const Parsed* id = find(message, "id");
    if (!id) return std::nullopt;
    if (id->is_number_unsigned()) {
        const auto v = id->get<std::uint64_t>();
        if (v <= std::uint64_t(std::numeric_limits<std::int64_t>::max())) return std::int64_t(v);
        return std::nullopt;
    }
    if (id->is_number_integer()) return id->get<std::int64_t>();
    return std::nullopt;
}

Expected<std::string> read_text(const Parsed& j, std::string_view field, std::size_t max_bytes,
                                std::string_view what) {
    if (!j.is_string()) return at(field, "expected " + std::string(what) + ", got " + describe(j));
    const std::string& text = j.get_ref<const std::string&>();
    if (text.size() > max_bytes) {
        return at(field, "at most " + std::to_string(max_bytes) + " bytes, got " +
                             std::to_string(text.size()));
    }
    return text;
}

// Table and player ids and tokens: letters, digits, '_' and '-'. The token's value is
// never quoted back: a reason may end up in a log.
Expected<std::string> read_id(const Parsed& j, std::string_view field, bool secret) {
    const auto fail = [&] {
        return at(field, "expected an id of 1 to " + std::to_string(kMaxIdBytes) +
                             " letters, digits, '_' or '-'" +
                             (secret ? std::string() : ", got " + describe(j)));
    };
    if (!j.is_string()) return fail();
    const std::string& text = j.get_ref<const std::string&>();
    const bool ok = !text.empty() && text.size() <= kMaxIdBytes &&
                    std::all_of(text.begin(), text.end(), [](char c) {
                        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                               (c >= '0' && c <= '9') || c == '_' || c == '-';
                    });
    if (!ok) return fail();
    return text;
}

Expected<std::string> read_table(const Parsed& message) {
    auto table = need(message, "table");
    if (!table) return table.error();
    return read_id(**table, "table", false);
}

// Another player's public id (relation, challenge).
Expected<std::string> read_player(const Parsed& message) {
    auto player = need(message, "player");
    if (!player) return player.error();
    return read_id(**player, "player", false);
}

Expected<Card> read_card(const Parsed& j, std::string_view field) {
    auto text = read_text(j, field, 8, "a card like \"QS\"");
    if (!text) return text.error();
    auto card = parse_card(*text);
    if (card) return *card;
    // The engine's reason may already say "'ZZ' is not a card"; otherwise say it first.
    const std::string reason = printable(card.error().reason, 200);
    const std::string lead = in_quotes(*text) + " is not a card";
    return at(field, reason.starts_with(lead) ? reason : lead + ": " + reason);
}

Expected<CardSet> read_pass_cards(const Parsed& message) {
    auto cards = need(message, "cards");
    if (!cards) return cards.error();
    const Parsed& list = **cards;
    if (!list.is_array()) {
        return at("cards", "expected an array of 3 cards like [\"2C\",\"QS\",\"AH\"], got " +
                               describe(list));
    }
    if (list.size() != 3)
        return at("cards", "pass exactly 3 cards, got " + std::to_string(list.size()));
    CardSet out;
    for (std::size_t i = 0; i < list.size(); ++i) {
        auto card = read_card(list[i], indexed("cards", i));
        if (!card) return card.error();
        if (out.contains(*card))
            return at(indexed("cards", i), to_string(*card) + " is listed twice");
        out |= *card;
    }
    return out;
}

// Decodes one UTF-8 sequence at `i` (already validated by the JSON parser; a broken one
// is still refused, not trusted). Returns false at a malformed sequence.
bool next_code_point(std::string_view s, std::size_t& i, char32_t& cp) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
    const unsigned char lead = byte(i);
    const int extra = lead < 0x80 ? 0 : lead >= 0xf0 ? 3 : lead >= 0xe0 ? 2 : lead >= 0xc0 ? 1 : -1;
    if (extra < 0 || i + std::size_t(extra) >= s.size()) return false;
    cp = extra == 0 ? lead : char32_t(lead & (0x3f >> extra));
    for (int k = 1; k <= extra; ++k) {
        const unsigned char next = byte(i + std::size_t(k));
        if ((next & 0xc0) != 0x80) return false;
        cp = (cp << 6) | (next & 0x3f);
    }
    i += std::size_t(extra) + 1;
    return true;
}

// Characters that would let a name break the layout or disguise itself: control
// characters, line and paragraph separators, and the bidirectional overrides.
bool unprintable(char32_t cp) {
    return cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) || cp == 0x2028 || cp == 0x2029 ||
           (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069);
}

// A name shown at the table: 1 to 20 characters (not bytes), something visible, no
// character from `unprintable` and nothing invisible (model/names.h, clean_name, which gives
// the name's one form: NFC, single spaces).
Expected<std::string> read_name(const Parsed& j, std::string_view field) {
    auto text = read_text(j, field, kMaxNameChars * 4, "a name (text)");
    if (!text) return text.error();
    std::size_t chars = 0;
    bool visible = false;
    for (std::size_t i = 0; i < text->size(); ++chars) {
        char32_t cp = 0;
        if (!next_code_point(*text, i, cp)) return at(field, "a name must be UTF-8 text");
        if (unprintable(cp)) return at(field, "a name cannot contain control characters");
        visible = visible || (cp != ' ' && cp != 0xa0 && cp != 0x3000);
    }
    if (chars == 0 || chars > kMaxNameChars) {
        return at(field, "a name is 1 to " + std::to_string(kMaxNameChars) + " characters, got " +
                             std::to_string(chars));
    }
    if (!visible) return at(field, "a name needs a character that is not a space");
    auto clean = clean_name(*text);
    if (!clean) return at(field, clean.error().reason);
    return *clean;
}

Expected<bool> read_bool(const Parsed& j, std::string_view field) {
    if (!j.is_boolean()) return at(field, "expected true or false, got " + describe(j));
    return j.get<bool>();
}

// Text people write to each other: 1 to `max_chars` characters, something visible, no
// control or direction-changing characters.
Expected<std::string> read_said(const Parsed& j, std::string_view field, std::size_t max_chars,
                                std::string_view what) {
    auto text = read_text(j, field, max_chars * 4, what);
    if (!text) return text.error();
    std::size_t chars = 0;
    bool visible = false;
    for (std::size_t i = 0; i < text->size(); ++chars) {
        char32_t cp = 0;
        if (!next_code_point(*text, i, cp)) return at(field, "must be UTF-8 text");
        if (unprintable(cp)) return at(field, "cannot contain control characters");
        visible = visible || (cp != ' ' && cp != 0xa0 && cp != 0x3000);
    }
    if (chars == 0 || chars > max_chars) {
        return at(field, "1 to " + std::to_string(max_chars) + " characters, got " +
                             std::to_string(chars));
    }
    if (!visible) return at(field, "needs a character that is not a space");
    return *text;
}

}  // namespace hearts::server::wire
