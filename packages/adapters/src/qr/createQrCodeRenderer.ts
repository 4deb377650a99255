import type { QrCodeRenderer } from '@loop/core/surveys/results';
import { toCanvas, toString as toSvgString } from 'qrcode';

/**
 * One set of options for both pictures, so the SVG and the PNG hold the same modules: error
 * correction M (15 %, the usual for a link printed on paper), the four-module quiet zone the
 * standard asks for, black on white.
 */
export const QR_OPTIONS = {
  errorCorrectionLevel: 'M',
  margin: 4,
  color: { dark: '#000000', light: '#ffffff' },
} as const;

/** What drawing the PNG needs of the browser; tests may pass another document. */
export interface QrCodeRendererDeps {
  readonly document: Document;
}

/** QR codes with the `qrcode` library: its SVG renderer, and its canvas renderer for the PNG. */
export function createQrCodeRenderer(deps?: QrCodeRendererDeps): QrCodeRenderer {
  return {
    svg: (text) => toSvgString(text, { ...QR_OPTIONS, type: 'svg' }),
    png: async (text, size) => {
      const canvas = (deps?.document ?? globalThis.document).createElement('canvas');
      await toCanvas(canvas, text, { ...QR_OPTIONS, width: size });
      const blob = await new Promise<Blob>((resolve, reject) =>
        canvas.toBlob(
          (made) => (made === null ? reject(new Error('The canvas made no PNG.')) : resolve(made)),
          'image/png',
        ),
      );
      return new Uint8Array(await blob.arrayBuffer());
    },
  };
}
