// libpq, checked (store/pg/pg.h).
#include "store/pg/pg.h"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <memory>

namespace hearts::server::pg {
namespace {

std::string trimmed(const char* text) {
    std::string s = text ? text : "";
    while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
    return s;
}

struct ConninfoFree {
    void operator()(PQconninfoOption* o) const { PQconninfoFree(o); }
};

}  // namespace

std::int64_t Rows::integer(int row, int col) const {
    const char* v = PQgetvalue(r_.get(), row, col);
    const char* end = v + PQgetlength(r_.get(), row, col);
    std::int64_t out = 0;
    std::from_chars(v, end, out);
    return out;
}

std::string Rows::bytes(int row, int col) const {
    std::size_t size = 0;
    unsigned char* raw = PQunescapeBytea(
        reinterpret_cast<const unsigned char*>(PQgetvalue(r_.get(), row, col)), &size);
    if (!raw) return {};
    std::string out(reinterpret_cast<const char*>(raw), size);
    PQfreemem(raw);
    return out;
}

std::int64_t Rows::changed() const {
    const char* n = PQcmdTuples(r_.get());
    std::int64_t out = 0;
    std::from_chars(n, n + std::char_traits<char>::length(n), out);
    return out;
}

Expected<std::unique_ptr<Connection>> Connection::open(const std::string& url) {
    char* why = nullptr;
    std::unique_ptr<PQconninfoOption, ConninfoFree> parsed(PQconninfoParse(url.c_str(), &why));
    if (!parsed) {
        // libpq's reason may quote the password: it is not repeated.
        if (why) PQfreemem(why);
        return Error{"the database URL " + redact(url) +
                     " does not read as one (expected postgresql://USER@HOST:PORT/DATABASE)"};
    }
    // The URL comes last, so what it says wins over these defaults: give up connecting
    // after 10 s, notice a dead peer over TCP within about a minute (keepalives), and let a
    // statement wait at most 10 s for another session's lock.
    const char* keys[] = {
        "connect_timeout",  "application_name", "keepalives_idle", "keepalives_interval",
        "keepalives_count", "options",          "dbname",          nullptr};
    const char* values[] = {"10",        "hearts", "30", "10", "3", "-c lock_timeout=10s",
                            url.c_str(), nullptr};
    PGconn* c = PQconnectdbParams(keys, values, 1);
    if (!c) return Error{"database: out of memory connecting to " + redact(url)};
    if (PQstatus(c) != CONNECTION_OK) {
        std::string reason = trimmed(PQerrorMessage(c));
        PQfinish(c);
        return Error{"cannot connect to the database " + redact(url) + ": " + reason};
    }
    // PostgreSQL's notices ("relation already exists, skipping") are not errors, and
    // libpq would print them on stderr.
    PQsetNoticeProcessor(
        c, [](void*, const char*) {}, nullptr);
    return std::unique_ptr<Connection>(new Connection(c));
}

Connection::~Connection() {
    PQfinish(conn_);
}

Error Connection::fail(PGresult* r, std::string_view what) {
    const char* state = r ? PQresultErrorField(r, PG_DIAG_SQLSTATE) : nullptr;
    last_state_ = state ? state : "";
    std::string reason = trimmed(r ? PQresultErrorMessage(r) : PQerrorMessage(conn_));
    if (reason.empty()) reason = trimmed(PQerrorMessage(conn_));
    if (r) PQclear(r);
    return Error{"database: " + reason + " (" + std::string(what) + ")"};
}

// libpq does not always mark the connection bad when the server went away (an
// immediate shutdown says so first, and the status stays OK): an error of libpq's own (no
// SQLSTATE), a connection exception (08) or an operator intervention (57P) counts as lost.
bool Connection::systemic() const {
    return lost() || last_state_ == "55P03" || last_state_ == "57014" ||
           last_state_.rfind("53", 0) == 0;
}

bool Connection::lost() const {
    return broken() || last_state_.empty() || last_state_.rfind("08", 0) == 0 ||
           last_state_.rfind("57P", 0) == 0;
}

bool Connection::may_retry(bool idle_before) const {
    return idle_before && !reconnecting_ && lost();
}

Status Connection::exec(std::string_view sql, std::string_view what) {
    const bool idle = PQtransactionStatus(conn_) == PQTRANS_IDLE && usable_;
    Status done = exec_once(sql, what);
    if (done || !may_retry(idle)) return done;
    if (Status s = reconnect(); !s) return s;
    return exec_once(sql, what);
}

Expected<Rows> Connection::run(const std::string& sql, const std::vector<std::string>& params) {
    const bool idle = PQtransactionStatus(conn_) == PQTRANS_IDLE && usable_;
    auto done = run_once(sql, params);
    if (done || !may_retry(idle)) return done;
    if (Status s = reconnect(); !s) return s.error();
    return run_once(sql, params);
}

Status Connection::exec_once(std::string_view sql, std::string_view what) {
    last_state_.clear();
    PGresult* r = PQexec(conn_, std::string(sql).c_str());
    const auto status = r ? PQresultStatus(r) : PGRES_FATAL_ERROR;
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) return fail(r, what);
    PQclear(r);
    return {};
}

