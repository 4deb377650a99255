import type { DownloadedFile } from '@loop/core';
import { type ApiResult, apiOk } from '@loop/core';
import type { ApiClient, DownloadBody, RequestOptions } from './createApiClient';

/**
 * File downloads for every gateway that offers one (exports, invoices, your own data). Apart from the
 * survey results gateway, so the gateways the app's entry binds do not carry that one with them.
 */

/** RFC 8187's `UTF-8''…` value of `filename*`, decoded; null when it is not one. */
function extendedValue(value: string): string | null {
  const match = /^utf-8'[^']*'(.+)$/i.exec(value);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1] as string);
  } catch {
    return null;
  }
}

/** A parameter's value: a quoted string (with `\"` escapes) or a token up to the next `;`. */
function parameter(header: string, name: string): string | null {
  const pattern = new RegExp(`(?:^|;)\\s*${name}\\s*=\\s*(?:"((?:[^"\\\\]|\\\\.)*)"|([^;]*))`, 'i');
  const match = pattern.exec(header);
  if (!match) return null;
  return match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : (match[2] ?? '').trim();
}

/**
 * The file name a Content-Disposition header gives (RFC 6266): `filename*` (UTF-8, for names
 * with accents) before `filename`. Only the last path segment is kept and control characters are
 * dropped, so a header can never aim the download at another folder; null when there is no name.
 */
export function filenameFromContentDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = parameter(header, 'filename\\*');
  const raw = (extended === null ? null : extendedValue(extended)) ?? parameter(header, 'filename');
  if (raw === null) return null;
  const name = (raw.split(/[/\\]/).pop() ?? '').replace(/\p{Cc}/gu, '').trim();
  return name === '' || name === '.' || name === '..' ? null : name;
}

/**
 * A file download: the bytes, named as the server's Content-Disposition says (else `fallback`); a
 * refusal still reads the JSON `detail`.
 */
export async function downloadFile(
  client: ApiClient,
  path: string,
  fallback: string,
  query?: RequestOptions['query'],
): Promise<ApiResult<DownloadedFile>> {
  const answer = await client.request<DownloadBody>('GET', path, {
    ...(query === undefined ? {} : { query }),
    responseType: 'blob',
  });
  if (!answer.ok) return answer;
  const { blob, headers } = answer.value;
  return apiOk({
    filename: filenameFromContentDisposition(headers.get('content-disposition')) ?? fallback,
    content: blob,
  });
}
