import { describe, expect, it } from 'vitest';
import { brandPalette, contrastRatio, readableTextOn } from './brandPalette';

describe('brandPalette', () => {
  it('should put white text on a dark brand colour and dark text on a light one', () => {
    expect(readableTextOn('#1e3a8a')).toBe('#ffffff');
    expect(readableTextOn('#fde047')).toBe('#111827');
  });

  it('should darken a light brand colour until links on white reach 4.5:1', () => {
    const { brandInk } = brandPalette('#fde047');
    expect(contrastRatio(brandInk, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('should keep a brand colour that already reads well on white', () => {
    expect(brandPalette('#1E3A8A')).toEqual({ brand: '#1e3a8a', onBrand: '#ffffff', brandInk: '#1e3a8a' });
  });

  it('should fall back to the default blue for a value that is not #rrggbb', () => {
    expect(brandPalette('red').brand).toBe('#2563eb');
  });
});
