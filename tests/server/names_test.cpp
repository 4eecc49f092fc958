// Names (server/model/names.h): one Unicode form, nothing invisible, and names that only look
// alike are told apart from names that differ.
#include "model/names.h"

#include <gtest/gtest.h>

#include <string>

namespace hearts::server {
namespace {

std::string clean(const std::string& s) {
    auto r = clean_name(s);
    return r ? *r : "refused: " + r.error().reason;
}

TEST(Names, AreStoredInOneForm) {
    EXPECT_EQ(clean("Ada"), "Ada");
    EXPECT_EQ(clean("Ame\xcc\x81lie"), "Am\xc3\xa9lie");  // e + combining acute → é (NFC)
    EXPECT_EQ(clean("  Ada   Lovelace "), "Ada Lovelace");
    EXPECT_EQ(clean("\xe5\xbc\xa0\xe4\xbc\x9f"), "\xe5\xbc\xa0\xe4\xbc\x9f");  // 张伟
    EXPECT_EQ(clean("\xe2\x99\xa5 Bob"), "\xe2\x99\xa5 Bob");                  // ♥ Bob
    EXPECT_EQ(clean("O'Brien-Smith"), "O'Brien-Smith");
}

TEST(Names, RefuseInvisibleAndFormatCharacters) {
    const std::string invisible =
        "refused: a name cannot contain invisible characters or other spaces than the plain one";
    EXPECT_EQ(clean("Ada\xe2\x80\x8b"), invisible);  // U+200B zero width space
    EXPECT_EQ(clean("\xe2\x80\x8e"
                    "Ada"),
              invisible);  // U+200E left-to-right mark
    EXPECT_EQ(clean("\xef\xbb\xbf"
                    "Ada"),
              invisible);                         // U+FEFF byte order mark
    EXPECT_EQ(clean("\xe3\x85\xa4"), invisible);  // U+3164 Hangul filler
    EXPECT_EQ(clean("\xe1\x85\x9f"
                    "Bob"),
              invisible);  // U+115F Hangul choseong filler
    EXPECT_EQ(clean("Ada\xc2\xa0"
                    "B"),
              invisible);  // U+00A0 no-break space
    EXPECT_EQ(clean("A\xe3\x80\x80"
                    "B"),
              invisible);                        // U+3000 ideographic space
    EXPECT_EQ(clean("Ada\xc2\xad"), invisible);  // U+00AD soft hyphen
    EXPECT_EQ(clean("\xee\x80\x80"),
              "refused: a name cannot contain control characters");  // U+E000
    EXPECT_EQ(clean("   "), "refused: a name needs a character that is not a space");
    EXPECT_EQ(clean("\xe2\xa0\x80"),  // U+2800 braille blank: draws nothing
              "refused: a name needs a letter, a digit or a symbol that shows");
    EXPECT_EQ(clean("\xcc\x81\xcc\x81"),  // combining marks alone
              "refused: a name needs a letter, a digit or a symbol that shows");
    // Names that take over the page: 20 of the widest character, a tower of accents.
    std::string wide;
    for (int k = 0; k < 20; ++k) wide += "\xef\xb7\xbd";  // U+FDFD
    EXPECT_EQ(clean(wide), "refused: a name cannot contain a character as wide as a word");
    EXPECT_EQ(clean("Ada \xf0\x92\x80\x80"),  // U+12000, cuneiform
              "refused: a name cannot contain a character as wide as a word");
    std::string tower = "Z";
    for (int k = 0; k < 19; ++k) tower += "\xcd\x8a";  // U+034A, a combining mark
    EXPECT_EQ(clean(tower), "refused: a character of a name can carry at most 4 accents");
    EXPECT_EQ(clean("Nguy\xe1\xbb\x85n"), "Nguy\xe1\xbb\x85n");  // ễ: two marks, NFC
    EXPECT_EQ(clean("a\xcc\x81\xcc\x82\xcc\x83\xcc\x84"),
              "\xc3\xa1\xcc\x82\xcc\x83\xcc\x84");  // four marks on a letter: kept
    EXPECT_EQ(clean(std::string(21, 'a')), "refused: a name is 1 to 20 characters, got 21");
    EXPECT_EQ(clean(std::string(20, 'a')), std::string(20, 'a'));
}

TEST(Names, ThatOnlyLookAlikeAreTheSame) {
    EXPECT_TRUE(looks_alike("Mike", "MIKE"));
    EXPECT_TRUE(looks_alike("Mike", "M\xd1\x96ke"));                       // Cyrillic і
    EXPECT_TRUE(looks_alike("Mike", "\xd0\x9c\xd1\x96\xd0\xba\xd0\xb5"));  // Міке, all Cyrillic
    EXPECT_TRUE(looks_alike("Bob", "B0b"));
    EXPECT_TRUE(looks_alike("Lisa", "L\xd1\x96sa"));  // Cyrillic і
    EXPECT_TRUE(looks_alike("Bill", "Bi11"));         // 1 looks like l
    EXPECT_TRUE(looks_alike("Ada Lovelace", "AdaLovelace"));
    EXPECT_TRUE(looks_alike("modern", "rnodern"));
    EXPECT_FALSE(looks_alike("Ada", "Adam"));
    EXPECT_FALSE(looks_alike("Bob", "Rob"));
    EXPECT_FALSE(looks_alike("Amelie", "Ana"));
}

TEST(Names, TheComputerPlayersKeepTheirs) {
    EXPECT_STREQ(bot_name_like("mike"), "Mike");
    EXPECT_STREQ(bot_name_like("Bi11"), "Bill");
    EXPECT_STREQ(bot_name_like("L\xd1\x96sa"), "Lisa");  // Cyrillic і
    EXPECT_EQ(bot_name_like("Tom"), nullptr);            // a person may be Tom: bots avoid his name
    EXPECT_EQ(bot_name_like("Mikey"), nullptr);
    EXPECT_EQ(bot_name_like("Ada"), nullptr);
}

}  // namespace
}  // namespace hearts::server
