// After `vite build` (npm run build, before scripts/compress.mjs, which compresses what this
// writes too): the app's manifest in each language (manifest.<lang>.webmanifest, English's
// manifest.webmanifest), and dist/index.<lang>.html for each language with a document catalogue
// (src/i18n/<lang>/document.ts), from dist/index.html, and dist/index.html itself checked
// against the English one (scripts/document-html.ts). `hearts serve` sends the player's
// (docs/protocol.md, "The player's language").
//
//   vite-node scripts/documents.ts [dir]   (default: dist/ next to this script's folder)
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { documentFile, documentLanguages, localise, manifest, manifestFile } from './document-html';

const dist = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist'));
const english = readFileSync(join(dist, 'index.html'), 'utf8');
const written: string[] = [];
for (const [lang, texts] of documentLanguages()) {
  writeFileSync(join(dist, manifestFile(lang)), manifest(lang, texts));
  const page = localise(english, lang, texts);
  if (lang === 'en') continue; // checked: the page speaks en/document.ts's English
  writeFileSync(join(dist, documentFile(lang)), page);
  written.push(documentFile(lang));
}
console.log(`documents: index.html and ${written.length === 0 ? 'no other language' : written.join(', ')}`);
