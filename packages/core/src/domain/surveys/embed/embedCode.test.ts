import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EMBED_OPTIONS,
  EMBED_DELAY_MAX,
  embedCode,
  embedDelay,
  embedPreviewPath,
  embedSource,
} from './embedCode';

describe('embedCode (R-EMBED-6)', () => {
  it('should give a container and the external script for an inline survey', () => {
    expect(embedCode('https://loop.nl/', 'Tok_1', DEFAULT_EMBED_OPTIONS)).toBe(
      '<div id="loop-survey"></div>\n' +
        '<script src="https://loop.nl/embed.js" data-survey="Tok_1" data-target="#loop-survey" async></script>',
    );
  });

  it('should give a slide-in after a delay, or on a button it adds', () => {
    expect(embedCode('https://loop.nl', 'T', { mode: 'slide-in', opening: 'delay', delaySeconds: 5 })).toBe(
      '<script src="https://loop.nl/embed.js" data-survey="T" data-mode="slide-in" data-delay="5" async></script>',
    );
    expect(embedCode('https://loop.nl', 'T', { mode: 'slide-in', opening: 'button', delaySeconds: 5 })).toBe(
      '<button type="button" id="loop-survey-knop">Geef je mening</button>\n' +
        '<script src="https://loop.nl/embed.js" data-survey="T" data-mode="slide-in" data-button="#loop-survey-knop" async></script>',
    );
  });

  it('should never let a token or an origin break out of its attribute', () => {
    expect(embedCode('https://loop.nl"><x', '"<>&', DEFAULT_EMBED_OPTIONS)).toContain(
      'src="https://loop.nl&quot;&gt;&lt;x/embed.js" data-survey="&quot;&lt;&gt;&amp;"',
    );
  });

  it('should keep a delay within 0 and the maximum, whole seconds', () => {
    expect(embedDelay('7.4')).toBe(7);
    expect(embedDelay('')).toBe(0);
    expect(embedDelay('-3')).toBe(0);
    expect(embedDelay('abc')).toBe(0);
    expect(embedDelay(99_999)).toBe(EMBED_DELAY_MAX);
  });

  it('should address the preview page with the chosen display', () => {
    expect(embedPreviewPath('T', DEFAULT_EMBED_OPTIONS)).toBe('/embed/preview/T?mode=inline');
    expect(embedPreviewPath('T', { mode: 'slide-in', opening: 'delay', delaySeconds: 3 })).toBe(
      '/embed/preview/T?mode=slide-in&delay=3',
    );
    expect(embedPreviewPath('T', { mode: 'slide-in', opening: 'button', delaySeconds: 3 })).toBe(
      '/embed/preview/T?mode=slide-in&button=1',
    );
  });

  it('should find Loop’s origin and the token in a public link, and nothing in anything else', () => {
    expect(embedSource('https://app.loop.nl/respond/Ab_c-1')).toEqual({
      loopOrigin: 'https://app.loop.nl',
      token: 'Ab_c-1',
    });
    expect(embedSource('http://localhost:3000/respond/T')).toEqual({
      loopOrigin: 'http://localhost:3000',
      token: 'T',
    });
    expect(embedSource('https://app.loop.nl/respond/')).toBeNull();
    expect(embedSource('/respond/T')).toBeNull();
  });
});
