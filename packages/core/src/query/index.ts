// The query feature: the one cache through which screens load server data.
export type { QueryState } from './QueryCache';
export { QueryCache } from './QueryCache';
