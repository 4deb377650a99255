import type { FileSaver } from '../../shared';
import { err, ok, type Result } from '../../shared';

/**
 * The share step (docs/decisions/surveys.md, 'The share step'): what an owner gets after opening a survey
 * and under 'Delen' on the results page: the public link to copy, a QR code of it as SVG and PNG,
 * and the way to the invitations.
 */

/** Draws a QR code of a text; the adapter brings its library along only when a code is asked for. */
export interface QrCodeRenderer {
  /** The code as an SVG document, black on white with its quiet zone. */
  svg(text: string): Promise<string>;
  /** The same code (same options, so the same modules) as a PNG of `size` × `size` pixels. */
  png(text: string, size: number): Promise<Uint8Array>;
}

/** The PNG's width and height: sharp on a poster or a slide. */
export const QR_PNG_SIZE = 1024;

export const SHARE_TEXTS = {
  copied: 'De openbare link is gekopieerd.',
  qrAlt: 'QR-code van de openbare link',
  qrFailed: 'De QR-code kon niet worden gemaakt. Probeer het opnieuw.',
  reachAgain: "Je vindt de link en de QR-code altijd terug onder 'Delen' bovenaan de resultatenpagina.",
  downloaded: (filename: string) => `${filename} is gedownload.`,
} as const;

export type QrFormat = 'svg' | 'png';

/** `qr-code-survey-12.svg`: what the downloads are called. */
export const qrCodeFilename = (surveyId: number, format: QrFormat): string =>
  `qr-code-survey-${surveyId}.${format}`;

export interface SurveyShareDeps {
  /** The QR renderer, loaded on first use (a chunk of its own in the browser). */
  readonly qr: () => Promise<QrCodeRenderer>;
  readonly files: FileSaver;
}

export type ShareError = 'qr_failed';

/** The share step's use-cases. */
export interface SurveyShare {
  /** The QR code of `url` as SVG; the same text for the same url, drawn once. */
  qrSvg(url: string): Promise<Result<string, ShareError>>;
  /** Hands the QR code to the user as a file; the value is the file's name. */
  downloadQr(surveyId: number, url: string, format: QrFormat): Promise<Result<string, ShareError>>;
}

export function createSurveyShare(deps: SurveyShareDeps): SurveyShare {
  const svgs = new Map<string, Promise<string>>();
  const svgOf = (url: string): Promise<string> => {
    let svg = svgs.get(url);
    if (svg === undefined) {
      svg = deps.qr().then((renderer) => renderer.svg(url));
      // A failed draw (the chunk did not load) is tried again next time.
      svg.catch(() => svgs.delete(url));
      svgs.set(url, svg);
    }
    return svg;
  };
  // The renderer's library is loaded code: a failure to load or draw is a value, not a crash.
  const attempt = async <T>(run: () => Promise<T>): Promise<Result<T, ShareError>> => {
    try {
      return ok(await run());
    } catch {
      return err('qr_failed', SHARE_TEXTS.qrFailed);
    }
  };

  return {
    qrSvg: (url) => attempt(() => svgOf(url)),
    downloadQr: (surveyId, url, format) =>
      attempt(async () => {
        const filename = qrCodeFilename(surveyId, format);
        if (format === 'svg') deps.files.saveText(filename, await svgOf(url), 'image/svg+xml');
        else deps.files.saveBytes(filename, await (await deps.qr()).png(url, QR_PNG_SIZE), 'image/png');
        return filename;
      }),
  };
}
