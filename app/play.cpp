#include "play.h"

#include <algorithm>
#include <fstream>
#include <iomanip>
#include <istream>
#include <ostream>
#include <sstream>

#include "hearts/ai/bot.h"
#include "hearts/claim.h"
#include "hearts/game.h"
#include "hearts/random.h"
#include "hearts/record.h"
#include "hearts/view.h"

namespace hearts::app {
namespace {

constexpr Seat kYou = Seat::South;

std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

std::string trim(const std::string& s) {
    const auto b = s.find_first_not_of(" \t\r\n");
    if (b == std::string::npos) return "";
    return s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1);
}

// One terminal game: the Game, the three bots, and the text around them.
class TerminalGame {
  public:
    TerminalGame(const PlayOptions& o, std::istream& in, std::ostream& out)
        : options_(o), in_(in), out_(out), game_(o.rules, o.seed) {
        names_ = {"You", o.names[0], o.names[1], o.names[2]};
    }

    int run();

  private:
    // ---- text ----
    std::string name(Seat s) const { return names_[std::size_t(s)]; }
    std::string card(Card c) const {
        const std::string text = to_display(c);
        const bool red = c.suit() == Suit::Hearts || c.suit() == Suit::Diamonds;
        return options_.color && red ? "\x1b[31m" + text + "\x1b[0m" : text;
    }
    std::string cards(CardSet set) const {
        std::string out;
        for (Card c : set) out += (out.empty() ? "" : " ") + card(c);
        return out;
    }
    // The hand grouped by suit, received cards marked with '*'.
    std::string hand_text(CardSet hand, CardSet marked = {}) const {
        std::string out;
        for (int s = 0; s < kSuits; ++s) {
            const CardSet suit = hand & suit_mask(Suit(s));
            if (suit.empty()) continue;
            if (!out.empty()) out += "  ";
            for (Card c : suit) {
                if (out.size() && out.back() != ' ') out += ' ';
                out += card(c) + (marked.contains(c) ? "*" : "");
            }
        }
        return out.empty() ? "(no cards)" : out;
    }
    void show_status(const SeatView& v);
    void show_score_sheet(const SeatView& v);
    void show_help();
    std::string pass_target_text(PassDirection d) const;

    // ---- input ----
    // Reads the next non-empty line after printing `prompt`; false at end of input.
    // Answers the general commands (help, hand, scores, quit) itself.
    bool read_line(const std::string& prompt, std::string& line);

    // ---- phases ----
    bool play_to_end();  // false when input ended or the player quit
    bool your_pass();
    bool your_play();
    bool your_moon_choice();
    void bots_act();
    void announce_claim(const Claim& c);
    void announce_new_plays();
    void announce_hand_over();
    void announce_game_over();

    std::uint64_t bot_seed(Seat s) const {
        return mix64(options_.seed ^ mix64(game_.history().size() * 4 + std::size_t(s) + 1));
    }

