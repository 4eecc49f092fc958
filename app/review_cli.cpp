// `hearts review` (review_cli.h).
#include "review_cli.h"

#include <fstream>
#include <iostream>
#include <sstream>

#include "hearts/ai/review.h"
#include "hearts/record.h"

namespace hearts::app {

int review_command(const ReviewOptions& options, std::ostream& out, std::ostream& err) {
    std::ifstream in(options.path, std::ios::binary);
    if (!in) {
        err << "hearts review: cannot open " << options.path << "\n";
        return 2;
    }
    std::ostringstream text;
    text << in.rdbuf();
    auto game = load_record(text.str());
    if (!game) {
        err << "hearts review: " << options.path << ": " << game.error().reason << "\n";
        return 2;
    }
    auto seat = parse_seat(options.seat);
    if (!seat) {
        err << "hearts review: --seat: " << seat.error().reason << "\n";
        return 2;
    }
    const ai::Review review = ai::review_game(*game, *seat, options.deals);
    out << ai::review_text(review, {"South", "West", "North", "East"}, options.largest);
    return 0;
}

}  // namespace hearts::app
