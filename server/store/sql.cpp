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

double Rows::real(int row, int col) const {
    const auto& v = cell(row, col);
    if (!v) return 0;
    double x = 0;
    std::from_chars(v->data(), v->data() + v->size(), x);
    return x;
}

std::string Param::text_of(double x) {
    char buf[32];
    const auto end = std::to_chars(buf, buf + sizeof buf, x).ptr;
    return std::string(buf, end);
}

bool Rows::flag(int row, int col) const {
    const auto& v = cell(row, col);
    if (!v || v->empty()) return false;
    if (*v == "t" || *v == "true") return true;
    if (*v == "f" || *v == "false") return false;
    return integer(row, col) != 0;
}

}  // namespace hearts::server::sql
