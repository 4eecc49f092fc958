// The HTTP sessions: the client's files (cached, compressed when asked), the API
// (statistics, record downloads), and the upgrade of /ws to a WebSocket session
// (net/ws_session.cpp).
#include "net/sessions.h"

#include <spdlog/spdlog.h>
#include <algorithm>
#include <boost/asio/dispatch.hpp>
#include <boost/beast/websocket.hpp>
#include <nlohmann/json.hpp>
#include <optional>

#include "hearts/record.h"
#include "model/languages.h"
#include "protocol/messages.h"
#include "router/service.h"
#include "store/store.h"

namespace hearts::server::net {
namespace {

namespace websocket = beast::websocket;

// ---- HTTP session: files, the record download, and the upgrade to /ws ----

std::string_view mime_type(const std::string& path) {
    const auto ext = std::filesystem::path(path).extension().string();
    if (ext == ".html") return "text/html; charset=utf-8";
    if (ext == ".webmanifest") return "application/manifest+json";
    if (ext == ".js") return "text/javascript; charset=utf-8";
    if (ext == ".css") return "text/css; charset=utf-8";
    if (ext == ".svg") return "image/svg+xml";
    if (ext == ".json") return "application/json";
    if (ext == ".png") return "image/png";
    if (ext == ".ico") return "image/x-icon";
    if (ext == ".woff2") return "font/woff2";
    if (ext == ".wasm") return "application/wasm";  // the offline server (docs/offline.md)
    return "application/octet-stream";
}

// Query parameter `name` from a target like "/a?x=1&y=2" (no decoding: ids and tokens
// are base32 and never need it).
std::string query_param(std::string_view target, std::string_view name) {
    const auto q = target.find('?');
    if (q == std::string_view::npos) return "";
    std::string_view rest = target.substr(q + 1);
    while (!rest.empty()) {
        const auto amp = rest.find('&');
        std::string_view pair = rest.substr(0, amp);
        const auto eq = pair.find('=');
        if (eq != std::string_view::npos && pair.substr(0, eq) == name)
            return std::string(pair.substr(eq + 1));
        if (amp == std::string_view::npos) break;
        rest = rest.substr(amp + 1);
    }
    return "";
}

// 'wasm-unsafe-eval' lets the page compile its own WebAssembly (the offline server,
// docs/offline.md) and nothing else: no eval of text, no script from elsewhere.
constexpr const char* kContentSecurityPolicy =
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; "
    "img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; "
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

// Whether an Accept-Encoding header takes `coding` (and not with q=0).
bool accepts_coding(std::string_view header, std::string_view coding) {
    while (!header.empty()) {
        const auto comma = header.find(',');
        std::string_view item = header.substr(0, comma);
        header = comma == std::string_view::npos ? std::string_view{} : header.substr(comma + 1);
        while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
        const auto semi = item.find(';');
        std::string_view name = item.substr(0, semi);
        while (!name.empty() && name.back() == ' ') name.remove_suffix(1);
        if (name != coding) continue;
        if (semi == std::string_view::npos) return true;
        std::string_view params = item.substr(semi + 1);
        while (!params.empty() && params.front() == ' ') params.remove_prefix(1);
        // "q=0", "q=0.0", "q=0.00", "q=0.000": refused; any other q accepts.
        if (params.substr(0, 2) == "q=") {
            std::string_view q = params.substr(2);
            while (!q.empty() && q.back() == ' ') q.remove_suffix(1);
            return !(q == "0" || (q.size() > 2 && q.substr(0, 2) == "0." &&
                                  q.find_first_not_of('0', 2) == std::string_view::npos));
        }
        return true;
    }
    return false;
}

// The page in `lang`, as the web build writes it: index.html in English, index.<lang>.html
// in each language with a document of its own (web/scripts/documents.ts).
std::string page_of(std::string_view lang) {
    return lang == kLanguages[0] ? "/index.html" : "/index." + std::string(lang) + ".html";
}

// "Bearer <player>:<token>" → {player, token}; empty when the header is not that.
std::pair<std::string, std::string> bearer(std::string_view header) {
    constexpr std::string_view kScheme = "Bearer ";
    if (header.substr(0, kScheme.size()) != kScheme) return {};
    header.remove_prefix(kScheme.size());
    const auto colon = header.find(':');
    if (colon == std::string_view::npos || colon == 0 || colon + 1 == header.size()) return {};
    return {std::string(header.substr(0, colon)), std::string(header.substr(colon + 1))};
}

class HttpSession : public Evictable, public std::enable_shared_from_this<HttpSession> {
  public:
    HttpSession(Socket&& socket, std::shared_ptr<Shared> shared, std::unique_ptr<AddressSlot> slot,
                std::string peer)
        : stream_(std::move(socket)),
          shared_(std::move(shared)),
          slot_(std::move(slot)),
          peer_(std::move(peer)),
          client_(peer_) {}

