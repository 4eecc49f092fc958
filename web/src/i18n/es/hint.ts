import type en from '../en/hint';
import type { Catalog } from '../words';

export default {
  pass: 'Pasa {cards}.',
  play: 'Juega {card}: con ella puedes esperar unos {points} puntos en esta mano.',
  play2: 'Juega {card}: con ella puedes esperar unos {points} puntos en esta mano; con {other}, unos {alt}.',
} satisfies Catalog<typeof en>;
