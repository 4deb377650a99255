import { closeMessage, resizeMessage } from '@loop/core/surveys/embed';
import { describe, expect, it } from 'vitest';
import { type FrameWindow, startEmbedFrame } from './embedFrame';

const KLANT = 'https://www.klant.nl';
const LOOP = 'https://loop.nl';

/** A framed answering page: its document from jsdom, its parent recording what is posted to it. */
function framed(search: string, listed: string | null, options: { readonly top?: boolean } = {}) {
  document.head.innerHTML = listed === null ? '' : `<meta name="loop-embed-origins" content="${listed}">`;
  document.body.innerHTML = '<div id="root"></div>';
  document.documentElement.classList.remove('respondent-framed');
  const posted: Array<{ message: unknown; target: string }> = [];
  const parent = { postMessage: (message: unknown, target: string) => posted.push({ message, target }) };
  const frame: FrameWindow = {
    location: { search, origin: LOOP },
    parent,
    document,
    self: options.top ? parent : {},
  };
  let resize: () => void = () => {};
  const target = startEmbedFrame(frame, (_element, onResize) => {
    resize = onResize;
  });
  return { posted, target, resize: () => resize() };
}

describe('the answering page in a frame (R-EMBED-4)', () => {
  it('should post its height and Escape to the listed embedding origin only', () => {
    const page = framed(`?loop_embed=${encodeURIComponent(KLANT)}`, `https://a.nl ${KLANT}`);
    expect(page.target).toBe(KLANT);
    expect(document.documentElement.classList.contains('respondent-framed')).toBe(true);
    page.resize();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    expect(page.posted).toEqual([
      { message: resizeMessage(0), target: KLANT },
      { message: closeMessage(), target: KLANT },
    ]);
  });

  it('should talk to Loop itself, the share step’s preview, without a listed origin', () => {
    expect(framed(`?loop_embed=${encodeURIComponent(LOOP)}`, '').target).toBe(LOOP);
  });

  it('should send nothing to an origin the server did not list, outside a frame, or without the parameter', () => {
    for (const page of [
      framed('?loop_embed=https%3A%2F%2Fkwaad.nl', KLANT),
      framed('?loop_embed=*', KLANT),
      framed(`?loop_embed=${encodeURIComponent(KLANT)}`, null),
      framed(`?loop_embed=${encodeURIComponent(KLANT)}`, KLANT, { top: true }),
      framed('?bron=mail', KLANT),
    ]) {
      page.resize();
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
      expect(page.target).toBeNull();
      expect(page.posted).toEqual([]);
    }
  });
});
