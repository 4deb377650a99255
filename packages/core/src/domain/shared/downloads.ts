/** The bytes of a file; the browser's Blob satisfies it (core knows no DOM types). */
export interface FileContent {
  readonly size: number;
  readonly type: string;
}

/** A file the server sent as a download, named as its Content-Disposition says. */
export interface DownloadedFile {
  readonly filename: string;
  readonly content: FileContent;
}

/** Hands a file to the user as a download. */
export interface FileSaver {
  /** A file the server made (an export). */
  saveFile(file: DownloadedFile): void;
  /** Text made on the client (the new personal links as CSV). */
  saveText(filename: string, text: string, mimeType: string): void;
  /** Bytes made on the client (the business analysis PDF). */
  saveBytes(filename: string, bytes: Uint8Array, mimeType: string): void;
}
