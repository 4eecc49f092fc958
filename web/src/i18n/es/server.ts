import type en from '../en/server';
import type { Catalog } from '../words';

export default {
  internal: 'Algo salió mal en el servidor: inténtalo de nuevo en un momento.',
} satisfies Catalog<typeof en>;
