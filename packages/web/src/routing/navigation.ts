/** Moves the app to another route; wouter's browser `navigate` in the app, a memory router in tests. */
export interface Navigation {
  navigate(path: string, options: { replace: boolean }): void;
}
