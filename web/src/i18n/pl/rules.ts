import type en from '../en/rules';
import type { Catalog } from '../words';

export default {
  // Goal: who I play against ({left}, {across}, {right}: names; {names}: a list of names)
  goal: 'Cel gry',
  vsComputers: 'Grasz z trzema komputerami: {left} siedzi po twojej lewej, {across} naprzeciwko, a {right} po twojej prawej.',
  vsPeople: 'Twoi rywale: {left} siedzi po twojej lewej, {across} naprzeciwko, a {right} po twojej prawej.',
  aComputer: '{name} (komputer)',
  watchingNames: 'Oglądasz grę: {names}.',
  goalText: 'Każdy dostaje 13 kart. Kiery i dama pik to karty karne. Gdy gra się kończy, wygrywa gracz z najmniejszą liczbą punktów.',

  // What a watcher sees, in place of how to play
  watching: 'Oglądanie',
  watchingSee:
    'Widzisz to, co gracze widzą nawzajem: lewy, wyniki i imiona, ale nigdy kart na ręce. Grę widzisz z opóźnieniem o jedną lewę: karta pojawia się, gdy rozegrana zostanie następna lewa, a reszta ręki – gdy skończy się rozdanie.',
  watchingChat: 'Możesz czytać czat stołu, ale nie możesz w nim pisać. „Przestań oglądać” zabiera cię z powrotem do lobby. To, co widzisz, jest też odczytywane przez czytniki ekranu.',

  // Passing: the order of the settings' cycle (LRAN or LARN); "Once": a game of at most 4 hands, which plays the cycle once
  passing: 'Oddawanie kart',
  passLRAN:
    'Przed każdym rozdaniem każdy oddaje trzy karty: w pierwszym rozdaniu w lewo, w drugim w prawo, w trzecim osobie naprzeciwko, a w czwartym nikt nie oddaje; potem cykl zaczyna się od nowa.',
  passLARN:
    'Przed każdym rozdaniem każdy oddaje trzy karty: w pierwszym rozdaniu w lewo, w drugim osobie naprzeciwko, w trzecim w prawo, a w czwartym nikt nie oddaje; potem cykl zaczyna się od nowa.',
  passLRANOnce:
    'Przed każdym rozdaniem każdy oddaje trzy karty: w pierwszym rozdaniu w lewo, w drugim w prawo, w trzecim osobie naprzeciwko, a w czwartym nikt nie oddaje.',
  passLARNOnce:
    'Przed każdym rozdaniem każdy oddaje trzy karty: w pierwszym rozdaniu w lewo, w drugim osobie naprzeciwko, w trzecim w prawo, a w czwartym nikt nie oddaje.',
  passWatch: '„oddane ✓” przy imieniu pokazuje, kto już oddał karty; jakie to karty, nie widać nigdy.',
  passHow: 'Kliknij lub stuknij trzy karty, a potem „Oddaj karty”. Otrzymane karty na chwilę się podświetlą.',

  // Tricks
  tricks: 'Lewy',
  tricksLead: 'Kto ma dwójkę trefl, wychodzi nią do pierwszej lewy. Potem każdy po kolei dokłada jedną kartę, zgodnie z ruchem wskazówek zegara.',
  followWatch: 'Każdy musi dołożyć do koloru wyjścia; kto nie może, zagrywa dowolną kartę.',
  followYou: 'Musisz dołożyć do koloru wyjścia; jeśli nie możesz, zagrywasz dowolną kartę.',
  tricksTake: 'Lewę bierze najwyższa karta w kolorze wyjścia, a kto ją weźmie, wychodzi do następnej.',

  // Special rules
  special: 'Zasady specjalne',
  firstTrick: 'W pierwszej lewie nie wolno zagrać kiera ani damy pik, chyba że nie ma się nic innego.',
  broken: 'Nie wolno wychodzić w kiery, dopóki kiery nie zostaną „złamane” – czyli dopóki ktoś nie zrzuci kiera do innego koloru – chyba że wychodzący ma same kiery.',
  queenBreaks: 'W tej grze dama pik też łamie kiery.',
  queenNoBreak: 'Dama pik nie łamie kierów.',

  // Points
  points: 'Punkty',
  pointsText: 'Każdy kier to 1 punkt, dama pik – 13 punktów, pozostałe karty nic.',
  jack: 'W tej grze walet karo to −10 punktów.',
  pointsShown:
    'Przy każdym imieniu widać wynik partii i lewy wzięte w tym rozdaniu: kropka (·) to lewa bez punktów, ♥ – lewa z kierami, ♠ – lewa z damą pik.',

  // Shooting the moon, by the settings' variant
  moon: 'Strzał w księżyc',
  moonOthers: 'Jeśli jeden gracz weźmie w rozdaniu wszystkie 13 kierów i damę pik, dostaje 0 punktów, a wszyscy pozostali po 26 punktów.',
  moonShooter: 'Jeśli jeden gracz weźmie w rozdaniu wszystkie 13 kierów i damę pik, nie dostaje punktów, tylko odejmuje sobie 26 punktów od wyniku.',
  moonChoice:
    'Jeśli jeden gracz weźmie w rozdaniu wszystkie 13 kierów i damę pik, sam wybiera: wszyscy pozostali dostają po 26 punktów albo od jego wyniku odejmuje się 26 punktów.',

  // End of the game: at a score ({n}), or after so many hands ({hands}: "4 hands", {last}: the last hand's number)
  end: 'Koniec gry',
  endAt: {
    one: 'Gra kończy się po rozdaniu, w którym ktoś osiągnie {n} punkt lub więcej.',
    few: 'Gra kończy się po rozdaniu, w którym ktoś osiągnie {n} punkty lub więcej.',
    many: 'Gra kończy się po rozdaniu, w którym ktoś osiągnie {n} punktów lub więcej.',
    other: 'Gra kończy się po rozdaniu, w którym ktoś osiągnie {n} punktu lub więcej.',
  },
  endHands: {
    one: 'Ta partia ma {hands}: kończy się po rozdaniu {last} albo wcześniej, jeśli ktoś osiągnie {n} punkt lub więcej.',
    few: 'Ta partia ma {hands}: kończy się po rozdaniu {last} albo wcześniej, jeśli ktoś osiągnie {n} punkty lub więcej.',
    many: 'Ta partia ma {hands}: kończy się po rozdaniu {last} albo wcześniej, jeśli ktoś osiągnie {n} punktów lub więcej.',
    other: 'Ta partia ma {hands}: kończy się po rozdaniu {last} albo wcześniej, jeśli ktoś osiągnie {n} punktu lub więcej.',
  },
  fewestWins: 'Wygrywa gracz z najmniejszą liczbą punktów.',
  tieShare: 'Jeśli najniższy wynik ma kilku graczy, dzielą się zwycięstwem.',
  tiePlayOn: 'Jeśli najniższy wynik ma kilku graczy, gra toczy się dalej, aż zostanie jeden.',
  saved: 'Gra zapisuje się po każdej karcie, więc możesz zamknąć stronę i wrócić później, by ją dokończyć.',

  // Keyboard
  keyboard: 'Klawiatura',
  keyboardText:
    'Tab lub strzałki przechodzą między twoimi kartami; Enter lub spacja zagrywa kartę (albo zaznacza ją do oddania). H w twoim ruchu prosi o podpowiedź: kartę (albo trzy karty do oddania), którą wybrałby komputer, i dlaczego. Wszystko, co się dzieje, jest też odczytywane przez czytniki ekranu.',

  // The daily deal and watching
  daily: 'Rozdanie dnia i oglądanie',
  dailyText:
    'Rozdanie dnia (Dzienne) daje każdemu codziennie te same cztery ręce, przeciwko tym samym komputerom: jedna partia dziennie, a tabela dnia układa ranking wszystkich, którzy ją rozegrali.',
  watchText:
    'Trwającą grę z ludźmi można oglądać z lobby (Oglądaj), z opóźnieniem o jedną lewę, żeby nie zdradzić żadnej ręki; przy stole prywatnym – tylko jeśli pozwolą na to wszyscy gracze.',

  // Ratings
  ratings: 'Ranking',
  ratingsText:
    'Partia przy stole publicznym z co najmniej jedną inną osobą, rozegrana do końca, jest rankingowa: twój ranking rośnie lub spada zależnie od twojego miejsca wśród ludzi przy stole (komputery się nie liczą). Każdy zestaw zasad ma osobny ranking. Przez pierwsze 10 gier ranking jest tymczasowy; w Statystykach znajdziesz swój ranking i tabelę liderów.',

  // The About dialog
  about: 'O grze Kierki',
  aboutWhat:
    'Kierki we czworo: ty przeciwko trzem komputerom albo z ludźmi online, przy stole z lobby lub przy prywatnym, który udostępniasz kodem. Zasady są klasyczne, a w Ustawieniach znajdziesz warianty, w które grają ludzie.',
  aboutBots:
    'Komputery mają pięć poziomów. Najsilniejszy, Ekspert, nie kieruje się prostymi regułami: przed każdą kartą rozgrywa wiele możliwych układów kart, których nie widzi.',
  data: 'Twoje gry i dane',
  dataWhere:
    'Ten serwer prowadzi osoba, która go postawiła, na własnej maszynie. To na nim są przechowywane twoje gry, twoje imię i oznaczeni przez ciebie gracze; nic nie trafia nigdzie indziej. Nie ma reklam, śledzenia ani ciasteczek: ta przeglądarka trzyma twój identyfikator gracza i ustawienia w swojej pamięci lokalnej.',
  dataReplay:
    'Każdą ukończoną partię można odtworzyć karta po karcie, pobrać jako zapis i zweryfikować jej rozdania: każde rozdanie ma zobowiązanie, które potwierdza koniec gry, a ta strona to sprawdza.',
} satisfies Catalog<typeof en>;
