// A table's rules in words (en/terms.ts and its translations): imported by game/rules-words.ts
// only, so the words come with the chunks that show them (the lobby, the Rules dialog, the daily deal).
import en from './en/terms';
import { section } from './words';

export const termsWords = section('terms', en, import.meta.glob(['./*/terms.ts', '!./en/terms.ts']));
