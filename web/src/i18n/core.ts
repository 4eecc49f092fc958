// The first load's sections (page, game, table, social, server, achievements, hint) come in one
// chunk per language, `<lang>/core.ts`, which exports each catalogue by its section's name
// (tests/i18n.test.ts checks that every language's core.ts has them all).
export const CORE = import.meta.glob(['./*/core.ts', '!./en/core.ts']);
export const CORE_SECTIONS = ['page', 'game', 'table', 'social', 'server', 'achievements', 'hint'] as const;
