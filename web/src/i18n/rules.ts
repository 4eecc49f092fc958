// The Rules and About dialogs' words (en/rules.ts and its translations): in the dialogs' chunk.
import en from './en/rules';
import { section } from './words';

export const rulesWords = section('rules', en, import.meta.glob(['./*/rules.ts', '!./en/rules.ts']));
