// The page's words (en/page.ts and its translations).
import en from './en/page';
import { section } from './words';

export const pageWords = section('page', en, import.meta.glob(['./*/page.ts', '!./en/page.ts']));