    void run() {
        slot_->held_by(shared_from_this());
        asio::dispatch(stream_.get_executor(),
                       beast::bind_front_handler(&HttpSession::do_read, shared_from_this()));
    }

    void evict(std::string) override {
        asio::post(stream_.get_executor(), [self = shared_from_this()] {
            beast::error_code ec;
            self->stream_.socket().shutdown(tcp::socket::shutdown_both, ec);
            self->stream_.socket().close(ec);
        });
    }

  private:
    void do_read() {
        parser_.emplace();
        parser_->body_limit(8192);
        stream_.expires_after(std::chrono::seconds(30));
        http::async_read(stream_, buffer_, *parser_,
                         beast::bind_front_handler(&HttpSession::on_read, shared_from_this()));
    }

    void on_read(beast::error_code ec, std::size_t) {
        if (ec) {
            stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
            return;
        }
        auto request = parser_->release();
        head_ = request.method() == http::verb::head;
        client_ = client_address(request);
        https_ = shared_->is_trusted_proxy(peer_) &&
                 beast::iequals(request["X-Forwarded-Proto"], "https");
        if (websocket::is_upgrade(request)) {
            if (request.target() != "/ws")
                return reply(error_response(request, http::status::not_found, "Not found"));
            // A page from another site may not play here in its visitor's name.
            const std::string_view origin = request[http::field::origin];
            if (!origin.empty() && !origin_allowed(origin, request[http::field::host])) {
                return reply(error_response(
                    request, http::status::forbidden,
                    "A page from " + std::string(origin.substr(0, 100)) +
                        " may not connect here (hearts serve --allow-origin ORIGIN allows it)"));
            }
            // Through a trusted proxy, the client is admitted under their own address now
            // that the request names it (or, when it names nobody, under the proxy's as
            // any client); the proxy's place is given back.
            if (shared_->is_trusted_proxy(peer_)) {
                auto own = admit(shared_, client_, false);
                if (!own) {
                    return reply(error_response(request, http::status::too_many_requests,
                                                "Too many connections from your address"));
                }
                slot_ = std::move(own);
            }
            serve_websocket(std::move(stream_), shared_, std::move(slot_), client_,
                            std::move(request));
            return;
        }
        // Every request spends from the address's budget, as a frame does.
        if (!shared_->address_allows(client_)) {
            auto res = error_response(request, http::status::too_many_requests,
                                      "Too many requests from your address: wait a little");
            res.keep_alive(false);
            return reply(std::move(res));
        }
        // The firewall at the edge of a request: whatever throws while it is answered
        // costs that request alone (a 500, logged once with who asked what), never the
        // server.
        http::response<http::string_body> res;
        try {
            res = respond(request);
        } catch (const std::exception& e) {
            spdlog::error("http {} {}: {}", client_, std::string(request.target().substr(0, 200)),
                          e.what());
            res = error_response(request, http::status::internal_server_error,
                                 "The server could not answer this request");
            res.keep_alive(false);
        }
        reply(std::move(res));
    }

