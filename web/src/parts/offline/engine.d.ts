// The page's WebAssembly build of the engine, the bots and the offline server
// (wasm/CMakeLists.txt: emscripten's ES module factory), as vite.config.ts resolves it.
declare module 'hearts-engine' {
  export interface HeartsEngine {
    ccall(name: string, returns: 'string', args: readonly 'string'[], values: readonly string[]): string;
  }
  export default function createHeartsEngine(options?: { locateFile?: (path: string) => string }): Promise<HeartsEngine>;
}
declare module 'hearts-engine-wasm?url' {
  const url: string;
  export default url;
}
