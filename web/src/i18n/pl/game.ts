import type en from '../en/game';
import type { Catalog } from '../words';

export default {
  // The suits and ranks by their letters ("Q♠" is the queen of spades), and a card in words.
  // A card is "dama pik" (nominative): sentences put it after a colon.
  C: 'trefl',
  D: 'karo',
  S: 'pik',
  H: 'kier',
  '2': 'dwójka',
  '3': 'trójka',
  '4': 'czwórka',
  '5': 'piątka',
  '6': 'szóstka',
  '7': 'siódemka',
  '8': 'ósemka',
  '9': 'dziewiątka',
  T: 'dziesiątka',
  J: 'walet',
  Q: 'dama',
  K: 'król',
  A: 'as',
  card: '{rank} {suit}',

  // The pass, by direction (the status line, the announcer).
  np: 'W tym rozdaniu bez oddawania',
  pleft: 'Oddaj trzy karty w lewo ({name})',
  pright: 'Oddaj trzy karty w prawo ({name})',
  pacross: 'Oddaj trzy karty osobie naprzeciwko ({name})',

  // Why a card cannot be played.
  nNow: 'Teraz nie możesz zagrać karty',
  wF: 'Poczekaj na swój ruch: teraz ruch ma {name}',
  wait: 'Poczekaj na swój ruch',
  fol: 'Musisz dołożyć do koloru: {suit}',
  two: 'Pierwszą lewę zaczyna dwójka trefl',
  ft: 'W pierwszej lewie nie wolno zagrać kiera ani damy pik',
  nBr: 'Kiery nie są jeszcze złamane',
  cant: 'Nie możesz teraz zagrać tej karty: {card}',

  // Shooting the moon, explained (as the rules score it).
  moon: 'Strzał w księżyc to sytuacja, gdy jeden gracz zbierze wszystkie kiery i damę pik. Dostaje wtedy 0 punktów, a wszyscy pozostali po 26 punktów!',
  mS:
    'Strzał w księżyc to sytuacja, gdy jeden gracz zbierze wszystkie kiery i damę pik. Według tych zasad zamiast tego odejmuje sobie 26 punktów od wyniku!',
  ver: 'To jest wersja {v} gry Kierki.',

  // What a screen reader hears (a11y.ts). "you" is the player in a list of winners.
  yW: 'Gratulacje, wygrywasz!',
  you: 'ty',
  won: 'Wygrywa {names}.',
  wA: 'Wygrywają ex aequo: {names}.',
  hand: 'Rozdanie {n}.',
  iP: 'Karty oddane.',
  got: 'Otrzymujesz: {cards}.',
  iPl: 'Zagrywasz: {card}.',
  pl: '{name} zagrywa: {card}.',
  iT: 'Bierzesz lewę.',
  tk: '{name} bierze lewę.',
  iTP: {
    one: 'Bierzesz lewę: {n} punkt.',
    few: 'Bierzesz lewę: {n} punkty.',
    many: 'Bierzesz lewę: {n} punktów.',
    other: 'Bierzesz lewę: {n} punktu.',
  },
  tkP: {
    one: '{name} bierze lewę: {n} punkt.',
    few: '{name} bierze lewę: {n} punkty.',
    many: '{name} bierze lewę: {n} punktów.',
    other: '{name} bierze lewę: {n} punktu.',
  },
  brk: 'Kiery złamane.',
  clN: 'Nie zostało już punktów do wzięcia, więc rozdanie się skończyło.',
  iCl: 'Bierzesz wszystkie pozostałe lewy: nikt nie może przebić twoich kart.',
  cl: '{name} bierze wszystkie pozostałe lewy: nikt nie może przebić tych kart.',
  hO: 'Koniec rozdania {n}.',
  sc: {
    one: 'Dostajesz {n} punkt.',
    few: 'Dostajesz {n} punkty.',
    many: 'Dostajesz {n} punktów.',
    other: 'Dostajesz {n} punktu.',
  },
  iSh: 'Udaje ci się strzelić w księżyc!',
  shot: '{name} strzela w księżyc!',
  over: 'Koniec gry.',

  // What is wrong with a name (names.ts).
  nm: 'Podaj imię',
  nmC: 'Imię nie może zawierać znaków sterujących ani znaków kierunku tekstu',
  nmI: 'Imię nie może zawierać niewidocznych znaków ani spacji innych niż zwykła',
  nmL: {
    one: 'Imię może mieć najwyżej {n} znak',
    few: 'Imię może mieć najwyżej {n} znaki',
    many: 'Imię może mieć najwyżej {n} znaków',
    other: 'Imię może mieć najwyżej {n} znaku',
  },
  nmS: 'Imię musi zawierać literę, cyfrę lub widoczny symbol',
  nmW: 'Imię nie może zawierać znaku szerokiego jak całe słowo',
  nmM: {
    one: 'Znak w imieniu może mieć najwyżej {n} akcent',
    few: 'Znak w imieniu może mieć najwyżej {n} akcenty',
    many: 'Znak w imieniu może mieć najwyżej {n} akcentów',
    other: 'Znak w imieniu może mieć najwyżej {n} akcentu',
  },

  // An achievement just earned: its title and item are the server's words.
  unl: 'OSIĄGNIĘCIE ODBLOKOWANE',
  mb: 'Wygląda na to, że z ciebie {title}. Twoja nagroda do noszenia w grze: {item}.',
  put: 'Chcesz od razu założyć nowy dodatek: {item}?',
} satisfies Catalog<typeof en>;
