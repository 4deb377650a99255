import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readContactFile } from '../contacts/contactImportFile';
import { readCheckedBankFile } from '../finance/import/checkedBankFile';
import { runHeavy } from './heavyPool';
import { readContactFileInWorker } from './heavyReads';

// The imports' file reading on the worker threads: the same answers as on this thread, and this
// thread free meanwhile.

const fixture = (folder: string, name: string): Uint8Array =>
  new Uint8Array(readFileSync(new URL(`../${folder}/testdata/${name}`, import.meta.url)));

/** A contacts CSV of `rows` rows, every tenth with a quoted cell over two lines. */
function contactsCsv(rows: number): Uint8Array {
  const lines = ['Naam;E-mailadres;Plaats;Opmerking'];
  for (let i = 0; i < rows; i++)
    lines.push(`Persoon ${i};persoon${i}@example.nl;Utrecht;${i % 10 === 0 ? '"twee\nregels"' : ''}`);
  return new TextEncoder().encode(`${lines.join('\r\n')}\r\n`);
}

describe('heavy work on worker threads (R-HEAVY-3)', () => {
  it('should read a contacts file into the same rows as on the main thread', async () => {
    for (const bytes of [fixture('contacts', 'excel-nl-windows-1252.csv'), contactsCsv(2_500)]) {
      const here = readContactFile(bytes, null);
      const there = await readContactFileInWorker(bytes.slice(), null);
      if (!here.ok || !there.ok) throw new Error('file not read');
      expect({ ...there, rows: there.rows.slice() }).toEqual({ ...here, rows: [...here.rows] });
    }
  });

  it('should read and check every bank file fixture as on the main thread', async () => {
    const names = readdirSync(new URL('../finance/testdata', import.meta.url)).filter(
      (name) => name !== 'README.md',
    );
    expect(names.length).toBeGreaterThan(5);
    for (const name of names) {
      const options = {
        format: 'auto',
        mapping: null,
        defaults: { btwRate: '21', category: 'Omzet' },
      } as const;
      const bytes = fixture('finance', name);
      const there = await runHeavy({ kind: 'bankFile', bytes: bytes.slice(), ...options });
      expect(there, name).toEqual(readCheckedBankFile(bytes, options));
    }
  });

  it("should move the file's bytes to the worker instead of copying them", async () => {
    const bytes = contactsCsv(10).slice();
    await readContactFileInWorker(bytes, null);
    expect(bytes.byteLength).toBe(0);
  });

  it('should keep the event loop answering while a large file is read', async () => {
    // 150,000 rows take the better part of a second to read; on this thread no timer could fire
    // until the reading ended. Only the order is asserted: ticks seen before the answer came.
    const bytes = contactsCsv(150_000);
    let ticks = 0;
    const timer = setInterval(() => {
      ticks++;
    }, 1);
    try {
      const read = await readContactFileInWorker(bytes, null);
      const ticksWhileReading = ticks;
      expect(read.ok && read.rows.length).toBe(150_000);
      expect(ticksWhileReading).toBeGreaterThan(0);
    } finally {
      clearInterval(timer);
    }
  });
});
