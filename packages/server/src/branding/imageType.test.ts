import { describe, expect, it } from 'vitest';
import { GIF_START, JPEG_START, SVG, TINY_PNG, WEBP_START } from '../testing/images';
import { detectImageType } from './imageType';

describe('detectImageType', () => {
  it('should recognise PNG, JPEG, GIF and WebP by their first bytes', () => {
    expect(detectImageType(TINY_PNG)).toEqual({ mime: 'image/png', extension: 'png' });
    expect(detectImageType(JPEG_START)).toEqual({ mime: 'image/jpeg', extension: 'jpg' });
    expect(detectImageType(GIF_START)).toEqual({ mime: 'image/gif', extension: 'gif' });
    expect(detectImageType(WEBP_START)).toEqual({ mime: 'image/webp', extension: 'webp' });
  });

  it('should refuse SVG, text, empty and truncated files', () => {
    expect(detectImageType(SVG)).toBeNull();
    expect(detectImageType(Buffer.from('gewoon tekst, hernoemd naar .png'))).toBeNull();
    expect(detectImageType(Buffer.alloc(0))).toBeNull();
    expect(detectImageType(TINY_PNG.subarray(0, 7))).toBeNull();
    expect(detectImageType(Buffer.from('RIFF\x00\x00\x00\x00WAVE', 'latin1'))).toBeNull();
  });
});
