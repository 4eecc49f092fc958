import type en from '../en/verify';
import type { Catalog } from '../words';

export default {
  // The seats of a deal: the player's own, and a seat without a name by its letter (Sud, Ouest, Nord, Est).
  you: 'Toi',
  seatS: 'S',
  seatW: 'O',
  seatN: 'N',
  seatE: 'E',
  listComma: '{a}, {b}',

  // What it does, and what it proves.
  intro:
    'Avant la première carte de chaque manche, cette page a reçu un engagement sur la donne : une empreinte SHA-256 de la graine de la manche et d’un secret. À la fin de la partie, le serveur a révélé la graine et le secret. Cette page recalcule maintenant elle-même chaque empreinte et chaque donne.',
  provesMix:
    'Cela prouve que chaque donne était fixée avant d’être jouée et qu’elle correspond au mélange documenté de cette graine (celui que décrit le format des enregistrements de partie) ; et comme la graine mélange ton nombre avec un secret sur lequel le serveur s’est engagé avant que tu le choisisses, aucun des deux camps n’a pu la choisir.',
  proves:
    'C’est le serveur qui a choisi la graine. Cela prouve que chaque donne était fixée avant d’être jouée et qu’elle correspond au mélange documenté de cette graine (celui que décrit le format des enregistrements de partie) ; cela ne prouve pas que la graine a été choisie à l’aveugle.',
  seed: 'Graine de la partie',
  secret: 'Secret',
  yourNumber: 'Ton nombre',

  // The one line that sums it up ({hands}: "1, 3").
  mixBad: 'La graine de la partie n’est pas le mélange du secret engagé et de ton nombre : voir ci-dessous.',
  notOver: 'La partie n’est pas terminée : sa graine et son secret sont encore cachés. Les donnes pourront être vérifiées à la fin.',
  noneKept: 'Ce navigateur n’a gardé aucun engagement pour cette partie : elle a été jouée sur un autre appareil, ou le stockage de la page a été effacé.',
  handsBad: {
    one: 'La manche {hands} ne passe pas la vérification : voir ci-dessous.',
    many: 'Les manches {hands} ne passent pas la vérification : voir ci-dessous.',
    other: 'Les manches {hands} ne passent pas la vérification : voir ci-dessous.',
  },
  oneGood: 'La donne est vérifiée : c’est bien celle annoncée par l’engagement avant que sa première carte soit jouée, et tes cartes sont bien celles que distribue la graine.',
  allGood: {
    one: 'La donne est vérifiée : c’est bien celle annoncée par l’engagement avant que sa première carte soit jouée, et tes cartes sont bien celles que distribue la graine.',
    many: 'Les {n} donnes sont vérifiées : chacune est bien celle annoncée par l’engagement avant que sa première carte soit jouée, et tes cartes sont bien celles que distribue la graine.',
    other: 'Les {n} donnes sont vérifiées : chacune est bien celle annoncée par l’engagement avant que sa première carte soit jouée, et tes cartes sont bien celles que distribue la graine.',
  },
  someGood: {
    one: 'Donnes vérifiées : {good} sur {n}. Pour les autres, cette page n’a pas reçu l’engagement avant que la manche soit jouée (elle a été ouverte plus tard, ou rechargée) : elle ne peut donc pas les prouver ; rien de ce qu’elle a vu n’est faux.',
    many: 'Donnes vérifiées : {good} sur {n}. Pour les autres, cette page n’a pas reçu l’engagement avant que la manche soit jouée (elle a été ouverte plus tard, ou rechargée) : elle ne peut donc pas les prouver ; rien de ce qu’elle a vu n’est faux.',
    other:
      'Donnes vérifiées : {good} sur {n}. Pour les autres, cette page n’a pas reçu l’engagement avant que la manche soit jouée (elle a été ouverte plus tard, ou rechargée) : elle ne peut donc pas les prouver ; rien de ce qu’elle a vu n’est faux.',
  },

  // The seed's mix ({number}: the start of a number, "3f9a0c21…"; {sent}, {revealed}: whole numbers).
  mixTitle: 'La graine',
  mixNotKept:
    'La graine a été obtenue en mélangeant le secret du serveur et un nombre ({number}) que ce navigateur n’a pas gardé (la partie a été commencée sur un autre appareil, ou le stockage de la page a été effacé) : impossible donc de vérifier que la graine n’a pas été choisie.',
  mixGood: 'Ton nombre {number} a été mélangé dans la graine avec le secret du serveur, sur lequel celui-ci s’était engagé avant que tu le choisisses : la graine n’a pas pu être choisie.',
  mixWrong: 'Ton nombre {number} et le secret du serveur ne donnent pas la graine de cette partie comme promis : la graine a pu être choisie.',
  secretCommitted: 'Le secret est bien celui sur lequel le serveur s’est engagé avant que cette page choisisse son nombre.',
  secretNotCommitted: 'Le secret n’est pas celui sur lequel le serveur s’est engagé avant que cette page choisisse son nombre.',
  usedNumber: 'Le serveur a bien utilisé ton nombre, {sent}.',
  noNumber: 'Le serveur affirme qu’aucun nombre n’a été mélangé dans la graine, mais cette page a envoyé {sent}.',
  otherNumber: 'Le serveur a révélé le nombre {revealed}, mais cette page a envoyé {sent}.',
  seedMixed: 'La graine de la partie est bien le mélange du secret et de ton nombre.',
  seedNotMixed: 'La graine de la partie n’est pas le mélange du secret et de ton nombre.',

  // Each hand.
  hand: 'Manche {hand}',
  theDeal: 'La donne',
  noCommitment: 'Cette page n’a pas reçu l’engagement de cette manche : elle ne peut donc pas la vérifier.',
  commitWrong: 'L’engagement reçu avec la donne ne correspond pas à la graine et au secret révélés.',
  commitGood: 'L’engagement reçu avec la donne correspond.',
  commitLate: 'L’engagement correspond, mais cette page ne l’a reçu que pendant la manche : il ne prouve donc pas que la donne était fixée avant le jeu.',
  changed: 'Le serveur a ensuite envoyé un autre engagement pour cette manche.',
  cardsUnseen: 'Cette page n’a pas vu tes cartes au moment de la distribution (elle a été ouverte en cours de manche).',
  cardsGood: 'Tes 13 cartes sont bien celles que distribue la graine.',
  cardsWrong: 'Tes cartes ne sont pas celles que distribue la graine.',

  // The form that checks any deal ({seed}: the seed as typed).
  checkYourself: 'Vérifier une donne toi-même',
  salt: 'Secret (sel)',
  handField: 'Manche',
  commitment: 'Engagement (facultatif)',
  check: 'Vérifier',
  badSeed: 'La graine est un nombre entier de 0 à 18446744073709551615, écrit sans espaces.',
  badHand: 'La manche est un nombre de 1 à 999.',
  badCommitment: 'Un engagement fait 64 chiffres hexadécimaux (0-9, a-f).',
  badSalt: 'Le secret fait 32 chiffres hexadécimaux (0-9, a-f).',
  deals: 'La manche {hand} de la graine {seed} distribue :',
  matches: 'L’engagement correspond à cette graine, ce secret et cette manche.',
  noMatch: 'L’engagement ne correspond pas à cette graine, ce secret et cette manche.',
} satisfies Catalog<typeof en>;
