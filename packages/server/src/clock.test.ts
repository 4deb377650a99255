import { describe, expect, it } from 'vitest';
import { fileOffsetClock } from './clock';

describe('fileOffsetClock', () => {
  it('should run ahead by the milliseconds in the file, and by nothing when the file is missing or unreadable', () => {
    const files = new Map<string, string>();
    const clock = fileOffsetClock('/klok', (path) => {
      const text = files.get(path);
      if (text === undefined) throw new Error('ENOENT');
      return text;
    });
    const before = Date.now();
    expect(clock.now().getTime() - before).toBeLessThan(1_000);
    files.set('/klok', String(4 * 86_400_000));
    const deadline = Date.now() + 200;
    while (Date.now() < deadline) {
      // the file is read at most every 100 ms
    }
    expect(clock.now().getTime() - Date.now()).toBeGreaterThan(4 * 86_400_000 - 1_000);
    files.set('/klok', 'onzin');
    const again = Date.now() + 200;
    while (Date.now() < again) {
      // wait for the next read
    }
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(1_000);
  });
});
