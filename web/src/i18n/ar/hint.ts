import type en from '../en/hint';
import type { Catalog } from '../words';

export default {
  pass: 'مرّر {cards}.',
  play: 'العب {card}: النقاط المتوقعة بها في هذه الجولة نحو {points}.',
  play2: 'العب {card}: النقاط المتوقعة بها في هذه الجولة نحو {points}؛ ومع {other} نحو {alt}.',
} satisfies Catalog<typeof en>;
