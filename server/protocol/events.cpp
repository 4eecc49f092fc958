// A table's events as the server writes them (docs/protocol.md, "Events"): each
// model/table.h event as one JSON object, e.g. {"kind":"play","seat":"W","card":"QS"}.
// Written straight to text: every value is a seat letter, a card, a word of the protocol,
// a number or base-16/base-32 text, none of which needs escaping; a hand's result is the
// score sheet's row, written by the same code as the sheet, so the two always match.
#include <string>
#include <type_traits>

#include "hearts/rules.h"
#include "protocol/messages.h"

namespace hearts::server {
namespace {

std::string seat_text(Seat s) {
    return std::string(1, seat_letter(s));
}

std::string kind(std::string_view k) {
    return R"({"kind":")" + std::string(k) + '"';
}

std::string write(const event::Deal& e) {
    std::string out = kind("deal") + R"(,"hand":)" + std::to_string(e.hand) + R"(,"pass":")" +
                      std::string(to_string(e.pass)) + '"';
    if (!e.commit.empty()) out += R"(,"commit":")" + e.commit + '"';
    return out + '}';
}

std::string write(const event::Passed& e) {
    return kind("passed") + R"(,"seat":")" + seat_text(e.seat) + R"("})";
}

std::string write(const event::Exchange&) {
    return kind("exchange") + '}';
}

std::string write(const event::Play& e) {
    return kind("play") + R"(,"seat":")" + seat_text(e.seat) + R"(","card":")" + to_string(e.card) +
           R"("})";
}

std::string write(const event::HeartsBroken&) {
    return kind("hearts_broken") + '}';
}

std::string write(const event::Trick& e) {
    return kind("trick") + R"(,"winner":")" + seat_text(e.winner) + R"(","points":)" +
           std::to_string(e.points) + '}';
}

std::string write(const event::Claim& e) {
    std::string out = kind("claim") + R"(,"why":")" + std::string(to_string(e.kind)) + '"';
    if (e.kind == ClaimKind::EveryTrick)
        out += R"(,"seat":")" + seat_text(e.seat) + R"(","points":)" + std::to_string(e.points);
    return out + '}';
}

std::string write(const event::Moon& e) {
    return kind("moon") + R"(,"shooter":")" + seat_text(e.shooter) + R"(","scored":")" +
           std::string(to_string(e.scored)) + R"("})";
}

std::string write(const event::HandOver& e) {
    return kind("hand_over") + R"(,"result":)" + sheet_row_json(e.result) + '}';
}

std::string write(const event::GameOver& e) {
    std::string winners;
    for (Seat s : e.winners) winners += (winners.empty() ? "\"" : ",\"") + seat_text(s) + '"';
    std::string out = kind("game_over") + R"(,"winners":[)" + winners + ']';
    if (!e.salt.empty()) {
        out += R"(,"fair":{"seed":")" + std::to_string(e.seed) + R"(","salt":")" + e.salt + '"';
        if (!e.nonce.empty()) out += R"(,"nonce":")" + e.nonce + '"';
        out += '}';
    }
    return out + '}';
}

}  // namespace

std::string event_json(const TableEvent& e) {
    return std::visit([](const auto& what) { return write(what); }, e.what);
}

}  // namespace hearts::server