    // The client's address: the connection's, or, from a trusted proxy, the last address
    // in X-Forwarded-For that is not a trusted proxy itself (what the proxy saw).
    std::string client_address(const http::request<http::string_body>& req) const {
        if (!shared_->is_trusted_proxy(peer_)) return peer_;
        // A proxy may add its own header line rather than extend the client's: every line,
        // in order, is one list, read from its right end.
        std::string joined;
        for (auto [it, end] = req.equal_range("X-Forwarded-For"); it != end; ++it) {
            if (!joined.empty()) joined += ',';
            joined += std::string(it->value());
        }
        std::string_view chain = joined;
        while (!chain.empty()) {
            const auto comma = chain.rfind(',');
            std::string_view hop =
                comma == std::string_view::npos ? chain : chain.substr(comma + 1);
            chain = comma == std::string_view::npos ? std::string_view{} : chain.substr(0, comma);
            while (!hop.empty() && hop.front() == ' ') hop.remove_prefix(1);
            while (!hop.empty() && hop.back() == ' ') hop.remove_suffix(1);
            beast::error_code ec;
            const auto parsed = asio::ip::make_address(hop, ec);
            if (ec) break;  // not an address: trust nothing further left
            const std::string address = normal_address(parsed.to_string());
            if (!shared_->is_trusted_proxy(address)) return address;
        }
        return peer_;
    }

    // The page's own host (Origin "http://HOST" or "https://HOST" for the Host header),
    // or one of --allow-origin.
    bool origin_allowed(std::string_view origin, std::string_view host) const {
        for (const std::string& allowed : shared_->options.allowed_origins)
            if (origin == allowed) return true;
        for (std::string_view scheme : {"http://", "https://"})
            if (origin.substr(0, scheme.size()) == scheme && origin.substr(scheme.size()) == host)
                return !host.empty();
        return false;
    }

    http::response<http::string_body> error_response(const http::request<http::string_body>& req,
                                                     http::status status, std::string_view text) {
        http::response<http::string_body> res{status, req.version()};
        res.set(http::field::content_type, "text/plain; charset=utf-8");
        res.keep_alive(req.keep_alive());
        res.body() = std::string(text) + "\n";
        res.prepare_payload();
        return res;
    }