    const PlayOptions& options_;
    std::istream& in_;
    std::ostream& out_;
    Game game_;
    std::array<std::string, kSeats> names_;
    std::array<std::unique_ptr<ai::Bot>, kSeats> bots_;
    int announced_plays_ = 0;  // plays of this hand already printed
    bool quit_ = false;
};

std::string TerminalGame::pass_target_text(PassDirection d) const {
    switch (d) {
        case PassDirection::Left:
            return name(Seat::West) + " (left)";
        case PassDirection::Right:
            return name(Seat::East) + " (right)";
        case PassDirection::Across:
            return name(Seat::North) + " (across)";
        case PassDirection::None:
            return "nobody";
    }
    return "";
}

void TerminalGame::show_help() {
    out_ << "Commands:\n"
            "  a card like QS, 10H, TH or Q♠   play it (or, when passing, list 3 cards: QS KS AH)\n"
            "  hand      show your hand        scores   show the score sheet\n"
            "  help      this text             quit     leave the game\n"
            "Rules: follow suit if you can; no hearts or Q♠ on the first trick; hearts can't be\n"
            "led until broken. Each heart is 1 point and Q♠ 13; lowest total wins when someone\n"
            "reaches "
         << game_.rules().end_score << ".\n";
}

// Names with totals, points this hand and trick markers (· ♥ ♠), as on the seed pages.
void TerminalGame::show_status(const SeatView& v) {
    std::array<std::string, kSeats> markers;
    for (int t = 0; t < v.tricks_done(); ++t) {
        const TrickView trick = v.trick(t);
        markers[std::size_t(trick.winner)] += std::string(trick_marker(trick, v.rules()));
    }
    for (Seat s : kAllSeats) {
        out_ << "  " << std::left << std::setw(6) << name(s) << std::right << " total "
             << std::setw(3) << v.scores()[std::size_t(s)] << "  this hand " << std::setw(2)
             << v.hand_points(s) << "  " << markers[std::size_t(s)] << "\n";
    }
}

void TerminalGame::show_score_sheet(const SeatView& v) {
    auto cell = [](const std::string& s, int w) {
        std::ostringstream o;
        o << std::setw(w) << s;
        return o.str();
    };
    out_ << "  Hand |" << cell(name(Seat::South), 5) << " |" << cell(name(Seat::West), 5) << " |"
         << cell(name(Seat::North), 5) << " |" << cell(name(Seat::East), 5) << " | Winner(s)\n";
    for (const HandResult& r : v.results()) {
        out_ << "  " << std::setw(4) << r.hand_index + 1 << " |";
        for (Seat s : kAllSeats) out_ << std::setw(5) << r.score[std::size_t(s)] << " |";
        std::string winners;
        for (Seat w : r.winners()) winners += (winners.empty() ? "" : ", ") + name(w);
        out_ << " " << winners << (r.moon ? "  (" + name(r.shooter) + " shot the moon)" : "")
             << "\n";
    }
    out_ << "  Total|";
    for (Seat s : kAllSeats) out_ << std::setw(5) << v.scores()[std::size_t(s)] << " |";
    out_ << "\n";
}

bool TerminalGame::read_line(const std::string& prompt, std::string& line) {
    for (;;) {
        out_ << prompt << "> " << std::flush;
        if (!std::getline(in_, line)) {
            out_ << "\n";
            return false;
        }
        line = trim(line);
        if (options_.echo_input) out_ << line << "\n";
        const std::string cmd = lower(line);
        if (cmd.empty()) continue;
        if (cmd == "help" || cmd == "?") {
            show_help();
        } else if (cmd == "hand") {
            out_ << "Your hand: " << hand_text(game_.holding(kYou)) << "\n";
        } else if (cmd == "scores" || cmd == "score") {
            const SeatView v = game_.view(kYou);
            if (v.results().empty())
                out_ << "No hand has been scored yet.\n";
            else
                show_score_sheet(v);
            show_status(v);
        } else if (cmd == "quit" || cmd == "exit") {
            quit_ = true;
            return false;
        } else {
            return true;
        }
    }
}

bool TerminalGame::your_pass() {
    const SeatView v = game_.view(kYou);
    out_ << "Your hand: " << hand_text(v.hand()) << "\n"
         << "Choose 3 cards to pass to " << pass_target_text(v.pass_direction())
         << ", e.g. QS KS AH.\n";
    std::string line;
    for (;;) {
        if (!read_line("pass", line)) return false;
        auto picked = parse_cards(line);
        if (!picked) {
            out_ << "Not understood: " << picked.error().reason << ".\n";
            continue;
        }
        if (picked->size() != 3) {
            out_ << "Choose exactly 3 cards (you gave " << picked->size() << ").\n";
            continue;
        }
        if (Status s = game_.apply(Action::pass(kYou, *picked)); !s) {
            out_ << "Not allowed: " << s.error().reason << ".\n";
            continue;
        }
        return true;
    }
}

bool TerminalGame::your_play() {
    const SeatView v = game_.view(kYou);
    out_ << "Your hand: " << hand_text(v.hand()) << "\n"
         << "You can play: " << cards(v.legal()) << "\n";
    std::string line;
    for (;;) {
        if (!read_line("play", line)) return false;
        auto c = parse_card(line);
        if (!c) {
            out_ << "Not understood: " << c.error().reason << ".\n";
            continue;
        }
        if (Status s = game_.apply(Action::play(kYou, *c)); !s) {
            std::string why = s.error().reason;
            if (!why.empty())
                why[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(why[0])));
            out_ << "You can't play " << card(*c) << ": " << why << ".\n";
            continue;
        }
        return true;
    }
}

