// The lobby's chunk (table/parts.ts, SOCIAL_PART): playing with people drawn (social-view.ts)
// and handled (social-control.ts), downloaded the first time the page needs it. Its
// name is the chunk's.
export * from './social-view';
export { SocialControl } from './social-control';
