// The words of playing with no network (en/offline.ts and its translations): in its chunk (parts/offline/).
import en from './en/offline';
import { section } from './words';

export const offlineWords = section('offline', en, import.meta.glob(['./*/offline.ts', '!./en/offline.ts']));
