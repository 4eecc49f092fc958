// What the integration tests share: `hearts serve` as a child process, and temporary
// folders for its data.
#pragma once

#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

namespace hearts::testing {

// A `hearts serve` child process on a free port with its own data folder.
class Server {
  public:
    explicit Server(std::string data_dir, std::vector<std::string> extra = {})
        : data_dir_(std::move(data_dir)), extra_(std::move(extra)) {
        start();
    }
    ~Server() { kill(SIGTERM); }

    void start() {
        int out[2];
        if (pipe(out) != 0) throw std::runtime_error("pipe");
        pid_ = fork();
        if (pid_ == 0) {
            prctl(PR_SET_PDEATHSIG, SIGKILL);  // never outlive a crashed or killed test
            dup2(out[1], STDOUT_FILENO);
            close(out[0]);
            close(out[1]);
            std::vector<std::string> args{HEARTS_BINARY, "serve",   "--port",      "0",
                                          "--data-dir",  data_dir_, "--log-level", "warn"};
            args.insert(args.end(), extra_.begin(), extra_.end());
            std::vector<char*> argv;
            for (auto& a : args) argv.push_back(a.data());
            argv.push_back(nullptr);
            execv(HEARTS_BINARY, argv.data());
            _exit(127);
        }
        close(out[1]);
        // Wait for "hearts serve: listening on http://127.0.0.1:PORT/".
        FILE* f = fdopen(out[0], "r");
        char line[512] = {};
        const std::string ready = "hearts serve: listening on http://";
        for (;;) {
            if (!fgets(line, sizeof line, f)) throw std::runtime_error("server did not start");
            const std::string text(line);
            if (text.rfind(ready, 0) != 0) continue;
            port_ = static_cast<unsigned short>(std::stoi(text.substr(text.rfind(':') + 1)));
            break;
        }
        fclose(f);
    }

    void kill(int sig) {
        if (pid_ <= 0) return;
        ::kill(pid_, sig);
        waitpid(pid_, nullptr, 0);
        pid_ = -1;
    }

    unsigned short port() const { return port_; }

  private:
    std::string data_dir_;
    std::vector<std::string> extra_;
    pid_t pid_ = -1;
    unsigned short port_ = 0;
};

inline std::string temp_dir(const std::string& name) {
    const auto dir = std::filesystem::temp_directory_path() /
                     ("hearts_it_" + name + "_" + std::to_string(getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir.string();
}

}  // namespace hearts::testing
