// A hand whose score can no longer change ends at once (hearts/claim.h; docs/protocol.md,
// "Claims"): the table has recorded the claim's event (model/table.cpp), and its remaining
// cards are played here, on the strand, as ordinary plays, each written to the store like
// any other. The game's record stays a list of plays, and one broadcast carries them all.
#include <spdlog/spdlog.h>

#include "hearts/claim.h"
#include "table/actor.h"

namespace hearts::server {

void TableActor::play_out_claim() {
    Table& t = table_;
    while (t.game().phase() == Phase::Play && claim(t.game().hand(), t.game().rules())) {
        // A trick at a time: claim() is asked only where a trick is about to be led.
        for (int k = 0; k < kSeats; ++k) {
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
}

}  // namespace hearts::server
