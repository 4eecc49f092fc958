import type en from '../en/terms';
import type { Catalog } from '../words';

export default {
  // The pass directions, in a challenge's "Pass order" and in the lobby's summary.
  L: 'w lewo',
  R: 'w prawo',
  A: 'naprzeciwko',
  N: 'bez oddawania',
  none: 'brak',

  // A challenge's terms, each a sentence.
  handsEnd: {
    one: 'Partia ma {n} rozdanie (albo kończy się wcześniej przy {end} punktach).',
    few: 'Partia ma {n} rozdania (albo kończy się wcześniej przy {end} punktach).',
    many: 'Partia ma {n} rozdań (albo kończy się wcześniej przy {end} punktach).',
    other: 'Partia ma {n} rozdania (albo kończy się wcześniej przy {end} punktach).',
  },
  handsOnly: {
    one: 'Partia ma {n} rozdanie.',
    few: 'Partia ma {n} rozdania.',
    many: 'Partia ma {n} rozdań.',
    other: 'Partia ma {n} rozdania.',
  },
  endsAtPts: 'Partia kończy się przy {end} punktach.',
  noPassing: 'Bez oddawania kart.',
  order: 'Kolejność oddawania: {list}.',
  queen: 'Q♠ łamie kiery.',
  moonSelf: 'Strzał w księżyc odejmuje strzelcowi 26 punktów.',
  moonChoice: 'Kto strzeli w księżyc, sam wybiera, jak go rozliczyć.',
  jack: 'J♦ odejmuje 10 punktów.',
  tie: 'Gracze z równym najniższym wynikiem dzielą się wygraną.',
  noTimer: 'Bez zegara.',
  timer: {
    one: '{n} sekunda na ruch.',
    few: '{n} sekundy na ruch.',
    many: '{n} sekund na ruch.',
    other: '{n} sekundy na ruch.',
  },

  // The lobby's summary: "4 hands · ends at 100 · pass left, right, across, none · …".
  hands: { one: '{n} rozdanie', few: '{n} rozdania', many: '{n} rozdań', other: '{n} rozdania' },
  endsAt: 'Do {end} pkt',
  thenEndsAt: 'do {end} pkt',
  pass: 'oddawanie: {list}',
  queenShort: 'Q♠ łamie kiery',
  moonShort: 'księżyc: strzelec −26',
  choiceShort: 'księżyc: wybór strzelca',
  jackShort: 'J♦ −10',
  tieShort: 'remis dzieli wygraną',
} satisfies Catalog<typeof en>;
