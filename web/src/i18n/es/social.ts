import type en from '../en/social';
import type { Catalog } from '../words';

export default {
  // A seat's state (the table's seats and the waiting room).
  empty: 'libre',
  computer: 'bot',
  disconnected: 'sin conexión',
  away: 'bot (ausente)',

  // Disconnected.
  removed:
    'Lo sentimos, pasaste demasiado tiempo sin conexión y tuvimos que sacarte de la partida para que los demás pudieran seguir jugando. 🙁',
  inactivity: 'Te desconectamos por inactividad. Puedes volver a conectarte cuando quieras con el botón “Multijugador”.',
  soloInactivity: 'Sin conexión por inactividad. Tu partida se conserva: tu próxima jugada te vuelve a conectar.',
} satisfies Catalog<typeof en>;
