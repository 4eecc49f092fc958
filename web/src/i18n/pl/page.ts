import type en from '../en/page';
import type { Catalog } from '../words';

export default {
  title: 'Kierki',
  description: 'Kierki z trzema komputerowymi przeciwnikami',
  partFailed: 'Nie udało się wczytać części strony: sprawdź połączenie albo odśwież stronę, jeśli gra została właśnie zaktualizowana.',

  // The controller's notices and what it says to screen readers.
  turn: 'Twój ruch.',
  brk: 'Kiery złamane',
  off: 'Jeszcze brak połączenia z serwerem — spróbuj za chwilę',
  newV: 'Nowa wersja gry Kierki jest gotowa.',
  reload: 'Załaduj ponownie',
  later: 'Później',
  offT: 'Brak połączenia z serwerem: spróbuj ponownie, gdy wróci.',
  offA: 'Brak połączenia z serwerem: zapytaj ponownie, gdy wróci.',
  offS: 'Brak połączenia z serwerem: statystyki pojawią się, gdy wróci.',
  offW: 'Brak połączenia z serwerem: osiągnięcia pojawią się, gdy wróci.',
  gone: 'Rozłączono',
  back: 'Twoje miejsce znów należy do ciebie: wracasz do gry.',
  recd: 'Połączono ponownie.',
  recg: 'Łączenie ponowne…',
  noRec: 'Nie udało się pobrać zapisu partii: {why}',
  saved: 'Ustawienia zapisane. Imiona, zasady i poziom obowiązują od następnej nowej gry.',
  copied: 'Skopiowano',
  noCp: 'Nie udało się skopiować: zaznacz tekst i skopiuj go ręcznie',
  thk: 'Myślę…',
  oPs: 'Czekamy, aż pozostali oddadzą karty',
  wM: 'Chwileczkę',
  three: 'Oddajesz dokładnie trzy karty: najpierw odznacz jedną',

  // A table's turn timer (the lobby, the bar over a table with people).
  noTm: 'Bez zegara',
  pTurn: '{n} s na ruch',

  you: 'Ty',
} satisfies Catalog<typeof en>;
