// `hearts loadtest` (see loadtest.h): a table of scripted people (TableRun), which sets
// itself up through its host, counts its hands and games, and knows how long it went
// without a message.
#include <algorithm>
#include <string>

#include "loadtest_run.h"

namespace hearts::app::load {

void TableRun::touch() {
    const auto now = Clock::now();
    const double silence = seconds_between(last_message_, now);
    Stats& st = run_.stats;
    // A solo table's id is its one person's (the server makes it at new_game).
    const std::string& table = id_.empty() && !people_.empty() ? people_[0]->table_ : id_;
    if (silence > st.silence_seconds && !table.empty()) {
        st.silence_table = table;
        st.silence_seconds = silence;
        st.silence_from = seconds_between(run_.started, last_message_);
    }
    last_message_ = now;
    stalled_ = false;
}

void TableRun::on_welcome(Person& p) {
    if (run_.options.people == 1) {
        begin_game();
        return;
    }
    // Names of their own: the server refuses two people at a table whose names look alike.
    std::size_t k = 0;
    while (k < people_.size() && people_[k].get() != &p) ++k;
    p.request("set_name", {{"name", "Load " + std::to_string(index_) + "." + std::to_string(k)}});
}

void TableRun::begin_game() {
    if (!run_.continuing() || dead_) return;
    id_.clear();
    joined_ = 0;
    dealt_ = over_ = false;
    sheet_rows_ = 0;
    for (auto& p : people_) p->reset_table();
    if (run_.options.people == 1) {
        host().expect_table();
        host().request("new_game", {{"level", run_.options.level}});
    } else {
        json create = {{"private", !run_.options.public_tables}, {"timer", 0}};
        if (!run_.options.rules.empty()) create["rules"] = run_.options.rules;
        host().request("create_table", create);
    }
}

void TableRun::on_answer(Person& p, const std::string& kind, bool ok) {
    if (!ok && (kind == "set_name" || kind == "new_game" || kind == "create_table" ||
                kind == "join" || kind == "start")) {
        if (run_.options.reconnect) return set_up_again();  // e.g. someone's node went away
        dead_ = true;  // the table cannot be set up; the error is counted
        return;
    }
    if (kind == "set_name") {
        p.named = true;
        if (&p == &host()) return begin_game();
        if (!id_.empty()) p.request("join", {{"table", id_}});
    } else if (kind == "join") {
        p.table_ = id_;
        if (++joined_ == run_.options.people - 1) host().request("start", {{"table", id_}});
    }
}

void TableRun::set_up_again() {
    if (!run_.continuing() || dead_) return;
    for (auto& p : people_)
        if (!p->back()) return;  // the last one back sets it up
    ++setup_;
    ++run_.stats.setups_again;
    // Everyone named starts on the new table as begin_game has it; the others are named
    // first, as at the start (the host's name begins the game, a joiner's joins it).
    for (std::size_t k = 1; k < people_.size(); ++k)
        if (!people_[k]->named)
            people_[k]->request(
                "set_name", {{"name", "Load " + std::to_string(index_) + "." + std::to_string(k)}});
    if (!host().named) {
        host().request("set_name", {{"name", "Load " + std::to_string(index_) + ".0"}});
        for (auto& p : people_) p->reset_table();
        id_.clear();
        joined_ = 0;
        return;
    }
    begin_game();
}

void TableRun::on_table_info(Person& p, const Incoming& m) {
    if (&p != &host() || !id_.empty() || run_.options.people == 1) return;
    // The host's new table: still waiting for people, and not the one just finished.
    const std::string& id = m.table;
    if (m.state != "waiting" || id == previous_id_) return;
    id_ = previous_id_ = id;
    host().table_ = id_;
    for (std::size_t k = 1; k < people_.size(); ++k)
        if (people_[k]->named) people_[k]->request("join", {{"table", id_}});
}

void TableRun::on_view(Person& p, const SeenView& view) {
    if (&p != &host()) return;
    const std::string& phase = view.phase;
    if (!dealt_ && (phase == "pass" || phase == "play")) {
        dealt_ = true;
        run_.on_dealt(!counted_first_);
        counted_first_ = true;
    }
    if (view.sheet_rows > sheet_rows_) {
        const std::size_t added = view.sheet_rows - sheet_rows_;
        sheet_rows_ = view.sheet_rows;
        run_.on_hands(added);
    }
    if (phase == "game_over" && !over_) {
        over_ = true;
        run_.on_game_over();
        begin_game();
    }
}

}  // namespace hearts::app::load
