import { describe, expect, it } from 'vitest';
import type { DownloadedFile, FileSaver } from '../../shared';
import {
  createSurveyShare,
  QR_PNG_SIZE,
  type QrCodeRenderer,
  qrCodeFilename,
  SHARE_TEXTS,
} from './surveyShare';

const URL = 'https://app.loop.nl/respond/abc';

class RecordingFiles implements FileSaver {
  readonly saved: Array<{ filename: string; content: string | Uint8Array; mimeType: string }> = [];
  saveFile(_file: DownloadedFile): void {
    throw new Error('not used by the share step');
  }
  saveText(filename: string, text: string, mimeType: string): void {
    this.saved.push({ filename, content: text, mimeType });
  }
  saveBytes(filename: string, bytes: Uint8Array, mimeType: string): void {
    this.saved.push({ filename, content: bytes, mimeType });
  }
}

function fakeRenderer() {
  const calls: string[] = [];
  const renderer: QrCodeRenderer = {
    svg: async (text) => {
      calls.push(`svg:${text}`);
      return `<svg>${text}</svg>`;
    },
    png: async (text, size) => {
      calls.push(`png:${text}:${size}`);
      return new Uint8Array([137, 80, 78, 71]);
    },
  };
  return { renderer, calls };
}

describe('createSurveyShare', () => {
  it('should draw the SVG once per link, loading the renderer only when asked', async () => {
    const { renderer, calls } = fakeRenderer();
    let loads = 0;
    const share = createSurveyShare({
      qr: async () => {
        loads++;
        return renderer;
      },
      files: new RecordingFiles(),
    });
    expect(loads).toBe(0);
    expect(await share.qrSvg(URL)).toEqual({ ok: true, value: `<svg>${URL}</svg>` });
    expect(await share.qrSvg(URL)).toEqual({ ok: true, value: `<svg>${URL}</svg>` });
    expect(calls).toEqual([`svg:${URL}`]);
  });

  it('should hand the same SVG and a 1024-pixel PNG of the link to the file saver', async () => {
    const { renderer, calls } = fakeRenderer();
    const files = new RecordingFiles();
    const share = createSurveyShare({ qr: async () => renderer, files });
    expect(await share.downloadQr(12, URL, 'svg')).toEqual({ ok: true, value: 'qr-code-survey-12.svg' });
    expect(await share.downloadQr(12, URL, 'png')).toEqual({ ok: true, value: 'qr-code-survey-12.png' });
    expect(files.saved).toEqual([
      { filename: 'qr-code-survey-12.svg', content: `<svg>${URL}</svg>`, mimeType: 'image/svg+xml' },
      {
        filename: 'qr-code-survey-12.png',
        content: new Uint8Array([137, 80, 78, 71]),
        mimeType: 'image/png',
      },
    ]);
    expect(calls).toEqual([`svg:${URL}`, `png:${URL}:${QR_PNG_SIZE}`]);
    expect(QR_PNG_SIZE).toBe(1024);
  });

  it('should answer a failure with a Dutch text when the renderer cannot load, and try again later', async () => {
    const { renderer } = fakeRenderer();
    let fail = true;
    const files = new RecordingFiles();
    const share = createSurveyShare({
      qr: async () => {
        if (fail) throw new Error('chunk failed to load');
        return renderer;
      },
      files,
    });
    expect(await share.qrSvg(URL)).toEqual({ ok: false, error: 'qr_failed', detail: SHARE_TEXTS.qrFailed });
    expect(await share.downloadQr(3, URL, 'png')).toEqual({
      ok: false,
      error: 'qr_failed',
      detail: 'De QR-code kon niet worden gemaakt. Probeer het opnieuw.',
    });
    expect(files.saved).toEqual([]);
    fail = false;
    expect((await share.qrSvg(URL)).ok).toBe(true);
  });
});

describe('qrCodeFilename', () => {
  it('should name the file after the survey and the format', () => {
    expect(qrCodeFilename(7, 'svg')).toBe('qr-code-survey-7.svg');
    expect(qrCodeFilename(7, 'png')).toBe('qr-code-survey-7.png');
  });
});
