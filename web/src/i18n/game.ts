// The game's words (en/game.ts and its translations): cards, rules, the announcer, names.
import en from './en/game';
import { CORE } from './core';
import { section } from './words';

export const gameWords = section('game', en, CORE, true);
