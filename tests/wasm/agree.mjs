// The page's WebAssembly build of the engine and the bots against the native one
// (docs/offline.md): both play the same 1,000 seeded hands (every level, every rule
// variant, claims and moons) and write every deal, legal set, choice, claim and score;
// the two transcripts must be equal, line for line.
//
//   node tests/wasm/agree.mjs [--hands N] [--time] NATIVE_HEARTS WASM_DIR
//
// NATIVE_HEARTS is `hearts` (build/release/hearts), WASM_DIR the folder with
// hearts-engine.js and hearts-engine.wasm (build/wasm/wasm). --time also times the expert's
// decisions in both, on this machine, and prints the ratio (a measure, never a check).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

function usage(message) {
  console.error(`agree.mjs: ${message}\nusage: node tests/wasm/agree.mjs [--hands N] [--time] NATIVE_HEARTS WASM_DIR`);
  process.exit(2);
}

const args = process.argv.slice(2);
let hands = 1000;
let time = false;
const paths = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--hands') {
    hands = Number(args[++i]);
    if (!Number.isInteger(hands) || hands < 1 || hands > 100000) usage('--hands takes a whole number from 1 to 100000');
  } else if (args[i] === '--time') time = true;
  else paths.push(args[i]);
}
if (paths.length !== 2) usage('give the native hearts binary and the wasm folder');
const [native, wasmDir] = paths.map((p) => resolve(p));

const options = { seed: 1, hands, iterations: 48 };

function runNative(argv) {
  const r = spawnSync(native, argv, { encoding: 'utf8', maxBuffer: 1 << 30 });
  if (r.error) usage(`cannot run ${native}: ${r.error.message}`);
  if (r.status !== 0) {
    console.error(`${native} ${argv.join(' ')} failed (${r.status}):\n${r.stderr}`);
    process.exit(1);
  }
  return r.stdout;
}

let engine;
try {
  const { default: create } = await import(pathToFileURL(`${wasmDir}/hearts-engine.js`).href);
  engine = await create({ wasmBinary: readFileSync(`${wasmDir}/hearts-engine.wasm`) });
} catch (e) {
  usage(`cannot load the wasm build from ${wasmDir} (make it with \`make build-wasm\`): ${e.message}`);
}
const call = (name, text) => engine.ccall(name, 'string', ['string'], [text]);

let t0 = performance.now();
const nativeText = runNative(['transcript', '--seed', String(options.seed), '--hands', String(hands), '--iterations', String(options.iterations)]);
const nativeMs = performance.now() - t0;
t0 = performance.now();
const wasmText = call('hearts_transcript', `seed=${options.seed} hands=${hands} iterations=${options.iterations}`);
const wasmMs = performance.now() - t0;
if (wasmText.startsWith('error:')) {
  console.error(`the wasm build refused the options: ${wasmText}`);
  process.exit(1);
}

const a = nativeText.split('\n');
const b = wasmText.split('\n');
for (let i = 0; i < Math.max(a.length, b.length); i++) {
  if (a[i] === b[i]) continue;
  let game = i;
  while (game > 0 && !a[game].startsWith('game ')) game--;
  console.error(`the transcripts differ at line ${i + 1}, in ${a[game] ?? 'the first game'}:`);
  console.error(`  native: ${a[i] ?? '(ended)'}`);
  console.error(`  wasm:   ${b[i] ?? '(ended)'}`);
  process.exit(1);
}

