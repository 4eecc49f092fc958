// A bot that is an external program speaking the `hearts engine` protocol
// (docs/engine-protocol.md): started once, then sent one position per decision.
#pragma once

#include <sys/types.h>

#include <cstdio>
#include <memory>
#include <string>

#include "hearts/ai/bot.h"

namespace hearts::app {

class EngineBot final : public ai::Bot {
  public:
    /// Starts `command` with /bin/sh and checks that it answers the handshake.
    static Expected<std::unique_ptr<ai::Bot>> start(const std::string& command);
    ~EngineBot() override;
    EngineBot(const EngineBot&) = delete;
    EngineBot& operator=(const EngineBot&) = delete;

    std::string_view name() const override { return name_; }
    CardSet choose_pass(const SeatView& view, std::uint64_t seed, ai::Budget budget) override;
    Card choose_play(const SeatView& view, std::uint64_t seed, ai::Budget budget) override;
    MoonChoice choose_moon(const SeatView& view, std::uint64_t seed, ai::Budget budget) override;

  private:
    EngineBot() = default;
    // Sends the position and "go"; returns the answer line ("" if the engine died).
    std::string ask(const SeatView& view, std::uint64_t seed, ai::Budget budget);
    bool send(const std::string& line);
    bool receive(std::string& line);

    std::string name_ = "engine";
    pid_t pid_ = -1;
    FILE* to_ = nullptr;
    FILE* from_ = nullptr;
};

}  // namespace hearts::app
