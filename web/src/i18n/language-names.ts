// Each language named in itself, for the picker in Settings (a chunk's: the first load
// does not carry them).
import type { Lang } from './langs';

export const LANGUAGE_NAMES: Readonly<Record<Lang, string>> = {
  en: 'English',
  es: 'Español',
  de: 'Deutsch',
  fr: 'Français',
  'pt-BR': 'Português (Brasil)',
  ru: 'Русский',
  pl: 'Polski',
  ar: 'العربية',
};