Expected<Rows> Connection::run_once(const std::string& sql,
                                    const std::vector<std::string>& params) {
    last_state_.clear();
    auto it = kept_.find(sql);
    if (it == kept_.end()) {
        std::string name = "h" + std::to_string(kept_.size() + 1);
        PGresult* r = PQprepare(conn_, name.c_str(), sql.c_str(), int(params.size()), nullptr);
        if (!r || PQresultStatus(r) != PGRES_COMMAND_OK) return fail(r, "preparing: " + sql);
        PQclear(r);
        it = kept_.emplace(sql, std::move(name)).first;
    }
    std::vector<const char*> values;
    values.reserve(params.size());
    for (const std::string& p : params) values.push_back(p.c_str());
    PGresult* r = PQexecPrepared(conn_, it->second.c_str(), int(values.size()), values.data(),
                                 nullptr, nullptr, 0);
    const auto status = r ? PQresultStatus(r) : PGRES_FATAL_ERROR;
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) return fail(r, sql);
    return Rows(r);
}

Status Connection::reconnect() {
    // While the database is away, one try every two seconds: a call meanwhile fails at
    // once, rather than wait for its own connect timeout on a thread that has others'
    // work to do.
    constexpr auto kBetweenTries = std::chrono::seconds(2);
    const auto now = std::chrono::steady_clock::now();
    if (!failed_why_.empty() && now - failed_at_ < kBetweenTries) return Error{failed_why_};
    kept_.clear();
    usable_ = false;
    PQreset(conn_);
    if (PQstatus(conn_) != CONNECTION_OK) {
        failed_at_ = now;
        failed_why_ = "cannot connect to the database again: " + trimmed(PQerrorMessage(conn_));
        return Error{failed_why_};
    }
    failed_why_.clear();
    ++sessions_;
    if (on_connect_) {
        // Until its first step has been done (the writer's lock taken), the new session
        // is not used: `broken` stays true, and the next call tries again.
        reconnecting_ = true;
        Status done = on_connect_(*this);
        reconnecting_ = false;
        if (!done) return done;
    }
    usable_ = true;
    return {};
}

Expected<Transaction> Transaction::begin(Connection& c) {
    if (Status s = c.exec("BEGIN", "beginning a transaction"); !s) return s.error();
    return Transaction(c);
}

Transaction::~Transaction() {
    if (c_) (void)c_->exec("ROLLBACK", "rolling back");
}

// PostgreSQL answers COMMIT in a transaction that an error spoiled with ROLLBACK, and no
// error: that is a failure here.
Status Transaction::commit() {
    Connection* c = c_;
    c_ = nullptr;
    return c->commit();
}

Status Connection::commit() {
    last_state_.clear();
    PGresult* r = PQexec(conn_, "COMMIT");
    if (!r || PQresultStatus(r) != PGRES_COMMAND_OK) return fail(r, "committing");
    const std::string tag = PQcmdStatus(r);
    PQclear(r);
    if (tag != "COMMIT")
        return Error{"database: the transaction was rolled back (" + tag +
                     "): a statement in it had failed"};
    return {};
}

std::string text_array(const std::vector<std::string>& values) {
    std::string out = "{";
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (i) out += ',';
        out += '"';
        for (char ch : values[i]) {
            if (ch == '"' || ch == '\\') out += '\\';
            out += ch;
        }
        out += '"';
    }
    out += '}';
    return out;
}

std::string int_array(const std::vector<std::int64_t>& values) {
    std::string out = "{";
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (i) out += ',';
        out += std::to_string(values[i]);
    }
    out += '}';
    return out;
}

std::string bytea_hex(std::string_view bytes) {
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out = "\\x";
    for (unsigned char b : bytes) {
        out += kHex[b >> 4];
        out += kHex[b & 15];
    }
    return out;
}

// By the text alone (libpq would decode a percent-encoded password, which then is not
// found in the text): in a URL the password of user:password@ and a password=… query
// parameter; in key=value words, the value of password.
std::string redact(const std::string& url) {
    std::string out = url;
    const bool is_url = out.rfind("postgresql://", 0) == 0 || out.rfind("postgres://", 0) == 0;
    if (is_url) {
        const auto scheme = out.find("://") + 3;
        const auto host_end = std::min(out.find('/', scheme), out.find('?', scheme));
        const auto at = out.rfind('@', host_end);
        const auto colon = out.find(':', scheme);
        if (at != std::string::npos && at >= scheme && colon < at)
            out.replace(colon + 1, at - colon - 1, "***");
    }
    for (std::size_t from = 0;;) {
        auto key = out.find("password", from);
        if (key == std::string::npos) return out;
        auto value = key + 8;
        while (value < out.size() && out[value] == ' ') ++value;
        const bool is_key =
            value < out.size() && out[value] == '=' &&
            (key == 0 || std::string_view(" ?&").find(out[key - 1]) != std::string_view::npos);
        if (!is_key) {
            from = key + 8;
            continue;
        }
        ++value;
        while (!is_url && value < out.size() && out[value] == ' ') ++value;
        auto end = value;
        if (!is_url && end < out.size() && out[end] == '\'') {
            for (++end; end < out.size() && out[end] != '\''; ++end)
                if (out[end] == '\\') ++end;
            end = std::min(end + 1, out.size());
        } else {
            const char* stops = is_url ? "&#" : " ";
            end = std::min(out.size(), out.find_first_of(stops, value));
        }
        out.replace(value, end - value, "***");
        from = value + 3;
    }
}

}  // namespace hearts::server::pg
