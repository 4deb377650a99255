// The app feature: the client application's root (createClientApp): the shared stores and the one reset list.
// What other features and packages use of it; everything else in this folder is internal.
export type { ClientApp } from './clientApp';
export { createClientApp } from './clientApp';
export { createSessionEndedHandler } from './onSessionEnded';
