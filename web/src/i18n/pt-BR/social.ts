import type en from '../en/social';
import type { Catalog } from '../words';

export default {
  // A seat's state (the table's seats and the waiting room).
  empty: 'vazio',
  computer: 'jogador do computador',
  disconnected: 'desconectado',
  away: 'jogador do computador (ausente)',

  // Disconnected.
  removed:
    'Desculpe, você ficou tempo demais sem conexão com a partida e tivemos que tirar você dela para que os outros pudessem continuar jogando. 🙁',
  inactivity: 'Sua conexão foi encerrada por inatividade. Você pode se reconectar quando quiser pelo botão “Multijogador”',
  soloInactivity: 'Conexão encerrada por inatividade. Sua partida está guardada: sua próxima jogada reconecta.',
} satisfies Catalog<typeof en>;
