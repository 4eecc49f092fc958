import type en from '../en/document';
import type { Catalog } from '../words';

export default {
  title: 'Copas',
  description: 'Copas contra três adversários do computador',

  // The old-browser notice. The browsers' names stay as they are.
  oldBrowser: 'Você está usando um navegador muito antigo, que este site não suporta mais. Recomendamos que você atualize para um destes navegadores:',
  chromeOrChromium: 'Chrome ou Chromium',
  anyVersion: 'Qualquer versão dos últimos dois anos roda o Copas aqui.',

  // Without JavaScript.
  noScript: 'O Copas precisa de JavaScript para funcionar: ative-o para este site.',
} satisfies Catalog<typeof en>;
