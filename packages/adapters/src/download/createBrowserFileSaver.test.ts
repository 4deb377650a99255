import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { createBrowserFileSaver, REVOKE_AFTER_MS } from './createBrowserFileSaver';

function setup() {
  const { document } = new JSDOM('<!doctype html><html><body></body></html>').window;
  const clicks: Array<{ href: string; download: string; attached: boolean }> = [];
  // Records the click and stops it, since jsdom cannot navigate.
  document.addEventListener('click', (event) => {
    const link = event.target as HTMLAnchorElement;
    clicks.push({ href: link.href, download: link.download, attached: link.isConnected });
    event.preventDefault();
  });
  const made: Blob[] = [];
  const revoked: string[] = [];
  const pending: Array<{ run: () => void; ms: number }> = [];
  const saver = createBrowserFileSaver({
    document,
    urls: {
      createObjectURL: (blob: Blob) => {
        made.push(blob);
        return `blob:https://app.loop.nl/${made.length}`;
      },
      revokeObjectURL: (url: string) => {
        revoked.push(url);
      },
    },
    later: (run, ms) => pending.push({ run, ms }),
  });
  return { document, saver, clicks, made, revoked, pending };
}

describe('createBrowserFileSaver', () => {
  it('should click a temporary download link for a downloaded file and revoke its URL later', () => {
    const { document, saver, clicks, made, revoked, pending } = setup();
    const blob = new Blob(['a;b'], { type: 'text/csv' });
    saver.saveFile({ filename: 'reacties.csv', content: blob });
    expect(made).toEqual([blob]);
    expect(clicks).toEqual([
      { href: 'blob:https://app.loop.nl/1', download: 'reacties.csv', attached: true },
    ]);
    expect(document.querySelectorAll('a')).toHaveLength(0);
    expect(revoked).toEqual([]);
    expect(pending.map((p) => p.ms)).toEqual([REVOKE_AFTER_MS]);
    pending[0]?.run();
    expect(revoked).toEqual(['blob:https://app.loop.nl/1']);
  });

  it('should save text made on the client as a file of its type', async () => {
    const { saver, clicks, made } = setup();
    saver.saveText('links.csv', '\uFEFFPersoonlijke link;Label\r\n', 'text/csv;charset=utf-8');
    expect(clicks[0]?.download).toBe('links.csv');
    expect(made[0]?.type).toBe('text/csv;charset=utf-8');
    // The byte-order mark stays in the file (Blob.text() would decode it away).
    const bytes = new Uint8Array((await made[0]?.arrayBuffer()) ?? new ArrayBuffer(0));
    expect([...bytes.slice(0, 4)]).toEqual([0xef, 0xbb, 0xbf, 0x50]);
    expect(new TextDecoder().decode(bytes)).toBe('Persoonlijke link;Label\r\n');
  });

  it('should save bytes made on the client as a file of their type, even a view into a larger buffer', async () => {
    const { saver, clicks, made } = setup();
    const buffer = new Uint8Array([0, 0x25, 0x50, 0x44, 0x46, 0x2d, 0]);
    saver.saveBytes('bedrijfsanalyse-export-2026-11-26.pdf', buffer.subarray(1, 6), 'application/pdf');
    expect(clicks[0]?.download).toBe('bedrijfsanalyse-export-2026-11-26.pdf');
    expect(made[0]?.type).toBe('application/pdf');
    const bytes = new Uint8Array((await made[0]?.arrayBuffer()) ?? new ArrayBuffer(0));
    expect(new TextDecoder().decode(bytes)).toBe('%PDF-');
  });

  it('should refuse content that is not a Blob', () => {
    const { saver, clicks } = setup();
    expect(() => saver.saveFile({ filename: 'x.csv', content: { size: 1, type: 'text/csv' } })).toThrow(
      TypeError,
    );
    expect(clicks).toEqual([]);
  });
});
