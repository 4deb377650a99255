import jsQR from 'jsqr';
import { create } from 'qrcode';
import { describe, expect, it } from 'vitest';
import { createQrCodeRenderer, QR_OPTIONS } from './createQrCodeRenderer';

/**
 * The dark modules of the library's SVG: its path draws each run of dark modules in a row as a
 * horizontal line ('M x y' to the row's first run, 'm dx 0' to the next, 'h n' for its length),
 * with y half a module down (the stroke's centre) and x, y shifted by the quiet zone.
 */
function modulesOf(svg: string): { size: number; dark: boolean[][] } {
  const viewBox = /viewBox="0 0 (\d+) (\d+)"/.exec(svg);
  const path = /<path [^>]*stroke="#000000"[^>]* d="([^"]+)"/.exec(svg);
  if (!viewBox || !path) throw new Error(`not a QR SVG: ${svg.slice(0, 120)}`);
  const size = Number(viewBox[1]);
  const dark = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  let x = 0;
  let y = 0;
  for (const [, command, a, b] of path[1]?.matchAll(/([Mmh])(-?[\d.]+)(?: (-?[\d.]+))?/g) ?? []) {
    if (command === 'M') {
      x = Number(a);
      y = Number(b) - 0.5;
    } else if (command === 'm') x += Number(a);
    else
      for (let n = 0; n < Number(a); n++) {
        const row = dark[y];
        if (row === undefined) throw new Error(`row ${y} outside the code`);
        row[x++] = true;
      }
  }
  return { size, dark };
}

/** The modules as an RGBA picture, `scale` pixels per module, as a camera would see them. */
function picture(modules: { size: number; dark: boolean[][] }, scale: number) {
  const width = modules.size * scale;
  const data = new Uint8ClampedArray(width * width * 4);
  for (let py = 0; py < width; py++)
    for (let px = 0; px < width; px++) {
      const value = modules.dark[Math.floor(py / scale)]?.[Math.floor(px / scale)] ? 0 : 255;
      data.set([value, value, value, 255], (py * width + px) * 4);
    }
  return { data, width };
}

describe('createQrCodeRenderer', () => {
  const renderer = createQrCodeRenderer();
  const link = 'https://app.loop.example/respond/Xk3_9aQ-zT0vL2mN8pRsWq';

  it('should draw an SVG that a QR decoder reads back as the link', async () => {
    const svg = await renderer.svg(link);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    const { data, width } = picture(modulesOf(svg), 4);
    expect(jsQR(data, width, width)?.data).toBe(link);
  });

  it("should draw exactly the library's modules for the options the PNG uses too, inside a quiet zone", async () => {
    const { size, dark } = modulesOf(await renderer.svg(link));
    const matrix = create(link, QR_OPTIONS).modules;
    const margin = QR_OPTIONS.margin;
    expect(size).toBe(matrix.size + 2 * margin);
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++) {
        const inside = x >= margin && y >= margin && x < size - margin && y < size - margin;
        expect(dark[y]?.[x], `module ${x},${y}`).toBe(inside && matrix.get(y - margin, x - margin) === 1);
      }
  });

  it('should hold no text but the drawing: nothing of the link is markup', async () => {
    const svg = await renderer.svg('https://x.example/respond/<script>alert(1)</script>');
    expect(svg).not.toContain('script');
    expect(svg.match(/<[a-z]+/g)).toEqual(['<svg', '<path', '<path']);
  });
});
