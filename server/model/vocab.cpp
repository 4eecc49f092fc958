#include "model/vocab.h"

#include <algorithm>

namespace hearts::server {

std::string_view to_string(RelationKind kind) {
    switch (kind) {
        case RelationKind::Block:
            return "block";
        case RelationKind::Mute:
            return "mute";
        case RelationKind::Favorite:
            return "favorite";
    }
    return "block";
}

std::vector<PlayerRef>& Relations::list(RelationKind kind) {
    return kind == RelationKind::Block ? block : kind == RelationKind::Mute ? mute : favorite;
}

const std::vector<PlayerRef>& Relations::list(RelationKind kind) const {
    return kind == RelationKind::Block ? block : kind == RelationKind::Mute ? mute : favorite;
}

bool Relations::has(RelationKind kind, const std::string& player) const {
    const auto& l = list(kind);
    return std::any_of(l.begin(), l.end(), [&](const PlayerRef& r) { return r.player == player; });
}

}  // namespace hearts::server
