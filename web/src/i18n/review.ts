// The review's words (en/review.ts and its translations): in its chunk (parts/review/).
import en from './en/review';
import { section } from './words';

export const reviewWords = section('review', en, import.meta.glob(['./*/review.ts', '!./en/review.ts']));
