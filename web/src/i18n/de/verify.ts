import type en from '../en/verify';
import type { Catalog } from '../words';

export default {
  // The seats of a deal: the player's own, and a seat without a name by its letter.
  you: 'Du',
  seatS: 'S',
  seatW: 'W',
  seatN: 'N',
  seatE: 'O',
  listComma: '{a}, {b}',

  // What it does, and what it proves.
  intro:
    'Vor der ersten Karte jeder Runde hat diese Seite ein Commitment auf die Kartenverteilung erhalten: einen SHA-256-Fingerabdruck aus dem Seed der Runde und einem Geheimnis. Am Spielende hat der Server Seed und Geheimnis offengelegt. Jetzt berechnet diese Seite jeden Fingerabdruck und jede Verteilung selbst nach.',
  provesMix:
    'Das beweist, dass jede Verteilung feststand, bevor gespielt wurde, und genau das dokumentierte Mischen dieses Seeds ist (dasselbe, das das Format des Spielprotokolls beschreibt). Und da der Seed deine Zahl mit einem Geheimnis mischt, auf das sich der Server festgelegt hat, bevor du sie gewählt hast, konnte keine Seite ihn bestimmen.',
  proves:
    'Den Seed hat der Server gewählt. Das beweist, dass jede Verteilung feststand, bevor gespielt wurde, und genau das dokumentierte Mischen dieses Seeds ist (dasselbe, das das Format des Spielprotokolls beschreibt); es beweist nicht, dass der Seed blind gewählt wurde.',
  seed: 'Seed des Spiels',
  secret: 'Geheimnis',
  yourNumber: 'Deine Zahl',

  // The one line that sums it up ({hands}: "1, 3").
  mixBad: 'Der Seed des Spiels ist nicht die Mischung aus dem festgelegten Geheimnis und deiner Zahl: siehe unten.',
  notOver: 'Das Spiel ist noch nicht vorbei, daher sind Seed und Geheimnis noch verborgen. Die Verteilungen lassen sich prüfen, sobald es endet.',
  noneKept:
    'Dieser Browser hat für dieses Spiel keine Commitments gespeichert: Es wurde auf einem anderen Gerät gespielt, oder der Speicher der Seite wurde gelöscht.',
  handsBad: { one: 'Runde {hands} stimmt nicht: siehe unten.', other: 'Die Runden {hands} stimmen nicht: siehe unten.' },
  oneGood:
    'Die Verteilung stimmt: Es ist die, auf die sich der Server vor der ersten Karte festgelegt hat, und deine Karten sind die, die der Seed gibt.',
  allGood: {
    one: 'Alle {n} Verteilungen stimmen: Jede ist die, auf die sich der Server vor ihrer ersten Karte festgelegt hat, und deine Karten sind die, die der Seed gibt.',
    other: 'Alle {n} Verteilungen stimmen: Jede ist die, auf die sich der Server vor ihrer ersten Karte festgelegt hat, und deine Karten sind die, die der Seed gibt.',
  },
  someGood: {
    one: '{good} von {n} Verteilung stimmt. Für die übrigen hat diese Seite das Commitment nicht erhalten, bevor die Runde gespielt wurde (sie wurde später geöffnet oder neu geladen), und kann sie daher nicht beweisen; nichts von dem, was sie gesehen hat, ist falsch.',
    other:
      '{good} von {n} Verteilungen stimmen. Für die übrigen hat diese Seite das Commitment nicht erhalten, bevor die Runde gespielt wurde (sie wurde später geöffnet oder neu geladen), und kann sie daher nicht beweisen; nichts von dem, was sie gesehen hat, ist falsch.',
  },

  // The seed's mix ({number}: the start of a number, "3f9a0c21…"; {sent}, {revealed}: whole numbers).
  mixTitle: 'Der Seed',
  mixNotKept:
    'Der Seed wurde aus dem Geheimnis des Servers und einer Zahl ({number}) gemischt, die dieser Browser nicht gespeichert hat (das Spiel wurde auf einem anderen Gerät gestartet, oder der Speicher der Seite wurde gelöscht). Daher lässt sich nicht prüfen, ob der Seed gezielt gewählt wurde.',
  mixGood:
    'Deine Zahl {number} wurde mit dem Geheimnis des Servers in den Seed gemischt, und auf dieses Geheimnis hatte er sich festgelegt, bevor du die Zahl gewählt hast: Der Seed konnte nicht gezielt gewählt werden.',
  mixWrong: 'Deine Zahl {number} und das Geheimnis des Servers ergeben nicht wie versprochen den Seed dieses Spiels: Der Seed könnte gezielt gewählt worden sein.',
  secretCommitted: 'Das Geheimnis ist das, auf das sich der Server festgelegt hat, bevor diese Seite ihre Zahl gewählt hat.',
  secretNotCommitted: 'Das Geheimnis ist nicht das, auf das sich der Server festgelegt hat, bevor diese Seite ihre Zahl gewählt hat.',
  usedNumber: 'Der Server hat deine Zahl verwendet: {sent}.',
  noNumber: 'Laut Server wurde keine Zahl in den Seed gemischt, aber diese Seite hat {sent} gesendet.',
  otherNumber: 'Der Server hat die Zahl {revealed} offengelegt, aber diese Seite hat {sent} gesendet.',
  seedMixed: 'Der Seed des Spiels ist die Mischung aus dem Geheimnis und deiner Zahl.',
  seedNotMixed: 'Der Seed des Spiels ist nicht die Mischung aus dem Geheimnis und deiner Zahl.',

  // Each hand.
  hand: 'Runde {hand}',
  theDeal: 'Die Verteilung',
  noCommitment: 'Diese Seite hat das Commitment dieser Runde nicht erhalten und kann sie daher nicht prüfen.',
  commitWrong: 'Das mit der Verteilung erhaltene Commitment passt nicht zum offengelegten Seed und Geheimnis.',
  commitGood: 'Das mit der Verteilung erhaltene Commitment passt.',
  commitLate:
    'Das Commitment passt, aber diese Seite hat es erst während der Runde erhalten. Es beweist also nicht, dass die Verteilung vor dem Spielen feststand.',
  changed: 'Der Server hat für diese Runde später ein anderes Commitment gesendet.',
  cardsUnseen: 'Deine Karten wurden auf dieser Seite nicht beim Geben gesehen (sie wurde erst später in der Runde geöffnet).',
  cardsGood: 'Deine 13 Karten sind die, die der Seed gibt.',
  cardsWrong: 'Deine Karten sind nicht die, die der Seed gibt.',

  // The form that checks any deal ({seed}: the seed as typed).
  checkYourself: 'Verteilung selbst prüfen',
  salt: 'Geheimnis (Salt)',
  handField: 'Runde',
  commitment: 'Commitment (optional)',
  check: 'Prüfen',
  badSeed: 'Der Seed ist eine ganze Zahl von 0 bis 18446744073709551615, ohne Leerzeichen geschrieben.',
  badHand: 'Die Runde ist eine Zahl von 1 bis 999.',
  badCommitment: 'Ein Commitment besteht aus 64 Hex-Ziffern (0–9, a–f).',
  badSalt: 'Das Geheimnis besteht aus 32 Hex-Ziffern (0–9, a–f).',
  deals: 'Runde {hand} mit Seed {seed} gibt:',
  matches: 'Das Commitment passt zu diesem Seed, Geheimnis und dieser Runde.',
  noMatch: 'Das Commitment passt nicht zu diesem Seed, Geheimnis und dieser Runde.',
} satisfies Catalog<typeof en>;
