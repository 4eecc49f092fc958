// An HTTP/1.1 client for the integration tests: one request per connection, with a
// deadline, so a server that does not answer fails the test instead of hanging it.
// Beast's reading and writing is generated once, in http.cpp; this header brings only
// the message types.
#pragma once

#include <utility>  // before Asio: Boost 1.74's headers use std::exchange without it

#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/verb.hpp>
#include <chrono>
#include <memory>
#include <string>
#include <vector>

namespace hearts::testing {

namespace http = boost::beast::http;
using HttpResponse = http::response<http::string_body>;
using HttpHeaders = std::vector<std::pair<std::string, std::string>>;

/// Sends one request to the server on 127.0.0.1:`port` and returns its response.
/// Throws when there is none within `limit`.
HttpResponse http_request(unsigned short port, http::verb method, const std::string& target,
                          const HttpHeaders& headers = {}, std::string body = "",
                          std::chrono::seconds limit = std::chrono::seconds(30));

HttpResponse http_get(unsigned short port, const std::string& target,
                      const HttpHeaders& headers = {});

/// Sends `bytes` as they are and returns everything the server sends until it closes the
/// connection (or `limit`), or with `headers_only` until the end of the response's
/// headers: for checking what goes on the wire.
std::string raw_exchange(unsigned short port, const std::string& bytes,
                         std::chrono::seconds limit = std::chrono::seconds(10),
                         bool headers_only = false);

/// One kept-alive HTTP connection for many requests (say, polling `/api/stats`), so a
/// test that polls does not spend the server's new-connections-a-minute budget.
class HttpConnection {
  public:
    explicit HttpConnection(unsigned short port);
    ~HttpConnection();
    HttpConnection(const HttpConnection&) = delete;
    HttpConnection& operator=(const HttpConnection&) = delete;

    HttpResponse get(const std::string& target);

  private:
    struct Connection;  // the io_context, the stream (while open) and its read buffer
    unsigned short port_;
    std::unique_ptr<Connection> connection_;
};

}  // namespace hearts::testing
