import { describe, expect, it } from 'vitest';
import {
  closeMessage,
  EMBED_MAX_HEIGHT,
  embedFrameUrl,
  embedTarget,
  frameAncestors,
  readEmbedMessage,
  resizeMessage,
} from './embedProtocol';

describe('the messages between the snippet and the answering page (R-EMBED-4, R-EMBED-5)', () => {
  it('should read back what the page sends, with the height rounded up and bounded', () => {
    expect(readEmbedMessage(resizeMessage(412.2))).toEqual({
      source: 'loop-embed',
      type: 'resize',
      height: 413,
    });
    expect(readEmbedMessage(resizeMessage(1e9))).toMatchObject({ height: EMBED_MAX_HEIGHT });
    expect(readEmbedMessage({ source: 'loop-embed', type: 'resize', height: -5 })).toMatchObject({
      height: 0,
    });
    expect(readEmbedMessage(closeMessage())).toEqual({ source: 'loop-embed', type: 'close' });
  });

  it("should ignore other scripts' messages and malformed ones", () => {
    for (const data of [
      null,
      'resize',
      42,
      { type: 'resize', height: 10 },
      { source: 'loop-embed', type: 'resize', height: '10' },
      { source: 'loop-embed', type: 'resize', height: Number.NaN },
      { source: 'loop-embed', type: 'navigate', url: 'https://kwaad.nl' },
    ]) {
      expect(readEmbedMessage(data), JSON.stringify(data)).toBeNull();
    }
  });

  it('should name the embedding origin in the frame address', () => {
    expect(embedFrameUrl('https://loop.nl', 'Ab_c-1', 'https://www.klant.nl')).toBe(
      'https://loop.nl/respond/Ab_c-1?loop_embed=https%3A%2F%2Fwww.klant.nl',
    );
  });

  it('should post only to a listed origin or to Loop itself (R-EMBED-4)', () => {
    const listed = ['https://www.klant.nl'];
    expect(embedTarget('https://www.klant.nl', listed, 'https://loop.nl')).toBe('https://www.klant.nl');
    expect(embedTarget('https://loop.nl', listed, 'https://loop.nl')).toBe('https://loop.nl');
    expect(embedTarget('https://kwaad.nl', listed, 'https://loop.nl')).toBeNull();
    expect(embedTarget('*', listed, 'https://loop.nl')).toBeNull();
    expect(embedTarget(null, listed, 'https://loop.nl')).toBeNull();
    expect(embedTarget('', [''], 'https://loop.nl')).toBeNull();
  });

  it('should let Loop itself and the listed origins frame the page (R-EMBED-2)', () => {
    expect(frameAncestors(['https://a.nl', 'https://b.nl'])).toEqual([
      "'self'",
      'https://a.nl',
      'https://b.nl',
    ]);
  });
});
