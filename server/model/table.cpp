// A table turns each accepted action into the public events of docs/protocol.md, as data
// (model/table.h; the protocol writes them, protocol/events.cpp). The events are derived
// by comparing the game before and after the action, so the Game stays the only place
// that knows the rules. Events carry no hidden card: a pass says who passed, never what;
// each seat's cards reach it only through its own view.
#include "model/table.h"

#include <utility>

#include "hearts/random.h"
#include "model/fair.h"

namespace hearts::server {
namespace {

// The hand's commitment (model/fair.h), or "" for a table without a salt.
std::string commitment_of(const Game& game, const std::string& salt) {
    return salt.empty() ? std::string() : deal_commitment(game.seed(), game.hand_index(), salt);
}

event::Deal deal_event(const Game& game, const std::string& salt) {
    return event::Deal{game.hand_index() + 1, game.pass_direction(), commitment_of(game, salt)};
}

// The secret behind every commitment of the game, once nothing is left to hide, and the
// player's number the seed was mixed from, if any.
std::string reveal_json(const Game& game, const std::string& salt, const std::string& nonce) {
    std::string out = R"("seed":")" + std::to_string(game.seed()) + R"(","salt":")" + salt + '"';
    if (!nonce.empty()) out += R"(,"nonce":")" + nonce + '"';
    return out;
}

// Trick t of the hand in play, just completed: who took it and what it was worth.
event::Trick trick_event(const Game& game, int t) {
    const Hand& hand = game.hand();
    CardSet cards;
    for (int k = 0; k < kSeats; ++k) cards |= hand.play_at(t * kSeats + k);
    return event::Trick{hand.winner(t), game.rules().points(cards)};
}

// What an action can change that an event reports.
struct Before {
    Phase phase;
    bool hearts_broken;
    std::size_t results;
};

}  // namespace

std::string_view to_string(TableKind kind) {
    switch (kind) {
        case TableKind::Solo:
            return "solo";
        case TableKind::Public:
            return "public";
        case TableKind::Private:
            return "private";
        case TableKind::Quick:
            return "quick";
    }
    return "solo";
}

Expected<TableKind> parse_table_kind(std::string_view text) {
    if (text == "solo") return TableKind::Solo;
    if (text == "public") return TableKind::Public;
    if (text == "private") return TableKind::Private;
    if (text == "quick") return TableKind::Quick;
    return Error{"table kind: expected solo, public, private or quick, got '" + std::string(text) +
                 "'"};
}

Table::Table(TableSetup setup) : setup_(std::move(setup)), game_(setup_.rules, setup_.seed) {
    record(deal_event(game_, setup_.salt));
}

Status Table::apply(const Action& a) {
    const Before before{game_.phase(), game_.phase() == Phase::Play && game_.hand().hearts_broken(),
                        game_.results().size()};
    if (Status s = game_.apply(a); !s) return s;

    switch (a.kind) {
        case ActionKind::Pass:
            record(event::Passed{a.seat});
            if (game_.phase() != Phase::Pass) record(event::Exchange{});
            break;
        case ActionKind::Play: {
            record(event::Play{a.seat, a.card});
            const Hand& hand = game_.hand();
            if (!before.hearts_broken && hand.hearts_broken()) record(event::HeartsBroken{});
            if (hand.trick_size() == 0) record(trick_event(game_, hand.trick_number() - 1));
            break;
        }
        case ActionKind::Moon:
            break;  // its effect is the hand's score, below
        case ActionKind::NextHand:
            record(deal_event(game_, setup_.salt));
            break;
    }

    record_claim();
    if (game_.results().size() > before.results) {
        const HandResult& r = game_.results().back();
        if (r.moon) record(event::Moon{r.shooter, r.moon_choice});
        record(event::HandOver{r});
    }
    if (game_.phase() == Phase::GameOver && before.phase != Phase::GameOver) {
        record(event::GameOver{game_.winners(), game_.seed(),
                               setup_.salt.empty() ? std::string() : setup_.salt,
                               setup_.salt.empty() ? std::string() : setup_.nonce});
    }
    return {};
}

std::string Table::fair_json() const {
    const std::string commit = commitment_of(game_, setup_.salt);
    if (commit.empty()) return {};
    std::string out =
        R"({"hand":)" + std::to_string(game_.hand_index() + 1) + R"(,"commit":")" + commit + '"';
    if (finished()) out += ',' + reveal_json(game_, setup_.salt, setup_.nonce);
    return out + '}';
}

std::uint64_t Table::bot_seed(Seat seat) const {
    const std::size_t position = game_.history().size();
    return mix64(setup_.seed ^ mix64(position * 4 + std::uint64_t(seat) + 1));
}

std::optional<Seat> Table::bot_to_act() const {
    switch (game_.phase()) {
        case Phase::Pass:
            for (Seat s : kAllSeats)
                if (!is_human(s) && !game_.has_passed(s)) return s;
            return std::nullopt;
        case Phase::Play:
        case Phase::MoonChoice:
            if (!is_human(game_.to_move())) return game_.to_move();
            return std::nullopt;
        case Phase::HandOver:
        case Phase::GameOver:
            return std::nullopt;
    }
    return std::nullopt;
}

std::optional<std::vector<TableEvent>> Table::events_since(std::int64_t since) const {
    if (since < forgotten_ || since > version()) return std::nullopt;
    return std::vector<TableEvent>(events_.begin() + (since - forgotten_), events_.end());
}

void Table::forget_events(std::size_t keep) {
    if (events_.size() <= keep) return;
    const auto drop = std::ptrdiff_t(events_.size() - keep);
    forgotten_ += drop;
    events_.erase(events_.begin(), events_.begin() + drop);
}

// Once a hand, when its rest can no longer change the score; the actor then plays it out
// (table/actor.h, `play_out_claim`). Here too when a stored game is loaded again, so its
// events are the same.
void Table::record_claim() {
    if (game_.phase() != Phase::Play || claimed_hand_ == game_.hand_index()) return;
    const auto c = hearts::claim(game_.hand(), game_.rules());
    if (!c) return;
    claimed_hand_ = game_.hand_index();
    claim_ = event::Claim{c->kind, c->seat, c->points};
    record(claim_);
}

std::optional<event::Claim> Table::claim() const {
    if (claimed_hand_ != game_.hand_index()) return std::nullopt;
    return claim_;
}

void Table::record(EventData what) {
    events_.push_back(TableEvent{version() + 1, std::move(what)});
}

}  // namespace hearts::server
