// Our own PRNG and shuffle, so a seed gives the same deal on every compiler and
// platform (the standard library's distributions are not specified bit for bit).
//
// Generator: SplitMix64 (a 64-bit Weyl sequence through a fixed mixing function).
// Each 64-bit output is used as two 32-bit draws, high half first. Bounded numbers:
// Lemire's multiply-and-reject on a 32-bit draw, using only 64-bit integer arithmetic,
// so it is exact and portable. docs/game-record.md states the
// exact algorithm so anyone can check a deal from its seed.
#pragma once

#include <cstdint>

namespace hearts {

/// The SplitMix64 output function: a strong 64-bit mixer.
constexpr std::uint64_t mix64(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

class Rng {
  public:
    constexpr explicit Rng(std::uint64_t seed) : state_(seed) {}

    constexpr std::uint64_t next() {
        state_ += 0x9e3779b97f4a7c15ULL;
        return mix64(state_);
    }

    /// The high half of a fresh 64-bit output, then its low half.
    constexpr std::uint32_t next32() {
        if (has_low_) {
            has_low_ = false;
            return low_;
        }
        const std::uint64_t x = next();
        low_ = std::uint32_t(x);
        has_low_ = true;
        return std::uint32_t(x >> 32);
    }

    /// Uniform in [0, bound). Precondition: 0 < bound < 2^32.
    constexpr std::uint32_t below(std::uint32_t bound) {
        std::uint64_t m = std::uint64_t(next32()) * bound;
        auto low = std::uint32_t(m);
        if (low < bound) {
            const std::uint32_t threshold = std::uint32_t(-bound) % bound;
            while (low < threshold) {
                m = std::uint64_t(next32()) * bound;
                low = std::uint32_t(m);
            }
        }
        return std::uint32_t(m >> 32);
    }

    constexpr std::uint64_t state() const { return state_; }

  private:
    std::uint64_t state_;
    std::uint32_t low_ = 0;
    bool has_low_ = false;
};

}  // namespace hearts
