import type en from '../en/social';
import type { Catalog } from '../words';

export default {
  // A seat's state (the table's seats and the waiting room).
  empty: 'wolne',
  computer: 'komputer',
  disconnected: 'brak połączenia',
  away: 'komputer (zastępstwo)',

  // Disconnected.
  removed:
    'Niestety zbyt długo nie było z tobą połączenia, więc musieliśmy usunąć cię z gry, żeby pozostali mogli grać dalej. 🙁',
  inactivity: 'Rozłączono cię z powodu braku aktywności. Zawsze możesz połączyć się ponownie przyciskiem „Online”',
  soloInactivity: 'Rozłączono z powodu braku aktywności. Twoja gra jest zachowana: następny ruch połączy cię ponownie.',
} satisfies Catalog<typeof en>;
