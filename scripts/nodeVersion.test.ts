import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { nodeVersionProblem, satisfiesRange } from './nodeVersion.mjs';

const engines = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).engines
  .node as string;

describe('satisfiesRange', () => {
  it('should accept a version at or above a >= clause and refuse one below', () => {
    expect(satisfiesRange('24.15.0', '>=24.15.0')).toBe(true);
    expect(satisfiesRange('26.1.0', '>=24.15.0')).toBe(true);
    expect(satisfiesRange('24.14.9', '>=24.15.0')).toBe(false);
  });

  it('should keep a caret clause within its major version', () => {
    expect(satisfiesRange('v22.22.2', '^22.22.2')).toBe(true);
    expect(satisfiesRange('22.30.0', '^22.22.2')).toBe(true);
    expect(satisfiesRange('22.12.0', '^22.22.2')).toBe(false);
    expect(satisfiesRange('23.0.0', '^22.22.2')).toBe(false);
  });

  it('should refuse a clause it does not understand instead of passing it', () => {
    expect(() => satisfiesRange('24.0.0', '~24.1.0')).toThrow(/Unsupported/);
  });
});

describe("the project's Node range", () => {
  it('should admit the current LTS lines and refuse Node 20, which reached its end of life', () => {
    expect(nodeVersionProblem('v24.21.0', engines)).toBeNull();
    expect(nodeVersionProblem('v22.22.2', engines)).toBeNull();
    expect(nodeVersionProblem('v20.20.2', engines)).toBe(
      `Loop needs Node ${engines} (Node 24 LTS recommended); this is Node v20.20.2. ` +
        'Install Node 24, or see "Node 24 on an older machine" in README.md.',
    );
  });
});
