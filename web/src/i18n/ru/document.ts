import type en from '../en/document';
import type { Catalog } from '../words';

export default {
  title: 'Червы',
  description: 'Червы против трёх компьютерных соперников',

  // The old-browser notice (public/old-browser.js shows it). The browsers' names stay as they are.
  oldBrowser: 'Вы пользуетесь очень старым браузером, который этот сайт больше не поддерживает. Рекомендуем перейти на один из этих браузеров:',
  chromeOrChromium: 'Chrome или Chromium',
  anyVersion: 'Играть здесь в Червы можно в любой версии, вышедшей за последние два года.',

  // Without JavaScript.
  noScript: 'Для игры в Червы нужен JavaScript: включите его для этого сайта.',
} satisfies Catalog<typeof en>;
