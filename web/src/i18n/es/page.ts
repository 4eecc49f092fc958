import type en from '../en/page';
import type { Catalog } from '../words';

export default {
  title: 'Corazones',
  description: 'Corazones contra tres bots',
  partFailed: 'No se pudo cargar una parte de la página: revisa tu conexión o recarga la página si el juego se acaba de actualizar.',

  // The controller's notices and what it says to screen readers.
  turn: 'Te toca.',
  brk: 'Se rompieron los corazones',
  off: 'Aún sin conexión con el servidor: inténtalo de nuevo en un momento',
  newV: 'Hay una nueva versión de Corazones.',
  reload: 'Recargar',
  later: 'Más tarde',
  offT: 'Sin conexión con el servidor: inténtalo de nuevo cuando vuelva la conexión.',
  offA: 'Sin conexión con el servidor: pídelo de nuevo cuando vuelva la conexión.',
  offS: 'Sin conexión con el servidor: tus estadísticas aparecerán cuando vuelva la conexión.',
  offW: 'Sin conexión con el servidor: tus logros aparecerán cuando vuelva la conexión.',
  gone: 'Sin conexión',
  back: 'Vuelves a tener tu asiento: ya estás de nuevo en la partida.',
  recd: 'Conexión restablecida.',
  recg: 'Reconectando…',
  noRec: 'No se pudo descargar el registro de la partida: {why}',
  saved: 'Ajustes guardados. Los nombres, las reglas y el nivel se aplican a partir de la próxima partida nueva.',
  copied: 'Copiado',
  noCp: 'No se pudo copiar: selecciona el texto y cópialo',
  thk: 'Pensando…',
  oPs: 'Esperando a que pasen los demás',
  wM: 'Espera un momento',
  three: 'Se pasan exactamente tres cartas: quita una primero',

  // A table's turn timer (the lobby, the bar over a table with people).
  noTm: 'Sin temporizador',
  pTurn: '{n} s por turno',

  you: 'Tú',
} satisfies Catalog<typeof en>;
