#include "model/daily.h"

#include <charconv>
#include <chrono>

namespace hearts::server {

namespace chr = std::chrono;

std::string day_of(std::int64_t ms) {
    const chr::sys_days days =
        chr::floor<chr::days>(chr::sys_time<chr::milliseconds>(chr::milliseconds(ms)));
    const chr::year_month_day ymd(days);
    char text[16];
    const int y = int(ymd.year()), m = int(unsigned(ymd.month())), d = int(unsigned(ymd.day()));
    const int n = std::snprintf(text, sizeof text, "%04d-%02d-%02d", y, m, d);
    return std::string(text, std::size_t(n));
}

std::optional<std::int64_t> day_start_ms(std::string_view day) {
    if (day.size() != 10 || day[4] != '-' || day[7] != '-') return std::nullopt;
    const auto number = [&](std::size_t at, std::size_t len) -> std::optional<int> {
        int n = 0;
        for (std::size_t k = at; k < at + len; ++k)
            if (day[k] < '0' || day[k] > '9') return std::nullopt;
        std::from_chars(day.data() + at, day.data() + at + len, n);
        return n;
    };
    const auto y = number(0, 4), m = number(5, 2), d = number(8, 2);
    if (!y || !m || !d) return std::nullopt;
    const chr::year_month_day ymd{chr::year(*y), chr::month(unsigned(*m)), chr::day(unsigned(*d))};
    if (!ymd.ok()) return std::nullopt;
    return chr::duration_cast<chr::milliseconds>(chr::sys_days(ymd).time_since_epoch()).count();
}

bool is_day(std::string_view day) {
    return day_start_ms(day).has_value();
}

std::string hand_points(const Game& game, Seat seat) {
    std::string out;
    for (const HandResult& r : game.results()) {
        if (!out.empty()) out += ',';
        out += std::to_string(r.score[std::size_t(seat)]);
    }
    return out;
}

}  // namespace hearts::server
