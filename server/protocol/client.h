// One connected browser, as the game service sees it: the small interface between the
// WebSocket sessions (net/ws_session.cpp, Beast) and everything behind them.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "protocol/messages.h"

namespace hearts::server {

/// One connected browser, as the service sees it. Implemented by the WebSocket session.
class Client {
  public:
    virtual ~Client() = default;
    /// Queues one message (a JSON text); safe from any thread. Messages arrive in the
    /// order sent; several may share a WebSocket frame (docs/protocol.md, "Transport").
    virtual void send(std::shared_ptr<const std::string> frame) = 0;
    /// Closes the connection so that the page connects again and says where it is (its
    /// table moved to another node of the cluster); any thread.
    virtual void reconnect(std::string why) = 0;
    /// In a cluster, the node a connection of another node is on (its frames go there
    /// over Redis); nullptr for this node's own connections.
    virtual const std::string* remote_node() const { return nullptr; }

    // The player this connection has proven to be (after `hello`); guarded by the
    // service, which is the only writer.
    std::string player;
    // The tables this connection was seated at (so a disconnect is told to them only);
    // guarded by the roster (social/roster.h).
    std::vector<std::string> tables;
    // The protocol version the connection speaks (docs/protocol.md, "Versions"): 3 for a
    // client that asked for it in the handshake. Set before any message.
    int protocol = 2;
    // Where the connection comes from (the client's IP address): what the per-address
    // budgets and the computer players' fair queue count by. Set before any message.
    std::string address;
    // The connection has ended for the service (`disconnected` ran); guarded by the
    // roster. It is seated nowhere after that.
    bool gone = false;
    // The salt of this connection's next game against the computer (model/fair.h): committed to
    // with `next_deal` before the player sends the number mixed into its seed; set at
    // `hello` and after each game that used it, by the connection's own messages only.
    std::string next_salt;
    // The table this connection watches ("" for none): one at a time; guarded by the
    // service.
    std::string watching;
    // In a cluster (docs/scaling.md): the connection's id among every node's ("" until it
    // sends a message on to another node), and the nodes it sent to (told when it
    // closes); guarded by the service.
    std::string cluster_id;
    std::vector<std::string> sent_to;
    bool cluster_closed = false;  // closed, as far as the other nodes are told
};

using ClientPtr = std::shared_ptr<Client>;
/// A client message's id, echoed in the answer to it (docs/protocol.md).
using Id = std::optional<std::int64_t>;

/// Queues `frame` for `client` at once. On a table's strand, use `TableActor::send`,
/// which keeps what the table says behind its writes.
inline void send(const ClientPtr& client, std::string frame) {
    client->send(std::make_shared<const std::string>(std::move(frame)));
}
/// The refusal of a request (`id`, if it had one): `code` is the error's kind, `text` what
/// the person is told (its English is the `reason`).
inline std::string error_frame(std::string code, const Text& text, Id id) {
    return error_message({std::move(code), text.english(), id, false, text});
}
inline void send_error(const ClientPtr& client, std::string code, const Text& text, Id id) {
    send(client, error_frame(std::move(code), text, id));
}

}  // namespace hearts::server
