// What `hearts serve` answers over plain HTTP, against a real server: security headers
// on every response, no body for HEAD, the client's files precompressed when the
// browser takes it, no source maps, and WebSocket upgrades only from the server's own
// pages (or --allow-origin).
#include <utility>  // before Asio: Boost 1.74's headers use std::exchange without it

#include <gtest/gtest.h>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "harness.h"
#include "http.h"
#include "peer.h"

namespace {

using namespace hearts::testing;

// A client folder as the web build writes it: files, and some compressed beside them.
std::string web_dir(const std::string& name) {
    const std::string dir = temp_dir(name);
    const auto write = [&](const std::string& file, const std::string& text) {
        std::ofstream(dir + "/" + file, std::ios::binary) << text;
    };
    write("index.html", "<!doctype html><title>Hearts</title>");
    write("app.js", "console.log('plain');");
    write("app.js.gz", "GZIP BYTES");
    write("app.js.br", "BROTLI BYTES");
    write("style.css", "body{}");
    write("style.css.gz", "GZIP CSS");
    write("engine.wasm", std::string("\0asm\1\0\0\0", 8));
    write("engine.wasm.br", "BROTLI WASM");
    return dir;
}

TEST(Http, EveryResponseCarriesTheSecurityHeaders) {
    Server server(temp_dir("http_headers"), {"--web-dir", web_dir("http_headers_web")});
    for (const std::string target : {"/", "/app.js", "/nope.js", "/api/games/x/record.json"}) {
        const auto res = http_get(server.port(), target);
        const std::string csp(res["Content-Security-Policy"]);
        // Its own scripts, and the compiling of its own WebAssembly: no eval of text.
        EXPECT_NE(csp.find("script-src 'self' 'wasm-unsafe-eval';"), std::string::npos)
            << target << ": " << csp;
        EXPECT_EQ(csp.find("'unsafe-eval'"), std::string::npos) << target;
        EXPECT_EQ(csp.find("unsafe-inline"), std::string::npos) << target;
        EXPECT_NE(csp.find("frame-ancestors 'none'"), std::string::npos) << target;
        EXPECT_EQ(res["X-Content-Type-Options"], "nosniff") << target;
        EXPECT_EQ(res["Referrer-Policy"], "no-referrer") << target;
        EXPECT_EQ(res["X-Frame-Options"], "DENY") << target;
        EXPECT_NE(res["Permissions-Policy"].find("camera=()"), std::string::npos) << target;
        // Plain HTTP, not behind a proxy that ended TLS: no HSTS.
        EXPECT_EQ(res["Strict-Transport-Security"], "") << target;
    }
}

// A path the file system refuses (a name past NAME_MAX, a whole path past PATH_MAX) is
// not found; it once threw out of the io thread and took the server down with every game.
TEST(Http, PathsTheFileSystemRefusesAreNotFoundAndTheServerServesOn) {
    Server server(temp_dir("http_long"), {"--web-dir", web_dir("http_long_web")});
    for (const std::size_t n : {255, 256, 300, 4096, 7000}) {
        const auto res = http_get(server.port(), "/" + std::string(n, 'a'));
        EXPECT_EQ(res.result(), http::status::not_found) << n;
        const auto nested = http_get(server.port(), "/" + std::string(n, 'b') + "/app.js",
                                     {{"Accept-Encoding", "gzip, br"}});
        EXPECT_EQ(nested.result(), http::status::not_found) << n;
    }
    EXPECT_EQ(http_get(server.port(), "/app.js").body(), "console.log('plain');");
    EXPECT_TRUE(server.running());
}

// A link in the client's folder that leads out of it is not followed; one inside is.
TEST(Http, LinksOutOfTheClientFolderAreNotFollowed) {
    const std::string dir = web_dir("http_links_web");
    const std::string secret = temp_dir("http_links_secret");
    std::ofstream(secret + "/secret.txt") << "SECRET";
    std::filesystem::create_symlink(secret + "/secret.txt", dir + "/leak.txt");
    std::filesystem::create_directory_symlink(secret, dir + "/outside");
    std::filesystem::create_symlink(dir + "/style.css", dir + "/inside.css");
    Server server(temp_dir("http_links"), {"--web-dir", dir});
    for (const std::string target : {"/leak.txt", "/outside/secret.txt"}) {
        const auto res = http_get(server.port(), target);
        EXPECT_EQ(res.result(), http::status::not_found) << target;
        EXPECT_EQ(res.body().find("SECRET"), std::string::npos) << target;
    }
    EXPECT_EQ(http_get(server.port(), "/inside.css").body(), "body{}");
}

// Behind a trusted proxy that ended TLS the browser is told to keep to HTTPS.
TEST(Http, BehindATlsProxyTheBrowserIsToldToKeepToHttps) {
    Server server(temp_dir("http_hsts"),
                  {"--web-dir", web_dir("http_hsts_web"), "--trust-proxy", "127.0.0.1"});
    const auto tls = http_get(server.port(), "/",
                              {{"X-Forwarded-Proto", "https"}, {"X-Forwarded-For", "203.0.113.9"}});
    EXPECT_EQ(tls["Strict-Transport-Security"], "max-age=31536000");
    const auto plain = http_get(server.port(), "/", {{"X-Forwarded-For", "203.0.113.9"}});
    EXPECT_EQ(plain["Strict-Transport-Security"], "");
}

TEST(Http, HeadHasTheHeadersAndNoBody) {
    Server server(temp_dir("http_head"), {"--web-dir", web_dir("http_head_web")});
    for (const std::string target : {"/", "/nope.js", "/api/games/x/record.json"}) {
        const std::string wire = raw_exchange(
            server.port(),
            "HEAD " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
        const auto end = wire.find("\r\n\r\n");
        ASSERT_NE(end, std::string::npos) << wire;
        EXPECT_EQ(wire.substr(end + 4), "") << target << " sent a body to HEAD";
        EXPECT_NE(wire.find("Content-Length: "), std::string::npos) << wire;
    }
    const auto get = http_get(server.port(), "/");
    EXPECT_EQ(get.body(), "<!doctype html><title>Hearts</title>");
}

TEST(Http, FilesGoCompressedWhenTheBrowserTakesIt) {
    Server server(temp_dir("http_gzip"), {"--web-dir", web_dir("http_gzip_web")});
    const auto br = http_get(server.port(), "/app.js", {{"Accept-Encoding", "gzip, deflate, br"}});
    EXPECT_EQ(br.body(), "BROTLI BYTES");
    EXPECT_EQ(br[http::field::content_encoding], "br");
    EXPECT_EQ(br[http::field::content_type], "text/javascript; charset=utf-8");
    EXPECT_EQ(br[http::field::vary], "Accept-Encoding");
    const auto gz = http_get(server.port(), "/app.js", {{"Accept-Encoding", "gzip, br;q=0"}});
    EXPECT_EQ(gz.body(), "GZIP BYTES");
    EXPECT_EQ(gz[http::field::content_encoding], "gzip");
    const auto plain = http_get(server.port(), "/app.js");
    EXPECT_EQ(plain.body(), "console.log('plain');");
    EXPECT_EQ(plain[http::field::content_encoding], "");
    // The offline server's WebAssembly (docs/offline.md): as a browser compiles it while it
    // downloads (instantiateStreaming wants this type), brotli'd too.
    const auto wasm = http_get(server.port(), "/engine.wasm", {{"Accept-Encoding", "br"}});
    EXPECT_EQ(wasm[http::field::content_type], "application/wasm");
    EXPECT_EQ(wasm.body(), "BROTLI WASM");
    EXPECT_EQ(http_get(server.port(), "/engine.wasm").body().size(), 8u);
    // Only gzip beside this one.
    const auto css = http_get(server.port(), "/style.css", {{"Accept-Encoding", "br, gzip"}});
    EXPECT_EQ(css.body(), "GZIP CSS");
    EXPECT_EQ(css[http::field::content_encoding], "gzip");
    // Nothing without a file of its own: no index.html.gz, so index.html as it is.
    const auto index = http_get(server.port(), "/", {{"Accept-Encoding", "gzip"}});
    EXPECT_EQ(index[http::field::content_encoding], "");
}

// The page is asked for again each time; the build's hashed files are kept for a year, so
// a returning player loads nothing but the page; other files for an hour.
TEST(Http, HashedAssetsAreKeptForAYearAndThePageIsCheckedEachTime) {
    const std::string web = web_dir("http_cache_web");
    std::filesystem::create_directory(web + "/assets");
    std::ofstream(web + "/assets/main-Ab12Cd34.js") << "console.log('hashed');";
    Server server(temp_dir("http_cache"), {"--web-dir", web});
    EXPECT_EQ(http_get(server.port(), "/")[http::field::cache_control], "no-cache");
    EXPECT_EQ(http_get(server.port(), "/index.html")[http::field::cache_control], "no-cache");
    const auto hashed = http_get(server.port(), "/assets/main-Ab12Cd34.js");
    EXPECT_EQ(hashed.body(), "console.log('hashed');");
    EXPECT_EQ(hashed[http::field::cache_control], "public, max-age=31536000, immutable");
    EXPECT_EQ(http_get(server.port(), "/app.js")[http::field::cache_control], "max-age=3600");
}

// "/" is the page in the player's language when the web build wrote it (index.de.html):
// the `hearts_lang` cookie's, else the browser's Accept-Language, else English; a cache
// keeps one copy per language (Vary), and headers that do not read get English.
TEST(Http, ThePageComesInThePlayersLanguage) {
    const std::string web = web_dir("http_lang_web");
    std::ofstream(web + "/index.de.html") << "<!doctype html><html lang=\"de\"><title>Herz</title>";
    std::ofstream(web + "/index.de.html.gz") << "GZIP DE";
    Server server(temp_dir("http_lang"), {"--web-dir", web});
    const std::string english = "<!doctype html><title>Hearts</title>";
    const std::string german = "<!doctype html><html lang=\"de\"><title>Herz</title>";

    const auto de = http_get(server.port(), "/", {{"Accept-Language", "de"}});
    EXPECT_EQ(de.result_int(), 200);
    EXPECT_EQ(de.body(), german);
    EXPECT_EQ(de[http::field::content_language], "de");
    EXPECT_EQ(de[http::field::vary], "Accept-Encoding, Accept-Language, Cookie");
    EXPECT_EQ(de[http::field::content_type], "text/html; charset=utf-8");
    EXPECT_EQ(de[http::field::cache_control], "no-cache");
    // Its compressed copy, as for any file.
    const auto gz = http_get(server.port(), "/",
                             {{"Accept-Language", "de-AT, en;q=0.5"}, {"Accept-Encoding", "gzip"}});
    EXPECT_EQ(gz.body(), "GZIP DE");
    EXPECT_EQ(gz[http::field::content_encoding], "gzip");

    // No French page: the next language asked for, else English.
    EXPECT_EQ(http_get(server.port(), "/", {{"Accept-Language", "fr, de;q=0.3"}}).body(), german);
    const auto fr = http_get(server.port(), "/", {{"Accept-Language", "fr"}});
    EXPECT_EQ(fr.body(), english);
    EXPECT_EQ(fr[http::field::content_language], "en");
    EXPECT_EQ(http_get(server.port(), "/", {{"Accept-Language", "de;q=0, *"}}).body(), english);

    // The player's choice comes first.
    EXPECT_EQ(http_get(server.port(), "/", {{"Cookie", "hearts_lang=de"}}).body(), german);
    EXPECT_EQ(http_get(server.port(), "/",
                       {{"Cookie", "theme=1; hearts_lang=en"}, {"Accept-Language", "de"}})
                  .body(),
              english);

    // Headers that do not read, or that go on and on (within the 8 KB of headers a request
    // may have), cost the page nothing.
    for (const std::string& junk :
         {std::string("de;q=5"), std::string(";;,,q=;=*"), std::string(3000, 'x'),
          std::string("\xc3\xa9s, ") + std::string(2500, ',') + "de"}) {
        const auto res =
            http_get(server.port(), "/", {{"Accept-Language", junk}, {"Cookie", junk}});
        EXPECT_EQ(res.result_int(), 200) << junk.substr(0, 20);
        EXPECT_EQ(res.body(), english) << junk.substr(0, 20);
    }
    // The page by its own name is the English one.
    EXPECT_EQ(http_get(server.port(), "/index.html", {{"Accept-Language", "de"}}).body(), english);
    EXPECT_TRUE(server.running());
}

// A WebSocket upgrade from a page of another site is refused; from the server's own
// host, from a client that sends no Origin (not a browser), or from --allow-origin, it
// goes through.
TEST(Http, OnlyTheServersOwnPagesOpenTheWebSocket) {
    Server server(temp_dir("http_origin"), {"--allow-origin", "https://hearts.example.org"});
    const auto upgrade = [&](const std::string& origin) {
        std::string request =
            "GET /ws HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(server.port()) +
            "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n";
        if (!origin.empty()) request += "Origin: " + origin + "\r\n";
        const std::string wire = raw_exchange(server.port(), request + "\r\n",
                                              std::chrono::seconds(10), /*headers_only=*/true);
        return wire.substr(0, wire.find("\r\n"));
    };
    EXPECT_EQ(upgrade("https://evil.example.com"), "HTTP/1.1 403 Forbidden");
    EXPECT_EQ(upgrade("http://127.0.0.1:1"), "HTTP/1.1 403 Forbidden");  // another port
    EXPECT_EQ(upgrade("http://127.0.0.1:" + std::to_string(server.port())),
              "HTTP/1.1 101 Switching Protocols");
    EXPECT_EQ(upgrade("https://hearts.example.org"), "HTTP/1.1 101 Switching Protocols");
    EXPECT_EQ(upgrade(""), "HTTP/1.1 101 Switching Protocols");
    const auto refused = http_request(server.port(), http::verb::get, "/ws",
                                      {{"Upgrade", "websocket"},
                                       {"Connection", "Upgrade"},
                                       {"Sec-WebSocket-Version", "13"},
                                       {"Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="},
                                       {"Origin", "https://evil.example.com"}});
    EXPECT_NE(refused.body().find("may not connect here"), std::string::npos) << refused.body();
}

}  // namespace

namespace {

using namespace hearts::testing;
namespace asio = boost::asio;
using tcp = asio::ip::tcp;

// A WebSocket upgrade sent through a (pretend) proxy: the connection stays open; returns
// the status line.
std::string upgrade_via(asio::io_context& io, std::vector<std::unique_ptr<tcp::socket>>& held,
                        unsigned short port, const std::string& forwarded_for) {
    auto s = std::make_unique<tcp::socket>(io);
    s->connect({asio::ip::make_address("127.0.0.1"), port});
    const std::string request =
        "GET /ws HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port) +
        "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nX-Forwarded-For: " +
        forwarded_for + "\r\n\r\n";
    asio::write(*s, asio::buffer(request));
    std::string got;
    char c = 0;
    while (got.find("\r\n") == std::string::npos && asio::read(*s, asio::buffer(&c, 1)) == 1)
        got += c;
    held.push_back(std::move(s));
    return got.substr(0, got.find("\r\n"));
}

// Behind a trusted proxy, each client is counted under the address the proxy names, so
// one client's connections do not lock out everyone else who comes through the proxy;
// and the statistics stay for this machine only.
TEST(Http, BehindATrustedProxyTheClientsOwnAddressCounts) {
    Server server(temp_dir("http_proxy"), {"--trust-proxy", "127.0.0.1"});
    asio::io_context io;
    std::vector<std::unique_ptr<tcp::socket>> held;
    for (int k = 0; k < 32; ++k)
        ASSERT_EQ(upgrade_via(io, held, server.port(), "198.51.100.7"),
                  "HTTP/1.1 101 Switching Protocols");
    EXPECT_EQ(upgrade_via(io, held, server.port(), "198.51.100.7"),
              "HTTP/1.1 429 Too Many Requests");
    // Someone else through the same proxy; a spoofed address to the left is not believed.
    EXPECT_EQ(upgrade_via(io, held, server.port(), "198.51.100.7, 198.51.100.8"),
              "HTTP/1.1 101 Switching Protocols");
    const auto stats = http_get(server.port(), "/api/stats", {{"X-Forwarded-For", "203.0.113.9"}});
    EXPECT_EQ(stats.result_int(), 403);
    // Forwarded, naming only the proxy itself: nobody can be told apart, so no.
    EXPECT_EQ(
        http_get(server.port(), "/api/stats", {{"X-Forwarded-For", "127.0.0.1"}}).result_int(),
        403);
    // Asked on this machine, not through the proxy.
    EXPECT_EQ(http_get(server.port(), "/api/stats").result_int(), 200);
    // A proxy that adds its own header line: the last address of the last line counts.
    EXPECT_EQ(upgrade_via(io, held, server.port(), "198.51.100.9\r\nX-Forwarded-For: 198.51.100.7"),
              "HTTP/1.1 429 Too Many Requests");
}

// Without --trust-proxy, X-Forwarded-For is nobody's word: the connection's own address
// counts.
TEST(Http, WithoutTrustedProxiesForwardedForIsIgnored) {
    Server server(temp_dir("http_no_proxy"));
    asio::io_context io;
    std::vector<std::unique_ptr<tcp::socket>> held;
    for (int k = 0; k < 32; ++k)
        ASSERT_EQ(upgrade_via(io, held, server.port(), "198.51.100." + std::to_string(k)),
                  "HTTP/1.1 101 Switching Protocols");
    // The 33rd from 127.0.0.1 is refused when it connects, whatever it says it is.
    auto s = std::make_unique<tcp::socket>(io);
    s->connect({asio::ip::make_address("127.0.0.1"), server.port()});
    char c = 0;
    boost::system::error_code ec;
    asio::read(*s, asio::buffer(&c, 1), ec);
    EXPECT_TRUE(ec) << "the server kept a 33rd connection from one address";
}

}  // namespace
