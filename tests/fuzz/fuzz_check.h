// What the fuzzers share: a check that stops the run with a message. libFuzzer treats
// the abort as a crash and saves the input, so a broken property is found and kept like
// any crash. Unlike assert, it is on in every build.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string_view>

#define FUZZ_CHECK(condition, what)                                                     \
    do {                                                                                \
        if (!(condition)) ::hearts::fuzz::fail(__FILE__, __LINE__, #condition, (what)); \
    } while (false)

namespace hearts::fuzz {

[[noreturn]] inline void fail(const char* file, int line, const char* condition,
                              std::string_view what) {
    std::fprintf(stderr, "%s:%d: check failed: %s\n  %.*s\n", file, line, condition,
                 int(what.size()), what.data());
    std::abort();
}

/// Printable ASCII only: what the parsers promise for the reasons they give.
inline bool printable_ascii(std::string_view text) {
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte < 0x20 || byte >= 0x7f) return false;
    }
    return true;
}

}  // namespace hearts::fuzz
