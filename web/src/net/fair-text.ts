// The shapes of the fair deals' texts (docs/protocol.md, "Fair deals"): what the
// protocol's reader checks a salt, a number, a commitment and a seed against. The
// ledger that keeps them is state/fair.ts.

/** A salt as the server writes it: 32 lower-case hex digits. */
export function isSalt(text: string): boolean {
  return /^[0-9a-f]{32}$/.test(text);
}

/** A player's number for the seed (`new_game`'s `nonce`): 16 to 64 lower-case hex digits. */
export function isNonce(text: string): boolean {
  return /^[0-9a-f]{16,64}$/.test(text);
}

/** A commitment: SHA-256 as 64 lower-case hex digits. */
export function isCommitment(text: string): boolean {
  return /^[0-9a-f]{64}$/.test(text);
}

/** A game seed as the server writes it: decimal, no sign or leading zero, 0 to 2^64 - 1. */
export function isSeedText(text: string): boolean {
  return /^(0|[1-9][0-9]{0,19})$/.test(text) && BigInt(text) < 1n << 64n;
}