bool TerminalGame::your_moon_choice() {
    out_ << "You shot the moon! Choose: 'others' (everyone else gets 26) or 'shooter' (you get "
            "-26).\n";
    std::string line;
    for (;;) {
        if (!read_line("moon", line)) return false;
        auto m = parse_moon_choice(line);
        if (!m) {
            out_ << "Not understood: " << m.error().reason << ".\n";
            continue;
        }
        (void)game_.apply(Action::choose_moon(kYou, *m));
        return true;
    }
}

void TerminalGame::bots_act() {
    for (Seat s : {Seat::West, Seat::North, Seat::East}) {
        // A claim is shown before anyone plays on (play_to_end).
        if (game_.phase() == Phase::Play && claim(game_.hand(), game_.rules())) return;
        if (!game_.awaiting(s)) continue;
        const SeatView v = game_.view(s);
        const Action a = ai::decide(*bots_[std::size_t(s)], v, bot_seed(s));
        const Status st = game_.apply(a);
        (void)st;  // bots choose from the legal set; apply validates regardless
    }
}

// Prints the cards played since the last call, trick by trick, with the winners.
void TerminalGame::announce_new_plays() {
    if (game_.phase() == Phase::Pass) return;
    const Hand& h = game_.hand();
    for (; announced_plays_ < h.plays_made(); ++announced_plays_) {
        const int i = announced_plays_;
        if ((i & 3) == 0) out_ << "-- Trick " << (i / 4 + 1) << " --\n";
        out_ << "  " << name(h.player_at(i)) << (h.player_at(i) == kYou ? " play " : " plays ")
             << card(h.play_at(i)) << "\n";
        if ((i & 3) == 3) {
            const int t = i / 4;
            const SeatView v = game_.view(kYou);
            const TrickView trick = v.trick(t);
            const int points = game_.rules().points(trick.card_set());
            out_ << "  " << name(trick.winner) << (trick.winner == kYou ? " take" : " takes")
                 << " the trick";
            if (points != 0) out_ << " (" << points << (points == 1 ? " point" : " points") << ")";
            out_ << ".\n";
        }
    }
}

// The rest of the hand can no longer change its score (hearts/claim.h): it is played out
// at once, and only the claim is shown.
void TerminalGame::announce_claim(const Claim& c) {
    announce_new_plays();
    if (c.kind == ClaimKind::NoPoints) {
        out_ << "No points are left to take: the hand ends here.\n";
    } else {
        out_ << (c.seat == kYou ? std::string("You take") : name(c.seat) + " takes")
             << " every trick left";
        if (c.points != 0)
            out_ << " (" << c.points << (c.points == 1 ? " point" : " points") << ")";
        out_ << ": nobody can beat " << (c.seat == kYou ? "your" : "those") << " cards.\n";
    }
    while (game_.phase() == Phase::Play)
        (void)game_.apply(Action::play(game_.to_move(), claim_card(game_.hand())));
    announced_plays_ = kCards;
}

void TerminalGame::announce_hand_over() {
    const SeatView v = game_.view(kYou);
    const HandResult& r = v.results().back();
    out_ << "\n== Hand " << r.hand_index + 1 << " is over ==\n";
    if (r.moon) {
        out_ << (r.shooter == kYou ? std::string("You shot the moon!")
                                   : name(r.shooter) + " shot the moon!")
             << " Shooting the moon is when one player gets all hearts and the queen of spades. ";
        if (r.moon_choice == MoonChoice::AddToOthers)
            out_ << "Then they get 0 points and everyone else gets 26 points!\n";
        else
            out_ << "This time they take 26 points off their own score instead.\n";
    }
    show_score_sheet(v);
}

