import type en from '../en/page';
import type { Catalog } from '../words';

export default {
  title: 'Corazones',
  description: 'Corazones contra tres rivales de la computadora',
  partFailed: 'No se pudo cargar una parte de la página: revisa tu conexión o recarga la página si el juego se acaba de actualizar.',
} satisfies Catalog<typeof en>;
