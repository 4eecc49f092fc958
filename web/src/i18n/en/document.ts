// English: the page as it shows before its script runs, or without it (index.html): its
// title and description, the notice to a browser too old for the game, and the one to a
// browser without JavaScript. Not loaded by the page: the web build writes each language's
// document from these (scripts/documents.ts, docs/i18n.md), and the server sends the
// player's (docs/protocol.md, "The player's language"). The texts must be index.html's.
export default {
  title: 'Hearts',
  description: 'Hearts against three computer opponents',

  // The old-browser notice (public/old-browser.js shows it). The browsers' names stay as they are.
  oldBrowser: 'You are using a very old browser, that is no longer supported by this site. We recommend that you upgrade to one of the following browsers:',
  chromeOrChromium: 'Chrome or Chromium',
  anyVersion: 'Any version from the last two years plays Hearts here.',

  // Without JavaScript.
  noScript: 'Hearts needs JavaScript to run: turn it on for this site.',
} as const;
