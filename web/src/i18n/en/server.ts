// English of the server's codes (the server's own table is its source: tests/i18n.test.ts).
export default {
  internal: 'Something went wrong on the server: try again in a moment.',
} as const;
