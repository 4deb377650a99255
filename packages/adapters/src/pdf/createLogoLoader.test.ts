import { describe, expect, it } from 'vitest';
import { jpegHeaderBytes, pngBytes } from '../testing/testImages';
import { createLogoLoader, type LogoFetch, MAX_LOGO_BYTES } from './createLogoLoader';

type Answer = { status: number; body: Uint8Array } | Error;

/** A fetch over a table of addresses; records what was asked. */
function fakeFetch(table: Record<string, Answer>): LogoFetch & { asked: string[] } {
  const asked: string[] = [];
  const fetchLike = async (url: string) => {
    asked.push(url);
    const answer = table[url];
    if (!answer) return { ok: false, arrayBuffer: async () => new ArrayBuffer(0) };
    if (answer instanceof Error) throw answer;
    return {
      ok: answer.status >= 200 && answer.status < 300,
      arrayBuffer: async () => answer.body.slice().buffer,
    };
  };
  return Object.assign(fetchLike, { asked });
}

const decode = (dataUrl: string): Uint8Array =>
  Uint8Array.from(atob(dataUrl.slice(dataUrl.indexOf(',') + 1)), (char) => char.charCodeAt(0));

describe('createLogoLoader', () => {
  it('should answer the first candidate that is a PNG or JPEG, as a data URL with its natural size', async () => {
    const png = pngBytes(240, 80);
    const fetchLike = fakeFetch({ 'https://a/org.png': { status: 200, body: png } });
    const logo = await createLogoLoader(fetchLike).load(['https://a/org.png', 'https://a/default.png']);
    expect(logo).toMatchObject({ format: 'PNG', width: 240, height: 80 });
    expect(logo?.dataUrl.startsWith('data:image/png;base64,')).toBe(true);
    expect(decode(logo!.dataUrl)).toEqual(png);
    expect(fetchLike.asked).toEqual(['https://a/org.png']);
  });

  it('should move on past network errors, error statuses and files that are no PNG or JPEG', async () => {
    const jpeg = jpegHeaderBytes(90, 30);
    const fetchLike = fakeFetch({
      'https://a/1': new TypeError('Failed to fetch'),
      'https://a/2': { status: 404, body: pngBytes(2, 2) },
      'https://a/3': { status: 200, body: new TextEncoder().encode('<svg></svg>') },
      'https://a/4': { status: 200, body: jpeg },
    });
    const logo = await createLogoLoader(fetchLike).load([
      'https://a/1',
      'https://a/2',
      'https://a/3',
      'https://a/4',
    ]);
    expect(logo).toMatchObject({ format: 'JPEG', width: 90, height: 30 });
    expect(logo?.dataUrl.startsWith('data:image/jpeg;base64,')).toBe(true);
    expect(fetchLike.asked).toEqual(['https://a/1', 'https://a/2', 'https://a/3', 'https://a/4']);
  });

  it('should answer null when no candidate works, or there are none', async () => {
    const fetchLike = fakeFetch({ 'https://a/1': { status: 500, body: new Uint8Array(0) } });
    expect(await createLogoLoader(fetchLike).load(['https://a/1', 'https://a/missing'])).toBeNull();
    expect(await createLogoLoader(fetchLike).load([])).toBeNull();
  });

  it('should not embed a file larger than the limit', async () => {
    const huge = new Uint8Array(MAX_LOGO_BYTES + 1);
    huge.set(pngBytes(10, 10));
    const fetchLike = fakeFetch({ 'https://a/huge': { status: 200, body: huge } });
    expect(await createLogoLoader(fetchLike).load(['https://a/huge'])).toBeNull();
  });
});
