// The deal verifier's words (en/verify.ts and its translations): in its chunk (parts/verify/).
import en from './en/verify';
import { section } from './words';

export const verifyWords = section('verify', en, import.meta.glob(['./*/verify.ts', '!./en/verify.ts']));
