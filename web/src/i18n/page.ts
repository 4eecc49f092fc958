// The page's words (en/page.ts and its translations).
import en from './en/page';
import { CORE } from './core';
import { onLanguage, section } from './words';

export const pageWords = section('page', en, CORE, true);

// The document's title and description follow the language (index.<lang>.html had them before the script).
onLanguage(() => {
  document.title = pageWords('title');
  document.querySelector('meta[name="description"]')?.setAttribute('content', pageWords('description'));
});
