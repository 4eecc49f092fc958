// A hand whose score can no longer change ends at once (hearts/claim.h; docs/protocol.md,
// "Claims"): the table has recorded the claim's event (model/table.cpp), and its remaining
// cards are played here, on the strand, as ordinary plays, each written to the store like
// any other. The game's record stays a list of plays, and one broadcast carries them all.
#include <spdlog/spdlog.h>

#include "hearts/claim.h"
#include "table/actor.h"

namespace hearts::server {

// The table recorded the claim when the card that made it was applied (or the game was
// loaded): asking the engine again on every move would repeat that work.
bool TableActor::claim_pending() const {
    return table_.game().phase() == Phase::Play && table_.claim().has_value();
}

// Once a claim holds where a trick is about to be led, it holds for the rest of the hand
// (hearts/claim.h): the hand is played to its end, in the caller's change, so that one
// broadcast carries it all. (Sending the events up to the claim first, with their own view,
// showed a person a turn that was no longer theirs by the time they acted on it.)
void TableActor::play_out_claim() {
    Table& t = table_;
    if (!claim_pending()) return;
    while (t.game().phase() == Phase::Play) {
        const Action a = Action::play(t.game().to_move(), claim_card(t.game().hand()));
        const auto seq = std::int64_t(t.game().history().size());
        if (Status ok = t.apply(a); !ok) {  // cannot happen: claim_card is legal
            spdlog::error("table {}: a claimed card {} was refused: {}", t.id(), to_string(a),
                          ok.error().reason);
            return;
        }
        write(ActionWrite{t.id(), seq, a});
    }
}

// A table loaded where its hand is claimed but not played out (the server stopped between
// the writes of a claim, or the game was stored before claims) plays it out now, and tells
// its people as `commit` does.
void TableActor::resume_claim() {
    Table& t = table_;
    if (!playing() || write_failed_ || faulted_ || unloaded_ || bot_thinking_ || !claim_pending())
        return;
    const std::int64_t before = t.version();
    play_out_claim();
    changed();
    tell_change(before);
}

}  // namespace hearts::server
