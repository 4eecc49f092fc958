import type en from '../en/social';
import type { Catalog } from '../words';

export default {
  // A seat's state (the table's seats and the waiting room).
  empty: 'شاغر',
  computer: 'لاعب آلي',
  disconnected: 'منقطع',
  away: 'لاعب آلي (اللاعب غائب)',

  // Disconnected.
  removed:
    'عذرًا، انقطع اتصالك بالمباراة مدة طويلة، فاضطررنا إلى إخراجك منها كي يواصل الآخرون اللعب. 🙁',
  inactivity: 'انقطع اتصالك بسبب عدم النشاط. يمكنك العودة في أي وقت بالضغط على زر «لعب جماعي»',
  soloInactivity: 'انقطع الاتصال لعدم النشاط. مباراتك محفوظة: حركتك التالية تعيد الاتصال.',
} satisfies Catalog<typeof en>;
