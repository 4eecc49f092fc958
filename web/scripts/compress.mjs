// After `vite build`: writes each text file of dist/ compressed beside it, as
// `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9). `hearts serve`
// sends the smallest one the browser takes as it is (Content-Encoding: br or gzip,
// Vary: Accept-Encoding), so the server spends no time compressing and the page gets
// the best ratio there is. Node's own zlib: no package to install.
//
// A compressed copy is written only when it is smaller than the file; under ~1 KB that
// is not always so, and a copy that saves nothing is left out.
//
//   node scripts/compress.mjs [dir]   (default: dist/ next to this script's folder)

import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.webmanifest', '.txt', '.xml', '.wasm']);

const dir = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist'));

/** Every file under `root`, depth first. */
function files(root) {
  return readdirSync(root).flatMap((name) => {
    const path = join(root, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

function brotli(data) {
  return brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
}

let written = 0;
for (const path of files(dir)) {
  if (!TEXT.has(extname(path))) continue;
  const data = readFileSync(path);
  const sizes = [];
  for (const [ext, squeeze] of [
    ['.br', brotli],
    ['.gz', (d) => gzipSync(d, { level: 9 })],
  ]) {
    const packed = squeeze(data);
    if (packed.length >= data.length) continue;
    writeFileSync(path + ext, packed);
    sizes.push(`${ext.slice(1)} ${packed.length}`);
    written += 1;
  }
  console.log(`${relative(dir, path)}: ${data.length} bytes${sizes.length ? ` -> ${sizes.join(', ')}` : ' (left as it is)'}`);
}
console.log(`compress: ${written} compressed files in ${relative(process.cwd(), dir) || '.'}`);
