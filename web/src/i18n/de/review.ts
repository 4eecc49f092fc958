import type en from '../en/review';
import type { Catalog } from '../words';

export default {
  // Where the points went, by kind of decision ("following suit 0.4 points").
  kindPass: 'beim Weitergeben',
  kindLead: 'beim Ausspielen',
  kindFollow: 'beim Bedienen',
  kindDiscard: 'beim Abwerfen',
  kindMoon: 'bei der Mondabwehr',
  kindLost: '{kind} {points}',
  // A decision's kind in the timeline's "What" column.
  stepLead: 'Ausspielen',
  stepFollow: 'Bedienen',
  stepDiscard: 'Abwerfen',
  stepMoon: 'Mondabwehr',
  // An amount of points, with one decimal: "4.2 points", "1 point".
  points: { one: '{n} Punkt', other: '{n} Punkte' },
  south: 'Süd',
  west: 'West',
  north: 'Nord',
  east: 'Ost',
  // Cards in words: "the Q♠", "the Q♠, A♥ and 2♣".
  theCards: '{cards}',
  listComma: '{a}, {b}',
  listAnd: '{a} und {b}',

  // The summary and how it was made.
  wellPlayed: 'Keine deiner Karten hat spürbar mehr gekostet als die beste: gut gespielt.',
  wellPlayedPass: 'Keine Karte, die du weitergegeben oder gespielt hast, hat spürbar mehr gekostet als die beste: gut gespielt.',
  lost: 'Durch Fehler hast du etwa {points} verloren: {kinds}.',
  weighed:
    'Jede gespielte Karte wurde mit der besten in derselben Lage verglichen – auf {deals} Verteilungen der Karten, die du nicht sehen konntest, vom Computer zu Ende gespielt. Die Punkte sind, was dich der Rest der Runde im Schnitt gekostet hat.',
  weighedPass:
    'Jedes Weitergeben und jede gespielte Karte wurde mit der besten Wahl in derselben Lage verglichen – auf {deals} Verteilungen der Karten, die du nicht sehen konntest (beim Weitergeben auf mehr), vom Computer zu Ende gespielt. Die Punkte sind, was dich der Rest der Runde im Schnitt gekostet hat.',
  marked: 'Markiert ist, was mindestens {noise} Punkte mehr gekostet hat als die beste Wahl.',
  markedPass:
    'Markiert ist, was mindestens {noise} Punkte mehr gekostet hat als die beste Wahl (beim Weitergeben außerdem mehr als die Messungenauigkeit der Stichprobe).',
  playedOut: { one: '+{n} Karte ausgespielt', other: '+{n} Karten ausgespielt' },
  claimedNote: 'Eine Runde, deren Ergebnis sich nicht mehr ändern konnte, endete sofort: Die dabei ausgespielten Karten hat niemand gewählt, darum werden sie nicht bewertet.',
  open: 'Öffne bei einer Runde „Stich für Stich“, um die Zahlen zu sehen.',
  openSee: 'Öffne bei einer Runde „Stich für Stich“ für die Zahlen und bei einem Fehler „Ansehen“ für das Replay kurz davor.',
  loading: 'Jedes Weitergeben und jede gespielte Karte wird mit der besten Wahl verglichen…',
  failed: 'Die Analyse konnte nicht erstellt werden.',

  // A hand's pass ({cards}, {best}: "the Q♠, A♥ and 2♣"; {to}: "to the left (West)"; {cost}, {bestCost}: "7.1 points").
  toLeft: 'nach links ({seat})',
  toRight: 'nach rechts ({seat})',
  toAcross: 'über den Tisch ({seat})',
  passMistake: 'Weitergabe von {cards} {to}: etwa {cost}; mit {best} wären es etwa {bestCost} gewesen.',
  passBest: 'Weitergabe von {cards} {to}: etwa {cost} – die beste Wahl.',
  passAsGood: 'Weitergabe von {cards} {to}: etwa {cost}, so gut wie die Wahl der Suche (mit {best} wären es etwa {bestCost} gewesen).',
  passNoDifference: 'Weitergabe von {cards} {to}: etwa {cost}; mit {best} wären es etwa {bestCost} gewesen – kein klarer Unterschied.',
  // Where it went, under its cards: "→ left".
  left: 'links',
  right: 'rechts',
  across: 'gegenüber',
  // A card played ({card}, {best}: "Q♥").
  cardSafe: 'Stich {trick}: {card} kostete etwa {cost}; {best} wäre sicher gewesen.',
  cardCost: 'Stich {trick}: {card} kostete etwa {cost}; {best} hätte etwa {bestCost} gekostet.',
  cardFine: 'Stich {trick}: {card}, etwa {cost}.',
  cardBest: 'Stich {trick}: {card}, etwa {cost} – die beste Karte.',

  // Each hand, trick by trick.
  hand: 'Runde {hand}',
  byTrick: 'Stich für Stich',
  byTrickLabel: 'Runde {hand}, Stich für Stich',
  caption:
    'Runde {hand}: jede deiner Entscheidungen – deine Karte und die beste, jeweils mit den Punkten, die sie im Schnitt kostet, und die verlorenen Punkte.',
  captionPass:
    'Runde {hand}: jede deiner Entscheidungen – deine Weitergabe oder Karte und die beste, jeweils mit den Punkten, die sie im Schnitt kostet, und die verlorenen Punkte.',
  captionYours: 'Die Suche hat ihre Weitergabe auf anderen Verteilungen gewählt: Auf diesen hat deine nicht mehr gekostet, also ist deine die beste.',
  colTrick: 'Stich',
  colWhat: 'Was',
  colYours: 'Deine',
  colBest: 'Beste',
  colLost: 'Verlust',
  pass: 'Weitergabe',
  passToLeft: 'nach links',
  passToRight: 'nach rechts',
  passAcross: 'über den Tisch',
  yours: 'deine',
  // After "yours": the search's pass and its points ({pass}).
  searchPass: '(Suche: {pass})',
  aMistake: ', ein Fehler',
  seeIt: 'Ansehen',
  seePass: 'Weitergabe in Runde {hand} im Replay ansehen',
  seeCard: 'Runde {hand}, Stich {trick} im Replay ansehen',

  // The largest mistakes, largest first.
  largest: 'Die größten Fehler',
  largestPass: 'Runde {hand}: Weitergabe von {cards} kostete etwa {cost}, von {best} etwa {bestCost}. ({kind})',
  largestSafe: 'Runde {hand}, Stich {trick}: {card} kostete etwa {cost}; {best} wäre sicher gewesen. ({kind})',
  largestCost: 'Runde {hand}, Stich {trick}: {card} kostete etwa {cost}; {best} hätte etwa {bestCost} gekostet. ({kind})',
} satisfies Catalog<typeof en>;
