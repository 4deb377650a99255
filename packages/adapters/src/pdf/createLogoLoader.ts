import type { LogoImage, LogoLoader } from '@loop/core/report';
import { imageInfo } from './imageInfo';

/** What the loader needs of fetch: a GET that answers with bytes (the platform's fetch fits). */
export type LogoFetch = (
  url: string,
) => Promise<{ readonly ok: boolean; arrayBuffer(): Promise<ArrayBuffer> }>;

/** A logo larger than this is not embedded: a PDF's cover needs a small image, not a photo archive. */
export const MAX_LOGO_BYTES = 5 * 1024 * 1024;

/** Bytes as base64, in slices so a large image does not overflow the argument list. */
function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  }
  return btoa(binary);
}

/** One candidate: its bytes if it answers 2xx with a PNG or JPEG of sensible size, else null. */
async function loadOne(fetchLike: LogoFetch, url: string): Promise<LogoImage | null> {
  const answer = await fetchLike(url);
  if (!answer.ok) return null;
  const bytes = new Uint8Array(await answer.arrayBuffer());
  if (bytes.length === 0 || bytes.length > MAX_LOGO_BYTES) return null;
  const info = imageInfo(bytes);
  if (!info) return null;
  const mime = info.format === 'PNG' ? 'image/png' : 'image/jpeg';
  return { ...info, dataUrl: `data:${mime};base64,${base64(bytes)}` };
}

/**
 * Core's LogoLoader over fetch (R-ANALYSIS-13): GETs each address in turn, recognises PNG and JPEG by
 * their bytes (not by the server's content type), reads the natural size from the file's header
 * and answers the first that works as a data URL; any failure moves on to the next, none → null.
 */
export function createLogoLoader(fetchLike: LogoFetch): LogoLoader {
  return {
    async load(urls) {
      for (const url of urls) {
        try {
          const logo = await loadOne(fetchLike, url);
          if (logo) return logo;
        } catch {
          // A network error, a refused address or a broken body: the next candidate.
        }
      }
      return null;
    },
  };
}
