// Writes the rating test vectors (tests/data/openskill-vectors.json) from the reference
// implementation of the Weng-Lin Plackett-Luce model, the npm `openskill` package, so the
// server's own C++ (server/model/rating.cpp) can be checked against it to 1e-9
// (tests/server/rating_test.cpp). A dev tool, run by hand after a change to the model:
//   cd tools/ratings && npm ci && npm run vectors
// The games are drawn from a fixed seed, so the file only changes when the cases do.
import { writeFileSync } from 'node:fs';
import { rate, ordinal } from 'openskill';

// mulberry32: a small seeded generator, so every run draws the same games.
function generator(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const random = generator(20261206);
const between = (lo, hi) => lo + (hi - lo) * random();
const whole = (lo, hi) => lo + Math.floor(random() * (hi - lo + 1));

// The option sets the server may use: OpenSkill's defaults, no added uncertainty, and
// sigma never allowed to grow.
const optionSets = [{}, { tau: 0 }, { limitSigma: true }];

const cases = [];
for (const options of optionSets) {
  for (let n = 0; n < 120; n += 1) {
    const players = whole(2, 4);
    const fresh = n % 10 === 0;  // new players: OpenSkill's own starting rating
    const before = Array.from({ length: players }, () =>
      fresh ? { mu: 25, sigma: 25 / 3 } : { mu: between(0, 50), sigma: between(0.3, 9) });
    // Places from 0 (first), each once; in about a third of the games two players tie.
    const places = Array.from({ length: players }, (_, i) => i);
    for (let i = players - 1; i > 0; i -= 1) {
      const j = whole(0, i);
      [places[i], places[j]] = [places[j], places[i]];
    }
    if (random() < 1 / 3) {
      const i = whole(0, players - 1);
      const j = (i + whole(1, players - 1)) % players;
      places[i] = places[j];
    }
    const after = rate(before.map((p) => [p]), { ...options, rank: places }).map((t) => t[0]);
    cases.push({
      options,
      before,
      places,
      after,
      ordinals: after.map((p) => ordinal(p)),
    });
  }
}

const about =
  'Weng-Lin Plackett-Luce updates from the npm openskill package (tools/ratings/vectors.mjs); ' +
  'each player is a team of one, places count from 0 and equal places are ties.';
// One case a line: a change to the cases reads as a diff of lines.
const text =
  `{"about":${JSON.stringify(about)},"openskill":"5.0.1","cases":[\n` +
  cases.map((c) => JSON.stringify(c)).join(',\n') +
  '\n]}\n';
writeFileSync(process.argv[2], text);
console.log(`${cases.length} cases written to ${process.argv[2]}`);