// The same text both sides could still be empty or say little: it must hold what the
// issue asks to compare.
const count = (re) => a.filter((l) => re.test(l)).length;
const figures = {
  hands: count(/^hand \d+ /),
  games: count(/^game /),
  plays: count(/ legal=.* play /),
  passes: count(/ pass /),
  claimsNoPoints: count(/^claim no_points /),
  claimsEveryTrick: count(/^claim every_trick /),
  moons: count(/ moon=[SWNE]$/),
  moonChoices: count(/ moon (others|shooter)$/),
};
// (About 1,000 hands hold every case; a shorter run, for a quick look, is not held to it.)
const missing = Object.entries(figures).filter(([k, v]) => (k === 'hands' ? v !== hands : v === 0 && hands >= 1000));
if (missing.length > 0) {
  console.error(`the transcripts agree but lack what they must hold: ${JSON.stringify(figures)}`);
  process.exit(1);
}
console.log(
  `native and wasm agree on ${a.length - 1} lines: ${figures.hands} hands in ${figures.games} games, ` +
    `${figures.plays} plays with their legal sets, ${figures.passes} passes, ` +
    `${figures.claimsNoPoints + figures.claimsEveryTrick} claims, ${figures.moons} moons ` +
    `(${(nativeMs / 1000).toFixed(2)} s native, ${(wasmMs / 1000).toFixed(2)} s wasm, ${(wasmMs / nativeMs).toFixed(2)}×)`,
);

// The offline server (wasm/offline.h) in the wasm build: a whole game against the
// computer, as the page's worker plays it, in the server's messages (the same code's
// native tests are tests/offline/). A bad message must be answered, not abort the module.
{
  const receive = (m, seed = '17') => engine.ccall('hearts_offline_receive', 'string', ['string', 'string'], [m, seed]).split('\n').map((l) => JSON.parse(l));
  const fail = (why) => {
    console.error(`the wasm offline server: ${why}`);
    process.exit(1);
  };
  const bad = receive('{"t":');
  if (bad[0].t !== 'error' || bad[0].code !== 'bad_message') fail(`a broken message got ${JSON.stringify(bad)}`);
  receive(JSON.stringify({ t: 'hello' }));
  let answer = receive(JSON.stringify({ t: 'new_game', id: 1, level: 'expert', rules: 'end=40', names: ['Mike', 'Bill', 'Lisa'] }), '4242');
  const table = answer[0].table;
  let view = answer.findLast((m) => m.view).view;
  let updates = 0;
  for (let i = 0; i < 300 && view.phase !== 'game_over'; i++) {
    const m =
      view.phase === 'pass' ? { t: 'pass', table, cards: view.cards.slice(0, 3) }
      : view.phase === 'play' ? { t: 'play', table, card: view.legal[0] }
      : view.phase === 'moon_choice' ? { t: 'moon', table, choice: 'others' }
      : { t: 'next', table };
    answer = receive(JSON.stringify({ ...m, id: i + 2 }));
    const refused = answer.find((a) => a.t === 'error');
    if (refused) fail(`${JSON.stringify(m)} was refused: ${refused.reason}`);
    updates += answer.filter((a) => a.t === 'update').length;
    view = answer.findLast((a) => a.view)?.view ?? fail(`no view after ${JSON.stringify(m)}`);
  }
  if (view.phase !== 'game_over') fail('the game did not end');
  const saved = engine.ccall('hearts_offline_saved', 'string', [], []);
  if (engine.ccall('hearts_offline_restore', 'string', ['string'], [saved]) !== '') fail('its saved game did not restore');
  console.log(`the wasm offline server played a game to its end against the expert: ${updates} updates`);
}

if (time) {
  const timeHands = 10;
  const out = runNative(['bench', '--decisions', 'expert', '--decision-hands', String(timeHands)]);
  const n = /(\d+) decisions, mean ([\d.]+) ms, max ([\d.]+) ms/.exec(out);
  const w = /decisions=(\d+) mean_ms=([\d.]+) max_ms=([\d.]+)/.exec(call('hearts_time_decisions', `level=expert seed=1 hands=${timeHands}`));
  if (!n || !w) {
    console.error(`could not read the decision times: native "${out.trim()}"`);
    process.exit(1);
  }
  console.log(
    `expert, ${timeHands} hands: native ${n[1]} decisions, mean ${Number(n[2]).toFixed(1)} ms, max ${Number(n[3]).toFixed(1)} ms; ` +
      `wasm ${w[1]} decisions, mean ${Number(w[2]).toFixed(1)} ms, max ${Number(w[3]).toFixed(1)} ms; ` +
      `wasm/native ${(Number(w[2]) / Number(n[2])).toFixed(2)}× (mean)`,
  );
}
