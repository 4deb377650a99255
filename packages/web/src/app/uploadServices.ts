/**
 * Uploads that report their progress (XMLHttpRequest), loaded with the first upload instead of with
 * every page: only the finance import uses them. Nothing here knows inversify.
 */
export { xhrUpload } from '@loop/adapters';
