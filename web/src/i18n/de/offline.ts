import type en from '../en/offline';
import type { Catalog } from '../words';

export default {
  title: 'Offline.',
  text: 'Du spielst ohne Netz auf diesem Gerät gegen den Computer. Diese Spiele zählen für keine Statistik, Wertung und keinen Erfolg.',
  online: 'Online gehen',
} satisfies Catalog<typeof en>;
