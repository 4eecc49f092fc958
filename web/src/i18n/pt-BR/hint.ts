import type en from '../en/hint';
import type { Catalog } from '../words';

export default {
  pass: 'Passe {cards}.',
  play: 'Jogue {card}: com ela você deve levar cerca de {points} pontos nesta mão.',
  play2: 'Jogue {card}: com ela você deve levar cerca de {points} pontos nesta mão; com {other}, cerca de {alt}.',
} satisfies Catalog<typeof en>;
