#include "store/sqlite/action_log.h"

#include <algorithm>
#include <charconv>

#include "store/rows.h"

namespace hearts::server {

namespace {

std::int64_t lines_in(std::string_view text) {
    return text.empty() ? 0 : std::int64_t(std::count(text.begin(), text.end(), '\n')) + 1;
}

}  // namespace

Expected<ActionLog::Next> ActionLog::next_of(Connection& c, const std::string& table) {
    if (auto it = group_next_.find(table); it != group_next_.end()) return it->second;
    if (auto it = batch_next_.find(table); it != batch_next_.end()) return it->second;
    if (auto it = runs_.find(table); it != runs_.end())
        return Next{it->second.first + it->second.count, it->second.over};
    auto stmt = Statement::prepare(
        c,
        "SELECT t.finished, a.seq, a.action FROM tables t LEFT JOIN "
        "(SELECT seq, action FROM actions WHERE table_id = ?1 ORDER BY seq DESC LIMIT 1) a "
        "WHERE t.id = ?1");
    if (!stmt) return stmt.error();
    Statement& st = stmt.value();
    if (Status s = st.bind(1, table); !s) return s.error();
    auto row = st.step();
    if (!row) return row.error();
    if (!*row) return no_such_table(table);
    Next next{0, st.integer(0) != 0};
    if (!st.is_null(1)) next.seq = st.integer(1) + lines_in(st.view(2));
    return next;
}

Status ActionLog::stage(Connection& c, const ActionWrite& w) {
    auto next = next_of(c, w.table);
    if (!next) return next.error();
    if (Status s = check_next(w.table, w.seq, NextAction{next->seq, next->over}); !s) return s;
    group_.push_back(Staged{w.table, w.seq, to_string(w.action)});
    group_next_[w.table] = Next{w.seq + 1, false};
    return {};
}

void ActionLog::stage_finished(const std::string& table) {
    auto next = group_next_.find(table);
    if (next != group_next_.end()) {
        next->second.over = true;
        return;
    }
    // Its next number is not needed: nothing is taken after this.
    group_next_[table] = Next{-1, true};
}

void ActionLog::end_group(bool ok) {
    if (ok) {
        for (Staged& s : group_) batch_.push_back(std::move(s));
        for (auto& [table, next] : group_next_) batch_next_[table] = next;
    }
    group_.clear();
    group_next_.clear();
}

Status ActionLog::flush(Connection& c) {
    if (Status s = drop_unneeded_rows(c); !s) return s;
    if (Status s = fold_some(c); !s) return s;
    if (batch_.empty()) return {};
    std::string entries;
    for (const Staged& s : batch_) {
        if (!entries.empty()) entries += '\n';
        entries += s.table;
        entries += ' ';
        entries += std::to_string(s.seq);
        entries += ' ';
        entries += s.action;
    }
    // The rows are numbered here rather than by SQLite, which would number from 1 again
    // once every row is deleted.
    auto stmt = Statement::prepare(c, "INSERT INTO journal(id, entries) VALUES(?1, ?2)");
    if (!stmt) return stmt.error();
    if (Status s = stmt.value().bind(1, next_row_); !s) return s;
    if (Status s = stmt.value().bind(2, entries); !s) return s;
    if (Status s = stmt.value().run(); !s) return s;
    batch_row_ = next_row_;
    return {};
}

void ActionLog::end_commit(bool ok) {
    if (ok) {
        for (const std::string& table : folded_) {
            auto it = runs_.find(table);
            if (it == runs_.end()) continue;
            if (--starts_[it->second.journal] == 0) starts_.erase(it->second.journal);
            runs_.erase(it);
            ++folds_;
        }
        for (const std::string& table : stuck_)
            if (auto it = runs_.find(table); it != runs_.end()) it->second.stuck = true;
        const auto now = Clock::now();
        for (Staged& s : batch_) {
            auto [it, fresh] = runs_.try_emplace(s.table);
            Run& run = it->second;
            if (fresh) {
                run.first = s.seq;
                run.journal = batch_row_;
                run.since = now;
                ++starts_[batch_row_];
                by_age_.emplace_back(s.table, batch_row_);
            } else {
                run.text += '\n';
            }
            run.text += s.action;
            if (++run.count == folding_.actions) ready_.push_back(s.table);
        }
        for (const auto& [table, next] : batch_next_) {
            if (!next.over) continue;
            auto it = runs_.find(table);
            if (it == runs_.end() || it->second.over) continue;
            it->second.over = true;
            ready_.push_back(table);
        }
        if (batch_row_ != 0) {
            ++rows_;
            ++next_row_;
        }
    }
    if (!ok) {
        // The folds were taken back with the transaction: they are due again (their
        // entries left the queues when they were chosen).
        for (const std::string& table : folded_) {
            auto it = runs_.find(table);
            if (it == runs_.end()) continue;
            ready_.push_front(table);
            by_age_.emplace_front(table, it->second.journal);
        }
    }
    batch_.clear();
    batch_next_.clear();
    folded_.clear();
    stuck_.clear();
    batch_row_ = 0;
}

// One run becomes one `actions` row. A fold that fails (the row is taken: something
// other than this store wrote the table's actions) leaves the run in the journal and in
// memory, where reads still find it, rather than fail every commit after it.
Status ActionLog::fold(Connection& c, const std::string& table, const Run& run) {
    if (Status s = run_kept(c, "SAVEPOINT fold"); !s) return s;
    auto stmt =
        Statement::prepare(c, "INSERT INTO actions(table_id, seq, action) VALUES(?1, ?2, ?3)");
    Status done = stmt ? Status{} : Status{stmt.error()};
    if (done) done = stmt.value().bind(1, table);
    if (done) done = stmt.value().bind(2, run.first);
    if (done) done = stmt.value().bind(3, run.text);
    if (done) done = stmt.value().run();
    if (!done) {
        if (Status s = run_kept(c, "ROLLBACK TO fold"); !s) return s;
        stuck_.push_back(table);
    } else {
        folded_.push_back(table);
    }
    return run_kept(c, "RELEASE fold");
}

// The runs due: long ones and finished games first, then those older than the age; at
// most `per_commit` of them.
Status ActionLog::fold_some(Connection& c) {
    const auto now = Clock::now();
    std::size_t budget = folding_.per_commit;
    while (budget > 0 && !ready_.empty()) {
        const std::string table = std::move(ready_.front());
        ready_.pop_front();
        auto it = runs_.find(table);
        if (it == runs_.end() || it->second.stuck) continue;
        if (it->second.count < folding_.actions && !it->second.over) continue;
        if (std::find(folded_.begin(), folded_.end(), table) != folded_.end()) continue;
        if (Status s = fold(c, table, it->second); !s) return s;
        --budget;
    }
    while (budget > 0 && !by_age_.empty()) {
        const auto& [table, row] = by_age_.front();
        auto it = runs_.find(table);
        const bool gone = it == runs_.end() || it->second.journal != row || it->second.stuck ||
                          std::find(folded_.begin(), folded_.end(), table) != folded_.end();
        if (gone) {
            by_age_.pop_front();
            continue;
        }
        if (now - it->second.since < folding_.age) break;
        if (Status s = fold(c, table, it->second); !s) return s;
        by_age_.pop_front();
        --budget;
    }
    return {};
}

// The journal rows before the oldest one a run still needs are deleted (the first rows
// of the table: a few pages).
Status ActionLog::drop_unneeded_rows(Connection& c) {
    const std::int64_t below = starts_.empty() ? next_row_ : starts_.begin()->first;
    if (below <= dropped_below_) return {};
    auto stmt = Statement::prepare(c, "DELETE FROM journal WHERE id < ?1");
    if (!stmt) return stmt.error();
    if (Status s = stmt.value().bind(1, below); !s) return s;
    if (Status s = stmt.value().run(); !s) return s;
    dropped_below_ = below;
    return {};
}

Status ActionLog::read(Connection& c, const std::string& table, std::vector<Action>& out) {
    auto stmt = Statement::prepare(c,
                                   "SELECT seq, action FROM actions WHERE table_id = ?1 "
                                   "ORDER BY seq");
    if (!stmt) return stmt.error();
    Statement& st = stmt.value();
    if (Status s = st.bind(1, table); !s) return s;
    for (;;) {
        auto row = st.step();
        if (!row) return row.error();
        if (!*row) break;
        if (Status s = append_actions(table, st.integer(0), st.view(1), out); !s) return s;
    }
    if (auto it = runs_.find(table); it != runs_.end())
        return append_actions(table, it->second.first, it->second.text, out);
    return {};
}

Status ActionLog::recover(Connection& c) {
    // The journal's actions, by table, in order.
    std::map<std::string, std::vector<std::pair<std::int64_t, std::string>>> found;
    {
        auto stmt = Statement::prepare(c, "SELECT id, entries FROM journal ORDER BY id");
        if (!stmt) return stmt.error();
        Statement& st = stmt.value();
        for (;;) {
            auto row = st.step();
            if (!row) return row.error();
            if (!*row) break;
            const std::string where = "database: journal row " + std::to_string(st.integer(0));
            std::string_view text = st.view(1);
            while (!text.empty()) {
                const auto newline = text.find('\n');
                const std::string_view line = text.substr(0, newline);
                text.remove_prefix(newline == std::string_view::npos ? text.size() : newline + 1);
                const auto space = line.find(' ');
                const auto second = line.find(' ', space + 1);
                std::int64_t seq = -1;
                const char* digits = line.data() + space + 1;
                const char* end = line.data() + (second == std::string_view::npos ? 0 : second);
                if (space == std::string_view::npos || second == std::string_view::npos ||
                    std::from_chars(digits, end, seq).ptr != end || seq < 0 ||
                    !parse_action(line.substr(second + 1))) {
                    return Error{where + ": a line that is not \"<table> <seq> <action>\": '" +
                                 std::string(line) + "'"};
                }
                found[std::string(line.substr(0, space))].emplace_back(
                    seq, std::string(line.substr(second + 1)));
            }
        }
    }
    for (auto& [table, actions] : found) {
        auto stored = next_of(c, table);
        if (!stored) return stored.error();
        Next next = *stored;
        Run run;
        for (auto& [seq, action] : actions) {
            if (seq < next.seq) continue;  // folded before (its journal row stayed)
            if (seq != next.seq) {
                return Error{"database: journal: table " + table + ", action " +
                             std::to_string(seq) + ": expected action " + std::to_string(next.seq)};
            }
            if (run.count++ == 0)
                run.first = seq;
            else
                run.text += '\n';
            run.text += action;
            ++next.seq;
        }
        if (run.count == 0) continue;
        auto stmt =
            Statement::prepare(c, "INSERT INTO actions(table_id, seq, action) VALUES(?1, ?2, ?3)");
        if (!stmt) return stmt.error();
        Statement& in = stmt.value();
        if (Status s = in.bind(1, table); !s) return s;
        if (Status s = in.bind(2, run.first); !s) return s;
        if (Status s = in.bind(3, run.text); !s) return s;
        if (Status s = in.run(); !s) return s;
    }
    if (Status s = run_kept(c, "DELETE FROM journal"); !s) return s;
    next_row_ = dropped_below_ = 1;
    return {};
}

Status ActionLog::fold_all(Connection& c) {
    std::int64_t below = next_row_;  // every row, unless a run stays
    for (const auto& [table, run] : runs_) {
        if (!run.stuck)
            if (Status s = fold(c, table, run); !s) return s;
        if (run.stuck || std::find(stuck_.begin(), stuck_.end(), table) != stuck_.end())
            below = std::min(below, run.journal);
    }
    auto stmt = Statement::prepare(c, "DELETE FROM journal WHERE id < ?1");
    if (!stmt) return stmt.error();
    if (Status s = stmt.value().bind(1, below); !s) return s;
    return stmt.value().run();
}

ActionLog::Stats ActionLog::stats() const {
    Stats s;
    s.runs = runs_.size();
    for (const auto& [table, run] : runs_) s.run_actions += run.count;
    s.folds = folds_;
    s.journal_rows = rows_;
    return s;
}

}  // namespace hearts::server
