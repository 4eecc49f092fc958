// The table's words (en/table.ts and its translations).
import en from './en/table';
import { CORE } from './core';
import { section } from './words';

export const tableWords = section('table', en, CORE, true);
