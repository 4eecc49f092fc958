import type en from '../en/page';
import type { Catalog } from '../words';

export default {
  title: 'Copas',
  description: 'Copas contra três adversários do computador',
  partFailed: 'Não foi possível carregar parte da página: verifique sua conexão ou, se o jogo acabou de ser atualizado, recarregue a página.',

  // The controller's notices and what it says to screen readers.
  turn: 'Sua vez.',
  brk: 'As copas foram quebradas',
  off: 'Ainda sem conexão com o servidor — tente de novo daqui a pouco',
  newV: 'Uma nova versão de Copas está pronta.',
  reload: 'Recarregar',
  later: 'Mais tarde',
  offT: 'Sem conexão com o servidor: tente de novo quando a conexão voltar.',
  offA: 'Sem conexão com o servidor: peça de novo quando a conexão voltar.',
  offS: 'Sem conexão com o servidor: suas estatísticas aparecem quando a conexão voltar.',
  offW: 'Sem conexão com o servidor: suas conquistas aparecem quando a conexão voltar.',
  gone: 'Desconectado',
  back: 'Seu lugar é seu de novo: você voltou à partida.',
  recd: 'Reconectado.',
  recg: 'Reconectando…',
  noRec: 'Não foi possível baixar o registro da partida: {why}',
  saved: 'Configurações salvas. Nomes, regras e nível valem a partir da próxima partida.',
  copied: 'Copiado',
  noCp: 'Não foi possível copiar: selecione o texto e copie',
  thk: 'Pensando…',
  oPs: 'Aguardando os outros passarem',
  wM: 'Aguarde um momento',
  three: 'Você passa exatamente três cartas: desmarque uma antes',

  // A table's turn timer (the lobby, the bar over a table with people).
  noTm: 'Sem cronômetro',
  pTurn: '{n} s por jogada',

  you: 'Você',
} satisfies Catalog<typeof en>;
