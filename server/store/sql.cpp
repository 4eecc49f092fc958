// The store core's rows (store/sql.h).
#include "store/sql.h"

#include <charconv>

namespace hearts::server::sql {

std::int64_t Rows::integer(int row, int col) const {
    const auto& v = cell(row, col);
    if (!v) return 0;
    std::int64_t n = 0;
    std::from_chars(v->data(), v->data() + v->size(), n);
    return n;
}

bool Rows::flag(int row, int col) const {
    const auto& v = cell(row, col);
    if (!v || v->empty()) return false;
    if (*v == "t" || *v == "true") return true;
    if (*v == "f" || *v == "false") return false;
    return integer(row, col) != 0;
}

}  // namespace hearts::server::sql
