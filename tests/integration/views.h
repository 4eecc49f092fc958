// An update's view leaves out `rules`, and `names` and `sheet` when they have not changed
// since the table's previous version (docs/protocol.md, "Server → client"). A client
// completes it from the view before it, as the browser does; the tests' clients too.
#pragma once

#include <nlohmann/json.hpp>

namespace hearts::testing {

/// Fills the parts an update may leave out from `before`, the last view received.
inline void complete_view(nlohmann::json& view, const nlohmann::json& before) {
    if (!view.is_object() || !before.is_object()) return;
    for (const char* key : {"rules", "names", "sheet"})
        if (!view.contains(key) && before.contains(key)) view[key] = before[key];
}

}  // namespace hearts::testing
