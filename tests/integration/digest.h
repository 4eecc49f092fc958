// SHA-256 for the integration tests' own checks of the fair deals (docs/protocol.md,
// "Fair deals"), with OpenSSL, apart from the server's code.
#pragma once

#include <gtest/gtest.h>
#include <openssl/evp.h>

#include <cstdint>
#include <cstdio>
#include <string>

namespace hearts::testing {

// SHA-256 of `text` in 64 lower-case hex digits; with `first8`, also its first 8 bytes
// read big-endian.
inline std::string sha256_hex(const std::string& text, std::uint64_t* first8 = nullptr) {
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned int size = 0;
    EXPECT_EQ(EVP_Digest(text.data(), text.size(), digest, &size, EVP_sha256(), nullptr), 1);
    std::string out;
    for (unsigned int i = 0; i < size; ++i) {
        char two[3];
        std::snprintf(two, sizeof two, "%02x", digest[i]);
        out += two;
    }
    if (first8) {
        *first8 = 0;
        for (int i = 0; i < 8; ++i) *first8 = (*first8 << 8) | digest[i];
    }
    return out;
}

}  // namespace hearts::testing
