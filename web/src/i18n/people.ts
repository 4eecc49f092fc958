// Playing with people's words (en/people.ts and its translations): imported by src/people/
// only, so they come with the lobby's chunk.
import en from './en/people';
import { section } from './words';

export const peopleWords = section('people', en, import.meta.glob(['./*/people.ts', '!./en/people.ts']));
