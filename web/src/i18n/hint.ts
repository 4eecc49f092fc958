// A hint in the player's words (en/hint.ts; it comes with the first load's words of a
// language other than English, in <lang>/core.ts).
import type en from './en/hint';
import { CORE } from './core';
import { section } from './words';

export const hintWords = section('hint', {} as typeof en, CORE, true);
