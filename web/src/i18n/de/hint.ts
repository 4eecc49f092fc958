import type en from '../en/hint';
import type { Catalog } from '../words';

export default {
  pass: 'Gib {cards} weiter.',
  play: 'Spiel {card}: Damit kannst du in dieser Runde etwa {points} Punkte erwarten.',
  play2: 'Spiel {card}: Damit kannst du in dieser Runde etwa {points} Punkte erwarten, mit {other} etwa {alt}.',
} satisfies Catalog<typeof en>;
