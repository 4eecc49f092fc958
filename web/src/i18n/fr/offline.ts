import type en from '../en/offline';
import type { Catalog } from '../words';

export default {
  title: 'Hors ligne.',
  text: 'Tu joues contre l’ordinateur sur cet appareil, sans réseau. Ces parties ne comptent ni pour les statistiques, ni pour le classement, ni pour les succès.',
  online: 'Revenir en ligne',
} satisfies Catalog<typeof en>;
