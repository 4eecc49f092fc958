// The page's language from a request's headers (model/languages.h).
#include "model/languages.h"

#include <algorithm>
#include <array>

namespace hearts::server {
namespace {

constexpr std::size_t kMaxRanges = 32;  // of an Accept-Language header; the rest are ignored
constexpr std::size_t kMaxRange = 64;   // a longer "range" is not one

bool is_space(char c) {
    return c == ' ' || c == '\t';
}

std::string_view trimmed(std::string_view s) {
    while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
    while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
    return s;
}

char lower(char c) {
    return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c;
}

bool is_letter(char c) {
    c = lower(c);
    return c >= 'a' && c <= 'z';
}

bool is_digit(char c) {
    return c >= '0' && c <= '9';
}

bool same_text(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(),
                                              [](char x, char y) { return lower(x) == lower(y); });
}

// The language of a tag, its part before the first "-": "pt" of "pt-BR".
std::string_view primary(std::string_view tag) {
    return tag.substr(0, tag.find('-'));
}

// The next piece of `rest` up to `sep` (taken off `rest` with it), without its spaces.
std::string_view next_piece(std::string_view& rest, char sep) {
    const auto at = rest.find(sep);
    const std::string_view piece = rest.substr(0, at);
    rest = at == std::string_view::npos ? std::string_view{} : rest.substr(at + 1);
    return trimmed(piece);
}

// A language range (RFC 4647): "*", or 1 to 8 letters, then any number of "-" and 1 to 8
// letters or digits.
bool is_range(std::string_view r) {
    if (r == "*") return true;
    if (r.empty() || r.size() > kMaxRange) return false;
    std::size_t part = 0;
    bool first = true;
    for (char c : r) {
        if (c == '-') {
            if (part == 0) return false;
            part = 0;
            first = false;
            continue;
        }
        if (!is_letter(c) && (first || !is_digit(c))) return false;
        if (++part > 8) return false;
    }
    return part > 0;
}

// A q-value (RFC 9110, 12.4.2: "0" to "1" with at most three decimals) in thousandths;
// -1 when it is not one.
int q_value(std::string_view q) {
    if (q.empty() || (q[0] != '0' && q[0] != '1')) return -1;
    const int whole = q[0] - '0';
    if (q.size() == 1) return whole * 1000;
    if (q[1] != '.' || q.size() > 5) return -1;
    int thousandths = 0, scale = 100;
    for (char c : q.substr(2)) {
        if (!is_digit(c)) return -1;
        thousandths += (c - '0') * scale;
        scale /= 10;
    }
    if (whole == 1 && thousandths != 0) return -1;
    return whole * 1000 + thousandths;
}

struct Range {
    std::string_view tag;
    int q = 1000;
};

// Whether `range` takes in `lang` (RFC 4647's basic filtering: "pt" takes pt-BR).
bool covers(std::string_view range, std::string_view lang) {
    return lang.size() >= range.size() && same_text(lang.substr(0, range.size()), range) &&
           (lang.size() == range.size() || lang[range.size()] == '-');
}

// The ranges of a header, most wanted first (by q, then in the header's order).
class Ranges {
  public:
    explicit Ranges(std::string_view header) {
        std::string_view rest = header.substr(0, kMaxLanguageHeader);
        while (!rest.empty() && n_ < kMaxRanges) {
            std::string_view item = next_piece(rest, ',');
            Range r;
            r.tag = next_piece(item, ';');
            if (!is_range(r.tag)) continue;
            bool ok = true;
            while (!item.empty() && ok) {
                const std::string_view param = next_piece(item, ';');
                if (param.size() >= 2 && lower(param[0]) == 'q' && param[1] == '=') {
                    r.q = q_value(param.substr(2));
                    ok = r.q >= 0;
                }
            }
            if (ok) ranges_[n_++] = r;
        }
        std::stable_sort(ranges_.begin(), ranges_.begin() + std::ptrdiff_t(n_),
                         [](const Range& a, const Range& b) { return a.q > b.q; });
    }

    const Range* begin() const { return ranges_.data(); }
    const Range* end() const { return ranges_.data() + n_; }

    // Whether the header refuses `lang`: the most precise range other than "*" that takes
    // it in has a q of 0 ("pt;q=0, pt-BR" takes pt-BR).
    bool refuses(std::string_view lang) const {
        const Range* best = nullptr;
        for (const Range& r : *this)
            if (r.tag != "*" && covers(r.tag, lang) && (!best || r.tag.size() > best->tag.size()))
                best = &r;
        return best && best->q == 0;
    }

  private:
    std::array<Range, kMaxRanges> ranges_{};
    std::size_t n_ = 0;
};

}  // namespace

std::string_view cookie_value(std::string_view header, std::string_view name) {
    std::string_view rest = header.substr(0, kMaxLanguageHeader);
    while (!rest.empty()) {
        std::string_view pair = next_piece(rest, ';');
        if (next_piece(pair, '=') != name) continue;
        std::string_view value = trimmed(pair);
        if (value.size() >= 2 && value.front() == '"' && value.back() == '"')
            value = value.substr(1, value.size() - 2);
        return value;
    }
    return {};
}

std::string_view accepted_language(std::string_view header, const HasDocument& has) {
    const Ranges ranges(header);
    // Each language's document is asked after once (the caller may look on the disk).
    std::array<int, kLanguages.size()> known{};  // 0: not asked yet, 1: has one, -1: not
    const auto takes = [&](std::size_t i) {
        if (known[i] == 0) known[i] = has(kLanguages[i]) ? 1 : -1;
        return known[i] == 1 && !ranges.refuses(kLanguages[i]);
    };
    for (const Range& r : ranges) {
        if (r.q == 0) continue;
        if (r.tag == "*") {
            for (std::size_t i = 0; i < kLanguages.size(); ++i)
                if (takes(i)) return kLanguages[i];
            continue;
        }
        for (std::size_t i = 0; i < kLanguages.size(); ++i)
            if (same_text(kLanguages[i], r.tag) && takes(i)) return kLanguages[i];
        for (std::size_t i = 0; i < kLanguages.size(); ++i)
            if (same_text(primary(kLanguages[i]), primary(r.tag)) && takes(i)) return kLanguages[i];
    }
    return {};
}

std::string_view page_language(std::string_view cookie_header, std::string_view accept_language,
                               const HasDocument& has) {
    const std::string_view chosen = cookie_value(cookie_header, kLanguageCookie);
    for (std::string_view lang : kLanguages)
        if (same_text(lang, chosen))
            return lang == kLanguages[0] || has(lang) ? lang : kLanguages[0];
    const std::string_view accepted = accepted_language(accept_language, has);
    return accepted.empty() ? kLanguages[0] : accepted;
}

}  // namespace hearts::server
