// Commitments to deals (model/fair.h), with OpenSSL's SHA-256 and random generator.
#include "model/fair.h"

#include <openssl/evp.h>
#include <openssl/rand.h>

#include <array>

#include "hearts/hand.h"

namespace hearts::server {
namespace {

constexpr std::size_t kSaltBytes = 16;

std::string hex(const unsigned char* bytes, std::size_t n) {
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string out;
    out.reserve(n * 2);
    for (std::size_t i = 0; i < n; ++i) {
        out += kDigits[bytes[i] >> 4];
        out += kDigits[bytes[i] & 15];
    }
    return out;
}

bool sha256(std::string_view text, std::array<unsigned char, EVP_MAX_MD_SIZE>& digest) {
    unsigned int size = 0;
    return EVP_Digest(text.data(), text.size(), digest.data(), &size, EVP_sha256(), nullptr) == 1 &&
           size == 32;
}

std::string sha256_hex(std::string_view text) {
    std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
    if (!sha256(text, digest)) return {};
    return hex(digest.data(), 32);
}

}  // namespace

std::optional<std::string> fresh_salt() {
    std::array<unsigned char, kSaltBytes> bytes{};
    if (RAND_bytes(bytes.data(), int(bytes.size())) != 1) return std::nullopt;
    return hex(bytes.data(), bytes.size());
}

bool is_salt(std::string_view text) {
    if (text.size() != kSaltBytes * 2) return false;
    for (char c : text)
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
    return true;
}

std::string commitment_text(std::uint64_t game_seed, int hand_index, std::string_view salt) {
    std::string text = "hearts-deal-1:" + std::to_string(hand_index + 1) + ':' +
                       std::to_string(hand_seed(game_seed, hand_index)) + ':';
    text += salt;
    return text;
}

std::string deal_commitment(std::uint64_t game_seed, int hand_index, std::string_view salt) {
    return sha256_hex(commitment_text(game_seed, hand_index, salt));
}

std::string salt_commitment(std::string_view salt) {
    std::string text = "hearts-salt-1:";
    text += salt;
    return sha256_hex(text);
}

bool is_nonce(std::string_view text) {
    if (text.size() < 16 || text.size() > 64) return false;
    for (char c : text)
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
    return true;
}

std::optional<std::uint64_t> mixed_seed(std::string_view salt, std::string_view nonce) {
    std::string text = "hearts-seed-1:";
    text += salt;
    text += ':';
    text += nonce;
    std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
    if (!sha256(text, digest)) return std::nullopt;
    std::uint64_t seed = 0;
    for (int i = 0; i < 8; ++i) seed = (seed << 8) | digest[std::size_t(i)];
    return seed;
}

}  // namespace hearts::server
