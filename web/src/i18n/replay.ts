// The replay's words (en/replay.ts and its translations): in its chunk (parts/replay/).
import en from './en/replay';
import { section } from './words';

export const replayWords = section('replay', en, import.meta.glob(['./*/replay.ts', '!./en/replay.ts']));
