// What the first chunk says of playing with people (en/social.ts and its translations):
// people/social-words.ts, which the page knows before the lobby's chunk is here.
import en from './en/social';
import { CORE } from './core';
import { section } from './words';

export const socialWords = section('social', en, CORE, true);
