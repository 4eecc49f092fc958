import type en from '../en/document';
import type { Catalog } from '../words';

export default {
  title: 'Dame de pique',
  description: 'La Dame de pique contre trois adversaires contrôlés par l’ordinateur',

  // The old-browser notice (public/old-browser.js shows it). The browsers' names stay as they are.
  oldBrowser: 'Tu utilises un navigateur très ancien, que ce site ne prend plus en charge. Nous te conseillons de passer à l’un des navigateurs suivants :',
  chromeOrChromium: 'Chrome ou Chromium',
  anyVersion: 'N’importe quelle version des deux dernières années permet de jouer à la Dame de pique ici.',

  // Without JavaScript.
  noScript: 'Dame de pique a besoin de JavaScript pour fonctionner : active-le pour ce site.',
} satisfies Catalog<typeof en>;
