// Fair deals' commitments (model/fair.h) in the page's build, which has no OpenSSL and so
// no hash to commit to a deal with. The page's games are its own, against the computer,
// with no salt (wasm/offline.h): a table without a salt never asks for a commitment. Were
// it asked, it gets what model/fair.h says a failed hash gives: none.
#include "model/fair.h"

namespace hearts::server {

std::string deal_commitment(std::uint64_t, int, std::string_view) {
    return {};
}

}  // namespace hearts::server
