// The integration tests' HTTP client (http.h).
#include "http.h"

#include <array>
#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <functional>
#include <stdexcept>

namespace hearts::testing {

namespace asio = boost::asio;
namespace beast = boost::beast;

/// Sends one request to the server on 127.0.0.1:`port` and returns its response.
/// Throws when there is none within `limit`.
HttpResponse http_request(unsigned short port, http::verb method, const std::string& target,
                          const HttpHeaders& headers, std::string body,
                          std::chrono::seconds limit) {
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
std::string raw_exchange(unsigned short port, const std::string& bytes, std::chrono::seconds limit,
                         bool headers_only) {
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

struct HttpConnection::Connection {
    asio::io_context io;
    std::unique_ptr<beast::tcp_stream> stream;
    beast::flat_buffer buffer;
};

HttpConnection::HttpConnection(unsigned short port)
    : port_(port), connection_(std::make_unique<Connection>()) {}

HttpConnection::~HttpConnection() = default;

HttpResponse HttpConnection::get(const std::string& target) {
    auto& io = connection_->io;
    auto& stream = connection_->stream;
    auto& buffer = connection_->buffer;
    for (int attempt = 0; attempt < 2; ++attempt) {
        if (!stream) {
            stream = std::make_unique<beast::tcp_stream>(io);
            asio::ip::tcp::resolver resolver(io);
            beast::error_code ec;
            stream->connect(resolver.resolve("127.0.0.1", std::to_string(port_)), ec);
            if (ec) throw std::runtime_error("GET " + target + ": " + ec.message());
        }
        http::request<http::empty_body> req{http::verb::get, target, 11};
        req.set(http::field::host, "127.0.0.1");
        req.keep_alive(true);
        HttpResponse res;
        beast::error_code ec;
        stream->expires_after(std::chrono::seconds(30));
        bool done = false;
        http::async_write(*stream, req, [&](beast::error_code e, std::size_t) {
            if (e) {
                ec = e;
                done = true;
                return;
            }
            http::async_read(*stream, buffer, res, [&](beast::error_code e2, std::size_t) {
                ec = e2;
                done = true;
            });
        });
        io.restart();
        io.run();
        if (done && !ec) return res;
        stream.reset();  // the server closed a kept-alive connection: once more, anew
        buffer.clear();
    }
    throw std::runtime_error("GET " + target + ": no answer");
}

HttpResponse http_get(unsigned short port, const std::string& target, const HttpHeaders& headers) {
    return http_request(port, http::verb::get, target, headers);
}

}  // namespace hearts::testing
