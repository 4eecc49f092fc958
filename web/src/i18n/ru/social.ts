import type en from '../en/social';
import type { Catalog } from '../words';

export default {
  // A seat's state (the table's seats and the waiting room).
  empty: 'свободно',
  computer: 'компьютер',
  disconnected: 'нет связи',
  away: 'компьютер (игрок отошёл)',

  // Disconnected.
  removed:
    'Увы, вы слишком долго были не на связи, и нам пришлось убрать вас из игры, чтобы остальные могли продолжить. 🙁',
  inactivity: 'Вы отключены из-за неактивности. Вернуться можно в любой момент кнопкой «Мультиплеер»',
  soloInactivity: 'Отключено из-за неактивности. Игра сохранена: ваш следующий ход восстановит связь.',
} satisfies Catalog<typeof en>;
