// The daily deal's words (en/daily.ts and its translations): in its chunk (parts/daily/).
import en from './en/daily';
import { section } from './words';

export const dailyWords = section('daily', en, import.meta.glob(['./*/daily.ts', '!./en/daily.ts']));
