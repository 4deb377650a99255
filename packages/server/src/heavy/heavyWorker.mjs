// The worker threads' entry (heavyPool.ts): plain JavaScript, so Node loads it as it is in every
// way the server runs (tsx in production, Vitest in the tests). It teaches the thread TypeScript
// with tsx's loader (a dependency of the server) and hands each task to heavyTasks.ts.
import { register } from 'tsx/esm/api';

register();
const { runHeavyTask } = await import('./heavyTasks.ts');

export default runHeavyTask;
