import type en from '../en/offline';
import type { Catalog } from '../words';

export default {
  title: 'Без сети.',
  text: 'Вы играете с компьютером на этом устройстве, без сети. Эти игры не идут в статистику, рейтинг и достижения.',
  online: 'Вернуться в сеть',
} satisfies Catalog<typeof en>;
