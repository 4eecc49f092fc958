import type en from '../en/review';
import type { Catalog } from '../words';

export default {
  // Where the points went, by kind of decision ("following suit 0.4 points").
  kindPass: 'التمرير',
  kindLead: 'الافتتاح',
  kindFollow: 'اتباع اللون',
  kindDiscard: 'التخلّص من الأوراق',
  kindMoon: 'صدّ القمر',
  kindLost: '{kind} ({points})',
  // A decision's kind in the timeline's "What" column.
  stepLead: 'افتتاح',
  stepFollow: 'اتباع اللون',
  stepDiscard: 'تخلّص',
  stepMoon: 'صدّ القمر',
  // An amount of points, with one decimal: "4.2 points", "1 point".
  points: {
    zero: '{n} نقطة',
    one: 'نقطة واحدة',
    two: 'نقطتان',
    few: '{n} نقاط',
    many: '{n} نقطة',
    other: '{n} نقطة',
  },
  south: 'جنوب',
  west: 'غرب',
  north: 'شمال',
  east: 'شرق',
  // Cards in words: "the Q♠", "the Q♠, A♥ and 2♣".
  theCards: '{cards}',
  listComma: '{a}، {b}',
  listAnd: '{a} و{b}',

  // The summary and how it was made.
  wellPlayed: 'ما من ورقة لعبتها كلّفت أكثر من أفضل ورقة بفارق ملحوظ: أحسنت اللعب.',
  wellPlayedPass: 'ما من ورقة مرّرتها أو لعبتها كلّفت أكثر من الأفضل بفارق ملحوظ: أحسنت اللعب.',
  lost: 'خسرت نحو {points} بسبب الأخطاء: {kinds}.',
  weighed:
    'قورنت كل ورقة لعبتها بأفضل ورقة في الموقف نفسه على {deals} توزيعة للأوراق المخفية عنك، لعبها الكمبيوتر حتى النهاية؛ والنقاط هي ما كلّفتك بقية الجولة في المتوسط.',
  weighedPass:
    'قورن كل تمرير وكل ورقة لعبتها بالأفضل في الموقف نفسه على {deals} توزيعة للأوراق المخفية عنك (وفي التمرير على عدد أكبر)، لعبها الكمبيوتر حتى النهاية؛ والنقاط هي ما كلّفتك بقية الجولة في المتوسط.',
  marked: 'المعلَّم منها كلّف أكثر من الأفضل بـ{noise} نقطة على الأقل.',
  markedPass: 'المعلَّم منها كلّف أكثر من الأفضل بـ{noise} نقطة على الأقل (وفي التمرير أيضًا بأكثر من خطأ أخذ العيّنات).',
  playedOut: {
    zero: '+{n} ورقة لُعبت تلقائيًا',
    one: '+ورقة واحدة لُعبت تلقائيًا',
    two: '+ورقتان لُعبتا تلقائيًا',
    few: '+{n} أوراق لُعبت تلقائيًا',
    many: '+{n} ورقة لُعبت تلقائيًا',
    other: '+{n} ورقة لُعبت تلقائيًا',
  },
  claimedNote: 'الجولة التي لم يعد بوسع نتيجتها أن تتغيّر انتهت فورًا: الأوراق التي لُعبت حينها لم يخترها أحد، فلا تُقيَّم.',
  open: 'الأرقام في «أكلة بأكلة» داخل كل جولة.',
  openSee: 'الأرقام في «أكلة بأكلة» داخل كل جولة، وزر «عرض» عند كل خطأ يفتح الإعادة قبله مباشرة.',
  loading: 'جارٍ وزن كل تمرير قمت به وكل ورقة لعبتها مقابل الأفضل…',
  failed: 'تعذّر إعداد المراجعة.',

  // A hand's pass ({cards}, {best}: "the Q♠, A♥ and 2♣"; {to}: "to the left (West)"; {cost}, {bestCost}: "7.1 points").
  toLeft: 'إلى اليسار ({seat})',
  toRight: 'إلى اليمين ({seat})',
  toAcross: 'إلى المقابل ({seat})',
  passMistake: 'التمرير: {cards} {to} بكلفة نحو {cost}؛ وتمرير {best} كان سيكلّف نحو {bestCost}.',
  passBest: 'التمرير: {cards} {to}، بكلفة نحو {cost}، أفضل تمرير.',
  passAsGood: 'التمرير: {cards} {to}، بكلفة نحو {cost}، وهو بجودة تمرير البحث: تمرير {best} كان سيكلّف نحو {bestCost}.',
  passNoDifference: 'التمرير: {cards} {to}، بكلفة نحو {cost}؛ وتمرير {best} كان سيكلّف نحو {bestCost}، بلا فرق واضح.',
  // Where it went, under its cards: "→ left".
  left: 'يسار',
  right: 'يمين',
  across: 'مقابل',
  // A card played ({card}, {best}: "Q♥").
  cardSafe: 'الأكلة {trick}: {card} بكلفة نحو {cost}؛ وكانت {best} آمنة.',
  cardCost: 'الأكلة {trick}: {card} بكلفة نحو {cost}؛ و{best} كانت ستكلّف نحو {bestCost}.',
  cardFine: 'الأكلة {trick}: {card}، بكلفة نحو {cost}.',
  cardBest: 'الأكلة {trick}: {card}، بكلفة نحو {cost}، أفضل ورقة.',

  // Each hand, trick by trick.
  hand: 'الجولة {hand}',
  byTrick: 'أكلة بأكلة',
  byTrickLabel: 'الجولة {hand}، أكلة بأكلة',
  caption: 'الجولة {hand}: كل قرار من قراراتك، ورقتك وأفضل ورقة مع ما كلّفته كل منهما في المتوسط، والنقاط الضائعة.',
  captionPass: 'الجولة {hand}: كل قرار من قراراتك، تمريرك أو ورقتك والأفضل مع ما كلّفه كل منهما في المتوسط، والنقاط الضائعة.',
  captionYours: 'اختار البحث تمريره على توزيعات أخرى: وعلى هذه التوزيعات لم يكلّف تمريرك أكثر منه، فالأفضل هو تمريرك.',
  colTrick: 'الأكلة',
  colWhat: 'القرار',
  colYours: 'اختيارك',
  colBest: 'الأفضل',
  colLost: 'الخسارة',
  pass: 'التمرير',
  passToLeft: 'تمرير إلى اليسار',
  passToRight: 'تمرير إلى اليمين',
  passAcross: 'تمرير إلى المقابل',
  yours: 'اختيارك',
  // After "yours": the search's pass and its points ({pass}).
  searchPass: '(تمرير البحث: {pass})',
  aMistake: '، خطأ',
  seeIt: 'عرض',
  seePass: 'عرض تمرير الجولة {hand} في الإعادة',
  seeCard: 'عرض الجولة {hand}، الأكلة {trick} في الإعادة',

  // The largest mistakes, largest first.
  largest: 'أكبر الأخطاء',
  largestPass: 'الجولة {hand}، التمرير: {cards} بكلفة نحو {cost}؛ و{best} نحو {bestCost}. ({kind})',
  largestSafe: 'الجولة {hand}، الأكلة {trick}: {card} بكلفة نحو {cost}؛ وكانت {best} آمنة. ({kind})',
  largestCost: 'الجولة {hand}، الأكلة {trick}: {card} بكلفة نحو {cost}؛ و{best} كانت ستكلّف نحو {bestCost}. ({kind})',
} satisfies Catalog<typeof en>;
