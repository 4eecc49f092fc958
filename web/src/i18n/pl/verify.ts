import type en from '../en/verify';
import type { Catalog } from '../words';

export default {
  // The seats of a deal: the player's own, and a seat without a name by its letter.
  you: 'Ty',
  seatS: 'S',
  seatW: 'W',
  seatN: 'N',
  seatE: 'E',
  listComma: '{a}, {b}',

  // What it does, and what it proves.
  intro:
    'Przed pierwszą kartą każdego rozdania ta strona otrzymała zobowiązanie do układu kart: odcisk SHA-256 ziarna rozdania i sekretu. Po zakończeniu gry serwer ujawnił ziarno i sekret. Teraz ta strona sama przelicza każdy odcisk i każde rozdanie.',
  provesMix:
    'To dowodzi, że każde rozdanie było ustalone, zanim je rozegrano, i jest udokumentowanym tasowaniem tego ziarna (tym samym, które opisuje format zapisu partii); a ponieważ ziarno łączy twoją liczbę z sekretem, do którego serwer zobowiązał się, zanim ją wybrano, żadna ze stron nie mogła go dobrać.',
  proves:
    'Ziarno wybrał serwer. To dowodzi, że każde rozdanie było ustalone, zanim je rozegrano, i jest udokumentowanym tasowaniem tego ziarna (tym samym, które opisuje format zapisu partii); nie dowodzi, że ziarno wybrano na ślepo.',
  seed: 'Ziarno gry',
  secret: 'Sekret',
  yourNumber: 'Twoja liczba',

  // The one line that sums it up ({hands}: "1, 3").
  mixBad: 'Ziarno gry nie jest połączeniem zobowiązanego sekretu i twojej liczby: szczegóły poniżej.',
  notOver: 'Gra jeszcze trwa, więc jej ziarno i sekret są wciąż ukryte. Rozdania będzie można sprawdzić po jej zakończeniu.',
  noneKept: 'Ta przeglądarka nie zachowała żadnych zobowiązań dla tej gry: rozegrano ją na innym urządzeniu albo pamięć strony została wyczyszczona.',
  handsBad: {
    one: 'Rozdanie {hands} się nie zgadza: szczegóły poniżej.',
    few: 'Rozdania {hands} się nie zgadzają: szczegóły poniżej.',
    many: 'Rozdania {hands} się nie zgadzają: szczegóły poniżej.',
    other: 'Rozdania {hands} się nie zgadzają: szczegóły poniżej.',
  },
  oneGood: 'Rozdanie się zgadza: jest tym, do którego serwer zobowiązał się przed zagraniem pierwszej karty, a twoje karty to te, które rozdaje ziarno.',
  allGood: {
    one: 'Zgadza się {n} rozdanie: jest tym, do którego serwer zobowiązał się przed zagraniem pierwszej karty, a twoje karty to te, które rozdaje ziarno.',
    few: 'Zgadzają się wszystkie rozdania ({n}): każde jest tym, do którego serwer zobowiązał się przed zagraniem jego pierwszej karty, a twoje karty to te, które rozdaje ziarno.',
    many: 'Zgadzają się wszystkie rozdania ({n}): każde jest tym, do którego serwer zobowiązał się przed zagraniem jego pierwszej karty, a twoje karty to te, które rozdaje ziarno.',
    other: 'Zgadzają się wszystkie rozdania ({n}): każde jest tym, do którego serwer zobowiązał się przed zagraniem jego pierwszej karty, a twoje karty to te, które rozdaje ziarno.',
  },
  someGood: {
    one: 'Zgadza się {good} z {n} rozdania. Dla pozostałych ta strona nie otrzymała zobowiązania przed rozegraniem rozdania (otwarto ją później lub odświeżono), więc nie może ich potwierdzić; nic z tego, co widziała, nie jest błędne.',
    few: 'Zgadza się {good} z {n} rozdań. Dla pozostałych ta strona nie otrzymała zobowiązania przed rozegraniem rozdania (otwarto ją później lub odświeżono), więc nie może ich potwierdzić; nic z tego, co widziała, nie jest błędne.',
    many: 'Zgadza się {good} z {n} rozdań. Dla pozostałych ta strona nie otrzymała zobowiązania przed rozegraniem rozdania (otwarto ją później lub odświeżono), więc nie może ich potwierdzić; nic z tego, co widziała, nie jest błędne.',
    other: 'Zgadza się {good} z {n} rozdania. Dla pozostałych ta strona nie otrzymała zobowiązania przed rozegraniem rozdania (otwarto ją później lub odświeżono), więc nie może ich potwierdzić; nic z tego, co widziała, nie jest błędne.',
  },

  // The seed's mix ({number}: the start of a number, "3f9a0c21…"; {sent}, {revealed}: whole numbers).
  mixTitle: 'Ziarno',
  mixNotKept:
    'Ziarno powstało z sekretu serwera i liczby ({number}), której ta przeglądarka nie zachowała (gra zaczęła się na innym urządzeniu albo pamięć strony została wyczyszczona), więc nie da się sprawdzić, czy ziarna nie dobrano.',
  mixGood: 'Twoja liczba {number}: wmieszana w ziarno razem z sekretem serwera, do którego serwer zobowiązał się, zanim ją wybrano – ziarna nie dało się dobrać.',
  mixWrong: 'Twoja liczba {number} i sekret serwera nie dają, jak obiecano, ziarna tej gry: ziarno mogło zostać dobrane.',
  secretCommitted: 'Sekret jest tym, do którego serwer zobowiązał się, zanim ta strona wybrała swoją liczbę.',
  secretNotCommitted: 'Sekret nie jest tym, do którego serwer zobowiązał się, zanim ta strona wybrała swoją liczbę.',
  usedNumber: 'Serwer użył twojej liczby, {sent}.',
  noNumber: 'Serwer twierdzi, że do ziarna nie wmieszano żadnej liczby, ale ta strona wysłała {sent}.',
  otherNumber: 'Serwer ujawnił liczbę {revealed}, ale ta strona wysłała {sent}.',
  seedMixed: 'Ziarno gry jest połączeniem sekretu i twojej liczby.',
  seedNotMixed: 'Ziarno gry nie jest połączeniem sekretu i twojej liczby.',

  // Each hand.
  hand: 'Rozdanie {hand}',
  theDeal: 'Układ kart',
  noCommitment: 'Ta strona nie otrzymała zobowiązania dla tego rozdania, więc nie może go sprawdzić.',
  commitWrong: 'Zobowiązanie otrzymane z rozdaniem nie pasuje do ujawnionego ziarna i sekretu.',
  commitGood: 'Zobowiązanie otrzymane z rozdaniem się zgadza.',
  commitLate: 'Zobowiązanie się zgadza, ale ta strona otrzymała je dopiero w trakcie rozdania, więc nie dowodzi ono, że układ był ustalony przed grą.',
  changed: 'Serwer przysłał później inne zobowiązanie dla tego rozdania.',
  cardsUnseen: 'Ta strona nie widziała twoich kart zaraz po rozdaniu (otwarto ją później, w trakcie rozdania).',
  cardsGood: 'Twoje 13 kart to te, które rozdaje ziarno.',
  cardsWrong: 'Twoje karty to nie te, które rozdaje ziarno.',

  // The form that checks any deal ({seed}: the seed as typed).
  checkYourself: 'Sprawdź rozdanie samodzielnie',
  salt: 'Sekret (sól)',
  handField: 'Rozdanie',
  commitment: 'Zobowiązanie (opcjonalnie)',
  check: 'Sprawdź',
  badSeed: 'Ziarno to liczba całkowita od 0 do 18446744073709551615, zapisana bez spacji.',
  badHand: 'Rozdanie to liczba od 1 do 999.',
  badCommitment: 'Zobowiązanie to 64 cyfry szesnastkowe (0-9, a-f).',
  badSalt: 'Sekret to 32 cyfry szesnastkowe (0-9, a-f).',
  deals: 'Rozdanie {hand} z ziarna {seed} daje:',
  matches: 'Zobowiązanie pasuje do tego ziarna, sekretu i rozdania.',
  noMatch: 'Zobowiązanie nie pasuje do tego ziarna, sekretu i rozdania.',
} satisfies Catalog<typeof en>;
