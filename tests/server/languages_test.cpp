// The player's language (docs/protocol.md, "The player's language"): `set_lang` takes one
// of the page's languages or "", and the page itself is chosen by the `hearts_lang`
// cookie, else by Accept-Language (q-values, `*`, a language by its first part), else
// English, whatever junk the headers hold.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "model/languages.h"
#include "protocol/messages.h"

namespace hearts::server::languages_test {

// Documents in every language but Russian (whose translators have not finished it).
bool all_but_russian(std::string_view lang) {
    return lang != "ru";
}

std::string pick(std::string_view accept, const HasDocument& has = all_but_russian) {
    return std::string(page_language("", accept, has));
}

TEST(PageLanguage, AnExactTagOrItsLanguageInTheOrderOfTheHeader) {
    EXPECT_EQ(pick("de"), "de");
    EXPECT_EQ(pick("de-AT"), "de");
    EXPECT_EQ(pick("DE-at"), "de");
    EXPECT_EQ(pick("pt-BR"), "pt-BR");
    EXPECT_EQ(pick("pt-br"), "pt-BR");
    EXPECT_EQ(pick("pt"), "pt-BR");
    EXPECT_EQ(pick("pt-PT"), "pt-BR");
    EXPECT_EQ(pick("es-MX, en"), "es");
    EXPECT_EQ(pick("ja, fr-CA, es"), "fr");
    EXPECT_EQ(pick("ar-EG"), "ar");
    EXPECT_EQ(pick("en-GB, de"), "en");
    // None of ours, or none at all: English.
    EXPECT_EQ(pick("ja, zh-Hant-TW"), "en");
    EXPECT_EQ(pick(""), "en");
    // A language without its document is passed over.
    EXPECT_EQ(pick("ru, pl"), "pl");
    EXPECT_EQ(pick("ru"), "en");
}

TEST(PageLanguage, QValuesOrderTheRangesAndZeroRefuses) {
    EXPECT_EQ(pick("fr;q=0.5, de;q=0.8"), "de");
    EXPECT_EQ(pick("fr;q=0.5, de"), "de");            // no q is 1
    EXPECT_EQ(pick("fr;q=0.8, de;q=0.8"), "fr");      // equal: the header's order
    EXPECT_EQ(pick("fr ; q=0.8 , de ;q=0.9"), "de");  // spaces around the pieces
    EXPECT_EQ(pick("fr;Q=0.1, pl;q=0.2"), "pl");
    EXPECT_EQ(pick("fr;q=1.000, de;q=0.999"), "fr");
    EXPECT_EQ(pick("fr;q=0.001"), "fr");
    EXPECT_EQ(pick("fr;q=0"), "en");
    EXPECT_EQ(pick("fr;q=0.000, de;q=0.1"), "de");
    // A range refused by its language, and one more precise that takes it back.
    EXPECT_EQ(pick("pt-PT, pt;q=0, es;q=0.1"), "es");
    EXPECT_EQ(pick("pt;q=0, pt-BR"), "pt-BR");
    // Other parameters are ignored.
    EXPECT_EQ(pick("de;level=1;q=0.5, fr;q=0.4"), "de");
}

TEST(PageLanguage, TheWildcardTakesEnglishFirstUnlessItIsRefused) {
    EXPECT_EQ(pick("*"), "en");
    EXPECT_EQ(pick("ja, *;q=0.1"), "en");
    EXPECT_EQ(pick("en;q=0, *"), "es");
    EXPECT_EQ(pick("en;q=0, es;q=0, *"), "de");
    EXPECT_EQ(pick("*;q=0.5, de"), "de");
    EXPECT_EQ(pick("*;q=0"), "en");
    EXPECT_EQ(pick("de, *;q=0"), "de");
}

TEST(PageLanguage, JunkIsPassedOverAndWhatReadsStillCounts) {
    EXPECT_EQ(pick("de;q=2, fr"), "fr");             // q above 1
    EXPECT_EQ(pick("de;q=0.5000, fr;q=0.1"), "fr");  // four decimals
    EXPECT_EQ(pick("de;q=-1, fr;q=0.1"), "fr");
    EXPECT_EQ(pick("de;q=, fr;q=0.1"), "fr");
    EXPECT_EQ(pick("de;q=1.5, fr;q=0.1"), "fr");
    EXPECT_EQ(pick("de;q=abc, fr;q=0.1"), "fr");
    EXPECT_EQ(pick("d e, 1de, de--at, abcdefghi, -de, de-, fr"), "fr");
    EXPECT_EQ(pick(",,,;;;, ,;q=1, de"), "de");
    EXPECT_EQ(pick(std::string("de\0, fr", 7)), "fr");
    EXPECT_EQ(pick("\xff\xfe, \xc3\xa9s, pl"), "pl");
    // Only the first 32 ranges and the first 2048 bytes are read.
    std::string many;
    for (int i = 0; i < 40; ++i) many += "ja, ";
    EXPECT_EQ(pick(many + "de"), "en");
    EXPECT_EQ(pick(std::string(3000, ' ') + "de"), "en");
    EXPECT_EQ(pick("de;q=0.1, " + std::string(3000, 'x') + ", fr"), "de");
}

// However many ranges a header holds, each language's document is asked after once (the
// server looks on the disk).
TEST(PageLanguage, EachDocumentIsAskedAfterOnce) {
    std::multiset<std::string> asked;
    const HasDocument has = [&](std::string_view lang) {
        asked.insert(std::string(lang));
        return lang == "en";
    };
    std::string header;
    for (int i = 0; i < 32; ++i) header += "de-AT, pt, es;q=0.5, *;q=0.1, ";
    EXPECT_EQ(pick(header, has), "en");
    for (const std::string& lang : asked) EXPECT_EQ(asked.count(lang), 1u) << lang;
}

TEST(PageLanguage, TheCookieChoosesFirst) {
    EXPECT_EQ(page_language("hearts_lang=pl", "de", all_but_russian), "pl");
    EXPECT_EQ(page_language("theme=dark; hearts_lang=pt-BR; x=1", "de", all_but_russian), "pt-BR");
    EXPECT_EQ(page_language("hearts_lang=\"fr\"", "de", all_but_russian), "fr");
    EXPECT_EQ(page_language("hearts_lang=PT-br", "de", all_but_russian), "pt-BR");
    EXPECT_EQ(page_language("hearts_lang=en", "de", all_but_russian), "en");
    // Its language without a document: English, not the browser's choice.
    EXPECT_EQ(page_language("hearts_lang=ru", "de", all_but_russian), "en");
    // Not one of ours, empty, or another cookie: the header chooses.
    EXPECT_EQ(page_language("hearts_lang=xx", "de", all_but_russian), "de");
    EXPECT_EQ(page_language("hearts_lang=", "de", all_but_russian), "de");
    EXPECT_EQ(page_language("my_hearts_lang=fr; hearts_langs=fr", "de", all_but_russian), "de");
    EXPECT_EQ(page_language(";;=;hearts_lang", "de", all_but_russian), "de");
}

TEST(PageLanguage, CookieValues) {
    EXPECT_EQ(cookie_value("a=1; b=2", "b"), "2");
    EXPECT_EQ(cookie_value("a=1;b=2", "b"), "2");
    EXPECT_EQ(cookie_value(" b = \"x y\" ", "b"), "x y");
    EXPECT_EQ(cookie_value("b=1; b=2", "b"), "1");
    EXPECT_EQ(cookie_value("a=1", "b"), "");
    EXPECT_EQ(cookie_value("", "b"), "");
    EXPECT_EQ(cookie_value("b=\"", "b"), "\"");
}

// Whatever bytes the two headers hold, the page goes in one of its languages that has a
// document.
RC_GTEST_PROP(PageLanguage, AnyHeadersGiveALanguageWithADocument,
              (const std::string& cookie, const std::string& accept)) {
    const std::string_view lang = page_language(cookie, accept, all_but_russian);
    RC_ASSERT(known_language(lang));
    RC_ASSERT(all_but_russian(lang));
}

RC_GTEST_PROP(PageLanguage, HeadersMadeOfTheirOwnPiecesGiveALanguageWithADocument, ()) {
    const auto piece = rc::gen::elementOf(
        std::vector<std::string>{"de", "pt", "PT-br", "en-GB", "*", "ru", "x", ";q=0", ";q=0.5",
                                 ";q=1", ";q=", ",", ";", " ", "-", "hearts_lang=", "=", "\""});
    const auto text = rc::gen::map(rc::gen::container<std::vector<std::string>>(piece),
                                   [](const std::vector<std::string>& parts) {
                                       std::string out;
                                       for (const std::string& p : parts) out += p;
                                       return out;
                                   });
    const std::string cookie = *text;
    const std::string accept = *text;
    const std::string_view lang = page_language(cookie, accept, all_but_russian);
    RC_ASSERT(known_language(lang));
    RC_ASSERT(all_but_russian(lang));
}

// ---- the protocol

ClientMessage parsed(const std::string& text) {
    auto r = parse_client_message(text);
    if (auto* e = std::get_if<ProtocolError>(&r)) {
        ADD_FAILURE() << text << " was refused: " << e->reason;
        return {};
    }
    return std::get<ClientMessage>(r);
}

ProtocolError refusal(const std::string& text) {
    auto r = parse_client_message(text);
    if (std::holds_alternative<ClientMessage>(r)) {
        ADD_FAILURE() << text << " was accepted";
        return {};
    }
    return std::get<ProtocolError>(r);
}

TEST(SetLang, TakesOneOfThePagesLanguagesOrNothing) {
    for (std::string_view lang : kLanguages) {
        const ClientMessage m = parsed(R"({"t":"set_lang","lang":")" + std::string(lang) + "\"}");
        const auto* set = std::get_if<SetLang>(&m.body);
        ASSERT_NE(set, nullptr) << lang;
        EXPECT_EQ(set->lang, lang);
    }
    const ClientMessage none = parsed(R"({"t":"set_lang","lang":"","id":4})");
    ASSERT_NE(std::get_if<SetLang>(&none.body), nullptr);
    EXPECT_EQ(std::get<SetLang>(none.body).lang, "");
    EXPECT_EQ(none.id, 4);

