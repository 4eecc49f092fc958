import type en from '../en/offline';
import type { Catalog } from '../words';

export default {
  title: 'Bez sieci.',
  text: 'Grasz z komputerem na tym urządzeniu, bez sieci. Te gry nie liczą się do statystyk, rankingu ani osiągnięć.',
  online: 'Wróć do sieci',
} satisfies Catalog<typeof en>;
