import type { DownloadedFile, FileSaver } from '@loop/core';

/** What saving a file needs of the browser; tests pass a jsdom document and recording URLs. */
export interface FileSaverDeps {
  readonly document: Document;
  readonly urls: Pick<typeof URL, 'createObjectURL' | 'revokeObjectURL'>;
  readonly later: (run: () => void, ms: number) => void;
}

/**
 * An object URL must outlive the click: some browsers start reading it only after the click
 * handler returns, and revoking it at once cancels the download.
 */
export const REVOKE_AFTER_MS = 60_000;

/** Downloads through a temporary `<a download>`: no library, and the browser's own save flow. */
export function createBrowserFileSaver(deps?: FileSaverDeps): FileSaver {
  const save = (blob: Blob, filename: string) => {
    const { document, urls, later } = deps ?? {
      document: globalThis.document,
      urls: URL,
      later: (run: () => void, ms: number) => void setTimeout(run, ms),
    };
    const url = urls.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    link.hidden = true;
    document.body.appendChild(link);
    link.click();
    link.remove();
    later(() => urls.revokeObjectURL(url), REVOKE_AFTER_MS);
  };
  return {
    saveFile: (file: DownloadedFile) => {
      // Core's FileContent is the shape of the Blob the gateway returns; anything else is a bug.
      if (!(file.content instanceof Blob)) throw new TypeError('A downloaded file needs a Blob.');
      save(file.content, file.filename);
    },
    saveText: (filename, text, mimeType) => save(new Blob([text], { type: mimeType }), filename),
    // A copy, so the Blob has an ArrayBuffer of its own whatever buffer the bytes sit in.
    saveBytes: (filename, bytes, mimeType) => save(new Blob([bytes.slice()], { type: mimeType }), filename),
  };
}
