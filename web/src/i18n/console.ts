// The console's words (en/console.ts and its translations): in the console's chunk.
import en from './en/console';
import { section } from './words';

export const consoleWords = section('console', en, import.meta.glob(['./*/console.ts', '!./en/console.ts']));
