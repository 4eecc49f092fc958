import type en from '../en/social';
import type { Catalog } from '../words';

export default {
  empty: 'leer',
  computer: 'Computerspieler',
  disconnected: 'offline',
  away: 'Computerspieler (abwesend)',

  removed:
    'Sorry, deine Verbindung war zu lange weg. Wir mussten dich aus dem Spiel nehmen, damit die anderen weiterspielen können. 🙁',
  inactivity: 'Du wurdest wegen Inaktivität getrennt. Über den Button „Mehrspieler“ kannst du dich jederzeit wieder verbinden.',
  soloInactivity: 'Wegen Inaktivität getrennt. Dein Spiel bleibt erhalten: Mit deinem nächsten Zug bist du wieder verbunden.',
} satisfies Catalog<typeof en>;
