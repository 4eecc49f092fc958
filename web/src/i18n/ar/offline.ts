import type en from '../en/offline';
import type { Catalog } from '../words';

export default {
  title: 'دون اتصال.',
  text: 'تلعب ضد الحاسوب على هذا الجهاز دون شبكة. لا تُحتسب هذه الألعاب في الإحصاءات ولا التصنيف ولا الإنجازات.',
  online: 'عُد إلى الاتصال',
} satisfies Catalog<typeof en>;
