#include "model/names.h"

#include <unicode/locid.h>
#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/uspoof.h>
#include <unicode/utf16.h>

#include <memory>

namespace hearts::server {

namespace {

// A character a name may not hold: it is invisible, reorders or disguises the text, or
// is not a character at all yet.
bool refused(UChar32 c) {
    if (c != U' ' && u_isUWhiteSpace(c)) return true;
    if (u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT)) return true;
    if (u_hasBinaryProperty(c, UCHAR_BIDI_CONTROL)) return true;
    switch (u_charType(c)) {
        case U_CONTROL_CHAR:
        case U_FORMAT_CHAR:
        case U_PRIVATE_USE_CHAR:
        case U_SURROGATE:
        case U_UNASSIGNED:
        case U_LINE_SEPARATOR:
        case U_PARAGRAPH_SEPARATOR:
            return true;
        default:
            return false;
    }
}

// A character drawn as wide as a word or a line, which stretches every place a name is
// shown: the Arabic ligatures of whole phrases (U+FDFA, U+FDFB, U+FDFD), the three-em dash
// and the cuneiform signs.
bool too_wide(UChar32 c) {
    return c == 0xFDFA || c == 0xFDFB || c == 0xFDFD || c == 0x2E3B ||
           (c >= 0x12000 && c <= 0x1254F);
}

// A mark drawn on the character before it (accents, and what stacks them into a tower).
bool mark(UChar32 c) {
    const int type = u_charType(c);
    return type == U_NON_SPACING_MARK || type == U_ENCLOSING_MARK;
}
// Marks one character may carry: Vietnamese needs two on a letter, some scripts three.
constexpr int kMostMarks = 4;

// Something a person sees: a letter, a digit, a symbol or a punctuation mark (a name of
// only combining marks or the braille blank shows nothing).
bool shows(UChar32 c) {
    if (c == 0x2800) return false;  // BRAILLE PATTERN BLANK: a symbol that draws nothing
    const int type = u_charType(c);
    return u_isalnum(c) || type == U_MATH_SYMBOL || type == U_CURRENCY_SYMBOL ||
           type == U_OTHER_SYMBOL || type == U_MODIFIER_SYMBOL ||
           (type >= U_DASH_PUNCTUATION && type <= U_OTHER_PUNCTUATION) ||
           type == U_INITIAL_PUNCTUATION || type == U_FINAL_PUNCTUATION;
}

std::string to_utf8(const icu::UnicodeString& s) {
    std::string out;
    s.toUTF8String(out);
    return out;
}

struct SpoofChecker {
    USpoofChecker* checker = nullptr;
    SpoofChecker() {
        UErrorCode status = U_ZERO_ERROR;
        checker = uspoof_open(&status);
        if (U_FAILURE(status)) checker = nullptr;
    }
    ~SpoofChecker() {
        if (checker) uspoof_close(checker);
    }
};

// Opened once; ICU's checker may be used from several threads when nobody changes its
// settings, and nobody does.
const SpoofChecker& spoof_checker() {
    static const SpoofChecker checker;
    return checker;
}

}  // namespace

Expected<std::string> clean_name(std::string_view utf8) {
    UErrorCode status = U_ZERO_ERROR;
    const icu::Normalizer2* nfc = icu::Normalizer2::getNFCInstance(status);
    if (U_FAILURE(status))
        return Error{"names cannot be checked (ICU: " + std::string(u_errorName(status)) + ")"};
    const icu::UnicodeString raw =
        icu::UnicodeString::fromUTF8(icu::StringPiece(utf8.data(), std::int32_t(utf8.size())));
    const icu::UnicodeString normal = nfc->normalize(raw, status);
    if (U_FAILURE(status)) return Error{"a name must be UTF-8 text"};

    icu::UnicodeString out;
    std::size_t chars = 0;
    int marks = 0;  // in a row, on the last character
    bool visible = false, space = false;
    for (std::int32_t i = 0; i < normal.length();) {
        const UChar32 c = normal.char32At(i);
        i += U16_LENGTH(c);
        if (refused(c)) {
            const bool invisible = u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT) ||
                                   u_charType(c) == U_FORMAT_CHAR || u_isUWhiteSpace(c);
            return Error{invisible ? "a name cannot contain invisible characters or other spaces "
                                     "than the plain one"
                                   : "a name cannot contain control characters"};
        }
        if (too_wide(c)) return Error{"a name cannot contain a character as wide as a word"};
        marks = mark(c) ? marks + 1 : 0;
        if (marks > kMostMarks)
            return Error{"a character of a name can carry at most " + std::to_string(kMostMarks) +
                         " accents"};
        if (c == U' ') {
            space = !out.isEmpty();  // a space goes in before the next character, if any
            continue;
        }
        if (space) {
            out.append(UChar32(U' '));
            ++chars;
            space = false;
        }
        out.append(c);
        ++chars;
        visible = visible || shows(c);
    }
    if (chars == 0) return Error{"a name needs a character that is not a space"};
    if (chars > kMaxNameChars) {
        return Error{"a name is 1 to " + std::to_string(kMaxNameChars) + " characters, got " +
                     std::to_string(chars)};
    }
    if (!visible) return Error{"a name needs a letter, a digit or a symbol that shows"};
    return to_utf8(out);
}

namespace {

// The skeleton (ICU's confusables) of a name in one case: `upper`, in capitals, else
// folded to small letters.
std::string skeleton_in_case(std::string_view utf8, bool upper) {
    const icu::UnicodeString text =
        icu::UnicodeString::fromUTF8(icu::StringPiece(utf8.data(), std::int32_t(utf8.size())));
    icu::UnicodeString cased(text);
    if (upper)
        cased.toUpper(icu::Locale::getRoot());
    else
        cased.foldCase();
    const SpoofChecker& sc = spoof_checker();
    if (!sc.checker) return to_utf8(cased);
    UErrorCode status = U_ZERO_ERROR;
    icu::UnicodeString skeleton;
    uspoof_getSkeletonUnicodeString(sc.checker, 0, cased, skeleton, &status);
    if (U_FAILURE(status)) return to_utf8(cased);
    // The skeleton may hold either case again (e.g. "l" → "l", "I" → "l"); fold once
    // more so the comparison is of one case.
    skeleton.foldCase();
    // Spaces do not tell names apart to the eye.
    skeleton.findAndReplace(icu::UnicodeString(u" "), icu::UnicodeString());
    return to_utf8(skeleton);
}

// Some letters pass for another in one case only: Cyrillic "к" is not "k", but "К" is
// "K". So "Міке" looks like "Mike" in capitals.
bool alike(std::string_view a, std::string_view b) {
    return skeleton_in_case(a, false) == skeleton_in_case(b, false) ||
           skeleton_in_case(a, true) == skeleton_in_case(b, true);
}

}  // namespace

std::string name_skeleton(std::string_view utf8) {
    return skeleton_in_case(utf8, false);
}

bool looks_alike(std::string_view a, std::string_view b) {
    return alike(a, b);
}

const char* bot_name_like(std::string_view name) {
    for (const char* bot : kReservedBotNames)
        if (alike(bot, name)) return bot;
    return nullptr;
}

void warm_up_names() {
    (void)clean_name("Ame\u0301lie \u674e");
    (void)looks_alike("Mike", "M\u0456ke");
    (void)bot_name_like("Bill");
}

}  // namespace hearts::server
