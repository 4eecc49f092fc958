// The version of this build (vite.config.ts writes it in): package.json's and the commit.

declare const __HEARTS_VERSION__: string;

export const VERSION: string = __HEARTS_VERSION__;
