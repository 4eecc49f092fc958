// What the page's WebAssembly module exports (docs/offline.md): plain C functions that
// take and return UTF-8 text, so the JavaScript side needs nothing but emscripten's
// `ccall`. The text a function returns stays valid until the next call.
#include <charconv>
#include <cstdint>
#include <string>
#include <string_view>

#include "hearts/ai/transcript.h"
#include "offline.h"

namespace {

std::string g_result;  // the last answer; the page's worker calls one function at a time
hearts::offline::OfflineServer g_server;

// "key=value" words separated by spaces, e.g. "seed=1 hands=1000 iterations=48".
bool read_number(std::string_view text, std::string_view key, std::uint64_t& value) {
    for (std::size_t at = 0; at < text.size();) {
        std::size_t end = text.find(' ', at);
        if (end == std::string_view::npos) end = text.size();
        const std::string_view word = text.substr(at, end - at);
        if (word.size() > key.size() && word.starts_with(key) && word[key.size()] == '=') {
            const std::string_view digits = word.substr(key.size() + 1);
            const auto [ptr, ec] =
                std::from_chars(digits.data(), digits.data() + digits.size(), value);
            return ec == std::errc() && ptr == digits.data() + digits.size();
        }
        at = end + 1;
    }
    return true;  // absent: the default stands
}

}  // namespace

extern "C" {

/// `hearts transcript`'s text for options like "seed=1 hands=1000 iterations=48", or
/// "error: <reason>".
const char* hearts_transcript(const char* options) {
    const std::string_view text = options == nullptr ? "" : options;
    hearts::ai::TranscriptOptions o;
    std::uint64_t hands = std::uint64_t(o.hands), iterations = std::uint64_t(o.iterations);
    if (!read_number(text, "seed", o.seed) || !read_number(text, "hands", hands) ||
        !read_number(text, "iterations", iterations)) {
        g_result = "error: options are seed=N hands=N iterations=N";
        return g_result.c_str();
    }
    o.hands = hands > 100'000 ? 0 : int(hands);
    o.iterations = iterations > 100'000 ? 0 : int(iterations);
    g_result.clear();
    const auto written = hearts::ai::write_transcript(o, [](std::string_view line) {
        g_result += line;
        g_result += '\n';
    });
    if (!written) g_result = "error: " + written.error().reason;
    return g_result.c_str();
}

/// The decision times of a level, for options like "level=expert seed=1 hands=10", as
/// "decisions=N mean_ms=X max_ms=Y", or "error: <reason>".
const char* hearts_time_decisions(const char* options) {
    const std::string_view text = options == nullptr ? "" : options;
    std::uint64_t seed = 1, hands = 10;
    std::string level = "expert";
    if (const auto at = text.find("level="); at != std::string_view::npos)
        level = std::string(text.substr(at + 6, text.find(' ', at) - (at + 6)));
    if (!read_number(text, "seed", seed) || !read_number(text, "hands", hands)) {
        g_result = "error: options are level=NAME seed=N hands=N";
        return g_result.c_str();
    }
    const auto times = hearts::ai::time_decisions(level, seed, hands > 10'000 ? 0 : int(hands));
    g_result = times ? "decisions=" + std::to_string(times.value().decisions) +
                           " mean_ms=" + std::to_string(times.value().mean_ms) +
                           " max_ms=" + std::to_string(times.value().max_ms)
                     : "error: " + times.error().reason;
    return g_result.c_str();
}

/// The offline server's answer to one message from the page (docs/protocol.md): the
/// messages, one a line, as a version 3 frame carries them. `seed`: a fresh random
/// number, in decimal, for a game the message may start.
const char* hearts_offline_receive(const char* message, const char* seed) {
    std::uint64_t s = 0;
    const std::string_view digits = seed == nullptr ? "" : seed;
    std::from_chars(digits.data(), digits.data() + digits.size(), s);
    g_result.clear();
    for (const std::string& m : g_server.receive(message == nullptr ? "" : message, s)) {
        if (!g_result.empty()) g_result += '\n';
        g_result += m;
    }
    return g_result.c_str();
}

/// The game in play, to keep (OfflineServer::saved), or "".
const char* hearts_offline_saved() {
    g_result = g_server.saved();
    return g_result.c_str();
}

/// Puts back a game `hearts_offline_saved` gave: "" when done, else "error: <reason>".
const char* hearts_offline_restore(const char* saved) {
    const auto restored = g_server.restore(saved == nullptr ? "" : saved);
    g_result = restored ? "" : "error: " + restored.error().reason;
    return g_result.c_str();
}

/// The finished game's record (OfflineServer::record), a JSON object, or "error: <reason>".
const char* hearts_offline_record(const char* table) {
    const auto record = g_server.record(table == nullptr ? "" : table);
    g_result = record ? *record : "error: " + record.error().reason;
    return g_result.c_str();
}

}  // extern "C"