    const ProtocolError unknown = refusal(R"({"t":"set_lang","lang":"pt-br","id":5})");
    EXPECT_EQ(unknown.code, "bad_message");
    EXPECT_EQ(unknown.id, 5);
    EXPECT_EQ(unknown.reason,
              "lang: the page speaks en, es, de, fr, pt-BR, ru, pl, ar (or \"\" for the "
              "browser's), not 'pt-br'");
    EXPECT_EQ(refusal(R"({"t":"set_lang"})").reason, "lang: missing");
    EXPECT_EQ(refusal(R"({"t":"set_lang","lang":7})").reason.substr(0, 5), "lang:");
    EXPECT_EQ(refusal(R"({"t":"set_lang","lang":"klingon-and-more"})").reason.substr(0, 5),
              "lang:");
    EXPECT_EQ(refusal(R"({"t":"set_lang","lang":"de","x":1})").code, "bad_message");
}

TEST(SetLang, TheWelcomeCarriesTheLanguageOnceChosen) {
    const auto welcome = [](const std::string& lang) {
        return nlohmann::json::parse(welcome_message("p_1", "tok", {}, std::nullopt, {}, {}, lang));
    };
    EXPECT_FALSE(welcome("").contains("lang"));
    EXPECT_EQ(welcome("pt-BR")["lang"], "pt-BR");
    EXPECT_EQ(nlohmann::json::parse(lang_message("ar")),
              (nlohmann::json{{"t", "lang"}, {"lang", "ar"}}));
    EXPECT_EQ(nlohmann::json::parse(lang_message("")),
              (nlohmann::json{{"t", "lang"}, {"lang", ""}}));
}

}  // namespace hearts::server::languages_test
