// This language's catalogues of the first load's sections, in one chunk (../core.ts).
export { default as page } from './page';
export { default as game } from './game';
export { default as table } from './table';
export { default as social } from './social';
export { default as server } from './server';
export { default as achievements } from './achievements';
export { default as hint } from './hint';
