#include "engine_client.h"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <sstream>

#include "engine_protocol.h"

namespace hearts::app {

Expected<std::unique_ptr<ai::Bot>> EngineBot::start(const std::string& command) {
    int to_child[2], from_child[2];
    if (pipe(to_child) != 0) return Error{"could not create a pipe for the engine"};
    if (pipe(from_child) != 0) {
        close(to_child[0]);
        close(to_child[1]);
        return Error{"could not create a pipe for the engine"};
    }
    signal(SIGPIPE, SIG_IGN);  // a dead engine must not kill the host
    const pid_t pid = fork();
    if (pid < 0) return Error{"could not start the engine (fork failed)"};
    if (pid == 0) {
        dup2(to_child[0], STDIN_FILENO);
        dup2(from_child[1], STDOUT_FILENO);
        close(to_child[0]);
        close(to_child[1]);
        close(from_child[0]);
        close(from_child[1]);
        execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
        _exit(127);
    }
    close(to_child[0]);
    close(from_child[1]);
    std::unique_ptr<EngineBot> bot(new EngineBot());
    bot->pid_ = pid;
    bot->to_ = fdopen(to_child[1], "w");
    bot->from_ = fdopen(from_child[0], "r");
    bot->name_ = "engine:" + command;
    // An engine that exits at once (a wrong command) may be gone before this line is
    // written: the write fails then, rather than the read. Either way it did not answer.
    if (!bot->send("hearts")) {
        return Error{"the engine '" + command +
                     "' did not answer 'hearts' with 'hearts ok': it stopped reading its input "
                     "(did the command exit?)"};
    }
    std::string line;
    while (bot->receive(line)) {
        if (line == "hearts ok") return std::unique_ptr<ai::Bot>(std::move(bot));
    }
    return Error{"the engine '" + command + "' did not answer 'hearts' with 'hearts ok'"};
}

EngineBot::~EngineBot() {
    if (to_) {
        send("quit");
        fclose(to_);
    }
    if (from_) fclose(from_);
    if (pid_ > 0) waitpid(pid_, nullptr, 0);
}

bool EngineBot::send(const std::string& line) {
    return to_ && fputs((line + "\n").c_str(), to_) >= 0 && fflush(to_) == 0;
}

bool EngineBot::receive(std::string& line) {
    line.clear();
    if (!from_) return false;
    for (int ch; (ch = fgetc(from_)) != EOF;) {
        if (ch == '\n') return true;
        line += char(ch);
    }
    return !line.empty();
}

std::string EngineBot::ask(const SeatView& view, std::uint64_t seed, ai::Budget budget) {
    send("set seed " + std::to_string(seed));
    if (budget.iterations > 0) send("set iterations " + std::to_string(budget.iterations));
    if (budget.movetime_ms > 0) send("set movetime " + std::to_string(budget.movetime_ms));
    send(position_line(view));
    send("go");
    std::string line;
    while (receive(line)) {
        if (line.rfind("error", 0) == 0) return "";
        if (!line.empty()) return line;
    }
    return "";
}

CardSet EngineBot::choose_pass(const SeatView& view, std::uint64_t seed, ai::Budget budget) {
    const std::string answer = ask(view, seed, budget);
    if (answer.rfind("pass ", 0) == 0) {
        auto cards = parse_cards(answer.substr(5));
        if (cards) return *cards;
    }
    return {};  // refused by Game::apply; the arena counts it as an illegal move
}

Card EngineBot::choose_play(const SeatView& view, std::uint64_t seed, ai::Budget budget) {
    const std::string answer = ask(view, seed, budget);
    if (answer.rfind("play ", 0) == 0) {
        auto card = parse_card(answer.substr(5));
        if (card) return *card;
    }
    return Card::none();
}

MoonChoice EngineBot::choose_moon(const SeatView& view, std::uint64_t seed, ai::Budget budget) {
    const std::string answer = ask(view, seed, budget);
    if (answer.rfind("moon ", 0) == 0) {
        auto m = parse_moon_choice(answer.substr(5));
        if (m) return *m;
    }
    return MoonChoice::AddToOthers;
}

}  // namespace hearts::app
