import type en from '../en/document';
import type { Catalog } from '../words';

export default {
  title: 'Kierki',
  description: 'Kierki z trzema komputerowymi przeciwnikami',

  // The old-browser notice (public/old-browser.js shows it). The browsers' names stay as they are.
  oldBrowser: 'Używasz bardzo starej przeglądarki, której ta strona już nie obsługuje. Zalecamy przejście na jedną z tych przeglądarek:',
  chromeOrChromium: 'Chrome lub Chromium',
  anyVersion: 'Każda wersja z ostatnich dwóch lat pozwoli tu grać w Kierki.',

  // Without JavaScript.
  noScript: 'Kierki potrzebują JavaScriptu: włącz go dla tej strony.',
} satisfies Catalog<typeof en>;
