// The store core's session on PostgreSQL (store/pg/session.h).
#include "store/pg/session.h"

#include <string>
#include <vector>

namespace hearts::server {

Expected<sql::Rows> PgSession::run(std::string_view sql, const sql::Params& params) {
    std::vector<std::string> values;
    values.reserve(params.size());
    for (const sql::Param& p : params) {
        switch (p.kind) {
            case sql::Param::Kind::Integer:
                values.push_back(std::to_string(p.integer));
                break;
            case sql::Param::Kind::Real:
                values.push_back(sql::Param::text_of(p.real));
                break;
            case sql::Param::Kind::Bytes:
                values.push_back(pg::bytea_hex(p.value));
                break;
            case sql::Param::Kind::Text:
                values.push_back(p.value);
                break;
        }
    }
    auto r = c_.run(std::string(sql), values);
    if (!r) return r.error();
    const int columns = r->columns();
    sql::Rows rows(columns);
    for (int i = 0; i < r->size(); ++i) {
        for (int c = 0; c < columns; ++c) {
            if (r->null(i, c))
                rows.add(std::nullopt);
            else
                rows.add(r->is_bytes(c) ? r->bytes(i, c) : r->text(i, c));
        }
    }
    rows.set_changed(r->changed());
    return rows;
}

}  // namespace hearts::server
