// Fuzzes the `hearts engine` line protocol (app/engine_protocol.h,
// docs/engine-protocol.md): the input is a session, one command per line, fed to an
// EngineSession. Nothing may crash, throw or leak. Every reply is one non-empty line;
// each `position` line that parses round-trips through position_line; and an answer to
// `go` is a move the position allows (a legal card, or 3 cards from the hand to pass).
//
// Search bots think for up to 100 ms by default, which would starve the fuzzer, so a
// `go` is skipped while a search level is set without a small `iterations` budget; the
// line parser, the position checks and the cheap levels are what this target is for.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "engine_protocol.h"
#include "fuzz_check.h"

namespace {

using namespace hearts;
using namespace hearts::app;

constexpr int kMaxLines = 64;
constexpr int kMaxSearchIterations = 64;

std::vector<std::string> words_of(const std::string& line) {
    std::istringstream in(line);
    std::vector<std::string> out;
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

bool search_would_be_slow(const EngineSession& session) {
    const bool search = session.level() == "hard" || session.level() == "expert";
    const int iterations = session.budget().iterations;
    return search && !(iterations >= 1 && iterations <= kMaxSearchIterations);
}

std::optional<SeatView> check_position(const std::string& line) {
    auto view = parse_position_line(line);
    if (!view) {
        FUZZ_CHECK(!view.error().reason.empty(), line);
        return std::nullopt;
    }
    const std::string text = position_line(*view);
    const auto again = parse_position_line(text);
    FUZZ_CHECK(again, text + "\n  " + (again ? "" : again.error().reason));
    FUZZ_CHECK(position_line(*again) == text, text);
    return std::move(view).value();
}

void check_answer(const SeatView& view, const std::string& reply) {
    if (reply.starts_with("error ")) return;
    if (reply.starts_with("play ")) {
        const auto card = parse_card(reply.substr(5));
        FUZZ_CHECK(card && view.legal().contains(*card), reply);
    } else if (reply.starts_with("pass ")) {
        const auto cards = parse_cards(reply.substr(5));
        FUZZ_CHECK(view.phase() == Phase::Pass && cards && cards->size() == 3 &&
                       view.hand().contains_all(*cards),
                   reply);
    } else {
        FUZZ_CHECK(view.phase() == Phase::MoonChoice &&
                       (reply == "moon others" || reply == "moon shooter"),
                   reply);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view input(reinterpret_cast<const char*>(data), size);
    EngineSession session;
    std::optional<SeatView> position;  // what the session should hold
    for (int n = 0; n < kMaxLines && !input.empty() && !session.done(); ++n) {
        const std::size_t end = input.find('\n');
        const std::string line(input.substr(0, end));
        input.remove_prefix(end == input.npos ? input.size() : end + 1);

        const std::vector<std::string> words = words_of(line);
        const std::string command = words.empty() ? "" : words[0];
        if (command == "position") position = check_position(line);
        if (command == "go" && search_would_be_slow(session)) continue;

        const std::vector<std::string> replies = session.handle(line);
        for (const std::string& reply : replies)
            FUZZ_CHECK(!reply.empty() && reply.find('\n') == reply.npos, reply);
        if (command == "go") {
            FUZZ_CHECK(replies.size() == 1, line);
            if (position)
                check_answer(*position, replies[0]);
            else
                FUZZ_CHECK(replies[0].starts_with("error "), replies[0]);
        }
    }
    return 0;
}
