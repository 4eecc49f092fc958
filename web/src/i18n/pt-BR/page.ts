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

  // The faces a person can choose, for screen readers (ui/avatars.ts).
  face: 'Rosto {n}',
  faceX: 'Rosto {n}: {look}',
  f0: 'cabelo loiro espetado',
  f1: 'cabelo black power',
  f2: 'cabelo ruivo cacheado, sardas',
  f3: 'careca, barba preta',
  f4: 'cabelo preto comprido, brincos',
  f5: 'cabelo escuro preso em coque',
  f6: 'rabo de cavalo castanho',
  f7: 'dreads compridos',
  f8: 'cabelo branco, bigode',
  f9: 'cabelo chanel azul',
  f10: 'dois coques, brincos',
  f11: 'cabelo preto repartido de lado, barba curta',
  you: 'Você',
} satisfies Catalog<typeof en>;
