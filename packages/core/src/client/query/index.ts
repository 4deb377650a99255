// The query feature: the one cache through which screens load server data.
// What other features and packages use of it; everything else in this folder is internal.
export { QueryCache } from './QueryCache';
