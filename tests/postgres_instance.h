// A real PostgreSQL server for the tests that need one (never a mock): the first call
// in a test process starts one of the process's own with tests/postgres.sh (under a
// second, in a folder under /tmp, on a Unix socket only) and the process stops it when
// it exits. Each test takes a fresh, empty database on it.
//
// Under ctest, the tests registered with SHARED_POSTGRES (tests/CMakeLists.txt) are given
// HEARTS_TEST_POSTGRES, the folder of one server that the ctest run started (the fixture
// PostgreSQL.Start): they use it and leave it running. A test that stops PostgreSQL
// (restart, halt) is registered without it and starts its own.
//
// A test process that dies without stopping it (kill -9, ctest's timeout) leaves it to
// the script's watchdog, which stops it once the process is gone; a server left even so
// is stopped by the next test process that starts one (the folder's name carries the
// process id).
#pragma once

#include <libpq-fe.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>

namespace hearts::testing {

class PostgresInstance {
  public:
    /// The process's server, started on first use. Throws when it cannot start (the
    /// message says why, with the server's log).
    static PostgresInstance& get() {
        static PostgresInstance instance;
        return instance;
    }

    /// The URL of database `name` on it.
    std::string url(const std::string& name = "postgres") const {
        return "postgresql://hearts@/" + name + "?host=" + dir_;
    }

    /// A new, empty database; its URL.
    std::string fresh_database() {
        static std::atomic<int> count{0};
        const std::string name =
            "t" + std::to_string(::getpid()) + "_" + std::to_string(count.fetch_add(1));
        admin("CREATE DATABASE " + name);
        return url(name);
    }

    /// Drops the database at `database_url` (made by fresh_database), connections and all.
    void drop(const std::string& database_url) {
        const auto slash = database_url.find("@/") + 2;
        const auto end = database_url.find('?', slash);
        admin("DROP DATABASE IF EXISTS " + database_url.substr(slash, end - slash) +
              " WITH (FORCE)");
    }

    /// Runs `sql` on the `postgres` database; throws with PostgreSQL's reason.
    void admin(const std::string& sql) const {
        PGconn* c = PQconnectdb(url().c_str());
        std::string why;
        if (PQstatus(c) != CONNECTION_OK) {
            why = PQerrorMessage(c);
        } else {
            PGresult* r = PQexec(c, sql.c_str());
            if (PQresultStatus(r) != PGRES_COMMAND_OK && PQresultStatus(r) != PGRES_TUPLES_OK)
                why = PQresultErrorMessage(r);
            PQclear(r);
        }
        PQfinish(c);
        if (!why.empty()) throw std::runtime_error("PostgreSQL: " + sql + ": " + why);
    }

    /// Stops the server and starts it again in the same folder, keeping its data (a
    /// restart, as an operator's would be): every connection to it is cut.
    void restart() { disrupt("restart"); }
    /// Stops the server as a crash would, keeping its data, until `resume`.
    void halt() { disrupt("halt"); }
    void resume() { disrupt("resume"); }

    const std::string& dir() const { return dir_; }

    ~PostgresInstance() {
        if (!shared_) script("stop");
    }

  private:
    PostgresInstance() {
        if (const char* dir = std::getenv("HEARTS_TEST_POSTGRES"); dir != nullptr && *dir) {
            dir_ = dir;
            shared_ = true;
            return;
        }
        sweep();
        dir_ = "/tmp/hearts-pg-" + std::to_string(::getpid());
        script("start", std::to_string(::getpid()));
    }

    void disrupt(const std::string& command) const {
        if (shared_)
            throw std::runtime_error(
                "this test stops PostgreSQL, which other tests share: register it without "
                "SHARED_POSTGRES (tests/CMakeLists.txt)");
        script(command);
    }

    static std::string shell_quoted(const std::string& s) { return "'" + s + "'"; }

    void script(const std::string& command, const std::string& extra = "") const {
        const std::string line =
            shell_quoted(std::string(HEARTS_SOURCE_DIR) + "/tests/postgres.sh") + " " + command +
            " " + shell_quoted(dir_) + " " + extra + " >/dev/null";
        if (std::system(line.c_str()) != 0 && command != "stop")
            throw std::runtime_error("tests/postgres.sh " + command + " " + dir_ + " failed");
    }

    // Servers of test processes that are gone.
    static void sweep() {
        std::error_code ec;
        for (const auto& entry : std::filesystem::directory_iterator("/tmp", ec)) {
            const std::string name = entry.path().filename().string();
            if (name.rfind("hearts-pg-", 0) != 0) continue;
            const std::string pid = name.substr(10);
            if (pid.empty() || pid.find_first_not_of("0123456789") != std::string::npos) continue;
            if (::kill(std::atoi(pid.c_str()), 0) == 0 || errno != ESRCH) continue;  // alive
            const std::string line =
                shell_quoted(std::string(HEARTS_SOURCE_DIR) + "/tests/postgres.sh") + " stop " +
                shell_quoted(entry.path().string()) + " >/dev/null 2>&1";
            (void)std::system(line.c_str());
        }
    }

    std::string dir_;
    bool shared_ = false;  // the ctest run's server (HEARTS_TEST_POSTGRES), not this process's
};

}  // namespace hearts::testing
