import type en from '../en/terms';
import type { Catalog } from '../words';

export default {
  // The pass directions, in a challenge's "Pass order" and in the lobby's summary.
  L: 'يسار',
  R: 'يمين',
  A: 'مقابل',
  N: 'بلا تمرير',
  none: 'لا شيء',

  // A challenge's terms, each a sentence.
  handsEnd: {
    zero: 'المباراة {n} جولة (أو تنتهي قبل ذلك عند {end} نقطة).',
    one: 'المباراة جولة واحدة (أو تنتهي قبل ذلك عند {end} نقطة).',
    two: 'المباراة جولتان (أو تنتهي قبل ذلك عند {end} نقطة).',
    few: 'المباراة {n} جولات (أو تنتهي قبل ذلك عند {end} نقطة).',
    many: 'المباراة {n} جولة (أو تنتهي قبل ذلك عند {end} نقطة).',
    other: 'المباراة {n} جولة (أو تنتهي قبل ذلك عند {end} نقطة).',
  },
  handsOnly: {
    zero: 'المباراة {n} جولة.',
    one: 'المباراة جولة واحدة.',
    two: 'المباراة جولتان.',
    few: 'المباراة {n} جولات.',
    many: 'المباراة {n} جولة.',
    other: 'المباراة {n} جولة.',
  },
  endsAtPts: 'تنتهي المباراة عند {end} نقطة.',
  noPassing: 'بلا تمرير.',
  order: 'ترتيب التمرير: {list}.',
  queen: 'Q♠ تكسر القلوب.',
  moonSelf: 'اصطياد القمر يخصم 26 من نتيجة صائده.',
  moonChoice: 'صائد القمر يختار طريقة احتسابه.',
  jack: 'J♦ تخصم 10 نقاط.',
  tie: 'المتعادلون في أقل نتيجة يتقاسمون الفوز.',
  noTimer: 'بلا مؤقّت للدور.',
  timer: {
    zero: '{n} ثانية لكل دور.',
    one: 'ثانية واحدة لكل دور.',
    two: 'ثانيتان لكل دور.',
    few: '{n} ثوانٍ لكل دور.',
    many: '{n} ثانية لكل دور.',
    other: '{n} ثانية لكل دور.',
  },

  // The lobby's summary: "4 hands · ends at 100 · pass left, right, across, none · …".
  hands: {
    zero: '{n} جولة',
    one: 'جولة واحدة',
    two: 'جولتان',
    few: '{n} جولات',
    many: '{n} جولة',
    other: '{n} جولة',
  },
  endsAt: 'تنتهي عند {end}',
  thenEndsAt: 'تنتهي عند {end}',
  pass: 'التمرير: {list}',
  queenShort: 'Q♠ تكسر القلوب',
  moonShort: 'القمر: −26 للصائد',
  choiceShort: 'القمر: الصائد يختار',
  jackShort: 'J♦ −10',
  tieShort: 'تقاسم الفوز عند التعادل',
} satisfies Catalog<typeof en>;
