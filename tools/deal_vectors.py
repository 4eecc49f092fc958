#!/usr/bin/env python3
"""Writes tests/data/deal-vectors.txt: 1,000 (game seed, hand) pairs and each seat's cards,
computed here from docs/game-record.md ("The deal") alone, the commitment to 20 of them, and
20 game seeds mixed of a salt and a player's number (docs/protocol.md, "Fair deals"). The C++ engine (tests/server/table_test.cpp, Fair.*) and
the browser's deal (web/tests/deal.test.ts) are each checked against this file, so three
implementations written apart must agree.

Usage: python3 tools/deal_vectors.py > tests/data/deal-vectors.txt
"""
import hashlib
import random

M64 = (1 << 64) - 1
G = 0x9E3779B97F4A7C15
RANKS = "23456789TJQKA"
SUITS = "CDSH"


def mix(z):
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return z ^ (z >> 31)


def seed_of_hand(game_seed, hand):
    return mix((game_seed + G * hand) & M64)


class Draws:
    def __init__(self, seed):
        self.state = seed
        self.low = None

    def draw32(self):
        if self.low is not None:
            low, self.low = self.low, None
            return low
        self.state = (self.state + G) & M64
        x = mix(self.state)
        self.low = x & 0xFFFFFFFF
        return x >> 32

    def below(self, n):
        m = self.draw32() * n
        if (m & 0xFFFFFFFF) < n:
            t = ((1 << 32) - n) % n
            while (m & 0xFFFFFFFF) < t:
                m = self.draw32() * n
        return m >> 32


def deal(game_seed, hand):
    d = Draws(seed_of_hand(game_seed, hand))
    deck = list(range(52))
    for i in range(51, 0, -1):
        j = d.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    seats = [sorted(deck[13 * s: 13 * s + 13]) for s in range(4)]
    return ["".join(RANKS[k % 13] + SUITS[k // 13] for k in cards) for cards in seats]


def main():
    rng = random.Random(20261203)
    pairs = [(0, 1), (1, 1), (155, 1), (155, 2), (M64, 1), (M64, 40), (1 << 63, 3)]
    while len(pairs) < 1000:
        pairs.append((rng.getrandbits(rng.choice([8, 16, 32, 53, 64])), rng.randint(1, 40)))
    print("# deal: <game seed> <hand, from 1> <S> <W> <N> <E>, each seat's 13 cards in index order")
    print("# commit: <game seed> <hand> <salt> <SHA-256 of hearts-deal-1:<hand>:<hand seed>:<salt>>")
    print("# seedmix: <salt> <nonce> <SHA-256 of hearts-salt-1:<salt>> <game seed: SHA-256 of "
          "hearts-seed-1:<salt>:<nonce>, first 8 bytes big-endian>")
    print("# written by tools/deal_vectors.py from the documents alone; do not edit")
    for seed, hand in pairs:
        print("deal", seed, hand, *deal(seed, hand))
    for seed, hand in pairs[:20]:
        salt = "%032x" % rng.getrandbits(128)
        text = "hearts-deal-1:%d:%d:%s" % (hand, seed_of_hand(seed, hand), salt)
        print("commit", seed, hand, salt, hashlib.sha256(text.encode()).hexdigest())
    # A game seed mixed of the server's salt and the player's number (protocol.md, "Fair
    # deals"): the salt's commitment, and the seed, the first 8 bytes of SHA-256 big-endian.
    for k in range(20):
        salt = "%032x" % rng.getrandbits(128)
        nonce = "%0*x" % (2 * (8 + k), rng.getrandbits(8 * (8 + k)))
        committed = hashlib.sha256(("hearts-salt-1:" + salt).encode()).hexdigest()
        digest = hashlib.sha256(("hearts-seed-1:%s:%s" % (salt, nonce)).encode()).digest()
        print("seedmix", salt, nonce, committed, int.from_bytes(digest[:8], "big"))


if __name__ == "__main__":
    main()
