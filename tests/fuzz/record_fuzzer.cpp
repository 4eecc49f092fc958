// Fuzzes the game-record loader, load_record (engine/include/hearts/record.h,
// docs/game-record.md). It must never crash, throw or leak; a refusal must say why; and
// a record it accepts must round-trip: the game written again (in both layouts) loads to
// the same game, and writing that game gives the same text.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_check.h"
#include "hearts/game.h"
#include "hearts/record.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace hearts;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const Expected<Game> game = load_record(text);
    if (!game) {
        const std::string& reason = game.error().reason;
        FUZZ_CHECK(!reason.empty() && reason.size() <= 1024, reason);
        FUZZ_CHECK(fuzz::printable_ascii(reason), reason);
        return 0;
    }
    const std::string pretty = to_record_json(*game);
    const Expected<Game> again = load_record(pretty);
    FUZZ_CHECK(again, again ? pretty : again.error().reason);
    FUZZ_CHECK(*again == *game, pretty);
    FUZZ_CHECK(to_record_json(*again) == pretty, pretty);

    const std::string flat = to_record_json(*game, -1);
    const Expected<Game> from_flat = load_record(flat);
    FUZZ_CHECK(from_flat && *from_flat == *game, flat);
    return 0;
}
