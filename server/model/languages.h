// The languages the web client speaks (web/src/i18n/langs.ts has the same list), and the
// choice of one for the page itself, before its script runs (docs/protocol.md, "The
// player's language"): the `hearts_lang` cookie the page sets, else the browser's
// Accept-Language, else English. Text in, text out: no I/O. Every header is read in one
// pass over at most its first kMaxLanguageHeader bytes, whatever it holds.
#pragma once

#include <array>
#include <cstddef>
#include <functional>
#include <string_view>

namespace hearts::server {

/// Every language of the client, English (the page's own) first.
inline constexpr std::array<std::string_view, 8> kLanguages{"en",    "es", "de", "fr",
                                                            "pt-BR", "ru", "pl", "ar"};

/// Whether `code` is one of kLanguages, exactly as written there ("pt-BR", not "pt-br"):
/// what `set_lang` takes and the store keeps.
constexpr bool known_language(std::string_view code) {
    for (std::string_view l : kLanguages)
        if (l == code) return true;
    return false;
}

/// The cookie that names the language the player chose (set by the page).
inline constexpr std::string_view kLanguageCookie = "hearts_lang";

/// The most of a Cookie or Accept-Language header that is read; the rest is ignored.
inline constexpr std::size_t kMaxLanguageHeader = 2048;

/// Whether the page has a document in a language (`en` always has one).
using HasDocument = std::function<bool(std::string_view lang)>;

/// The value of the cookie `name` in a Cookie header ("a=1; hearts_lang=de" → "de"),
/// without quotes; "" when it is not there.
std::string_view cookie_value(std::string_view header, std::string_view name);

/// The language of kLanguages an Accept-Language header asks for most among those with a
/// document (RFC 9110: the ranges by their q-value, a q of 0 refusing, `*` any language).
/// A range matches a language exactly ("pt-BR"), else by its first part ("es-MX" → es,
/// "pt" and "pt-PT" → pt-BR), as the page's own pickLanguage does; case does not count.
/// "" when none matches (the caller's default).
std::string_view accepted_language(std::string_view header, const HasDocument& has);

/// The language to send the page in: the cookie's when it names one of kLanguages (in
/// English when that one has no document), else the Accept-Language header's, else "en".
/// One of kLanguages, always.
std::string_view page_language(std::string_view cookie_header, std::string_view accept_language,
                               const HasDocument& has);

}  // namespace hearts::server
