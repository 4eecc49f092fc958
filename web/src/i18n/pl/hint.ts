import type en from '../en/hint';
import type { Catalog } from '../words';

export default {
  pass: 'Oddaj: {cards}.',
  play: 'Zagraj: {card}. Oczekiwane punkty w tym rozdaniu: około {points}.',
  play2: 'Zagraj: {card}. Oczekiwane punkty w tym rozdaniu: około {points}; z kartą {other} — około {alt}.',
} satisfies Catalog<typeof en>;
