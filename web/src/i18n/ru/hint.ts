import type en from '../en/hint';
import type { Catalog } from '../words';

export default {
  pass: 'Передайте: {cards}.',
  play: 'Ходите: {card}. Ожидаемые очки в этой раздаче: около {points}.',
  play2: 'Ходите: {card}. Ожидаемые очки в этой раздаче: около {points}; с картой {other} — около {alt}.',
} satisfies Catalog<typeof en>;
