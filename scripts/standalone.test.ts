import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

// Built from parts, so this file does not cite what it forbids. `../shared/result` inside a
// package is fine: only the folder beside the repository (the product's first description, test
// data, hooks) is outside.
const OUTSIDE = [
  new RegExp(['DESIGN', 'md'].join('\\.')),
  new RegExp(['\\.\\./shared/(spec|testdata|hooks|README)'].join('')),
];

/** Every file in the repository that is text: the code, its tests and its docs. */
function trackedTextFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' });
  return listed
    .split('\0')
    .filter((path) => path !== '' && !/\.(png|jpe?g|gif|webp|ico|woff2?|zip|xlsx|pdf)$/.test(path));
}

describe('the project stands alone', () => {
  it('should cite no document outside the repository in code or docs', () => {
    const citing = trackedTextFiles().filter((path) => {
      let text: string;
      try {
        text = readFileSync(join(ROOT, path), 'utf8');
      } catch {
        return false; // listed but deleted in the working tree
      }
      return OUTSIDE.some((pattern) => pattern.test(text));
    });
    expect(citing).toEqual([]);
  });

  it('should look at the whole tree', () => {
    expect(trackedTextFiles()).toEqual(expect.arrayContaining(['README.md', 'docs/architecture.md']));
  });
});