    http::response<http::string_body> respond(const http::request<http::string_body>& req) {
        if (req.method() != http::verb::get && req.method() != http::verb::head)
            return error_response(req, http::status::method_not_allowed, "Only GET is served here");
        const std::string target(req.target());
        const std::string path = target.substr(0, target.find('?'));

        // What the server holds, for whoever runs it (only asked from this machine).
        if (path == "/api/stats") {
            beast::error_code ec;
            const auto client = asio::ip::make_address(client_, ec);
            // Forwarded by a proxy that names nobody but itself: whose request it is cannot
            // be told. (A request with no X-Forwarded-For at all is this machine's own.)
            const bool unnamed = shared_->is_trusted_proxy(peer_) && client_ == peer_ &&
                                 req.count("X-Forwarded-For") > 0;
            if (ec || !client.is_loopback() || unnamed)
                return error_response(req, http::status::forbidden,
                                      "The statistics are for this machine only");
            http::response<http::string_body> res{http::status::ok, req.version()};
            res.set(http::field::content_type, "application/json");
            res.set(http::field::cache_control, "no-store");
            res.keep_alive(req.keep_alive());
            res.body() = shared_->service.stats_json();
            res.prepare_payload();
            return res;
        }

        // /api/games/<table>/record.json, with "Authorization: Bearer <player>:<token>".
        // The secret never goes in the address, where it would be copied with the link,
        // kept in the history and written to logs.
        const std::string prefix = "/api/games/";
        const std::string suffix = "/record.json";
        if (path.rfind(prefix, 0) == 0 && path.size() > prefix.size() + suffix.size() &&
            path.compare(path.size() - suffix.size(), suffix.size(), suffix) == 0) {
            const std::string table =
                path.substr(prefix.size(), path.size() - prefix.size() - suffix.size());
            if (!query_param(target, "token").empty()) {
                return error_response(req, http::status::bad_request,
                                      "The token goes in the Authorization header (Bearer "
                                      "<player>:<token>), never in the address");
            }
            const auto [player, token] = bearer(req[http::field::authorization]);
            if (player.empty())
                return error_response(req, http::status::unauthorized,
                                      "Say who you are: Authorization: Bearer <player>:<token>");
            const auto known = shared_->store.check_player(player, token);
            if (!known)
                return error_response(req, http::status::service_unavailable,
                                      "The game's database cannot be reached just now: try "
                                      "again in a moment");
            if (!*known)
                return error_response(req, http::status::forbidden,
                                      "Unknown player or wrong token");
            auto record = shared_->store.finished_record(table, player);
            if (!record) return error_response(req, http::status::not_found, record.error().reason);
            // Stored on one line (table/actor.cpp); a person downloads the pretty form,
            // from the record itself. One that does not load goes as it was stored.
            std::string body = *record;
            if (auto game = load_record(body)) {
                body = to_record_json(*game);
            } else {
                spdlog::error("table {}: the stored record does not load: {}", table,
                              game.error().reason);
            }
            http::response<http::string_body> res{http::status::ok, req.version()};
            res.set(http::field::content_type, "application/json");
            res.set(http::field::content_disposition,
                    "attachment; filename=\"hearts-" + table + ".json\"");
            res.set(http::field::cache_control, "no-store");  // personal, behind a header
            res.keep_alive(req.keep_alive());
            res.body() = std::move(body);
            res.prepare_payload();
            return res;
        }

        // /api/replays/<share>: a game everyone who played it allowed to be shared
        // (docs/protocol.md, "Replays and share links"): its record and the names at its
        // table, to anyone with the link. No token: the link is the permission.
        const std::string replays = "/api/replays/";
        if (path.rfind(replays, 0) == 0) {
            const std::string share = path.substr(replays.size());
            const bool well_formed = share.size() == std::size_t(kShareChars) &&
                                     std::all_of(share.begin(), share.end(), [](char c) {
                                         return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z');
                                     });
            if (!well_formed)
                return error_response(
                    req, http::status::not_found,
                    "No shared game has this link: check that it was copied whole");
            auto game = shared_->store.shared_game(share);
            if (!game)
                return error_response(req, http::status::service_unavailable,
                                      "The game's database cannot be reached just now: try "
                                      "again in a moment");
            if (!*game)
                return error_response(
                    req, http::status::not_found,
                    "No shared game has this link: check that it was copied whole");
            auto loaded = load_record((*game)->record);
            if (!loaded) {
                spdlog::error("table {}: the stored record does not load: {}", (*game)->table,
                              loaded.error().reason);
                return error_response(req, http::status::internal_server_error,
                                      "This game's record cannot be read");
            }
            // "You" is what the player saw of their own seat; whoever follows the link is
            // someone else, so that seat goes by its place.
            SeatNames names = (*game)->names;
            static constexpr std::array<const char*, kSeats> kPlaces{"South", "West", "North",
                                                                     "East"};
            for (std::size_t s = 0; s < names.size(); ++s)
                if (names[s] == "You") names[s] = kPlaces[s];
            nlohmann::json body = nlohmann::json::object();
            body["names"] = names;
            body["record"] = nlohmann::json::parse(to_record_json(*loaded));
            http::response<http::string_body> res{http::status::ok, req.version()};
            res.set(http::field::content_type, "application/json");
            res.set(http::field::cache_control, "max-age=300");
            res.keep_alive(req.keep_alive());
            res.body() = body.dump();
            res.prepare_payload();
            return res;
        }

        // Static files: no "..", no hidden files. "/" is the page in the player's language
        // (model/languages.h: the `hearts_lang` cookie, else Accept-Language, else English).
        if (path.empty() || path[0] != '/' || path.find("..") != std::string::npos ||
            path.find("/.") != std::string::npos || path.find('\\') != std::string::npos)
            return error_response(req, http::status::bad_request, "Bad path");
        std::string_view lang;
        std::string file;
        if (path == "/") {
            lang = page_language(
                req[http::field::cookie], req[http::field::accept_language],
                [this](std::string_view l) { return !shared_->client_file(page_of(l)).empty(); });
            file = shared_->client_file(page_of(lang));
        } else {
            file = shared_->client_file(path);
        }
        if (file.empty()) {
            if (path == "/") {
                return error_response(
                    req, http::status::not_found,
                    "The web client is not built: run `make run` (it builds web/dist).");
            }
            return error_response(req, http::status::not_found, "Not found");
        }
        // The web build writes each file compressed beside it (.br, .gz): the smallest
        // the browser takes is sent as it is.
        std::string sent = file;
        std::string_view encoding;
        const std::string_view accepts = req[http::field::accept_encoding];
        for (const auto& [coding, ext] :
             {std::pair<std::string_view, std::string_view>{"br", ".br"}, {"gzip", ".gz"}}) {
            if (!accepts_coding(accepts, coding)) continue;
            // Resolved as the file was (inside the folder, a regular file), once.
            const std::string packed =
                shared_->client_file(file.substr(shared_->web_root.size()) + std::string(ext));
            if (!packed.empty()) {
                sent = packed;
                encoding = coding;
                break;
            }
        }
        const auto body = shared_->file(sent);
        if (!body) return error_response(req, http::status::not_found, "Not found");
        http::response<http::string_body> res{http::status::ok, req.version()};
        res.set(http::field::content_type, mime_type(file));
        // The page is checked each time; what the web build names by its content (assets/,
        // a hash in each name) never changes under its name, so it is kept for a year;
        // anything else of the folder for an hour.
        res.set(http::field::cache_control, path == "/" || path.ends_with(".html") ? "no-cache"
                                            : path.starts_with("/assets/")
                                                ? "public, max-age=31536000, immutable"
                                                : "max-age=3600");
        res.set(http::field::vary,
                lang.empty() ? "Accept-Encoding" : "Accept-Encoding, Accept-Language, Cookie");
        if (!lang.empty()) res.set(http::field::content_language, lang);
        if (!encoding.empty()) res.set(http::field::content_encoding, encoding);
        res.keep_alive(req.keep_alive());
        res.body() = *body;
        res.prepare_payload();
        return res;
    }

