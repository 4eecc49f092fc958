import type en from '../en/review';
import type { Catalog } from '../words';

export default {
  // Where the points went, by kind of decision ("following suit 0.4 points").
  kindPass: 'oddawanie',
  kindLead: 'wychodzenie',
  kindFollow: 'dokładanie do koloru',
  kindDiscard: 'zrzucanie',
  kindMoon: 'obrona przed księżycem',
  kindLost: '{kind} ({points})',
  // A decision's kind in the timeline's "What" column.
  stepLead: 'wyjście',
  stepFollow: 'do koloru',
  stepDiscard: 'zrzutka',
  stepMoon: 'obrona',
  // An amount of points, with one decimal: "4.2 points", "1 point".
  points: { one: '{n} punkt', few: '{n} punkty', many: '{n} punktów', other: '{n} punktu' },
  south: 'Południe',
  west: 'Zachód',
  north: 'Północ',
  east: 'Wschód',
  // Cards in words: "the Q♠", "the Q♠, A♥ and 2♣".
  theCards: '{cards}',
  listComma: '{a}, {b}',
  listAnd: '{a} i {b}',

  // The summary and how it was made.
  wellPlayed: 'Żadna zagrana przez ciebie karta nie kosztowała wyraźnie więcej niż najlepsza: dobra gra.',
  wellPlayedPass: 'Żadna oddana ani zagrana przez ciebie karta nie kosztowała wyraźnie więcej niż najlepsza: dobra gra.',
  lost: 'Błędy kosztowały cię ok. {points}: {kinds}.',
  weighed:
    'Każdą zagraną przez ciebie kartę porównano z najlepszą w tej samej sytuacji na {deals} układach niewidocznych dla ciebie kart, rozegranych przez komputer; punkty to średni koszt reszty rozdania.',
  weighedPass:
    'Każde oddanie i każdą zagraną przez ciebie kartę porównano z najlepszym wyborem w tej samej sytuacji na {deals} układach niewidocznych dla ciebie kart (oddanie – na większej liczbie), rozegranych przez komputer; punkty to średni koszt reszty rozdania.',
  marked: 'Oznaczone są te, które kosztowały co najmniej {noise} punktu więcej niż najlepszy wybór.',
  markedPass: 'Oznaczone są te, które kosztowały co najmniej {noise} punktu więcej niż najlepszy wybór (oddanie – także więcej niż błąd próbkowania).',
  playedOut: { one: '+{n} karta zagrana automatycznie', few: '+{n} karty zagrane automatycznie', many: '+{n} kart zagranych automatycznie', other: '+{n} karty zagranej automatycznie' },
  claimedNote: 'Rozdanie, którego wynik nie mógł się już zmienić, skończyło się od razu: zagranych wtedy kart nikt nie wybierał, więc nie są oceniane.',
  open: 'Otwórz „Lewa po lewie” przy rozdaniu, by zobaczyć liczby.',
  openSee: 'Otwórz „Lewa po lewie” przy rozdaniu, by zobaczyć liczby, a „Zobacz” przy błędzie, by obejrzeć powtórkę tuż przed nim.',
  loading: 'Porównuję każde twoje oddanie i każdą zagraną kartę z najlepszym wyborem…',
  failed: 'Nie udało się przygotować analizy.',

  // A hand's pass ({cards}, {best}: "the Q♠, A♥ and 2♣"; {to}: "to the left (West)"; {cost}, {bestCost}: "7.1 points").
  toLeft: 'w lewo ({seat})',
  toRight: 'w prawo ({seat})',
  toAcross: 'naprzeciwko ({seat})',
  passMistake: 'Oddanie: {cards} {to} kosztowało ok. {cost}; oddanie {best} kosztowałoby ok. {bestCost}.',
  passBest: 'Oddanie: {cards} {to}, ok. {cost} – najlepsze możliwe.',
  passAsGood: 'Oddanie: {cards} {to}, ok. {cost}, równie dobre jak wybór komputera: oddanie {best} kosztowałoby ok. {bestCost}.',
  passNoDifference: 'Oddanie: {cards} {to}, ok. {cost}; oddanie {best} kosztowałoby ok. {bestCost}, bez wyraźnej różnicy.',
  // Where it went, under its cards: "→ left".
  left: 'w lewo',
  right: 'w prawo',
  across: 'naprzeciwko',
  // A card played ({card}, {best}: "Q♥").
  cardSafe: 'Lewa {trick}: zagranie {card} kosztowało ok. {cost}; zagranie {best} byłoby bezpieczne.',
  cardCost: 'Lewa {trick}: zagranie {card} kosztowało ok. {cost}; zagranie {best} kosztowałoby ok. {bestCost}.',
  cardFine: 'Lewa {trick}: {card}, ok. {cost}.',
  cardBest: 'Lewa {trick}: {card}, ok. {cost} – najlepsza karta.',

  // Each hand, trick by trick.
  hand: 'Rozdanie {hand}',
  byTrick: 'Lewa po lewie',
  byTrickLabel: 'Rozdanie {hand}, lewa po lewie',
  caption: 'Rozdanie {hand}: każda twoja decyzja – twoja karta i najlepsza, ze średnim kosztem każdej w punktach – oraz strata.',
  captionPass: 'Rozdanie {hand}: każda twoja decyzja – twoje oddanie lub karta i najlepszy wybór, ze średnim kosztem każdego w punktach – oraz strata.',
  captionYours: 'Komputer wybrał swoje oddanie na innych układach: na tych twoje kosztowało nie więcej, więc najlepsze jest twoje.',
  colTrick: 'Lewa',
  colWhat: 'Co',
  colYours: 'Twój ruch',
  colBest: 'Najlepszy',
  colLost: 'Strata',
  pass: 'Oddanie',
  passToLeft: 'oddanie w lewo',
  passToRight: 'oddanie w prawo',
  passAcross: 'oddanie naprzeciwko',
  yours: 'twoje',
  // After "yours": the search's pass and its points ({pass}).
  searchPass: '(komputer: {pass})',
  aMistake: ', błąd',
  seeIt: 'Zobacz',
  seePass: 'Zobacz oddanie w rozdaniu {hand} w powtórce',
  seeCard: 'Zobacz rozdanie {hand}, lewę {trick} w powtórce',

  // The largest mistakes, largest first.
  largest: 'Największe błędy',
  largestPass: 'Rozdanie {hand}, oddanie: {cards} kosztowało ok. {cost}; {best} – ok. {bestCost}. ({kind})',
  largestSafe: 'Rozdanie {hand}, lewa {trick}: zagranie {card} kosztowało ok. {cost}; zagranie {best} byłoby bezpieczne. ({kind})',
  largestCost: 'Rozdanie {hand}, lewa {trick}: zagranie {card} kosztowało ok. {cost}; zagranie {best} kosztowałoby ok. {bestCost}. ({kind})',
} satisfies Catalog<typeof en>;
