#include "hearts/card.h"

#include <array>
#include <cctype>

namespace hearts {
namespace {

constexpr std::string_view kRankChars = "23456789TJQKA";
constexpr std::string_view kSuitChars = "CDSH";
constexpr std::array<std::string_view, kRanks> kRankNames = {
    "Two",  "Three", "Four", "Five",  "Six",  "Seven", "Eight",
    "Nine", "Ten",   "Jack", "Queen", "King", "Ace"};

std::string_view trim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
}

char upper(char c) {
    return static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
}

}  // namespace

char suit_letter(Suit s) {
    return kSuitChars[int(s)];
}

std::string_view suit_symbol(Suit s) {
    static constexpr std::array<std::string_view, kSuits> kSymbols = {"♣", "♦", "♠", "♥"};
    return kSymbols[int(s)];
}

std::string_view suit_name(Suit s) {
    static constexpr std::array<std::string_view, kSuits> kNames = {"clubs", "diamonds", "spades",
                                                                    "hearts"};
    return kNames[int(s)];
}

std::string_view seat_name(Seat s) {
    static constexpr std::array<std::string_view, kSeats> kNames = {"South", "West", "North",
                                                                    "East"};
    return kNames[int(s)];
}

char seat_letter(Seat s) {
    return "SWNE"[int(s)];
}

std::string to_string(Card c) {
    if (c.is_none()) return "--";
    return {kRankChars[int(c.rank())], kSuitChars[int(c.suit())]};
}

std::string to_display(Card c) {
    if (c.is_none()) return "--";
    std::string out = c.rank() == Rank::Ten ? "10" : std::string(1, kRankChars[int(c.rank())]);
    out += suit_symbol(c.suit());
    return out;
}

std::string to_long_name(Card c) {
    return std::string(kRankNames[int(c.rank())]) + " of " + std::string(suit_name(c.suit()));
}

std::string to_string(CardSet s) {
    std::string out;
    for (Card c : s) {
        if (!out.empty()) out += ' ';
        out += to_string(c);
    }
    return out;
}

std::string to_display(CardSet s) {
    std::string out;
    for (Card c : s) {
        if (!out.empty()) out += ' ';
        out += to_display(c);
    }
    return out;
}

Expected<Card> parse_card(std::string_view text) {
    std::string_view t = trim(text);
    if (t.empty()) return Error{"no card given; write a card like QS (queen of spades) or TH"};
    // The display form "Q♠" / "10♥": a rank followed by a suit symbol.
    for (int s = 0; s < kSuits; ++s) {
        const std::string_view sym = suit_symbol(Suit(s));
        if (t.size() > sym.size() && t.substr(t.size() - sym.size()) == sym) {
            std::string plain(t.substr(0, t.size() - sym.size()));
            plain += kSuitChars[std::size_t(s)];
            auto card = parse_card(plain);
            if (!card) {
                return Error{"'" + std::string(t) +
                             "' is not a card; write rank then suit, like QS or Q♠"};
            }
            return card;
        }
    }
    if (t.size() > 3) {
        return Error{"'" + std::string(t) +
                     "' is not a card; write rank then suit, like QS, TH or 2C"};
    }
    int rank = -1;
    std::string_view suit_part;
    if (t.size() == 3) {
        if (t[0] != '1' || t[1] != '0') {
            return Error{"'" + std::string(t) + "' is not a card; write rank then suit, like QS"};
        }
        rank = int(Rank::Ten);
        suit_part = t.substr(2);
    } else if (t.size() == 2) {
        auto pos = kRankChars.find(upper(t[0]));
        if (pos == std::string_view::npos) {
            return Error{"'" + std::string(1, t[0]) +
                         "' is not a rank; ranks are 2-9, T (ten), J, Q, K, A"};
        }
        rank = int(pos);
        suit_part = t.substr(1);
    } else {
        return Error{"'" + std::string(t) + "' is not a card; write rank then suit, like QS"};
    }
    auto spos = kSuitChars.find(upper(suit_part[0]));
    if (spos == std::string_view::npos) {
        return Error{"'" + std::string(suit_part) +
                     "' is not a suit; suits are C (clubs), D (diamonds), S (spades), H (hearts)"};
    }
    return Card(Suit(spos), Rank(rank));
}

Expected<CardSet> parse_cards(std::string_view text) {
    CardSet out;
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() &&
               (text[i] == ',' || std::isspace(static_cast<unsigned char>(text[i]))))
            ++i;
        std::size_t j = i;
        while (j < text.size() && text[j] != ',' &&
               !std::isspace(static_cast<unsigned char>(text[j])))
            ++j;
        if (j > i) {
            auto c = parse_card(text.substr(i, j - i));
            if (!c) return c.error();
            if (out.contains(*c)) return Error{to_string(*c) + " is listed twice"};
            out |= *c;
        }
        i = j;
    }
    return out;
}

Expected<Seat> parse_seat(std::string_view text) {
    std::string t;
    for (char c : trim(text)) t += upper(c);
    if (t == "S" || t == "SOUTH") return Seat::South;
    if (t == "W" || t == "WEST") return Seat::West;
    if (t == "N" || t == "NORTH") return Seat::North;
    if (t == "E" || t == "EAST") return Seat::East;
    return Error{"'" + std::string(trim(text)) + "' is not a seat; seats are S, W, N, E"};
}

}  // namespace hearts
