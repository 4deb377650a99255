/** The client application's root: the shared stores and the one reset list (see clientApp.ts). */
export type { ClientApp, ClientAppDeps, ResetScope, Resettable } from './clientApp';
export { createClientApp } from './clientApp';
