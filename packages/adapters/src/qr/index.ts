// The QR entry: QR codes of the share step drawn by `qrcode`. Its own entry, so the library reaches
// only the chunk that is loaded when a QR code is shown (never /login or /respond).
export { createQrCodeRenderer, QR_OPTIONS } from './createQrCodeRenderer';
