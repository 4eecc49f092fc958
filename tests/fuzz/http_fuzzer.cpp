// Fuzzes the whole server from its socket: each input is what one client sends on one TCP
// connection to a real `hearts serve` in this process (server_fixture.h): request lines,
// headers, paths, methods, bodies, several requests in a row, an upgrade to a WebSocket and
// the frames after it. The client then closes its side and reads until the server closes.
//
// Besides the fixture's checks (no crash, no sanitizer report, no error logged):
//   - the server closes the connection once the client has closed its side and everything
//     it asked for is sent (a server that kept it would be held by any client);
//   - nothing outside the client folder is ever sent (the link to ../secret.txt);
//   - after every input, a new client is still served the index (the server is up);
//   - the input read as a Cookie and as an Accept-Language header (model/languages.h)
//     names one of the page's languages.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

#include "fuzz_check.h"
#include "model/languages.h"
#include "server_fixture.h"

namespace {

using Clock = std::chrono::steady_clock;

// How long the server may take to finish answering and close after the client's side is
// closed. Its slowest answers (a stored game's record, a review) take milliseconds.
constexpr auto kCloseWithin = std::chrono::seconds(10);

int connect_to(unsigned short port) {
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    FUZZ_CHECK(fd >= 0, "a socket");
    // From 250 loopback addresses in turn: the server closes first, so each connection
    // leaves its four-tuple in TIME_WAIT for a minute, and from one address a long run
    // (about 340 connections a second) used up the 28,000 local ports in 24 minutes.
    static std::uint32_t next = 0;
    sockaddr_in from{};
    from.sin_family = AF_INET;
    from.sin_addr.s_addr = htonl((127u << 24) | (1u << 16) | (1 + next++ % 250));
    FUZZ_CHECK(::bind(fd, reinterpret_cast<sockaddr*>(&from), sizeof from) == 0,
               std::string("a loopback source address: ") + std::strerror(errno));
    sockaddr_in to{};
    to.sin_family = AF_INET;
    to.sin_port = htons(port);
    to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    int connected = ::connect(fd, reinterpret_cast<sockaddr*>(&to), sizeof to);
    if (connected != 0 && errno == EINTR) {
        // libFuzzer's timer signal came first (a busy machine): the connect goes on in the
        // background, and says how it ended once the socket is writable.
        pollfd p{fd, POLLOUT, 0};
        while (::poll(&p, 1, 10000) < 0 && errno == EINTR) {
        }
        int error = 0;
        socklen_t size = sizeof error;
        ::getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &size);
        errno = error;
        connected = error == 0 ? 0 : -1;
    }
    FUZZ_CHECK(connected == 0,
               std::string("the server accepts a connection: ") + std::strerror(errno));
    // Closing resets the connection rather than leaving it in TIME_WAIT: a long run opens
    // more connections than there are ports to wait in.
    linger reset{1, 0};
    ::setsockopt(fd, SOL_SOCKET, SO_LINGER, &reset, sizeof reset);
    const int one = 1;
    ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    return fd;
}

// Sends `bytes` (as far as the server takes them: it may close first), closes the sending
// side, and returns everything the server sent until it closed. Fails the run when the
// server has not closed within kCloseWithin.
std::string exchange(unsigned short port, std::string_view bytes) {
    const int fd = connect_to(port);
    std::string received;
    std::size_t sent = 0;
    bool sending = true;
    const auto deadline = Clock::now() + kCloseWithin;
    char buffer[65536];
    for (;;) {
        if (sending && sent == bytes.size()) {
            ::shutdown(fd, SHUT_WR);
            sending = false;
        }
        pollfd p{fd, short(POLLIN | (sending ? POLLOUT : 0)), 0};
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
        FUZZ_CHECK(left.count() > 0,
                   "the server kept the connection open after the client closed its side");
        if (::poll(&p, 1, int(left.count())) < 0 && errno != EINTR) break;
        if (p.revents & POLLIN || p.revents & (POLLHUP | POLLERR)) {
            const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
            if (n <= 0) break;  // closed (or reset: a refused request may be cut short)
            received.append(buffer, std::size_t(n));
        }
        if (sending && p.revents & POLLOUT) {
            const ssize_t n = ::send(fd, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
            if (n < 0) {
                if (errno == EAGAIN || errno == EINTR) continue;
                sending = false;  // the server closed first: what it sent is still read
                continue;
            }
            sent += std::size_t(n);
        }
    }
    ::close(fd);
    return received;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    hearts::fuzz::server(true);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const auto& s = hearts::fuzz::server(true);
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    const auto has = [](std::string_view lang) { return lang != "ru"; };
    const std::string_view lang = hearts::server::page_language(input, input, has);
    FUZZ_CHECK(hearts::server::known_language(lang) && has(lang),
               "the page's language is one it has: " + std::string(lang));
    const std::string answer = exchange(s.port, input);
    // The secret's text counts only if the input did not carry it: a refusal may quote what
    // the client sent ("A page from <Origin> may not connect here").
    constexpr std::string_view kSecret = "not for clients";
    FUZZ_CHECK(
        input.find(kSecret) != std::string_view::npos || answer.find(kSecret) == std::string::npos,
        "a file outside the client folder was sent");

    const std::string index = exchange(s.port, "GET / HTTP/1.1\r\nHost: fuzz\r\n\r\n");
    FUZZ_CHECK(index.rfind("HTTP/1.1 200", 0) == 0 &&
                   index.find("<title>Hearts</title>") != std::string::npos,
               "after this input the server no longer serves its index: " + index.substr(0, 200));
    return 0;
}
