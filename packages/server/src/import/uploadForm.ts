import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../http/apiError';

/** What the multipart form of an import holds: one file and the text fields. */
export interface UploadForm {
  readonly fileName: string;
  readonly bytes: Buffer;
  readonly fields: Readonly<Record<string, string>>;
}

/** The Dutch messages of one kind of import form. */
export interface UploadFormMessages {
  /** No file in field `file`. */
  readonly noFile: string;
  readonly unreadable: string;
  readonly tooLarge: string;
  /** The file name used when the upload has none. */
  readonly fileName: string;
}

/**
 * The file's bytes, read from the request as they come. The first chunk over `fileSize` ends the
 * reading with 413 (R-HEAVY-1): the rest of the upload is neither kept nor waited for.
 */
async function fileBytes(upload: MultipartFile, messages: UploadFormMessages): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of upload.file) {
    // Leaving the loop destroys the file's stream.
    if (upload.file.truncated) throw new ApiError(413, messages.tooLarge);
    chunks.push(chunk as Buffer);
  }
  if (upload.file.truncated) throw new ApiError(413, messages.tooLarge);
  return Buffer.concat(chunks);
}

/** Reads an import's form: one file (`file`) and the text fields, in any order. */
export async function readUploadForm(
  request: FastifyRequest,
  maxBytes: number,
  messages: UploadFormMessages,
): Promise<UploadForm> {
  if (!request.isMultipart()) throw new ApiError(400, messages.noFile);
  const fields: Record<string, string> = {};
  let file: { fileName: string; bytes: Buffer } | null = null;
  const unreadable = (error: unknown): ApiError => {
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE')
      return new ApiError(413, messages.tooLarge);
    request.log.info({ err: error }, 'Import kon niet worden gelezen');
    return new ApiError(400, messages.unreadable);
  };
  try {
    const parts: AsyncIterableIterator<Multipart> = request.parts({
      limits: { fileSize: maxBytes, files: 1, fields: 10, parts: 11, fieldSize: 64 * 1024 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        const upload: MultipartFile = part;
        const bytes = await fileBytes(upload, messages);
        if (upload.fieldname === 'file') file = { fileName: upload.filename, bytes };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw unreadable(error);
  }
  if (file === null) throw new ApiError(400, messages.noFile);
  const fileName = file.fileName.split(/[\\/]/).at(-1)?.slice(0, 200).trim() || messages.fileName;
  return { fileName, bytes: file.bytes, fields };
}

/**
 * The form's `mapping` field: JSON checked by `check` (core's rules of the import's mapping). Null
 * when the field is empty; otherwise the mapping, or its messages added to `errors`.
 */
export function mappingField<T>(
  fields: Readonly<Record<string, string>>,
  errors: Record<string, string>,
  notJson: string,
  check: (
    raw: unknown,
  ) =>
    | { readonly ok: true; readonly value: T }
    | { readonly ok: false; readonly fields: Readonly<Record<string, string>> },
): T | null {
  const text = (fields.mapping ?? '').trim();
  if (text === '') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    errors.mapping = notJson;
    return null;
  }
  const checked = check(parsed);
  if (checked.ok) return checked.value;
  Object.assign(errors, checked.fields);
  return null;
}
