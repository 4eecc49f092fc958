// English of a hint in words, for the other catalogues' type: an English page shows the
// server's own `text` (richer: ai/src/hint.cpp's facts); another language words the hint
// from its fields (game/a11y.ts, hintText).
export default {
  pass: 'Pass {cards}.',
  play: 'Play {card}: you can expect to take about {points} points with it this hand.',
  play2: 'Play {card}: you can expect to take about {points} points with it this hand; with {other}, about {alt}.',
} as const;
