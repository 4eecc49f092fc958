import type en from '../en/hint';
import type { Catalog } from '../words';

export default {
  pass: 'Passe {cards}.',
  play: 'Joue {card} : avec elle, tu peux t’attendre à prendre environ {points} points sur cette manche.',
  play2: 'Joue {card} : avec elle, tu peux t’attendre à prendre environ {points} points sur cette manche ; avec {other}, environ {alt}.',
} satisfies Catalog<typeof en>;
