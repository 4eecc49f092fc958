import type en from '../en/offline';
import type { Catalog } from '../words';

export default {
  title: 'Offline.',
  text: 'Você joga contra o computador neste aparelho, sem rede. Estas partidas não contam para estatísticas, classificação nem conquistas.',
  online: 'Voltar a ficar online',
} satisfies Catalog<typeof en>;