void TerminalGame::announce_game_over() {
    const std::vector<Seat> winners = game_.winners();
    out_ << "\n== Game over ==\n";
    if (winners.size() == 1 && winners[0] == kYou) {
        out_ << "Congratulations, you won!\n";
    } else {
        std::string names;
        for (std::size_t i = 0; i < winners.size(); ++i) {
            if (i) names += i + 1 == winners.size() ? " and " : ", ";
            names += name(winners[i]);
        }
        out_ << names << (winners.size() == 1 ? " won" : " share the win") << " with "
             << game_.scores()[std::size_t(winners[0])] << " points.\n";
    }
}

int TerminalGame::run() {
    for (Seat s : {Seat::West, Seat::North, Seat::East}) {
        auto bot = ai::make_bot(options_.bot_level);
        if (!bot) {
            out_ << bot.error().reason << "\n";
            return 2;
        }
        bots_[std::size_t(s)] = std::move(bot).value();
    }
    out_ << "Hearts: you (South) against " << name(Seat::West) << " (West), " << name(Seat::North)
         << " (North) and " << name(Seat::East) << " (East).\n"
         << "Seed " << options_.seed << ", rules " << to_string(game_.rules())
         << ". Type 'help' for commands.\n";

    if (!play_to_end()) {
        out_ << (quit_ ? "You left the game." : "Input ended before the game was over.")
             << " Replay it with --seed " << options_.seed << ".\n";
        return quit_ ? 0 : 3;
    }
    announce_hand_over();
    announce_game_over();
    if (!options_.record_path.empty()) {
        std::ofstream f(options_.record_path);
        f << to_record_json(game_) << "\n";
        if (!f) {
            out_ << "Could not write the game record to " << options_.record_path << ".\n";
            return 1;
        }
        out_ << "Game record written to " << options_.record_path << ".\n";
    }
    return 0;
}

bool TerminalGame::play_to_end() {
    int shown_hand = -1;
    while (game_.phase() != Phase::GameOver) {
        if (game_.hand_index() != shown_hand) {
            shown_hand = game_.hand_index();
            announced_plays_ = 0;
            const PassDirection d = game_.pass_direction();
            out_ << "\n== Hand " << shown_hand + 1 << ": "
                 << (d == PassDirection::None ? std::string("no passing")
                                              : "pass to " + pass_target_text(d))
                 << " ==\n";
        }
        switch (game_.phase()) {
            case Phase::Pass: {
                bots_act();
                if (!your_pass()) return false;
                const SeatView v = game_.view(kYou);
                out_ << "You passed " << cards(v.passed()) << " and received "
                     << cards(v.received()) << ".\n"
                     << "Your hand: " << hand_text(v.hand(), v.received()) << "  (* received)\n";
                break;
            }
            case Phase::Play: {
                if (const auto c = claim(game_.hand(), game_.rules())) {
                    announce_claim(*c);
                    break;
                }
                const bool was_broken = game_.hand().hearts_broken();
                if (game_.to_move() == kYou) {
                    announce_new_plays();
                    if (!your_play()) return false;
                } else {
                    bots_act();
                }
                announce_new_plays();
                if (!was_broken && game_.hand().hearts_broken()) out_ << "  Hearts are broken!\n";
                if (game_.hand().trick_size() == 0 && game_.phase() == Phase::Play &&
                    game_.hand().plays_made() > 0 && game_.to_move() == kYou) {
                    show_status(game_.view(kYou));
                }
                break;
            }
            case Phase::MoonChoice:
                if (game_.to_move() == kYou) {
                    if (!your_moon_choice()) return false;
                } else {
                    bots_act();
                }
                break;
            case Phase::HandOver:
                announce_hand_over();
                (void)game_.apply(Action::next_hand());
                break;
            case Phase::GameOver:
                break;
        }
    }
    return true;
}

}  // namespace

int play_command(const PlayOptions& options, std::istream& in, std::ostream& out) {
    TerminalGame game(options, in, out);
    return game.run();
}

}  // namespace hearts::app
