import type en from '../en/terms';
import type { Catalog } from '../words';

export default {
  // The pass directions, in a challenge's "Reihenfolge der Weitergabe" and in the lobby's summary.
  L: 'links',
  R: 'rechts',
  A: 'gegenüber',
  N: 'keine Weitergabe',
  none: 'keine',

  // A challenge's terms, each a sentence.
  handsEnd: {
    one: 'Das Spiel geht über {n} Runde (oder endet früher bei {end} Punkten).',
    other: 'Das Spiel geht über {n} Runden (oder endet früher bei {end} Punkten).',
  },
  handsOnly: { one: 'Das Spiel geht über {n} Runde.', other: 'Das Spiel geht über {n} Runden.' },
  endsAtPts: 'Das Spiel endet bei {end} Punkten.',
  noPassing: 'Es wird nicht weitergegeben.',
  order: 'Reihenfolge der Weitergabe: {list}.',
  queen: 'Die Q♠ bricht Herz.',
  moonSelf: 'Wer den Mond schießt, bekommt 26 Punkte vom eigenen Stand abgezogen.',
  moonChoice: 'Wer den Mond schießt, wählt, wie er gewertet wird.',
  jack: 'Der J♦ zählt −10 Punkte.',
  tie: 'Haben mehrere den niedrigsten Stand, teilen sie sich den Sieg.',
  noTimer: 'Kein Zugtimer.',
  timer: { one: '{n} Sekunde pro Zug.', other: '{n} Sekunden pro Zug.' },

  // The lobby's summary: "4 Runden · Ende bei 100 · Weitergabe links, rechts, gegenüber, keine · …".
  hands: { one: '{n} Runde', other: '{n} Runden' },
  endsAt: 'Ende bei {end}',
  thenEndsAt: 'Ende bei {end}',
  pass: 'Weitergabe {list}',
  queenShort: 'Q♠ bricht Herz',
  moonShort: 'Mond: Schütze −26',
  choiceShort: 'Mond: Schütze wählt',
  jackShort: 'J♦ −10',
  tieShort: 'Sieg wird geteilt',
} satisfies Catalog<typeof en>;
