// A failure of the server's own, told to a person as `internal` (protocol/texts.h): its
// detail, which may name the database's files or tables, goes to the log only.
#include <spdlog/spdlog.h>

#include "protocol/texts.h"

namespace hearts::server {

Text internal(std::string_view detail) {
    spdlog::warn("a request failed on the server's side: {}", detail);
    return say<"internal">();
}

}  // namespace hearts::server
