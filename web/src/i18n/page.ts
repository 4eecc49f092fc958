// The page's words (en/page.ts and its translations).
import en from './en/page';
import { CORE } from './core';
import { section } from './words';

export const pageWords = section('page', en, CORE, true);
