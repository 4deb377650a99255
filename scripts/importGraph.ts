/**
 * The import graph of a package and its circles (docs/decisions/core-graph.md, R-ARCH-2): every
 * relative import between the package's source files is an edge, type-only imports included (a
 * circle of types still ties the files into one unit). A circle is a strongly connected component
 * of more than one file, or a file importing itself.
 */
import { posix } from 'node:path';
import { findImports, isRelative, isSourceFile, packageOf, type SourceFile } from './sources';

/** Files by path, each with the paths it imports (edges to paths outside the graph are ignored). */
export type ImportGraph = ReadonlyMap<string, readonly string[]>;

/**
 * The strongly connected components of `graph` (Tarjan's algorithm, iterative so a long chain of
 * imports cannot overflow the stack). Each component lists its paths sorted; components come in
 * reverse topological order (a component before the ones that import it).
 */
export function stronglyConnected(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let counter = 0;

  for (const root of graph.keys()) {
    if (index.has(root)) continue;
    const edgesOf = (node: string) => (graph.get(node) ?? []).filter((to) => graph.has(to));
    const work: Array<{ node: string; edges: readonly string[]; next: number }> = [
      { node: root, edges: edgesOf(root), next: 0 },
    ];
    index.set(root, counter);
    low.set(root, counter++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1] as { node: string; edges: readonly string[]; next: number };
      if (frame.next < frame.edges.length) {
        const to = frame.edges[frame.next++] as string;
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, edges: edgesOf(to), next: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node) ?? 0, index.get(to) ?? 0));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node) ?? 0, low.get(frame.node) ?? 0));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string | undefined;
        do {
          member = stack.pop() as string;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        components.push(component.sort());
      }
    }
  }
  return components;
}

/** The circles of `graph`: components of two or more files, and files that import themselves. */
export function circlesOf(graph: ImportGraph): string[][] {
  return stronglyConnected(graph).filter(
    (component) =>
      component.length > 1 || (graph.get(component[0] as string) ?? []).includes(component[0] as string),
  );
}

const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The file of `files` a relative specifier in `from` names, or null. */
function resolveRelative(from: string, specifier: string, paths: ReadonlySet<string>): string | null {
  const target = posix.normalize(posix.join(posix.dirname(from), specifier)).replace(/\.js$/, '');
  for (const extension of EXTENSIONS) {
    if (paths.has(`${target}${extension}`)) return `${target}${extension}`;
  }
  return null;
}

/** The import graph of package `pkg`'s source files (`packages/<pkg>/src`, tests excluded). */
export function importGraphOf(files: readonly SourceFile[], pkg: string): ImportGraph {
  const sources = files.filter((file) => isSourceFile(file.path) && packageOf(file.path) === pkg);
  const paths = new Set(sources.map((file) => file.path));
  const graph = new Map<string, string[]>();
  for (const file of sources) {
    const edges = new Set<string>();
    for (const { specifier } of findImports(file.text)) {
      if (!isRelative(specifier)) continue;
      const target = resolveRelative(file.path, specifier, paths);
      if (target) edges.add(target);
    }
    graph.set(file.path, [...edges].sort());
  }
  return graph;
}

/** The import circles among package `pkg`'s source files, each as its sorted file paths. */
export const importCircles = (files: readonly SourceFile[], pkg: string): string[][] =>
  circlesOf(importGraphOf(files, pkg));
