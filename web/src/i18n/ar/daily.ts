import type en from '../en/daily';
import type { Catalog } from '../words';

export default {
  // The line over a game of it, and the buttons to its board.
  dailyDeal: 'توزيعة اليوم',
  titleOf: '{deal} · {day} · الجولة {hand} من {hands}',
  title: '{deal} · {day} · الجولة {hand}',
  board: 'اللوحة',
  boardLabel: 'لوحة توزيعة اليوم',
  seeToday: 'عرض لوحة اليوم',
  seeDay: 'عرض لوحة {day}',

  // Why it cannot start now, or the board cannot come.
  notConnected: 'لا اتصال بالخادم: تظهر اللوحة حين يعود الاتصال.',
  leaveTable: 'يمكنك لعب توزيعة اليوم بعد مغادرة هذه الطاولة.',
  afterGame: 'يمكنك لعب توزيعة اليوم حين تنتهي هذه المباراة.',

  // What the board says about my game of its day ({rank} is a place: "2nd").
  notPlayed: 'لم تُلعب بعد',
  didNotPlay: 'لا مشاركة لك في هذه التوزيعة',
  inProgress: 'جارية',
  conceded: {
    zero: 'انسحبت: {n} نقطة، بلا ترتيب',
    one: 'انسحبت: نقطة واحدة، بلا ترتيب',
    two: 'انسحبت: نقطتان، بلا ترتيب',
    few: 'انسحبت: {n} نقاط، بلا ترتيب',
    many: 'انسحبت: {n} نقطة، بلا ترتيب',
    other: 'انسحبت: {n} نقطة، بلا ترتيب',
  },
  mine: {
    zero: 'أنت: {n} نقطة، المركز {rank} من {players}',
    one: 'أنت: نقطة واحدة، المركز {rank} من {players}',
    two: 'أنت: نقطتان، المركز {rank} من {players}',
    few: 'أنت: {n} نقاط، المركز {rank} من {players}',
    many: 'أنت: {n} نقطة، المركز {rank} من {players}',
    other: 'أنت: {n} نقطة، المركز {rank} من {players}',
  },
  // A place, by the language's ordinal rules (Arabic has only "other"): the number after «المركز».
  placeOne: '{n}',
  placeTwo: '{n}',
  placeFew: '{n}',
  placeOther: '{n}',
  nobodyYet: 'لم ينهِ أحد هذه التوزيعة بعد.',
  nobody: 'لم ينهِ أحد هذه التوزيعة.',
  finishedToday: {
    zero: 'لم ينهِ أحد هذه التوزيعة بعد.',
    one: 'أنهى لاعب واحد هذه التوزيعة حتى الآن.',
    two: 'أنهى لاعبان هذه التوزيعة حتى الآن.',
    few: 'أنهى {n} لاعبين هذه التوزيعة حتى الآن.',
    many: 'أنهى {n} لاعبًا هذه التوزيعة حتى الآن.',
    other: 'أنهى {n} لاعب هذه التوزيعة حتى الآن.',
  },
  finished: {
    zero: 'لم ينهِ أحد هذه التوزيعة.',
    one: 'أنهى لاعب واحد هذه التوزيعة.',
    two: 'أنهى لاعبان هذه التوزيعة.',
    few: 'أنهى {n} لاعبين هذه التوزيعة.',
    many: 'أنهى {n} لاعبًا هذه التوزيعة.',
    other: 'أنهى {n} لاعب هذه التوزيعة.',
  },
  nextDeal: 'تأتي التوزيعة التالية عند منتصف الليل بتوقيت UTC، بعد {left}.',
  hoursMinutes: '{h} س و{m} د',
  hours: '{h} س',
  minutes: '{m} د',
  // Said to a screen reader when the board comes: the day, my result, the players.
  boardSaid: '{day}: {mine}. {players}',

  // The board.
  dayBefore: 'اليوم السابق: {day}',
  dayAfter: 'اليوم التالي: {day}',
  today: 'اليوم',
  loading: 'جارٍ تحميل اللوحة…',
  play: 'لعب توزيعة اليوم',
  continue: 'متابعة',
  caption: 'أفضل مباريات {day}',
  rank: 'المرتبة',
  player: 'اللاعب',
  total: 'المجموع',
  hand: 'الجولة {n}',
  replayCol: 'الإعادة',
  you: 'أنت',
  youMark: '(أنت)',
  replay: 'إعادة',
  replayYours: 'إعادة مباراتك',
  replayOf: 'إعادة مباراة {name}',
  replays: 'وُزّعت على الجميع الأوراق نفسها: يمكنك المقارنة جولةً بجولة، وإعادة عرض أي مباراة لمعرفة كيف لُعبت.',
  noReplays: 'تُتاح الإعادات بعد لعبك توزيعة اليوم: لا أحد يرى أوراقها قبل أن يلعبها.',
} satisfies Catalog<typeof en>;
