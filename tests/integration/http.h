// An HTTP/1.1 client for the integration tests: one request per connection, with a
// deadline, so a server that does not answer fails the test instead of hanging it.
#pragma once

#include <utility>  // before Asio: Boost 1.74's headers use std::exchange without it

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <chrono>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace hearts::testing {

namespace http = boost::beast::http;
using HttpResponse = http::response<http::string_body>;

/// Sends one request to the server on 127.0.0.1:`port` and returns its response.
/// Throws when there is none within `limit`.
inline HttpResponse http_request(
    unsigned short port, http::verb method, const std::string& target,
    const std::vector<std::pair<std::string, std::string>>& headers = {}, std::string body = "",
    std::chrono::seconds limit = std::chrono::seconds(30)) {
    namespace asio = boost::asio;
    namespace beast = boost::beast;
    asio::io_context io;
    beast::tcp_stream stream(io);
    asio::ip::tcp::resolver resolver(io);
    stream.expires_after(limit);
    http::request<http::string_body> req{method, target, 11};
    req.set(http::field::host, "127.0.0.1");
    for (const auto& [name, value] : headers) req.set(name, value);
    if (!body.empty() || method == http::verb::post) {
        req.body() = std::move(body);
        req.prepare_payload();
    }
    HttpResponse res;
    beast::flat_buffer buffer;
    beast::error_code failure;
    stream.async_connect(
        resolver.resolve("127.0.0.1", std::to_string(port)),
        [&](beast::error_code ec, const asio::ip::tcp::endpoint&) {
            if (ec) {
                failure = ec;
                return;
            }
            http::async_write(stream, req, [&](beast::error_code ec, std::size_t) {
                if (ec) {
                    failure = ec;
                    return;
                }
                if (method == http::verb::head) {
                    // A response to HEAD has headers only, whatever its Content-Length.
                    auto parser = std::make_shared<http::response_parser<http::string_body>>();
                    parser->skip(true);
                    http::async_read(stream, buffer, *parser,
                                     [&, parser](beast::error_code ec, std::size_t) {
                                         failure = ec;
                                         res = parser->release();
                                     });
                    return;
                }
                http::async_read(stream, buffer, res,
                                 [&](beast::error_code ec, std::size_t) { failure = ec; });
            });
        });
    io.run();
    if (failure)
        throw std::runtime_error(std::string(http::to_string(method)) + " " + target + ": " +
                                 failure.message());
    return res;
}

inline HttpResponse http_get(unsigned short port, const std::string& target,
                             const std::vector<std::pair<std::string, std::string>>& headers = {}) {
    return http_request(port, http::verb::get, target, headers);
}

}  // namespace hearts::testing
