import { describe, expect, it } from 'vitest';
import { circlesOf, importCircles, stronglyConnected } from './importGraph';

const graph = (edges: Record<string, string[]>) => new Map(Object.entries(edges));
const file = (path: string, text: string) => ({ path: `packages/core/src/${path}`, text });

describe('stronglyConnected', () => {
  it('should find each component once, a component before the ones that import it', () => {
    const components = stronglyConnected(graph({ a: ['b'], b: ['c'], c: ['b', 'd'], d: [], e: ['a'] }));
    expect(components).toEqual([['d'], ['b', 'c'], ['a'], ['e']]);
  });

  it('should ignore edges to paths outside the graph', () => {
    expect(stronglyConnected(graph({ a: ['outside'] }))).toEqual([['a']]);
  });

  it('should not overflow on a long chain', () => {
    const edges: Record<string, string[]> = {};
    for (let i = 0; i < 20_000; i++) edges[`f${i}`] = i + 1 < 20_000 ? [`f${i + 1}`] : ['f0'];
    const components = stronglyConnected(graph(edges));
    expect(components).toHaveLength(1);
    expect(components[0]).toHaveLength(20_000);
  });
});

describe('circlesOf', () => {
  it('should report components of two or more files and a file importing itself', () => {
    expect(circlesOf(graph({ a: ['b'], b: ['a'], c: ['c'], d: ['a'] }))).toEqual([['a', 'b'], ['c']]);
  });

  it('should find nothing in a one-way graph', () => {
    expect(circlesOf(graph({ a: ['b', 'c'], b: ['c'], c: [] }))).toEqual([]);
  });
});

describe('importCircles', () => {
  it('should catch a circle closed by a type-only import', () => {
    const files = [
      file('domain/api/ports.ts', "import type { RefreshGateway } from '../../client/session';"),
      file('client/session/index.ts', "export { SessionKeeper } from './SessionKeeper';"),
      file('client/session/SessionKeeper.ts', "import { apiOk } from '../../domain/api/ports';"),
    ];
    expect(importCircles(files, 'core')).toEqual([
      [
        'packages/core/src/client/session/SessionKeeper.ts',
        'packages/core/src/client/session/index.ts',
        'packages/core/src/domain/api/ports.ts',
      ],
    ]);
  });

  it('should resolve folders, .tsx files and .js specifiers, and skip tests and other packages', () => {
    const files = [
      { path: 'packages/web/src/a/index.tsx', text: "import { b } from '../b.js';" },
      { path: 'packages/web/src/b.tsx', text: "import { a } from './a';\nimport x from '@loop/core';" },
      { path: 'packages/web/src/c.test.tsx', text: "import { a } from './a';" },
      { path: 'packages/web/src/c.tsx', text: "import { c } from './c.test';" },
      { path: 'packages/server/src/x.ts', text: "import { x } from './x';" },
    ];
    expect(importCircles(files, 'web')).toEqual([['packages/web/src/a/index.tsx', 'packages/web/src/b.tsx']]);
    expect(importCircles(files, 'server')).toEqual([['packages/server/src/x.ts']]);
  });

  it('should find no circle where dynamic and type imports all point one way', () => {
    const files = [
      file('a.ts', "const b = () => import('./b');\nimport type { C } from './c';"),
      file('b.ts', "import type { C } from './c';"),
      file('c.ts', 'export type C = 1;'),
    ];
    expect(importCircles(files, 'core')).toEqual([]);
  });
});
