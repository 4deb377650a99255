// The shared PDF entry: core's PDF ports on jsPDF (loaded on first use) and the logo loader,
// DOM-free, so the browser and the server draw the same display lists. It imports only core and
// jsPDF; the architecture test holds it to that.
export type { LogoFetch } from './createLogoLoader';
export { createLogoLoader, MAX_LOGO_BYTES } from './createLogoLoader';
export type { ImageInfo } from './imageInfo';
export { imageInfo } from './imageInfo';
export { createJsPdfEngine, createJsPdfMeasure, loadJsPdfEngine } from './loadJsPdfEngine';
export { UNDRAWABLE, winAnsiText } from './winAnsiText';
