import type en from '../en/console';
import type { Catalog } from '../words';

// The commands a player types (help, hand, pass 2C 3C 4C, moon others, new!…) and the card
// codes stay in Latin letters; the prompt's name stays "you" (a terminal's user name).
export default {
  label: 'وحدة التحكم',
  command: 'الأمر',
  // The prompt's name when the player has none ("you@hearts:~$")
  you: 'you',
  welcome: 'مرحبًا بك في المصفوفة.',
  welcomeHelp: '«help» يعرض الأوامر، و«exit» للخروج.',

  // "help": a line, then each command and what it does (in two columns; keep them short)
  help: 'ورقة، مثل QS أو 10H أو TH أو Q♠: للعبها. ثلاث أوراق (QS KS AH): لتمريرها.',
  helpHand: 'أوراقك',
  helpLegal: 'الأوراق المسموح لعبها الآن',
  helpTable: 'الأكلة، ومن عليه الدور',
  helpScores: 'المجاميع وهذه الجولة',
  helpNext: 'توزيع الجولة التالية',
  helpMoon: '{commands}: احتساب قمرك',
  helpNew: 'مباراة جديدة',
  helpClear: 'تفريغ وحدة التحكم',
  helpHelp: 'هذا النص',
  helpExit: 'إغلاق وحدة التحكم (وكذلك Escape)',

  // Answers ({cards}: card codes like "2♣ Q♠"; {card}: one)
  none: 'لا شيء',
  newGame: 'مباراة جديدة.',
  newPlaying: 'هناك مباراة جارية: «new!» يغادرها ويبدأ مباراة جديدة.',
  noGame: 'لا مباراة معروضة: «new» يبدأ واحدة.',
  hand: 'أوراقك: {cards}',
  passHint: '{instruction}: الأمر «pass» مع ثلاث أوراق، مثل «pass 2C 3C 4C».',
  legal: 'يمكنك لعب: {cards}',
  notYourTurn: 'ليس دورك في اللعب.',
  trickEmpty: 'الأكلة فارغة.',
  onTable: 'على الطاولة: {cards}.',
  yourTurn: 'دورك.',
  theirTurn: 'الدور على {name}.',
  broken: 'كُسرت القلوب.',
  youAre: 'أنت ({name})',
  scoreLine: '{name}: {total} إجمالًا، و{points} في هذه الجولة',
  nextHand: 'الجولة التالية.',
  noNext: 'لا جولة تالية للتوزيع الآن.',
  noMoon: 'لا قمر لك لاحتسابه.',
  moonHow: 'الأمر «moon others» (+26 لكل الآخرين) أو «moon shooter» (−26 لك).',
  moonOthers: 'لكل الآخرين 26.',
  moonShooter: 'لك −26.',
  unknown: 'لم أفهم: «{words}». «help» يعرض الأوامر.',
  oneOrThree: 'يلزم ذكر ورقة واحدة للعب، أو ثلاث للتمرير.',
  notHeld: '{card} ليست بين أوراقك.',
  passThree: 'يلزم ذكر ثلاث أوراق للتمرير، مثل «pass 2C 3C 4C».',
  cannotPlay: 'لا يمكنك لعب {card}: {reason}.',
  passedAlready: 'سبق أن مرّرت أوراقك.',
  notPassing: 'ليس هذا وقت التمرير.',
  different: 'يلزم ذكر ثلاث أوراق مختلفة.',
  youPass: 'مرّرت {cards}.',
} satisfies Catalog<typeof en>;
