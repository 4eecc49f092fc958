// The player's dialogs' words (en/dialogs.ts and its translations): in the dialogs' chunk.
import en from './en/dialogs';
import { section } from './words';

export const dialogWords = section('dialogs', en, import.meta.glob(['./*/dialogs.ts', '!./en/dialogs.ts']));
