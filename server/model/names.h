// Names people show each other (docs/protocol.md, "Names"), with ICU: one form for each
// name, nothing invisible in it, and a way to tell names that only look alike.
//
//   clean_name(" Ada\u200B ")  → error: invisible characters are refused
//   clean_name("Ame\u0301lie")  → "Amélie" (NFC: é as one character)
//   looks_alike("Mike", "MIKE"), looks_alike("Bob", "B0b")... see name_skeleton
#pragma once

#include <array>
#include <string>
#include <string_view>

#include "hearts/expected.h"

namespace hearts::server {

inline constexpr std::size_t kMaxNameChars = 20;

/// Names for computer players at tables with people, in the order they are used (a
/// computer player never gets a name that looks like a person's at the table).
inline constexpr std::array<const char*, 8> kBotNames{"Mike", "Bill", "Lisa", "Anna",
                                                      "Tom",  "Kate", "Sam",  "Nora"};
/// The computer players of the seed page: nobody else may be called so (nor by a name
/// that looks the same), so "Mike" at a table is always a computer.
inline constexpr std::array<const char*, 3> kReservedBotNames{"Mike", "Bill", "Lisa"};

/// The name as it is stored and shown: NFC, spaces at the ends dropped and runs of spaces
/// made one. Refused, with a reason for people: invisible and format characters
/// (U+200B, U+200E, U+FEFF, U+3164 …), control and private-use characters, unassigned
/// code points, other spaces than U+0020, more than kMaxNameChars characters, and a name
/// with no letter, digit or symbol in it.
Expected<std::string> clean_name(std::string_view utf8);

/// What a name looks like, for comparing: case folded, then reduced to its Unicode
/// confusable skeleton (UTS #39), so "Mike", "MIKE", "Mіke" (Cyrillic і) and "M1ke"
/// have skeletons to compare.
std::string name_skeleton(std::string_view utf8);

/// Whether two names would look the same to a player at the table: their skeletons agree
/// in small letters or in capitals ("Міке", all Cyrillic, is "Mike" in capitals).
bool looks_alike(std::string_view a, std::string_view b);

/// The computer player's name `name` looks like, or nullptr.
const char* bot_name_like(std::string_view name);

/// Loads ICU's data for names (the normaliser, the confusables) once, on the calling
/// thread: `hearts serve` calls it before its threads start. ICU loads it lazily, behind
/// its own once-only guards, which are safe but which ThreadSanitizer cannot see
/// inside Debian's (uninstrumented) ICU; after this, every thread only reads it.
void warm_up_names();

}  // namespace hearts::server
