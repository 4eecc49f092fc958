// An HTTP/1.1 client for the integration tests: one request per connection, with a
// deadline, so a server that does not answer fails the test instead of hanging it.
#pragma once

#include <utility>  // before Asio: Boost 1.74's headers use std::exchange without it

#include <array>
#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <chrono>
#include <functional>
#include <memory>
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

/// Sends `bytes` as they are and returns everything the server sends until it closes the
/// connection (or `limit`), or with `headers_only` until the end of the response's
/// headers: for checking what goes on the wire.
inline std::string raw_exchange(unsigned short port, const std::string& bytes,
                                std::chrono::seconds limit = std::chrono::seconds(10),
                                bool headers_only = false) {
    namespace asio = boost::asio;
    namespace beast = boost::beast;
    asio::io_context io;
    beast::tcp_stream stream(io);
    asio::ip::tcp::resolver resolver(io);
    stream.expires_after(limit);
    std::string received;
    std::array<char, 4096> chunk{};
    std::function<void()> read_more = [&] {
        stream.async_read_some(asio::buffer(chunk), [&](beast::error_code ec, std::size_t n) {
            received.append(chunk.data(), n);
            if (headers_only && received.find("\r\n\r\n") != std::string::npos) {
                stream.close();
                return;
            }
            if (!ec) read_more();
        });
    };
    stream.async_connect(resolver.resolve("127.0.0.1", std::to_string(port)),
                         [&](beast::error_code ec, const asio::ip::tcp::endpoint&) {
                             if (ec) return;
                             asio::async_write(stream, asio::buffer(bytes),
                                               [&](beast::error_code ec, std::size_t) {
                                                   if (!ec) read_more();
                                               });
                         });
    io.run();
    return received;
}

/// One kept-alive HTTP connection for many requests (say, polling `/api/stats`), so a
/// test that polls does not spend the server's new-connections-a-minute budget.
class HttpConnection {
  public:
    explicit HttpConnection(unsigned short port) : port_(port) {}
    HttpResponse get(const std::string& target) {
        namespace asio = boost::asio;
        namespace beast = boost::beast;
        for (int attempt = 0; attempt < 2; ++attempt) {
            if (!stream_) {
                stream_ = std::make_unique<beast::tcp_stream>(io_);
                asio::ip::tcp::resolver resolver(io_);
                beast::error_code ec;
                stream_->connect(resolver.resolve("127.0.0.1", std::to_string(port_)), ec);
                if (ec) throw std::runtime_error("GET " + target + ": " + ec.message());
            }
            http::request<http::empty_body> req{http::verb::get, target, 11};
            req.set(http::field::host, "127.0.0.1");
            req.keep_alive(true);
            HttpResponse res;
            beast::error_code ec;
            stream_->expires_after(std::chrono::seconds(30));
            bool done = false;
            http::async_write(*stream_, req, [&](beast::error_code e, std::size_t) {
                if (e) {
                    ec = e;
                    done = true;
                    return;
                }
                http::async_read(*stream_, buffer_, res, [&](beast::error_code e2, std::size_t) {
                    ec = e2;
                    done = true;
                });
            });
            io_.restart();
            io_.run();
            if (done && !ec) return res;
            stream_.reset();  // the server closed a kept-alive connection: once more, anew
            buffer_.clear();
        }
        throw std::runtime_error("GET " + target + ": no answer");
    }

  private:
    unsigned short port_;
    boost::asio::io_context io_;
    std::unique_ptr<boost::beast::tcp_stream> stream_;
    boost::beast::flat_buffer buffer_;
};

inline HttpResponse http_get(unsigned short port, const std::string& target,
                             const std::vector<std::pair<std::string, std::string>>& headers = {}) {
    return http_request(port, http::verb::get, target, headers);
}

}  // namespace hearts::testing
