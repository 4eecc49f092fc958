import type en from '../en/document';
import type { Catalog } from '../words';

export default {
  title: 'هارتس',
  description: 'هارتس ضد ثلاثة خصوم آليين',

  // The old-browser notice (public/old-browser.js shows it). The browsers' names stay as they are.
  oldBrowser: 'متصفحك قديم جدًا ولم يعد هذا الموقع يدعمه. ننصحك بالترقية إلى أحد المتصفحات التالية:',
  chromeOrChromium: 'Chrome أو Chromium',
  anyVersion: 'أي إصدار من آخر سنتين يشغّل هارتس هنا.',

  // Without JavaScript.
  noScript: 'تحتاج هارتس إلى جافاسكربت لتعمل: يُرجى تفعيلها لهذا الموقع.',
} satisfies Catalog<typeof en>;
