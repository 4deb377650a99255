/**
 * Saving a downloaded file in the browser (exports, PDFs, your own data), loaded with the first
 * screen that offers a download instead of with every page. Nothing here knows inversify.
 */
export { createBrowserFileSaver } from '@loop/adapters';
