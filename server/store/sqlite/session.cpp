// The store core's session on SQLite (store/sqlite/session.h).
#include "store/sqlite/session.h"

#include <string>

namespace hearts::server {

Expected<sql::Rows> SqliteSession::run(std::string_view sql, const sql::Params& params) {
    auto prepared = Statement::prepare(c_, sql);
    if (!prepared) return prepared.error();
    Statement& st = prepared.value();
    if (st.parameters() != int(params.size())) {
        return Error{"database: " + std::to_string(params.size()) + " parameters for " +
                     std::to_string(st.parameters()) + " in: " + std::string(sql)};
    }
    for (std::size_t k = 0; k < params.size(); ++k) {
        const std::string name = "$" + std::to_string(k + 1);
        const int i = st.parameter(name.c_str());
        if (i == 0) return Error{"database: no parameter " + name + " in: " + std::string(sql)};
        const sql::Param& p = params[k];
        Status bound = p.kind == sql::Param::Kind::Integer ? st.bind(i, p.integer)
                       : p.kind == sql::Param::Kind::Real  ? st.bind_real(i, p.real)
                       : p.kind == sql::Param::Kind::Bytes
                           ? st.bind_blob(i, p.value.data(), p.value.size())
                           : st.bind(i, p.value);
        if (!bound) return bound.error();
    }
    const int columns = st.columns();
    sql::Rows rows(columns);
    for (;;) {
        auto row = st.step();
        if (!row) return row.error();
        if (!*row) break;
        for (int c = 0; c < columns; ++c) {
            // A real as the shortest text that reads back the same (SQLite's own text
            // of it keeps 15 digits).
            if (st.is_null(c))
                rows.add(std::nullopt);
            else if (st.is_real(c))
                rows.add(sql::Param::text_of(st.real(c)));
            else
                rows.add(st.is_blob(c) ? st.blob(c) : st.text(c));
        }
    }
    if (columns == 0) rows.set_changed(st.changes());
    return rows;
}

}  // namespace hearts::server
