// What the integration tests share: `hearts serve` as a child process, and temporary
// folders for its data.
//
// The server's stderr goes to a log file beside its data folder. When the server is
// stopped (SIGTERM, as the destructor does) it must exit with status 0, and the log
// must hold no sanitizer report: under the ASan and TSan presets a leak found at exit,
// a data race, undefined behaviour or a crash on SIGTERM then fails the test that ran
// the server, not only the server's own output. A test that kills it with SIGKILL on
// purpose expects exactly that signal. The log is printed when a check fails.
#pragma once

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fcntl.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace hearts::testing {

/// The `hearts` the tests start: this build's, or the one HEARTS_SERVER_BINARY names (the
/// sanitizer presets run these tests against their own build's server, docs/testing.md).
inline std::string hearts_binary() {
    const char* other = std::getenv("HEARTS_SERVER_BINARY");
    return other != nullptr && *other != '\0' ? std::string(other) : std::string(HEARTS_BINARY);
}

// A `hearts serve` child process on a free port with its own data folder.
class Server {
  public:
    /// `wrapper`: a command the server runs under, e.g. {"prlimit", "--nofile=128", "--"}.
    explicit Server(std::string data_dir, std::vector<std::string> extra = {},
                    std::vector<std::string> wrapper = {})
        : data_dir_(std::move(data_dir)),
          extra_(std::move(extra)),
          wrapper_(std::move(wrapper)),
          log_(data_dir_ + ".serve.log") {
        std::filesystem::remove(log_);
        start();
    }
    ~Server() { kill(SIGTERM); }
    Server(const Server&) = delete;
    Server& operator=(const Server&) = delete;

    void start() {
        int out[2];
        if (pipe(out) != 0) throw std::runtime_error("pipe");
        pid_ = fork();
        if (pid_ == 0) {
            prctl(PR_SET_PDEATHSIG, SIGKILL);  // never outlive a crashed or killed test
            dup2(out[1], STDOUT_FILENO);
            close(out[0]);
            close(out[1]);
            // Appended to: a test that restarts the server keeps every run's output.
            const int err = open(log_.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
            if (err >= 0) {
                dup2(err, STDERR_FILENO);
                close(err);
            }
            std::vector<std::string> args = wrapper_;
            for (std::string a : {hearts_binary(), std::string("serve"), std::string("--port"),
                                  std::string("0"), std::string("--data-dir"), data_dir_,
                                  std::string("--log-level"), std::string("warn")})
                args.push_back(a);
            args.insert(args.end(), extra_.begin(), extra_.end());
            std::vector<char*> argv;
            for (auto& a : args) argv.push_back(a.data());
            argv.push_back(nullptr);
            execvp(argv[0], argv.data());
            _exit(127);
        }
        close(out[1]);
        // Wait for "hearts serve: listening on http://127.0.0.1:PORT/".
        FILE* f = fdopen(out[0], "r");
        char line[512] = {};
        const std::string ready = "hearts serve: listening on http://";
        for (;;) {
            if (!fgets(line, sizeof line, f))
                throw std::runtime_error("server did not start:\n" + log_text());
            const std::string text(line);
            if (text.rfind(ready, 0) != 0) continue;
            port_ = static_cast<unsigned short>(std::stoi(text.substr(text.rfind(':') + 1)));
            break;
        }
        fclose(f);
    }

    /// Sends `sig` and waits for the server to end. SIGTERM must end it cleanly (exit
    /// status 0); any other signal must be what ended it. Either way its log must hold
    /// no sanitizer report. A failed check is a test failure, with the log.
    void kill(int sig) {
        if (pid_ <= 0) return;
        ::kill(pid_, sig);
        int status = 0;
        waitpid(pid_, &status, 0);
        pid_ = -1;
        std::string how;
        if (sig == SIGTERM) {
            if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) how = describe(status);
        } else if (!WIFSIGNALED(status) || WTERMSIG(status) != sig) {
            how = describe(status);
        }
        const std::string log = log_text();
        std::string report;
        for (const char* marker : kSanitizerMarkers) {
            if (log.find(marker) != std::string::npos) {
                report = marker;
                break;
            }
        }
        if (!how.empty() || !report.empty()) {
            ADD_FAILURE() << "hearts serve (" << data_dir_ << ") "
                          << (how.empty() ? "" : "ended badly: " + how + ". ")
                          << (report.empty()
                                  ? ""
                                  : "Its log has a sanitizer report ('" + report + "'). ")
                          << "The log (" << log_ << "):\n"
                          << log;
        }
    }

    unsigned short port() const { return port_; }
    pid_t pid() const { return pid_; }
    /// Whether the server process is still alive (it has not exited or been killed).
    bool running() const { return pid_ > 0 && ::kill(pid_, 0) == 0 && !exited(); }
    /// Seconds of CPU the server has used so far (user + system, from /proc).
    double cpu_seconds() const {
        std::ifstream in("/proc/" + std::to_string(pid_) + "/stat");
        std::string text((std::istreambuf_iterator<char>(in)), {});
        const auto paren = text.rfind(')');
        if (paren == std::string::npos) return 0;
        std::istringstream fields(text.substr(paren + 2));
        std::string f;
        long utime = 0, stime = 0;
        for (int k = 3; k <= 15 && fields >> f; ++k) {
            if (k == 14) utime = std::stol(f);
            if (k == 15) stime = std::stol(f);
        }
        return double(utime + stime) / double(sysconf(_SC_CLK_TCK));
    }
    /// What the server wrote to stderr so far (every run in this data folder).
    std::string log_text() const {
        std::ifstream in(log_);
        std::stringstream text;
        text << in.rdbuf();
        return text.str();
    }

  private:
    // Lines that ASan, LeakSanitizer, UBSan and TSan print when they find something.
    static constexpr std::array kSanitizerMarkers{
        "ERROR: AddressSanitizer",   "ERROR: LeakSanitizer", "WARNING: ThreadSanitizer",
        "ThreadSanitizer: reported", "runtime error:",       "SUMMARY: UndefinedBehaviorSanitizer"};

    bool exited() const {
        siginfo_t info{};
        return waitid(P_PID, pid_t(pid_), &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
               info.si_pid == pid_;
    }

    static std::string describe(int status) {
        if (WIFEXITED(status)) return "exit status " + std::to_string(WEXITSTATUS(status));
        if (WIFSIGNALED(status)) return std::string("signal ") + strsignal(WTERMSIG(status));
        return "status " + std::to_string(status);
    }

    std::string data_dir_;
    std::vector<std::string> extra_;
    std::vector<std::string> wrapper_;
    std::string log_;
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
