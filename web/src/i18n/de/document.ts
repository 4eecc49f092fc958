import type en from '../en/document';
import type { Catalog } from '../words';

export default {
  title: 'Hearts',
  description: 'Hearts gegen drei Computergegner',

  // The old-browser notice (public/old-browser.js shows it). The browsers' names stay as they are.
  oldBrowser: 'Du verwendest einen sehr alten Browser, den diese Seite nicht mehr unterstützt. Wir empfehlen dir, auf einen der folgenden Browser umzusteigen:',
  chromeOrChromium: 'Chrome oder Chromium',
  anyVersion: 'Mit jeder Version der letzten zwei Jahre kannst du hier Hearts spielen.',

  // Without JavaScript.
  noScript: 'Hearts braucht JavaScript: Schalte es für diese Seite ein.',
} satisfies Catalog<typeof en>;
