import type en from '../en/social';
import type { Catalog } from '../words';

export default {
  // A seat's state (the table's seats and the waiting room).
  empty: 'libre',
  computer: 'ordinateur',
  disconnected: 'hors ligne',
  away: 'ordinateur (joueur absent)',

  // Disconnected.
  removed:
    'Désolé, ta connexion a été coupée trop longtemps : nous avons dû te retirer de la partie pour que les autres puissent continuer à jouer. 🙁',
  inactivity: 'Ta connexion a été coupée pour inactivité. Tu peux toujours te reconnecter avec le bouton « Multijoueur »',
  soloInactivity: 'Déconnexion pour inactivité. Ta partie est conservée : ton prochain coup te reconnecte.',
} satisfies Catalog<typeof en>;
