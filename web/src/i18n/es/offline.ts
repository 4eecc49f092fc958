import type en from '../en/offline';
import type { Catalog } from '../words';

export default {
  title: 'Sin conexión.',
  text: 'Juegas contra el ordenador en este dispositivo, sin red. Estas partidas no cuentan para estadísticas, clasificación ni logros.',
  online: 'Volver a conectarse',
} satisfies Catalog<typeof en>;
