// The import rules of src/ (src/README.md says what each folder owns), checked by
// `npm run check-imports` (dependency-cruiser) in `make test-web` and the web lane.
// Type-only imports count like any other: a circle of types is still a circle.

/** The app's own folders a folder may import besides itself. */
function onlyFrom(folder, allowed, comment) {
  return {
    name: `${folder}-imports`,
    comment,
    severity: 'error',
    from: { path: `^src/${folder}/` },
    to: { path: '^src/', pathNot: [`^src/${folder}/`, ...allowed.map((a) => `^src/${a}/`)] },
  };
}

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import circle anywhere in src/, type-only and lazy imports included.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    onlyFrom('i18n', [], 'i18n/: the catalogues of words and their formatting; imports nothing of the app.'),
    onlyFrom('ui', ['i18n'], 'ui/: page building blocks that know nothing of the game or the app.'),
    onlyFrom('net', [], 'net/: the protocol and the socket; nothing of the page.'),
    onlyFrom('game', ['net', 'i18n'], 'game/: cards, rules and words about them; no page state, no views.'),
    onlyFrom('state', ['net', 'game', 'i18n'], 'state/: headless page state; no DOM views, no controller.'),
    onlyFrom('people', ['ui', 'state', 'net', 'game', 'i18n'], 'people/: playing with people, drawn and handled.'),
    {
      name: 'parts-imports',
      comment: 'A part (a chunk of its own) imports only ui/, state/, net/, game/, i18n/ and its own folder.',
      severity: 'error',
      from: { path: '^src/parts/([^/]+)/' },
      to: { path: '^src/', pathNot: ['^src/parts/$1/', '^src/(ui|state|net|game|i18n)/'] },
    },
    onlyFrom('table', ['ui', 'state', 'net', 'game', 'people', 'parts', 'i18n'], 'table/: the game table drawn (TableView); not the controller.'),
    {
      name: 'app-is-the-top',
      comment: 'Only main.ts imports the controller (app/).',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/app/', '^src/main\\.ts$'] },
      to: { path: '^src/app/' },
    },
    {
      name: 'parts-load-lazily',
      comment:
        'A chunk (a part, or the people chunk) is loaded with import() only, so the first load stays small; ' +
        'a type from one is fine. people/social-words.ts is what the first chunk knows of people.',
      severity: 'error',
      from: { path: '^src/', pathNot: ['^src/parts/', '^src/people/'] },
      to: {
        path: '^src/(parts|people)/',
        pathNot: '^src/people/social-words\\.ts$',
        dependencyTypesNot: ['dynamic-import', 'type-only', 'type-import'],
      },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      from: {},
      // The engine's WebAssembly build is Vite's alias (vite.config.ts) to build/wasm/.
      to: { couldNotResolve: true, pathNot: '^hearts-engine(-wasm\\?url)?$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '^src/.*\\.d\\.ts$' },
  },
};
