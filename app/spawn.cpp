#include "spawn.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

namespace hearts::app {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

std::string this_binary() {
    std::error_code ec;
    return fs::read_symlink("/proc/self/exe", ec).string();
}

Ran run_this_binary(const std::vector<std::string>& args, double limit_seconds) {
    Ran r;
    const std::string self = this_binary();
    if (self.empty()) {
        r.err = "cannot find this program's own path";
        return r;
    }
    int out[2], err[2];
    if (pipe2(out, O_CLOEXEC) != 0) {
        r.err = "pipe failed";
        return r;
    }
    if (pipe2(err, O_CLOEXEC) != 0) {
        close(out[0]);
        close(out[1]);
        r.err = "pipe failed";
        return r;
    }
    const pid_t pid = fork();
    if (pid < 0) {
        for (int fd : {out[0], out[1], err[0], err[1]}) close(fd);
        r.err = "fork failed";
        return r;
    }
    if (pid == 0) {
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        dup2(out[1], STDOUT_FILENO);
        dup2(err[1], STDERR_FILENO);
        // Nothing else of this process's goes with it (Asio's sockets are not
        // close-on-exec).
        close_range(3, ~0U, 0);
        std::vector<std::string> a{self};
        a.insert(a.end(), args.begin(), args.end());
        std::vector<char*> argv;
        for (auto& s : a) argv.push_back(s.data());
        argv.push_back(nullptr);
        execv(self.c_str(), argv.data());
        _exit(127);
    }
    close(out[1]);
    close(err[1]);
    const auto until = Clock::now() + std::chrono::duration<double>(limit_seconds);
    pollfd fds[2] = {{out[0], POLLIN, 0}, {err[0], POLLIN, 0}};
    int open = 2;
    while (open > 0 && Clock::now() < until) {
        if (poll(fds, 2, 200) <= 0) continue;
        for (int k = 0; k < 2; ++k) {
            if (!(fds[k].revents & (POLLIN | POLLHUP))) continue;
            char chunk[4096];
            const ssize_t n = read(fds[k].fd, chunk, sizeof chunk);
            if (n <= 0) {
                fds[k].fd = -1;
                --open;
            } else {
                (k == 0 ? r.out : r.err).append(chunk, std::size_t(n));
            }
        }
    }
    if (open > 0) kill(pid, SIGKILL);
    close(out[0]);
    close(err[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return r;
}

// pid 0: this process.
ProcSample read_proc(int pid) {
    const std::string base = pid ? "/proc/" + std::to_string(pid) : std::string("/proc/self");
    ProcSample s;
    std::ifstream stat(base + "/stat");
    std::string line;
    if (!std::getline(stat, line)) return s;
    // The command name (field 2) may hold spaces: count fields after its ')'.
    const auto close = line.rfind(')');
    if (close == std::string::npos) return s;
    std::istringstream rest(line.substr(close + 1));
    std::vector<std::string> f;
    for (std::string tok; rest >> tok;) f.push_back(tok);
    if (f.size() < 13) return s;  // f[0] is field 3 (state); utime is 14, stime 15
    const double tick = double(sysconf(_SC_CLK_TCK));
    s.cpu_seconds = (std::stod(f[11]) + std::stod(f[12])) / tick;
    std::ifstream status(base + "/status");
    while (std::getline(status, line)) {
        if (line.rfind("VmRSS:", 0) == 0) s.rss_kb = std::atol(line.c_str() + 6);
    }
    s.ok = true;
    return s;
}

// `hearts serve --port 0` from this same binary, in a fresh temporary folder; stopped
// (and the folder removed) on destruction. It never outlives the load test.

SpawnedServer::~SpawnedServer() {
    stop();
    if (!dir_.empty()) {
        std::error_code ec;
        fs::remove_all(dir_, ec);
    }
}

Expected<unsigned short> SpawnedServer::start(const std::vector<std::string>& extra) {
    std::random_device rd;
    dir_ = (fs::temp_directory_path() /
            ("hearts-loadtest-" + std::to_string(getpid()) + "-" + std::to_string(rd())))
               .string();
    std::error_code ec;
    fs::create_directories(dir_ + "/data", ec);
    fs::create_directories(dir_ + "/web", ec);
    if (ec) return Error{"cannot create " + dir_ + ": " + ec.message()};
    std::ofstream(dir_ + "/web/index.html") << "hearts loadtest\n";  // no warning about it
    // This same binary, or another, by an absolute path: execvp would look a bare name
    // up in PATH. (A path, not /proc/self/exe: under a wrapper that would name the
    // wrapper.)
    std::error_code link_ec;
    const std::string binary =
        binary_.empty() ? this_binary() : fs::absolute(binary_, link_ec).string();
    if (binary.empty()) return Error{"cannot find the path of the hearts binary to serve with"};
    int out[2];
    if (pipe2(out, O_CLOEXEC) != 0) return Error{"pipe failed"};
    std::vector<std::string> args = wrapper_;
    for (std::string a : {binary, std::string("serve"), std::string("--port"), std::string("0"),
                          std::string("--data-dir"), dir_ + "/data", std::string("--web-dir"),
                          dir_ + "/web", std::string("--log-level"), std::string("warn")})
        args.push_back(std::move(a));
    args.insert(args.end(), extra.begin(), extra.end());
    const std::string log = log_path();
    pid_ = fork();
    if (pid_ < 0) {
        close(out[0]);
        close(out[1]);
        return Error{"fork failed"};
    }
    if (pid_ == 0) {
        prctl(PR_SET_PDEATHSIG, SIGKILL);  // never outlive the tool
        // Its own process group: Ctrl-C stops the load test, which then reports and
        // stops the server, rather than the server dropping every connection first.
        setpgid(0, 0);
        dup2(out[1], STDOUT_FILENO);
        if (FILE* f = std::fopen(log.c_str(), "w")) dup2(fileno(f), STDERR_FILENO);
        // Nothing else of this process's goes with it: Asio's sockets are not
        // close-on-exec, and a server holding a load test's connections would skew it.
        close_range(3, ~0U, 0);
        std::vector<char*> argv;
        for (auto& a : args) argv.push_back(a.data());
        argv.push_back(nullptr);
        execvp(argv[0], argv.data());
        _exit(127);
    }
    close(out[1]);
    out_ = out[0];
    // Wait (at most 15 s) for "hearts serve: listening on http://127.0.0.1:PORT/".
    const std::string ready = "hearts serve: listening on http://";
    std::string buffer;
    const auto until = Clock::now() + std::chrono::seconds(15);
    while (Clock::now() < until) {
        pollfd p{out_, POLLIN, 0};
        if (poll(&p, 1, 100) <= 0) continue;
        char chunk[256];
        const ssize_t n = read(out_, chunk, sizeof chunk);
        if (n <= 0) break;  // the server exited
        buffer.append(chunk, std::size_t(n));
        const auto at = buffer.find(ready);
        const auto end = at == std::string::npos ? at : buffer.find('\n', at);
        if (end != std::string::npos) {
            const std::string line = buffer.substr(at, end - at);
            const auto colon = line.rfind(':');
            return static_cast<unsigned short>(std::atoi(line.c_str() + colon + 1));
        }
    }
    stop();
    std::string why;
    for (const auto& l : log_lines()) why += "\n  " + l;
    return Error{"the spawned `hearts serve` did not start" +
                 (why.empty() ? std::string() : ":" + why)};
}

void SpawnedServer::stop() {
    if (pid_ > 0) {
        kill(pid_, SIGTERM);
        int status = 0;
        const auto until = Clock::now() + std::chrono::seconds(5);
        while (waitpid(pid_, &status, WNOHANG) == 0) {
            if (Clock::now() > until) {
                kill(pid_, SIGKILL);
                waitpid(pid_, &status, 0);
                break;
            }
            usleep(10'000);
        }
        pid_ = -1;
    }
    if (out_ >= 0) close(out_);
    out_ = -1;
}

std::vector<std::string> SpawnedServer::log_lines() const {
    std::vector<std::string> lines;
    std::ifstream in(log_path());
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    return lines;
}

}  // namespace hearts::app