    // Every response: what the page may load and run (its own files, no inline script),
    // no framing by other sites, no sniffing of types, no referrer sent elsewhere. A
    // response to HEAD keeps its headers (Content-Length included) and drops its body.
    void reply(http::response<http::string_body>&& res) {
        res.set("Content-Security-Policy", kContentSecurityPolicy);
        res.set("X-Content-Type-Options", "nosniff");
        res.set("X-Frame-Options", "DENY");
        res.set("Referrer-Policy", "no-referrer");
        res.set("Cross-Origin-Opener-Policy", "same-origin");
        res.set("Permissions-Policy",
                "camera=(), microphone=(), geolocation=(), payment=(), usb=(), "
                "interest-cohort=()");
        // Behind a trusted proxy that ended TLS, the browser is told to come back only
        // over HTTPS (never over plain HTTP, where it would pin a site that has no TLS).
        if (https_) res.set(http::field::strict_transport_security, "max-age=31536000");
        if (head_) res.body().clear();
        auto shared = std::make_shared<http::response<http::string_body>>(std::move(res));
        const bool keep_alive = shared->keep_alive();
        http::async_write(
            stream_, *shared,
            [self = shared_from_this(), shared, keep_alive](beast::error_code ec, std::size_t) {
                if (ec) return;
                if (!keep_alive) {
                    self->stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
                    return;
                }
                self->do_read();
            });
    }

    Stream stream_;
    std::shared_ptr<Shared> shared_;
    std::unique_ptr<AddressSlot> slot_;
    beast::flat_buffer buffer_;
    std::optional<http::request_parser<http::string_body>> parser_;
    bool head_ = false;   // the request being answered is HEAD
    bool https_ = false;  // it came over TLS, ended by a trusted proxy
    std::string peer_;    // the connection's address
    std::string client_;  // the client's (peer_, or from X-Forwarded-For behind a proxy)
};

}  // namespace

void serve_http(Socket&& socket, std::shared_ptr<Shared> shared, std::unique_ptr<AddressSlot> slot,
                std::string address) {
    std::make_shared<HttpSession>(std::move(socket), std::move(shared), std::move(slot),
                                  std::move(address))
        ->run();
}

}  // namespace hearts::server::net
