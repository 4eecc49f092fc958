import type en from '../en/document';
import type { Catalog } from '../words';

export default {
  title: 'Corazones',
  description: 'Corazones contra tres bots',

  oldBrowser: 'Estás usando un navegador muy antiguo que este sitio ya no admite. Te recomendamos que te pases a uno de estos navegadores:',
  chromeOrChromium: 'Chrome o Chromium',
  anyVersion: 'Con cualquier versión de los dos últimos años puedes jugar a Corazones aquí.',

  noScript: 'Corazones necesita JavaScript para funcionar: actívalo en este sitio.',
} satisfies Catalog<typeof en>;
